import { defineSlotRecipe } from '@pandacss/dev';

export const statListRecipe = defineSlotRecipe({
  className: 'stat-list',
  jsx: ['StatList'],
  slots: ['root', 'item', 'label', 'value'],
  base: {
    root: { display: 'flex', flexDirection: 'column', w: 'full' },
    item: {
      display: 'flex',
      alignItems: 'baseline',
      justifyContent: 'space-between',
      gap: '4',
      py: '2.5',
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
      _last: { borderBottomWidth: '0' },
    },
    label: { fontSize: 'sm', color: 'fg.muted' },
    value: { fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
  },
});
