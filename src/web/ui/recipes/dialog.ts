import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { iconTrigger } from './shared';

export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  jsx: ['Dialog'],
  slots: [...dialogAnatomy.keys(), 'header', 'body', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'bg.overlay', zIndex: 'var(--z-index)' },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: '4',
      zIndex: 'var(--z-index)',
      overflow: 'auto',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      w: 'full',
      p: '6',
      bg: 'bg.surface',
      borderRadius: 'lg',
      boxShadow: 'xl',
      outline: 'none',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', pe: '8' },
    title: { textStyle: 'sectionTitle', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '4' },
    // On a phone two long buttons do not fit side by side: they wrap instead of overflowing the dialog.
    footer: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '2', pt: '2' },
    closeTrigger: { ...iconTrigger, position: 'absolute', top: '4', insetEnd: '4', w: '8', h: '8', '& svg': { w: 'icon', h: 'icon' } },
    trigger: {},
  },
  variants: {
    size: {
      sm: { content: { maxW: 'sm' } },
      md: { content: { maxW: 'lg' } },
    },
  },
  defaultVariants: { size: 'md' },
});
