// Tones as colour palettes (see the semantic tokens in panda.config.ts): a recipe sets `colorPalette`
// and styles itself with `colorPalette.*`, so a badge, a banner and a button of one tone match.

/** The tinted look of a badge or banner: background, text and border of the palette. */
export const tintedTone = {
  bg: 'colorPalette.subtle',
  color: 'colorPalette.text',
  borderColor: 'colorPalette.border',
} as const;

/** The filled look of a primary or destructive button. */
export const solidTone = {
  bg: 'colorPalette.default',
  borderColor: 'colorPalette.default',
  color: 'colorPalette.fg',
  _hover: { _enabled: { bg: 'colorPalette.emphasized', borderColor: 'colorPalette.emphasized' } },
} as const;

/** The `tone` variant: which palette the element (and, through the cascade, its parts) uses. */
export const toneVariant = {
  neutral: { colorPalette: 'neutral' },
  info: { colorPalette: 'info' },
  success: { colorPalette: 'success' },
  warning: { colorPalette: 'warning' },
  danger: { colorPalette: 'danger' },
} as const;
