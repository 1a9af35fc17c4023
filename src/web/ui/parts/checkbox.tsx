import { Checkbox } from '@ark-ui/react/checkbox';
import { checkbox } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(checkbox);

export const Root = withProvider(Checkbox.Root, 'root');
export const Control = withContext(Checkbox.Control, 'control');
export const Indicator = withContext(Checkbox.Indicator, 'indicator');
export const Label = withContext(Checkbox.Label, 'label');
export const HiddenInput = Checkbox.HiddenInput;
/** Several checkboxes under one value; a root of its own, so it provides the styles to the boxes inside. */
export const Group = withProvider(Checkbox.Group, 'group');
