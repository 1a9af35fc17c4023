import { ark } from '@ark-ui/react/factory';
import { segmentedControl } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

// No state machine: a handful of toggle buttons, light enough for a page's first load.
const { withProvider, withContext } = createStyleContext(segmentedControl);

export const Root = withProvider(ark.div, 'root');
export const Label = withContext(ark.span, 'label');
export const Group = withContext(ark.div, 'group');
/** One choice; `aria-pressed` marks the chosen one. */
export const Item = withContext(ark.button, 'item');
