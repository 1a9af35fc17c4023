import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

/*
 * Wide screens (lg and up) keep the sidebar beside the page, sticky while the page scrolls. Narrower
 * ones get a top bar with a menu button; the sidebar opens over the page as a drawer. Layers, bottom up:
 * the top bar (10), the drawer's backdrop (40), the drawer (50), the skip link (60).
 */
export const appShellRecipe = defineSlotRecipe({
  className: 'app-shell',
  jsx: ['AppShell'],
  slots: ['root', 'skipLink', 'topBar', 'brand', 'menuButton', 'aside', 'backdrop', 'main', 'banners'],
  base: {
    root: { display: 'flex', flexDirection: { base: 'column', lg: 'row' }, minH: 'dvh', bg: 'bg.canvas' },
    skipLink: {
      position: 'absolute',
      insetStart: '2',
      top: '2',
      zIndex: '[60]',
      px: '4',
      py: '2',
      borderRadius: 'md',
      bg: 'bg.surface',
      color: 'accent.text',
      fontWeight: 'semibold',
      boxShadow: 'md',
      transform: 'translateY(-200%)',
      _focusVisible: { ...focusRing, transform: 'none' },
    },
    topBar: {
      display: { base: 'flex', lg: 'none' },
      alignItems: 'center',
      gap: '2',
      position: 'sticky',
      top: '0',
      zIndex: '[10]',
      h: '14',
      px: '2',
      bg: 'bg.surface',
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
    },
    brand: { fontSize: 'lg', fontWeight: 'bold', color: 'accent.text' },
    menuButton: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '10',
      h: '10',
      borderRadius: 'md',
      color: 'fg.default',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      _focusVisible: focusRing,
      '& svg': { w: '6', h: '6' },
    },
    aside: {
      flexShrink: '0',
      display: { base: 'none', lg: 'flex' },
      position: { lg: 'sticky' },
      top: { lg: '0' },
      h: { lg: 'dvh' },
      overflowY: { lg: 'auto' },
      _open: {
        display: 'flex',
        position: { base: 'fixed', lg: 'sticky' },
        insetY: { base: '0', lg: 'auto' },
        insetStart: { base: '0', lg: 'auto' },
        zIndex: { base: '[50]', lg: 'auto' },
        boxShadow: { base: 'lg', lg: 'none' },
        overflowY: 'auto',
      },
    },
    backdrop: { display: { base: 'block', lg: 'none' }, position: 'fixed', inset: '0', zIndex: '[40]', bg: 'bg.overlay' },
    main: {
      flex: '1',
      minW: '0',
      p: { base: '4', md: '6', lg: '8' },
      display: 'flex',
      flexDirection: 'column',
      gap: '6',
      _focus: { outline: 'none' },
    },
    banners: { display: 'flex', flexDirection: 'column', gap: '3', _empty: { display: 'none' } },
  },
});
