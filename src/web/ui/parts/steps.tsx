import { ark } from '@ark-ui/react/factory';
import { Steps } from '@ark-ui/react/steps';
import { steps } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(steps);

export const Root = withProvider(Steps.Root, 'root');
// A progress list, not Ark's tab list: the steps are no tabs of panels.
export const List = withContext(ark.ol, 'list');
export const Item = withContext(Steps.Item, 'item');
/** A finished step's way back; a span with `asChild` for the steps that cannot be opened from here. */
export const Trigger = withContext(ark.button, 'trigger');
export const Indicator = withContext(Steps.Indicator, 'indicator');
export const Separator = withContext(Steps.Separator, 'separator');
export const SrOnly = withContext(ark.span, 'srOnly');
export const Title = withContext(ark.span, 'title');
export const Content = withContext(Steps.Content, 'content');
export const PrevTrigger = withContext(Steps.PrevTrigger, 'prevTrigger');
export const NextTrigger = withContext(Steps.NextTrigger, 'nextTrigger');
export const Progress = withContext(Steps.Progress, 'progress');
