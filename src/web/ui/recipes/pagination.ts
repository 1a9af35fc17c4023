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
    root: { display: 'flex', alignItems: 'center', gap: '2' },
    status: { fontSize: 'sm', color: 'fg.muted', px: '2', whiteSpace: 'nowrap' },
    item: { ...pageButton, _selected: { bg: 'accent.default', borderColor: 'accent.default', color: 'accent.fg' } },
    ellipsis: { display: 'inline-flex', alignItems: 'center', px: '1', color: 'fg.muted' },
    prevTrigger: pageButton,
    nextTrigger: pageButton,
    firstTrigger: pageButton,
    lastTrigger: pageButton,
  },
});
