import { useTranslation } from 'react-i18next';
import { button } from 'styled-system/recipes';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';

export interface NoStoreNoticeProps {
  /** Where the store is connected. */
  connectStoreHref: string;
  linkComponent?: LinkComponent | undefined;
}

/** A subscription belongs to a store: an account without one is told so, and where to connect it, instead of waiting for a plan. */
export function NoStoreNotice({ connectStoreHref, linkComponent: RouterLink = PlainLink }: NoStoreNoticeProps) {
  const { t } = useTranslation('account');
  return (
    <EmptyState
      title={t('noStore.title')}
      description={t('noStore.description')}
      action={
        <RouterLink href={connectStoreHref} className={button({ size: 'sm' })}>
          {t('noStore.connect')}
        </RouterLink>
      }
    />
  );
}
