import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { type LinkComponent, PlainLink } from './link';
import * as BreadcrumbsParts from './parts/breadcrumbs';

export interface BreadcrumbItem {
  /** Leave out on the last entry: the current page is not a link. */
  href?: string;
  /** Already translated. */
  label: string;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** The router's link; a plain anchor by default. */
  linkComponent?: LinkComponent;
}

export function Breadcrumbs({ items, linkComponent: Link = PlainLink }: BreadcrumbsProps) {
  const { t } = useTranslation('common');
  return (
    <BreadcrumbsParts.Root aria-label={t('ui.breadcrumbs.label')}>
      <BreadcrumbsParts.List>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <BreadcrumbsParts.Item key={`${index}-${item.label}`}>
              {last || !item.href ? (
                <BreadcrumbsParts.Current aria-current={last ? 'page' : undefined}>{item.label}</BreadcrumbsParts.Current>
              ) : (
                <BreadcrumbsParts.Link asChild>
                  <Link href={item.href}>{item.label}</Link>
                </BreadcrumbsParts.Link>
              )}
              {last ? null : (
                <BreadcrumbsParts.Separator>
                  <Icon name="chevronRight" />
                </BreadcrumbsParts.Separator>
              )}
            </BreadcrumbsParts.Item>
          );
        })}
      </BreadcrumbsParts.List>
    </BreadcrumbsParts.Root>
  );
}
