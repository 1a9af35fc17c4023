import { defineSlotRecipe } from '@pandacss/dev';

const panel = { bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg' } as const;

/**
 * A long form (a segment's, a campaign's wizard): a column of titled sections, then the footer with the
 * buttons. The other slots are for what goes inside a section: two fields side by side, a group under its
 * own title, a note, the form's own error.
 */
export const formLayoutRecipe = defineSlotRecipe({
  className: 'form-layout',
  jsx: ['FormSection'],
  slots: ['form', 'section', 'heading', 'title', 'note', 'pair', 'group', 'groupTitle', 'alert', 'footer', 'buttons'],
  base: {
    form: { display: 'flex', flexDirection: 'column', gap: '6', maxW: '3xl', minW: '0' },
    section: { display: 'flex', flexDirection: 'column', gap: '5', p: { base: '3', sm: '4', md: '6' }, ...panel, minW: '0' },
    heading: { display: 'flex', flexDirection: 'column', gap: '1' },
    // A title takes focus only from code (`tabindex="-1"`), to carry the keyboard on to its step: no ring around a heading.
    title: { textStyle: 'sectionTitle', color: 'fg.default', '&[tabindex]': { _focus: { outline: 'none' } } },
    note: { textStyle: 'note', color: 'fg.muted' },
    /** Two fields side by side where they fit (a range's ends, a day and its hour), one under the other on a phone. */
    pair: { display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4', alignItems: 'start' },
    group: { display: 'flex', flexDirection: 'column', gap: '3', minW: '0' },
    groupTitle: { textStyle: 'groupTitle', color: 'fg.default' },
    alert: { color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' },
    footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '4', p: '4', ...panel },
    buttons: { display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', marginLeft: 'auto' },
  },
});
