import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from 'styled-system/recipes';
import { TRIAL_DAYS } from '../../shared/constants';
import { isSubscriptionRequired } from '../api/errors';
import { storeKeys } from '../api/keys';
import { useSubscription } from '../features/account/api/subscription';
import { hasPlanAccess } from '../features/account/billing';
import { CHANGE_PLAN_PATH } from '../features/account/routes/paths';
import { useNow } from '../lib/use-now';
import { EmptyState } from '../ui/empty-state';
import { type LinkComponent, PlainLink } from '../ui/link';

export interface SubscriptionRequiredStateProps {
  /** The store never had a plan: choosing one starts the free trial. */
  trialAvailable: boolean;
  linkComponent?: LinkComponent;
}

/** A data page of a store without plan or trial (the server answered 402): said so, with the way to the plans. */
export function SubscriptionRequiredState({ trialAvailable, linkComponent: RouterLink = PlainLink }: SubscriptionRequiredStateProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      headingLevel={1}
      title={t('subscriptionRequired.title')}
      description={
        trialAvailable ? t('subscriptionRequired.trialDescription', { days: TRIAL_DAYS }) : t('subscriptionRequired.description')
      }
      action={
        <RouterLink href={CHANGE_PLAN_PATH} className={button()}>
          {t('subscriptionRequired.action')}
        </RouterLink>
      }
    />
  );
}

/**
 * Whether the store's data is closed for want of a plan, and whether its trial is still unused. Known
 * from the subscription, or from any of the store's calls the server refused with 402 (the one place
 * that answer is handled): every data page shows the same state instead of a failure of its own.
 */
export function usePlanRequired(storeId: number | undefined): { required: boolean; trialAvailable: boolean; pending: boolean } {
  const subscription = useSubscription(storeId);
  const now = useNow();
  const queryCache = useQueryClient().getQueryCache();
  const refusedNow = useCallback(
    () => queryCache.findAll({ queryKey: storeKeys.detail(storeId) }).some((query) => isSubscriptionRequired(query.state.error)),
    [queryCache, storeId],
  );
  const refused = useSyncExternalStore(
    useCallback((onChange) => queryCache.subscribe(onChange), [queryCache]),
    refusedNow,
  );
  const state = subscription.data;
  return {
    required: refused || (state !== undefined && !hasPlanAccess(state, now)),
    trialAvailable: state?.trialAvailable ?? false,
    pending: subscription.isPending,
  };
}
