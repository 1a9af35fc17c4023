import { RadioGroup } from '@ark-ui/react/radio-group';
import { radioCard } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(radioCard);

export const Root = withProvider(RadioGroup.Root, 'root');
export const Label = withContext(RadioGroup.Label, 'label');
export const Item = withContext(RadioGroup.Item, 'item');
export const ItemControl = withContext(RadioGroup.ItemControl, 'itemControl');
export const ItemText = withContext(RadioGroup.ItemText, 'itemText');
export const ItemHiddenInput = RadioGroup.ItemHiddenInput;
