import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './shared';
import { solidTone, toneVariant } from './tones';

// `solid` is the primary action of a view, `outline` the secondary one, `danger` a destructive one.
export const buttonRecipe = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton'],
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: '0',
    fontFamily: 'body',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    borderRadius: 'md',
    borderWidth: '1px',
    borderStyle: 'solid',
    cursor: 'pointer',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: 'fast',
    _focusVisible: focusRing,
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '&[data-loading]': { cursor: 'progress', opacity: 1 },
    '& svg': { w: 'icon', h: 'icon', flexShrink: '0' },
    '& [data-part=spinner]': {
      display: 'inline-block',
      w: '4',
      h: '4',
      borderWidth: '2px',
      borderStyle: 'solid',
      borderColor: 'currentColor',
      borderRightColor: 'transparent',
      borderRadius: 'full',
      animation: 'spin',
    },
  },
  variants: {
    variant: {
      solid: { colorPalette: 'accent', ...solidTone },
      outline: {
        bg: 'bg.surface',
        borderColor: 'border.strong',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.muted' } },
      },
      ghost: {
        bg: 'transparent',
        borderColor: 'transparent',
        color: 'accent.text',
        _hover: { _enabled: { bg: 'accent.subtle' } },
      },
      danger: { ...toneVariant.danger, ...solidTone },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'md' },
      icon: { h: '10', w: '10', p: '0' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});
