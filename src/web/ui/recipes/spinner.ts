import { defineRecipe } from '@pandacss/dev';

export const spinnerRecipe = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner', 'LoadingScreen'],
  base: {
    display: 'inline-block',
    flexShrink: '0',
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'accent.muted',
    borderTopColor: 'accent.default',
    animation: 'spin',
    animationDuration: 'slow',
    _motionReduce: { animation: 'none', borderColor: 'accent.default' },
  },
  variants: {
    size: {
      sm: { w: '4', h: '4', borderWidth: '2px' },
      md: { w: '8', h: '8', borderWidth: '3px' },
      lg: { w: 'spinner', h: 'spinner', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'md' },
});
