import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './shared';

export const linkRecipe = defineRecipe({
  className: 'link',
  jsx: ['Link'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    fontWeight: 'medium',
    color: 'accent.text',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    borderRadius: 'sm',
    cursor: 'pointer',
    _hover: { color: 'accent.emphasized', textDecorationThickness: '2px' },
    _focusVisible: focusRing,
    '&[aria-disabled=true]': { color: 'fg.subtle', cursor: 'not-allowed', textDecoration: 'none' },
  },
  variants: {
    size: {
      sm: { fontSize: 'sm' },
      md: { fontSize: 'md' },
      /** Inside a sentence of another size (a checkbox's label). */
      inherit: { fontSize: 'inherit' },
    },
  },
  defaultVariants: { size: 'md' },
});
