import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from 'styled-system/css';
import { type ButtonVariantProps, button } from 'styled-system/recipes';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariantProps & {
    children: ReactNode;
    /**
     * Shows a spinner, marks the button busy and ignores clicks until the work ends. It stays enabled
     * (`aria-disabled`), so the keyboard's focus stays on it rather than falling to the page.
     */
    loading?: boolean;
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  className,
  type = 'button',
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(button({ variant, size, fullWidth }), className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      data-loading={loading ? '' : undefined}
      {...rest}
    >
      {loading ? <span data-part="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'size' | 'fullWidth' | 'aria-label'> & {
  /** The button's accessible name: an icon alone says nothing to a screen reader. */
  'aria-label': string;
};

/** A square button holding only an icon. */
export function IconButton({ variant = 'ghost', ...rest }: IconButtonProps) {
  return <Button variant={variant} size="icon" {...rest} />;
}
