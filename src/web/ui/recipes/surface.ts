// Style fragments of the data and feedback parts (tables, charts, figures, uploads).
import { focusRing } from './shared';

/** A bordered white surface: cards, figures, tables, charts. */
export const surfacePanel = {
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.default',
  borderRadius: 'lg',
} as const;

/** A button that reads as a link inside a part (show as table, remove a file). */
export const textAction = {
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'accent.text',
  bg: 'transparent',
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: focusRing,
  _disabled: { opacity: 0.6, cursor: 'not-allowed', textDecoration: 'none' },
} as const;
