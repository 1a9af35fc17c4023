import { tooltipAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tooltipRecipe = defineSlotRecipe({
  className: 'tooltip',
  jsx: ['Tooltip'],
  slots: tooltipAnatomy.keys(),
  base: {
    trigger: {},
    positioner: {},
    content: {
      maxW: 'xs',
      px: '2.5',
      py: '1.5',
      fontSize: 'xs',
      fontWeight: 'medium',
      color: 'fg.inverted',
      bg: 'fg.default',
      borderRadius: 'sm',
      boxShadow: 'md',
      zIndex: 'var(--z-index)',
    },
    arrow: { '--arrow-size': 'sizes.2', '--arrow-background': 'colors.fg.default' },
    arrowTip: {},
  },
});
