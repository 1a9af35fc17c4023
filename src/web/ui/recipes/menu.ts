import { menuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { floatingItem, floatingPanel } from './shared';

export const menuRecipe = defineSlotRecipe({
  className: 'menu',
  jsx: ['ActionsMenu', 'LinkMenu'],
  slots: menuAnatomy.keys(),
  base: {
    positioner: {},
    content: floatingPanel,
    item: {
      ...floatingItem,
      justifyContent: 'flex-start',
      textDecoration: 'none',
      '&[data-tone=danger]': { color: 'danger.text' },
      '& svg': { w: '4', h: '4' },
    },
    itemText: {},
    itemIndicator: {},
    itemGroup: {},
    itemGroupLabel: { px: '2', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'border.default' },
    trigger: {},
    triggerItem: {},
    contextTrigger: {},
    indicator: {},
    arrow: {},
    arrowTip: {},
  },
});
