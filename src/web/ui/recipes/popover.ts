import { popoverAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { floatingPanel, iconTrigger } from './shared';

export const popoverRecipe = defineSlotRecipe({
  className: 'popover',
  jsx: ['Popover'],
  slots: popoverAnatomy.keys(),
  base: {
    positioner: {},
    content: { ...floatingPanel, position: 'relative', gap: '1', maxW: 'xs', p: '4' },
    title: { fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', pe: '6' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    closeTrigger: { ...iconTrigger, position: 'absolute', top: '2', insetEnd: '2', w: '7', h: '7', '& svg': { w: '4', h: '4' } },
    arrow: { '--arrow-size': 'sizes.3', '--arrow-background': 'colors.bg.surface' },
    arrowTip: { borderTopWidth: '1px', borderInlineStartWidth: '1px', borderColor: 'border.default' },
    anchor: {},
    trigger: {},
    indicator: {},
  },
});
