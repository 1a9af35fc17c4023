import { defineRecipe } from '@pandacss/dev';

/** Tones shared by badges and banners: what a status means to the merchant. */
export const toneColors = {
  neutral: { bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.default' },
  info: { bg: 'bg.info', color: 'fg.info', borderColor: 'border.info' },
  success: { bg: 'bg.success', color: 'fg.success', borderColor: 'border.success' },
  warning: { bg: 'bg.warning', color: 'fg.warning', borderColor: 'border.warning' },
  danger: { bg: 'bg.error', color: 'fg.error', borderColor: 'border.error' },
} as const;

export const badgeRecipe = defineRecipe({
  className: 'badge',
  jsx: ['Badge', 'StatusBadge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '2',
    py: '0.5',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: 'tight',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderRadius: 'full',
    _before: { content: '""', w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor' },
  },
  variants: {
    tone: toneColors,
  },
  defaultVariants: { tone: 'neutral' },
});
