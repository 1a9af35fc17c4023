import { defineRecipe } from '@pandacss/dev';
import { tintedTone, toneVariant } from './tones';

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
    ...tintedTone,
    _before: { content: '""', w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor' },
  },
  variants: {
    tone: toneVariant,
  },
  defaultVariants: { tone: 'neutral' },
});
