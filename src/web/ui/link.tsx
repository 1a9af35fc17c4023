import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import type { ComponentType, ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { type LinkVariantProps, link } from 'styled-system/recipes';

/** A text link; pass the router's link as the only child with `asChild` to navigate inside the app. */
export type LinkProps = HTMLArkProps<'a'> & LinkVariantProps;

export function Link({ size, className, ...rest }: LinkProps) {
  return <ark.a className={cx(link({ size }), className)} {...rest} />;
}

/** What a part that links somewhere (banner, sidebar, breadcrumbs) gives the app's own link component. */
export interface LinkComponentProps {
  href: string;
  className?: string;
  'aria-current'?: 'page' | undefined;
  children: ReactNode;
}

/** The router's link, handed to those parts; without it they render a plain anchor. */
export type LinkComponent = ComponentType<LinkComponentProps>;

export function PlainLink(props: LinkComponentProps) {
  return <a {...props} />;
}
