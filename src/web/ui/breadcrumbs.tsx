import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { breadcrumbs } from 'styled-system/recipes';
import { Icon } from './icons';

export interface BreadcrumbItem {
  /** Leave out on the last entry: the current page is not a link. */
  href?: string;
  /** Already translated. */
  label: string;
}

export interface BreadcrumbLinkProps {
  href: string;
  className: string;
  children: ReactNode;
}

function PlainLink(props: BreadcrumbLinkProps) {
  return <a {...props} />;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** The router's link; a plain anchor by default. */
  linkComponent?: ComponentType<BreadcrumbLinkProps>;
}

export function Breadcrumbs({ items, linkComponent: Link = PlainLink }: BreadcrumbsProps) {
  const { t } = useTranslation('common');
  const classes = breadcrumbs();
  return (
    <nav className={classes.root} aria-label={t('ui.breadcrumbs.label')}>
      <ol className={classes.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={classes.item}>
              {last || !item.href ? (
                <span className={classes.current} aria-current={last ? 'page' : undefined}>
                  {item.label}
                </span>
              ) : (
                <Link href={item.href} className={classes.link}>
                  {item.label}
                </Link>
              )}
              {last ? null : (
                <span className={classes.separator}>
                  <Icon name="chevronRight" />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
