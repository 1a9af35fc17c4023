import { RadioGroup } from '@ark-ui/react/radio-group';
import { radioGroup } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(radioGroup);

// `orientation` is a variant and also tells Ark which arrow keys move between the options.
export const Root = withProvider(RadioGroup.Root, 'root', { forwardProps: ['orientation'] });
export const Label = withContext(RadioGroup.Label, 'label');
export const Indicator = withContext(RadioGroup.Indicator, 'indicator');
export const Item = withContext(RadioGroup.Item, 'item');
export const ItemControl = withContext(RadioGroup.ItemControl, 'itemControl');
export const ItemText = withContext(RadioGroup.ItemText, 'itemText');
export const ItemHiddenInput = RadioGroup.ItemHiddenInput;
