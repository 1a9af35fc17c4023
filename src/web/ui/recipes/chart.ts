import { defineSlotRecipe } from '@pandacss/dev';
import { surfacePanel, textAction } from './surface';

export const chartRecipe = defineSlotRecipe({
  className: 'chart',
  jsx: ['Chart'],
  slots: [
    'root',
    'header',
    'heading',
    'title',
    'description',
    'toggle',
    'canvas',
    'placeholder',
    'legend',
    'legendItem',
    'swatch',
    'note',
    'tooltip',
    'tooltipTitle',
    'tooltipItem',
    'tooltipValue',
  ],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: '5',
      ...surfacePanel,
    },
    header: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4' },
    heading: { display: 'flex', flexDirection: 'column', gap: '1' },
    title: { textStyle: 'groupTitle', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    toggle: { ...textAction, flexShrink: '0' },
    // The tooltip is placed inside it, beside the pointer.
    canvas: { position: 'relative', h: '72', w: 'full', minW: '0', fontFamily: 'body' },
    // The chart's height, so nothing jumps when it loads; taller only when an empty state and its actions need it (on a phone).
    placeholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', minH: '72' },
    // Under the chart, in HTML so that a label is never cut: it wraps onto more lines instead.
    legend: { display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '2', fontSize: 'sm', color: 'fg.default' },
    legendItem: { display: 'inline-flex', alignItems: 'center', gap: '2', minW: '0' },
    swatch: { w: '4', h: '2.5', flexShrink: '0', overflow: 'visible' },
    note: { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' },
    // Placed by a transform (plot-surface.tsx); as wide as the chart at most, its labels wrapping
    // rather than running past the chart's side on a phone.
    tooltip: {
      position: 'absolute',
      top: '0',
      left: '0',
      zIndex: '[1]',
      maxW: 'full',
      pointerEvents: 'none',
      ...surfacePanel,
      display: 'flex',
      flexDirection: 'column',
      gap: '1',
      px: '3',
      py: '2',
      fontSize: 'sm',
      color: 'fg.default',
      boxShadow: 'md',
    },
    tooltipTitle: { fontWeight: 'semibold' },
    tooltipItem: { display: 'flex', alignItems: 'center', gap: '2' },
    tooltipValue: { ms: 'auto', ps: '4', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  },
});
