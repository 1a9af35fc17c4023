import { defineRecipe } from '@pandacss/dev';

export const buttonRecipe = defineRecipe({
  className: 'button',
  jsx: ['Button'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontFamily: 'body',
    fontWeight: 'semibold',
    borderRadius: 'md',
    borderWidth: '1px',
    borderStyle: 'solid',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: 'fast',
    _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '2px' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        borderColor: 'accent.default',
        color: 'accent.fg',
        _hover: { bg: 'accent.emphasized', borderColor: 'accent.emphasized' },
      },
      outline: {
        bg: 'bg.surface',
        borderColor: 'border.strong',
        color: 'fg.default',
        _hover: { bg: 'bg.muted' },
      },
      ghost: {
        bg: 'transparent',
        borderColor: 'transparent',
        color: 'accent.text',
        _hover: { bg: 'accent.subtle' },
      },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'md' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});
