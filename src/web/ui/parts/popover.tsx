import { Popover } from '@ark-ui/react/popover';
import { popover } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withRootProvider, withContext } = createStyleContext(popover);

export const Root = withRootProvider(Popover.Root);
export const Anchor = withContext(Popover.Anchor, 'anchor');
export const Trigger = withContext(Popover.Trigger, 'trigger');
export const Indicator = withContext(Popover.Indicator, 'indicator');
export const Positioner = withContext(Popover.Positioner, 'positioner');
export const Content = withContext(Popover.Content, 'content');
export const Arrow = withContext(Popover.Arrow, 'arrow');
export const ArrowTip = withContext(Popover.ArrowTip, 'arrowTip');
export const Title = withContext(Popover.Title, 'title');
export const Description = withContext(Popover.Description, 'description');
export const CloseTrigger = withContext(Popover.CloseTrigger, 'closeTrigger');
