import { ark } from '@ark-ui/react/factory';
import { skeleton } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(skeleton);

export const Root = withProvider(ark.span, 'root');
/** One placeholder bar; `data-last` makes the last line of a paragraph shorter. */
export const Item = withContext(ark.span, 'item');
