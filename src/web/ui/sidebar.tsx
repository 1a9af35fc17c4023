import type { ReactNode } from 'react';
import { type LinkComponent, PlainLink } from './link';
import * as SidebarParts from './parts/sidebar';

export interface SidebarItem {
  key: string;
  href: string;
  /** Already translated. */
  label: string;
  active?: boolean;
  badge?: { count: number; label: string } | undefined;
}

export interface SidebarProps {
  brand: ReactNode;
  navLabel: string;
  items: readonly SidebarItem[];
  /** A full page link below the entries (sign out). */
  exit?: { href: string; label: string } | undefined;
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

export function Sidebar({ brand, navLabel, items, exit, linkComponent: Link = PlainLink }: SidebarProps) {
  return (
    <SidebarParts.Root>
      <SidebarParts.Brand>{brand}</SidebarParts.Brand>
      <SidebarParts.Nav aria-label={navLabel}>
        <SidebarParts.List>
          {items.map((item) => (
            <SidebarParts.Item key={item.key}>
              <SidebarParts.Link asChild>
                <Link href={item.href} aria-current={item.active ? 'page' : undefined}>
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
      {exit ? (
        <SidebarParts.Footer>
          <SidebarParts.Link href={exit.href}>{exit.label}</SidebarParts.Link>
        </SidebarParts.Footer>
      ) : null}
    </SidebarParts.Root>
  );
}
