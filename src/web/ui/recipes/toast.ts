import { toastAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing, iconTrigger } from './shared';

// Position, stacking and offsets come from Ark's inline styles and CSS variables (--x, --y,
// --scale, --z-index, --opacity); the recipe gives the look, the status colours and the swipe.
export const toastRecipe = defineSlotRecipe({
  className: 'toast',
  jsx: ['Toaster'],
  slots: [...toastAnatomy.keys(), 'icon', 'text'],
  base: {
    group: {},
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: 'sm',
      p: '4',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'border.default',
      borderInlineStartWidth: '4px',
      borderRadius: 'md',
      boxShadow: 'lg',
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      transitionProperty: 'translate, scale, opacity, height',
      transitionDuration: 'slow',
      touchAction: 'pan-y',
      userSelect: 'none',
      _focusVisible: focusRing,
      '&[data-type=success]': { borderInlineStartColor: 'success.border', '& [data-part=icon]': { color: 'success.text' } },
      '&[data-type=warning]': { borderInlineStartColor: 'warning.border', '& [data-part=icon]': { color: 'warning.text' } },
      '&[data-type=error]': { borderInlineStartColor: 'danger.border', '& [data-part=icon]': { color: 'danger.text' } },
      '&[data-type=info]': { borderInlineStartColor: 'accent.default', '& [data-part=icon]': { color: 'accent.text' } },
      // While it is dragged, the toast follows the pointer (see `useSwipeToDismiss`).
      '&[data-swiping]': { translate: 'var(--swipe-x) var(--y)', transitionProperty: 'none' },
    },
    icon: { display: 'inline-flex', flexShrink: '0', '& svg': { w: 'icon', h: 'icon' } },
    text: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' },
    title: { fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    actionTrigger: {},
    closeTrigger: { ...iconTrigger, w: '6', h: '6', '& svg': { w: '4', h: '4' } },
  },
});
