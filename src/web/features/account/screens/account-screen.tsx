import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { Loadable } from '../../../api/loadable';
import { LoadableView } from '../../../ui/loadable-view';
import { LoadingScreen } from '../../../ui/loading-screen';
import { PageHeader } from '../../../ui/page-header';
import { Tabs } from '../../../ui/tabs';
import { AccountDetailsCard, type NameEditProps } from './account-details-card';
import { AccountSecurityCard, type AccountSecurityCardProps } from './account-security-card';
import { CancelSubscriptionDialog, type CancelSubscriptionDialogProps } from './cancel-subscription-dialog';
import { SubscriptionSection, type SubscriptionSectionProps } from './subscription-section';

type AccountDetails = components['schemas']['AccountDetails'];

export type AccountTab = 'subscription' | 'store';

export interface AccountScreenProps {
  details: Loadable<AccountDetails>;
  onRetry: () => void;
  /** Editing the account's name in place. */
  name: NameEditProps;
  /** The plan and its payments (SPEC §2 Account), or the way to a first plan. */
  subscription: SubscriptionSectionProps;
  /** The cancellation's form and confirmation, opened from the payment card. */
  cancel: CancelSubscriptionDialogProps;
  /** The password change and "Cerrar sesión en los demás dispositivos". */
  security: AccountSecurityCardProps;
  /** The "Tienda" tab's content: the store's team. */
  storeTab: ReactNode;
  defaultTab?: AccountTab;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const sections = css({ display: 'flex', flexDirection: 'column', gap: '6' });

export function AccountScreen({
  details,
  onRetry,
  name,
  subscription: plan,
  cancel,
  security,
  storeTab,
  defaultTab = 'subscription',
}: AccountScreenProps) {
  const { t } = useTranslation('account');
  const subscription = (
    <div className={sections}>
      <LoadableView loadable={details} loading={<LoadingScreen layout="inline" label={t('details.loading')} />} onRetry={onRetry}>
        {(loaded) => <AccountDetailsCard details={loaded} name={name} />}
      </LoadableView>
      <SubscriptionSection {...plan} />
      <AccountSecurityCard {...security} />
      <CancelSubscriptionDialog {...cancel} />
    </div>
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
