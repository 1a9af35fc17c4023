import { defineSlotRecipe } from '@pandacss/dev';
import { surfacePanel, textAction } from './surface';

export const chartRecipe = defineSlotRecipe({
  className: 'chart',
  jsx: ['Chart'],
  slots: ['root', 'header', 'heading', 'title', 'description', 'toggle', 'canvas', 'placeholder', 'tooltip'],
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
    canvas: { h: '72', w: 'full', fontFamily: 'body' },
    placeholder: { display: 'flex', alignItems: 'center', justifyContent: 'center', h: '72' },
    tooltip: { ...surfacePanel, px: '3', py: '2', fontSize: 'sm', color: 'fg.default', whiteSpace: 'nowrap', boxShadow: 'md' },
  },
});
