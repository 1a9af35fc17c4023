import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

export const segmentedControlRecipe = defineSlotRecipe({
  className: 'segmented-control',
  jsx: ['SegmentedControl'],
  slots: ['root', 'label', 'group', 'item'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    group: {
      display: 'inline-flex',
      flexWrap: 'wrap',
      gap: '1',
      p: '1',
      borderWidth: '1px',
      borderColor: 'border.strong',
      borderRadius: 'md',
      bg: 'bg.surface',
    },
    item: {
      h: '8',
      px: '3',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      borderRadius: 'sm',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      _hover: { color: 'fg.default', bg: 'bg.muted' },
      _focusVisible: focusRing,
      '&[aria-pressed=true]': { color: 'accent.text', bg: 'accent.subtle' },
    },
  },
});
