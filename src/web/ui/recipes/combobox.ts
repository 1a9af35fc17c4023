import { comboboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase, iconSize, iconTrigger, listBoxSlots } from './shared';

export const comboboxRecipe = defineSlotRecipe({
  className: 'combobox',
  jsx: ['Combobox'],
  slots: comboboxAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { ...controlBase, h: '10', pe: '10' },
    trigger: { ...iconTrigger, position: 'absolute', insetEnd: '1', w: '8', h: '8', '& svg': iconSize },
    clearTrigger: {},
    ...listBoxSlots,
    empty: { px: '2', py: '1.5', fontSize: 'sm', color: 'fg.muted' },
  },
});
