import { defineSlotRecipe } from '@pandacss/dev';

/** The top of a page: its title and what it is for, with the page's own controls on the other side. */
export const pageHeaderRecipe = defineSlotRecipe({
  className: 'page-header',
  jsx: ['PageHeader'],
  slots: ['root', 'heading', 'title', 'description', 'actions'],
  base: {
    root: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '4' },
    heading: { display: 'flex', flexDirection: 'column', gap: '1' },
    title: { textStyle: 'pageTitle', color: 'fg.default' },
    description: { textStyle: 'note', color: 'fg.muted' },
    actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '2' },
  },
});
