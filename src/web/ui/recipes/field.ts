import { fieldAnatomy, passwordInputAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase, iconTrigger } from './shared';

const inputBase = { ...controlBase, h: '10' } as const;

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  jsx: ['TextInput', 'PasswordInput', 'Textarea', 'FieldRoot'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    input: inputBase,
    textarea: { ...controlBase, py: '2', minH: '24', resize: 'vertical', lineHeight: 'normal' },
    requiredIndicator: { color: 'danger.text', ms: '0.5' },
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'danger.text' },
  },
});

export const passwordInputRecipe = defineSlotRecipe({
  className: 'password-input',
  jsx: ['PasswordInput'],
  slots: passwordInputAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', w: 'full' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { ...inputBase, pe: '10' },
    visibilityTrigger: { ...iconTrigger, position: 'absolute', insetEnd: '1', w: '8', h: '8', '& svg': { w: 'icon', h: 'icon' } },
    indicator: { display: 'inline-flex' },
  },
});
