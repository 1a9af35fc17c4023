import { ark } from '@ark-ui/react/factory';
import { NumberInput } from '@ark-ui/react/number-input';
import { numberInput } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(numberInput);

export const Root = withProvider(NumberInput.Root, 'root');
export const Label = withContext(NumberInput.Label, 'label');
export const Control = withContext(NumberInput.Control, 'control');
export const Input = withContext(NumberInput.Input, 'input');
export const IncrementTrigger = withContext(NumberInput.IncrementTrigger, 'incrementTrigger');
export const DecrementTrigger = withContext(NumberInput.DecrementTrigger, 'decrementTrigger');
export const ValueText = withContext(NumberInput.ValueText, 'valueText');
export const Scrubber = withContext(NumberInput.Scrubber, 'scrubber');
/** The text box of a number the merchant types: ours, not Ark's, so its text is grouped as typed and never rewritten on blur. */
export const TypedInput = withContext(ark.input, 'input');
