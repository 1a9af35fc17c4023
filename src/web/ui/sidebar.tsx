import type { ComponentType, ReactNode } from 'react';
import { sidebar } from 'styled-system/recipes';

export interface SidebarItem {
  key: string;
  href: string;
  /** Already translated. */
  label: string;
  active?: boolean;
  badge?: { count: number; label: string } | undefined;
}

export interface SidebarLinkProps {
  href: string;
  className: string;
  'aria-current'?: 'page' | undefined;
  children: ReactNode;
}

function PlainLink({ href, ...rest }: SidebarLinkProps) {
  return <a href={href} {...rest} />;
}

export interface SidebarProps {
  brand: ReactNode;
  navLabel: string;
  items: readonly SidebarItem[];
  /** A full page link below the entries (sign out). */
  exit?: { href: string; label: string } | undefined;
  /** The router's link; a plain anchor by default. */
  linkComponent?: ComponentType<SidebarLinkProps>;
}

export function Sidebar({ brand, navLabel, items, exit, linkComponent: Link = PlainLink }: SidebarProps) {
  const classes = sidebar();
  return (
    <div className={classes.root}>
      <div className={classes.brand}>{brand}</div>
      <nav className={classes.nav} aria-label={navLabel}>
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.key} className={classes.item}>
              <Link href={item.href} className={classes.link} aria-current={item.active ? 'page' : undefined}>
                <span className={classes.label}>{item.label}</span>
                {item.badge && item.badge.count > 0 ? (
                  <>
                    <span className={classes.badge} aria-hidden="true">
                      {item.badge.count}
                    </span>
                    <span className={classes.srOnly}>{item.badge.label}</span>
                  </>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {exit ? (
        <div className={classes.footer}>
          <a href={exit.href} className={classes.link}>
            {exit.label}
          </a>
        </div>
      ) : null}
    </div>
  );
}
