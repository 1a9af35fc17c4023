import { type SpinnerVariantProps, spinner } from 'styled-system/recipes';

export type SpinnerProps = SpinnerVariantProps;

/** The turning ring; still under reduced motion. Decorative: pair it with a visible or live text. */
export function Spinner({ size }: SpinnerProps) {
  return <span className={spinner({ size })} aria-hidden="true" data-testid="spinner" />;
}
