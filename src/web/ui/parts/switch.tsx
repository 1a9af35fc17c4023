import { Switch } from '@ark-ui/react/switch';
import { switchControl } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(switchControl);

export const Root = withProvider(Switch.Root, 'root');
export const Control = withContext(Switch.Control, 'control');
export const Thumb = withContext(Switch.Thumb, 'thumb');
export const Label = withContext(Switch.Label, 'label');
export const HiddenInput = Switch.HiddenInput;
