import { selectAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase, iconSize, listBoxSlots } from './shared';

export const selectRecipe = defineSlotRecipe({
  className: 'select',
  jsx: ['Select', 'PhoneInput'],
  slots: selectAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative', display: 'flex' },
    trigger: {
      ...controlBase,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      h: '10',
      textAlign: 'start',
      cursor: 'pointer',
      _focusVisible: { borderColor: 'accent.focus', boxShadow: '0 0 0 1px {colors.accent.focus}' },
      '&[data-placeholder-shown]': { color: 'fg.muted' },
    },
    valueText: { flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    indicator: { ...iconSize, color: 'fg.muted', '& svg': iconSize },
    clearTrigger: {},
    ...listBoxSlots,
  },
});
