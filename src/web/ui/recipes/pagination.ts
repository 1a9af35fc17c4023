import { paginationAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

const pageButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '8',
  h: '8',
  px: '2',
  fontFamily: 'body',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { _enabled: { bg: 'bg.muted' } },
  _focusVisible: focusRing,
  _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
  '& svg': { w: '4', h: '4' },
} as const;

export const paginationRecipe = defineSlotRecipe({
  className: 'pagination',
  jsx: ['Pagination'],
  slots: [...paginationAnatomy.keys(), 'status'],
  base: {
    // Wraps rather than spill out of its place; on a phone the numbered pages give way to "Página X de Y"
    // and the arrows, which fit whatever the count.
    root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', smDown: { w: 'full' } },
    status: { fontSize: 'sm', color: 'fg.muted', px: '2', whiteSpace: 'nowrap', smDown: { flex: '1', px: '0' } },
    item: {
      ...pageButton,
      _selected: { bg: 'accent.default', borderColor: 'accent.default', color: 'accent.fg' },
      smDown: { display: 'none' },
    },
    ellipsis: { display: 'inline-flex', alignItems: 'center', px: '1', color: 'fg.muted', smDown: { display: 'none' } },
    // On a phone the arrows are all there is to tap: a finger's size.
    prevTrigger: { ...pageButton, smDown: { minW: '10', h: '10' } },
    nextTrigger: { ...pageButton, smDown: { minW: '10', h: '10' } },
    firstTrigger: pageButton,
    lastTrigger: pageButton,
  },
});
