import { type ComponentProps, createContext, type ElementType, useContext } from 'react';
import { cx } from 'styled-system/css';

// A slot recipe as Panda generates it: called with variant props, it returns one class per slot.
interface SlotRecipeFn<Slot extends string, Variants> {
  (props?: Variants): Record<Slot, string>;
  splitVariantProps(props: Variants & Record<string, unknown>): [Variants, unknown];
}

/**
 * Connects the parts of an Ark component to one slot recipe: the root computes the classes from the
 * variant props once and every part below reads its own slot's class from context. Kept in this
 * folder so a Panda or Ark upgrade touches only the design system.
 */
export function createStyleContext<Slot extends string, Variants extends object>(recipe: SlotRecipeFn<Slot, Variants>) {
  const StyleContext = createContext<Record<Slot, string> | null>(null);

  function useClasses(): Record<Slot, string> {
    return useContext(StyleContext) ?? recipe();
  }

  /** The root renders an element and carries the classes for its parts. */
  function withProvider<C extends ElementType>(Component: C, slot: Slot) {
    const Inner = Component as ElementType;
    function Styled(props: ComponentProps<C> & Variants) {
      const [variants, rest] = recipe.splitVariantProps(props as Variants & Record<string, unknown>);
      const classes = recipe(variants);
      const { className, ...others } = rest as { className?: string };
      return (
        <StyleContext.Provider value={classes}>
          <Inner className={cx(classes[slot], className)} {...others} />
        </StyleContext.Provider>
      );
    }
    return Styled;
  }

  /** For roots that render no element of their own (Dialog.Root, Menu.Root, Tooltip.Root…). */
  function withRootProvider<C extends ElementType>(Component: C) {
    const Inner = Component as ElementType;
    function Styled(props: ComponentProps<C> & Variants) {
      const [variants, rest] = recipe.splitVariantProps(props as Variants & Record<string, unknown>);
      return (
        <StyleContext.Provider value={recipe(variants)}>
          <Inner {...(rest as object)} />
        </StyleContext.Provider>
      );
    }
    return Styled;
  }

  /** A part below the root, styled by its slot. */
  function withContext<C extends ElementType>(Component: C, slot: Slot) {
    const Inner = Component as ElementType;
    function Styled(props: ComponentProps<C>) {
      const classes = useClasses();
      const { className, ...others } = props as { className?: string };
      return <Inner className={cx(classes[slot], className)} {...others} />;
    }
    return Styled;
  }

  return { withProvider, withRootProvider, withContext, useClasses };
}
