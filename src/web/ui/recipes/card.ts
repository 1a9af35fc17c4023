import { defineSlotRecipe } from '@pandacss/dev';

export const cardRecipe = defineSlotRecipe({
  className: 'card',
  jsx: ['Card'],
  slots: ['root', 'header', 'heading', 'title', 'description', 'body'],
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
    heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', minWidth: '0' },
    title: { textStyle: 'sectionTitle', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { display: 'flex', flexDirection: 'column', gap: '4' },
  },
  variants: {
    size: {
      md: {},
      /** One of a list (a campaign, a segment): its linked name, badges beside it, its actions on the other side. */
      sm: {
        root: { gap: '3', p: { base: '4', md: '5' }, minWidth: '0' },
        header: { flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' },
        title: {
          textStyle: 'groupTitle',
          overflowWrap: 'anywhere',
          '& a': { color: 'fg.default', textDecoration: 'none', borderRadius: 'sm', _hover: { textDecoration: 'underline' } },
          '& a:focus-visible': { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
        },
        body: { gap: '3' },
      },
    },
  },
  defaultVariants: { size: 'md' },
});
