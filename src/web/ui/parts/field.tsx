import { Field } from '@ark-ui/react/field';
import { field } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(field);

export const Root = withProvider(Field.Root, 'root');
export const Label = withContext(Field.Label, 'label');
export const Input = withContext(Field.Input, 'input');
export const Textarea = withContext(Field.Textarea, 'textarea');
export const Select = withContext(Field.Select, 'select');
export const RequiredIndicator = withContext(Field.RequiredIndicator, 'requiredIndicator');
export const HelperText = withContext(Field.HelperText, 'helperText');
export const ErrorText = withContext(Field.ErrorText, 'errorText');
