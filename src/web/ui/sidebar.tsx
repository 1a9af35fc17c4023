import type { ComponentProps, ReactNode } from 'react';
import { type LinkComponent, PlainLink } from './link';
import * as SidebarParts from './parts/sidebar';

export interface SidebarItem {
  key: string;
  href: string;
  /** Already translated. */
  label: string;
  /** Decorative: the label names the entry. */
  icon?: ReactNode;
  active?: boolean;
  badge?: { count: number; label: string } | undefined;
}

export interface SidebarProps {
  brand: ReactNode;
  navLabel: string;
  items: readonly SidebarItem[];
  /** Under the brand: what the entries apply to (the store). */
  header?: ReactNode;
  /** Below the entries: help and the signed-in person. */
  footer?: ReactNode;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

export function Sidebar({ brand, navLabel, items, header, footer, linkComponent: Link = PlainLink }: SidebarProps) {
  return (
    <SidebarParts.Root>
      <SidebarParts.Brand>{brand}</SidebarParts.Brand>
      {header ? <SidebarParts.Header>{header}</SidebarParts.Header> : null}
      <SidebarParts.Nav aria-label={navLabel}>
        <SidebarParts.List>
          {items.map((item) => (
            <SidebarParts.Item key={item.key}>
              <SidebarParts.Link asChild>
                <Link href={item.href} aria-current={item.active ? 'page' : undefined}>
                  {item.icon ? <SidebarParts.Icon>{item.icon}</SidebarParts.Icon> : null}
                  <SidebarParts.Label>{item.label}</SidebarParts.Label>
                  {item.badge && item.badge.count > 0 ? (
                    <>
                      <SidebarParts.Badge aria-hidden="true">{item.badge.count}</SidebarParts.Badge>
                      <SidebarParts.SrOnly>{item.badge.label}</SidebarParts.SrOnly>
                    </>
                  ) : null}
                </Link>
              </SidebarParts.Link>
            </SidebarParts.Item>
          ))}
        </SidebarParts.List>
      </SidebarParts.Nav>
      {footer ? <SidebarParts.Footer>{footer}</SidebarParts.Footer> : null}
    </SidebarParts.Root>
  );
}

export interface SidebarButtonProps extends ComponentProps<'button'> {
  /** Decorative, as an entry's. */
  icon?: ReactNode;
}

/** A button dressed as an entry, for the header or footer (it opens a menu); only inside a Sidebar. */
export function SidebarButton({ icon, children, ...rest }: SidebarButtonProps) {
  return (
    <SidebarParts.Link asChild>
      <button type="button" {...rest}>
        {icon ? <SidebarParts.Icon>{icon}</SidebarParts.Icon> : null}
        <SidebarParts.Label>{children}</SidebarParts.Label>
      </button>
    </SidebarParts.Link>
  );
}
