/**
 * The one way a multi-part part is styled: `createStyleContext(recipe)` gives `withProvider` for the
 * root (it reads the variant props and hands each part its slot's class through context),
 * `withRootProvider` for roots that render no element (Dialog.Root, Tooltip.Root…) and `withContext`
 * for every part below. Panda generates it; it is re-exported here so a Panda or Ark upgrade touches
 * only the design system.
 */
export { createStyleContext } from 'styled-system/jsx';
