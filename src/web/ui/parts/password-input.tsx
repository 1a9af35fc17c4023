import { PasswordInput } from '@ark-ui/react/password-input';
import { passwordInput } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(passwordInput);

export const Root = withProvider(PasswordInput.Root, 'root');
export const Label = withContext(PasswordInput.Label, 'label');
export const Control = withContext(PasswordInput.Control, 'control');
export const Input = withContext(PasswordInput.Input, 'input');
export const VisibilityTrigger = withContext(PasswordInput.VisibilityTrigger, 'visibilityTrigger');
export const Indicator = withContext(PasswordInput.Indicator, 'indicator');
