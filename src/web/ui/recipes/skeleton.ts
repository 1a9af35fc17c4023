import { defineSlotRecipe } from '@pandacss/dev';

export const skeletonRecipe = defineSlotRecipe({
  className: 'skeleton',
  jsx: ['Skeleton'],
  slots: ['root', 'item'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full' },
    item: {
      display: 'block',
      w: 'full',
      bg: 'bg.muted',
      borderRadius: 'sm',
      animation: 'pulse',
      _motionReduce: { animation: 'none' },
      '&[data-last]': { w: '2/3' },
    },
  },
  variants: {
    shape: {
      text: { item: { h: '4' } },
      heading: { item: { h: '6', w: '1/2' } },
      value: { item: { h: '9', w: '32' } },
      block: { item: { h: '32', borderRadius: 'md' } },
      circle: { item: { w: '10', h: '10', borderRadius: 'full' } },
    },
  },
  defaultVariants: { shape: 'text' },
});
