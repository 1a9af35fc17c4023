import { radioGroupAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { choiceControl } from './shared';

/**
 * A choice among a few options drawn as cards (a campaign's type, a plan): Ark's radio group, each item
 * a card whose whole content names the choice; the chosen card is ringed and tinted.
 */
export const radioCardRecipe = defineSlotRecipe({
  className: 'radio-card',
  jsx: ['RadioCardGroup'],
  slots: radioGroupAnatomy.keys(),
  base: {
    root: { display: 'grid', gap: '3', minW: '0' },
    // The section's title says what is chosen; the group is named for assistive technology only.
    label: { srOnly: true },
    item: {
      position: 'relative',
      display: 'flex',
      p: '4',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      cursor: 'pointer',
      '&:is(:hover, [data-hover]):not([data-state=checked], [data-disabled])': { borderColor: 'border.strong' },
      _checked: { borderColor: 'accent.default' },
      // The chosen card's ring, unless the focus ring is drawn there instead.
      '&[data-state=checked]:not([data-focus-visible])': {
        outlineWidth: '1px',
        outlineStyle: 'solid',
        outlineColor: 'accent.default',
        outlineOffset: '0',
      },
      _focusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'accent.focus', outlineOffset: '0.5' },
      _disabled: { cursor: 'not-allowed' },
    },
    itemControl: {
      ...choiceControl,
      mt: '0.5',
      borderRadius: 'full',
      _checked: { borderColor: 'accent.default', borderWidth: '6px' },
      _disabled: { opacity: 0.6 },
      // The card draws the focus ring: one ring, around what is chosen.
      _focusVisible: { outlineStyle: 'none' },
    },
    // Only what names the choice for assistive technology: the content lays itself out in the card.
    itemText: { display: 'contents' },
    indicator: {},
  },
  variants: {
    /** How the cards share the width. */
    columns: {
      two: { root: { gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } } },
      fit: { root: { gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' } },
    },
    /** Inside a section (on its surface) or on the page, like the page's cards. */
    // The chosen card's tint is given here too: a variant's background would cover the base's.
    surface: {
      section: { item: { bg: 'bg.canvas', borderRadius: 'md', _checked: { bg: 'accent.subtle' } } },
      page: { item: { bg: 'bg.surface', borderRadius: 'lg', _checked: { bg: 'accent.subtle' } } },
    },
    /** `radio`: a radio button beside a name and a line or two; `none`: rich cards, the ring alone says the choice. */
    indicator: {
      radio: {
        item: {
          gap: '3',
          alignItems: 'flex-start',
          // An option that cannot be chosen greys like a disabled radio; a rich card stays legible (prices to compare).
          '&[data-disabled]:not([data-state=checked])': { opacity: 0.6 },
        },
      },
      none: { item: { flexDirection: 'column', gap: '2' } },
    },
  },
  defaultVariants: { columns: 'two', surface: 'section', indicator: 'radio' },
});
