import { defineSlotRecipe } from '@pandacss/dev';
import { tintedTone, toneVariant } from './tones';

export const authLayoutRecipe = defineSlotRecipe({
  className: 'auth-layout',
  jsx: ['AuthLayout'],
  slots: ['root', 'panel', 'brand', 'header', 'title', 'subtitle', 'form', 'alert'],
  base: {
    root: { display: 'flex', alignItems: 'center', justifyContent: 'center', minH: 'dvh', p: '6', bg: 'bg.canvas' },
    panel: {
      display: 'flex',
      flexDirection: 'column',
      gap: '6',
      w: 'full',
      maxW: 'form',
      p: '8',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
    },
    brand: { fontSize: '2xl', fontWeight: 'bold', color: 'accent.text' },
    header: { display: 'flex', flexDirection: 'column', gap: '1' },
    title: { textStyle: 'sectionTitle', color: 'fg.default' },
    subtitle: { textStyle: 'note', color: 'fg.muted' },
    form: { display: 'flex', flexDirection: 'column', gap: '4' },
    alert: {
      p: '3',
      fontSize: 'sm',
      ...toneVariant.danger,
      ...tintedTone,
      borderWidth: '1px',
      borderStyle: 'solid',
      borderRadius: 'md',
    },
  },
});
