import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

// Ark has no breadcrumb part: a nav with an ordered list, the last entry marked as the current page.
export const breadcrumbsRecipe = defineSlotRecipe({
  className: 'breadcrumbs',
  jsx: ['Breadcrumbs'],
  slots: ['root', 'list', 'item', 'link', 'current', 'separator'],
  base: {
    root: {},
    list: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', m: '0', p: '0', listStyle: 'none' },
    item: { display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm' },
    link: {
      color: 'fg.muted',
      textDecoration: 'none',
      borderRadius: 'sm',
      _hover: { color: 'accent.text', textDecoration: 'underline' },
      _focusVisible: focusRing,
    },
    current: { color: 'fg.default', fontWeight: 'medium' },
    separator: { color: 'fg.subtle', display: 'inline-flex', '& svg': { w: '4', h: '4' } },
  },
});
