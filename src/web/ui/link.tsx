import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { cx } from 'styled-system/css';
import { type LinkVariantProps, link } from 'styled-system/recipes';

/** A text link; pass the router's link as the only child with `asChild` to navigate inside the app. */
export type LinkProps = HTMLArkProps<'a'> & LinkVariantProps;

export function Link({ size, className, ...rest }: LinkProps) {
  return <ark.a className={cx(link({ size }), className)} {...rest} />;
}
