import { defineSlotRecipe } from '@pandacss/dev';

export const loadingScreenRecipe = defineSlotRecipe({
  className: 'loading-screen',
  jsx: ['LoadingScreen'],
  slots: ['root', 'label'],
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
