import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';
import { surfacePanel } from './surface';

export const kpiRecipe = defineSlotRecipe({
  className: 'kpi',
  jsx: ['Kpi'],
  slots: ['root', 'header', 'label', 'help', 'value', 'change', 'period', 'note', 'error', 'message'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '2',
      p: '5',
      ...surfacePanel,
      minW: '56',
    },
    header: { display: 'flex', alignItems: 'center', gap: '1.5' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' },
    help: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '5',
      h: '5',
      borderRadius: 'full',
      color: 'fg.muted',
      bg: 'transparent',
      cursor: 'help',
      _hover: { color: 'fg.default', bg: 'bg.muted' },
      _focusVisible: focusRing,
      '& svg': { w: '4', h: '4' },
    },
    // A figure never breaks across lines: at this size a peso amount in the billions fits a card.
    value: { fontSize: '2xl', fontWeight: 'bold', color: 'fg.default', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    // The change and what it compares with wrap as a sentence does, not as two squeezed columns.
    change: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'baseline',
      columnGap: '1',
      fontSize: 'sm',
      fontWeight: 'medium',
      fontVariantNumeric: 'tabular-nums',
      '&[data-trend=better]': { color: 'success.text' },
      '&[data-trend=worse]': { color: 'danger.text' },
      '&[data-trend=same]': { color: 'fg.muted' },
    },
    period: { fontWeight: 'normal', color: 'fg.muted' },
    note: { fontSize: 'sm', color: 'fg.muted', '& a, & button': { fontWeight: 'medium' } },
    error: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' },
    message: { fontSize: 'sm', color: 'danger.text' },
  },
});
