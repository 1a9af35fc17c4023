import { Tooltip } from '@ark-ui/react/tooltip';
import { tooltip } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withRootProvider, withContext } = createStyleContext(tooltip);

export const Root = withRootProvider(Tooltip.Root);
export const Trigger = withContext(Tooltip.Trigger, 'trigger');
export const Positioner = withContext(Tooltip.Positioner, 'positioner');
export const Content = withContext(Tooltip.Content, 'content');
export const Arrow = withContext(Tooltip.Arrow, 'arrow');
export const ArrowTip = withContext(Tooltip.ArrowTip, 'arrowTip');
