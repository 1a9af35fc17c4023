import { defineSlotRecipe } from '@pandacss/dev';
import { fieldAnatomy, passwordInputAnatomy } from '@ark-ui/react/anatomy';

const inputBase = {
  w: 'full',
  h: '10',
  px: '3',
  fontFamily: 'body',
  fontSize: 'md',
  color: 'fg.default',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'md',
  outline: 'none',
  _focusVisible: { borderColor: 'accent.focus', boxShadow: '0 0 0 1px {colors.accent.focus}' },
  _invalid: { borderColor: 'border.error' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
} as const;

export const fieldRecipe = defineSlotRecipe({
  className: 'field',
  jsx: ['TextInput', 'PasswordInput', 'FieldRoot'],
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    input: inputBase,
    helperText: { fontSize: 'sm', color: 'fg.muted' },
    errorText: { fontSize: 'sm', color: 'fg.error' },
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
    visibilityTrigger: {
      position: 'absolute',
      insetEnd: '1',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '8',
      h: '8',
      borderRadius: 'sm',
      color: 'fg.muted',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { color: 'fg.default', bg: 'bg.muted' },
      _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus' },
      '& svg': { w: 'icon', h: 'icon' },
    },
    indicator: { display: 'inline-flex' },
  },
});
