import { tabsAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

export const tabsRecipe = defineSlotRecipe({
  className: 'tabs',
  jsx: ['Tabs'],
  slots: tabsAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', w: 'full' },
    // Tabs that do not fit on one line go on to the next: none is ever cut off or hidden behind a scroll.
    list: {
      position: 'relative',
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: '1',
      borderBottomWidth: '1px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'border.default',
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '10',
      px: '3',
      mb: '-1px',
      fontFamily: 'body',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      bg: 'transparent',
      borderBottomWidth: '2px',
      borderBottomStyle: 'solid',
      borderBottomColor: 'transparent',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      _hover: { _enabled: { color: 'fg.default' } },
      _selected: { color: 'accent.text', borderBottomColor: 'accent.default', fontWeight: 'semibold' },
      _focusVisible: focusRing,
      _disabled: { color: 'fg.subtle', cursor: 'not-allowed' },
    },
    content: { _focusVisible: focusRing },
    indicator: {},
  },
});
