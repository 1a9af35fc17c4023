import { comboboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { controlBase, focusRing, iconSize, iconTrigger, listBoxSlots } from './shared';

export const comboboxRecipe = defineSlotRecipe({
  className: 'combobox',
  jsx: ['Combobox'],
  // `chosen…`: the list of what a search-and-pick field holds (SearchSelect), under its input.
  slots: [...comboboxAnatomy.keys(), 'chosen', 'chosenItem', 'chosenRemove', 'itemDescription'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: { position: 'relative', display: 'flex', alignItems: 'center' },
    input: { ...controlBase, h: '10', pe: '10' },
    trigger: { ...iconTrigger, position: 'absolute', insetEnd: '1', w: '8', h: '8', '& svg': iconSize },
    clearTrigger: {},
    ...listBoxSlots,
    empty: { px: '2', py: '1.5', fontSize: 'sm', color: 'fg.muted' },
    itemDescription: { fontSize: 'xs', color: 'fg.muted' },
    chosen: { display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', p: '0', m: '0' },
    chosenItem: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      minH: '7',
      ps: '2',
      pe: '1',
      fontSize: 'sm',
      color: 'accent.text',
      bg: 'accent.subtle',
      borderRadius: 'sm',
      maxW: 'full',
      overflowWrap: 'anywhere',
    },
    chosenRemove: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: '0',
      w: '5',
      h: '5',
      borderRadius: 'sm',
      color: 'accent.text',
      bg: 'transparent',
      cursor: 'pointer',
      _hover: { bg: 'accent.muted' },
      _focusVisible: focusRing,
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
      '& svg': { w: '3.5', h: '3.5' },
    },
  },
});
