import { ark } from '@ark-ui/react/factory';
import { withContext, withProvider } from './date-range-picker-style';

// The closed picker drawn with plain elements until the calendar loads (the lazy picker's stand-in).
export const Root = withProvider(ark.div, 'root');
export const Label = withContext(ark.span, 'label');
export const Control = withContext(ark.div, 'control');
export const Trigger = withContext(ark.button, 'trigger');

// The trigger's text, the same under the stand-in's root and the real picker's.
export const TriggerText = withContext(ark.span, 'triggerText');
export const TriggerRange = withContext(ark.span, 'triggerRange');
