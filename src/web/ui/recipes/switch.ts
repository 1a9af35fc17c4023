import { switchAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing, toggleRoot } from './shared';

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  jsx: ['Switch'],
  slots: switchAnatomy.keys(),
  base: {
    root: toggleRoot,
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      flexShrink: '0',
      w: '9',
      h: '5',
      p: '0.5',
      bg: 'border.strong',
      borderRadius: 'full',
      transitionProperty: 'background-color',
      transitionDuration: 'fast',
      _checked: { bg: 'accent.default' },
      _focusVisible: focusRing,
    },
    thumb: {
      w: '4',
      h: '4',
      bg: 'bg.surface',
      borderRadius: 'full',
      boxShadow: 'sm',
      transitionProperty: 'transform',
      transitionDuration: 'fast',
      _checked: { transform: 'translateX(token(spacing.4))' },
    },
    label: { fontSize: 'sm', color: 'fg.default' },
  },
});
