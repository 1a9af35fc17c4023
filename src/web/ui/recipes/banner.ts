import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './shared';
import { tintedTone, toneVariant } from './tones';

export const bannerRecipe = defineSlotRecipe({
  className: 'banner',
  jsx: ['Banner'],
  slots: ['root', 'icon', 'message', 'action', 'dismiss'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'center',
      flexWrap: 'wrap',
      gap: '3',
      px: '4',
      py: '3',
      w: 'full',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderRadius: 'md',
      fontSize: 'sm',
      ...tintedTone,
    },
    icon: { w: 'icon', h: 'icon', flexShrink: '0' },
    message: { flex: '1', minW: '48', color: 'fg.default' },
    action: {
      fontWeight: 'semibold',
      color: 'inherit',
      textDecoration: 'underline',
      textUnderlineOffset: '2px',
      whiteSpace: 'nowrap',
      borderRadius: 'sm',
      _hover: { textDecorationThickness: '2px' },
      _focusVisible: focusRing,
    },
    dismiss: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: 'icon',
      h: 'icon',
      color: 'inherit',
      bg: 'transparent',
      borderRadius: 'sm',
      cursor: 'pointer',
      _hover: { opacity: '0.8' },
      _focusVisible: focusRing,
    },
  },
  variants: {
    tone: {
      info: { root: toneVariant.info },
      success: { root: toneVariant.success },
      warning: { root: toneVariant.warning },
      danger: { root: toneVariant.danger },
    },
  },
  defaultVariants: { tone: 'info' },
});
