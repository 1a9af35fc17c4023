import { defineSlotRecipe } from '@pandacss/dev';

export const emptyStateRecipe = defineSlotRecipe({
  className: 'empty-state',
  jsx: ['EmptyState'],
  slots: ['root', 'icon', 'title', 'description', 'action'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '2',
      py: '10',
      px: '6',
    },
    icon: { color: 'fg.subtle', mb: '2', '& svg': { w: '10', h: '10' } },
    title: { textStyle: 'groupTitle', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted', maxW: 'md' },
    // The main action first; on a narrow screen the second wraps below it.
    action: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3', mt: '3' },
  },
  variants: {
    tone: {
      neutral: {},
      error: { icon: { color: 'danger.text' } },
    },
  },
  defaultVariants: { tone: 'neutral' },
});
