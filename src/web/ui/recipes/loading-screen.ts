import { defineSlotRecipe } from '@pandacss/dev';

export const loadingScreenRecipe = defineSlotRecipe({
  className: 'loading-screen',
  jsx: ['LoadingScreen'],
  slots: ['root', 'spinner', 'label'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '4',
      w: 'full',
      bg: 'bg.canvas',
    },
    spinner: {
      w: 'spinner',
      h: 'spinner',
      borderRadius: 'full',
      borderWidth: '4px',
      borderStyle: 'solid',
      borderColor: 'accent.muted',
      borderTopColor: 'accent.default',
      animation: 'spin',
      animationDuration: 'slow',
      _motionReduce: { animation: 'none', borderColor: 'accent.default' },
    },
    label: { fontSize: 'sm', color: 'fg.muted' },
  },
  variants: {
    layout: {
      page: { root: { minH: 'dvh' } },
      inline: { root: { minH: '64', bg: 'transparent' } },
    },
  },
  defaultVariants: { layout: 'page' },
});
