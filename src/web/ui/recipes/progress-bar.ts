import { progressAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const progressBarRecipe = defineSlotRecipe({
  className: 'progress-bar',
  jsx: ['ProgressBar'],
  slots: progressAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    valueText: { fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
    track: { h: '2', w: 'full', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden' },
    range: {
      h: 'full',
      bg: 'accent.default',
      borderRadius: 'full',
      transitionProperty: 'width',
      transitionDuration: 'fast',
      '&[data-state=indeterminate]': { w: '1/3', animation: 'pulse' },
      _motionReduce: { transition: 'none', animation: 'none' },
    },
  },
});
