import { defineSlotRecipe } from '@pandacss/dev';

export const kpiRecipe = defineSlotRecipe({
  className: 'kpi',
  jsx: ['Kpi'],
  slots: ['root', 'label', 'value', 'skeleton', 'error', 'message'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '5',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
      minW: '56',
    },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' },
    value: { fontSize: '3xl', fontWeight: 'bold', color: 'fg.default', fontVariantNumeric: 'tabular-nums' },
    skeleton: {
      h: '9',
      w: '32',
      borderRadius: 'sm',
      bg: 'bg.muted',
      animation: 'pulse',
      _motionReduce: { animation: 'none' },
    },
    error: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' },
    message: { fontSize: 'sm', color: 'fg.error' },
  },
});
