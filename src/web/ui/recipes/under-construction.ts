import { defineSlotRecipe } from '@pandacss/dev';

export const underConstructionRecipe = defineSlotRecipe({
  className: 'under-construction',
  jsx: ['UnderConstruction'],
  slots: ['root', 'title', 'description'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '2',
      p: '12',
      textAlign: 'center',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.strong',
      borderRadius: 'lg',
    },
    title: { fontSize: 'xl', fontWeight: 'semibold', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
  },
});
