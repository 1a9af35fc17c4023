import { defineSlotRecipe } from '@pandacss/dev';

export const appShellRecipe = defineSlotRecipe({
  className: 'app-shell',
  jsx: ['AppShell'],
  slots: ['root', 'aside', 'main', 'banners'],
  base: {
    root: { display: 'flex', minH: 'dvh', bg: 'bg.canvas' },
    aside: { flexShrink: '0', display: 'flex' },
    main: { flex: '1', minW: '0', p: '8', display: 'flex', flexDirection: 'column', gap: '6' },
    banners: { display: 'flex', flexDirection: 'column', gap: '3', _empty: { display: 'none' } },
  },
});
