import { ark } from '@ark-ui/react/factory';
import { banner } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(banner);

export const Root = withProvider(ark.div, 'root');
export const Icon = withContext(ark.span, 'icon');
export const Message = withContext(ark.p, 'message');
/** A plain link, or with `asChild` the router's link as its only child. */
export const Action = withContext(ark.a, 'action');
export const Dismiss = withContext(ark.button, 'dismiss');
