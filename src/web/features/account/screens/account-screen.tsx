import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { Card } from '../../../ui/card';
import { LoadErrorState } from '../../../ui/empty-state';
import { LoadingScreen } from '../../../ui/loading-screen';
import { PageHeader } from '../../../ui/page-header';
import { Tabs } from '../../../ui/tabs';

type AccountDetails = components['schemas']['AccountDetails'];

export type AccountTab = 'subscription' | 'store';

export interface AccountScreenProps {
  details: Loadable<AccountDetails>;
  onRetry: () => void;
  /** The "Tienda" tab's content: the store's team. */
  storeTab: ReactNode;
  defaultTab?: AccountTab;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const list = css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '6', rowGap: '2', fontSize: 'sm' });
const term = css({ color: 'fg.muted' });
const value = css({ color: 'fg.default', fontWeight: 'medium' });

export function AccountScreen({ details, onRetry, storeTab, defaultTab = 'subscription' }: AccountScreenProps) {
  const { t } = useTranslation('account');
  const subscription =
    details.status === 'loading' ? (
      <LoadingScreen layout="inline" label={t('details.loading')} />
    ) : details.status === 'error' ? (
      <LoadErrorState onRetry={onRetry} />
    ) : (
      <Card title={t('details.title')}>
        <dl className={list}>
          <dt className={term}>{t('details.name')}</dt>
          <dd className={value}>{details.data.name}</dd>
          <dt className={term}>{t('details.email')}</dt>
          <dd className={value}>{details.data.email}</dd>
        </dl>
      </Card>
    );
  return (
    <div className={root}>
      <PageHeader title={t('title')} />
      <Tabs
        id="account-tabs"
        label={t('tabsLabel')}
        defaultValue={defaultTab}
        items={[
          { value: 'subscription', label: t('tabs.subscription'), content: subscription },
          { value: 'store', label: t('tabs.store'), content: storeTab },
        ]}
      />
    </div>
  );
}
