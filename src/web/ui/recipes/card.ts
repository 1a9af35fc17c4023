import { defineSlotRecipe } from '@pandacss/dev';

export const cardRecipe = defineSlotRecipe({
  className: 'card',
  jsx: ['Card'],
  slots: ['root', 'header', 'title', 'description', 'body'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      p: '6',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderRadius: 'lg',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1' },
    title: { textStyle: 'sectionTitle', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '4' },
  },
});
