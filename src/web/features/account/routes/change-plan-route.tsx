import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { describeApiError } from '../../../api/errors';
import type { Loadable } from '../../../api/loadable';
import { loadableOf } from '../../../api/loadable';
import { ACCOUNT_PATH, INTEGRATIONS_PATH, SUBSCRIBED_PATH } from '../../../lib/paths';
import { RouterLink } from '../../../lib/router-link';
import { useNow } from '../../../lib/use-now';
import { toaster } from '../../../ui/toaster';
import { useOrdersCount, usePlanCatalog } from '../api/plans';
import { useChangePlan, usePlanChangePreview, useSubscribe, useSubscription } from '../api/subscription';
import {
  type Billing,
  type ChargeToday,
  calendarDay,
  hasPlanAccess,
  type PlanCatalog,
  type PlanId,
  planChangeOf,
  recommendedPlanId,
  type SubscriptionState,
  trialDaysLeft,
  trialEndFrom,
} from '../billing';
import type { CardFormError } from '../screens/card-fields';
import { type ChangePlanData, type ChangePlanMode, ChangePlanScreen } from '../screens/change-plan-screen';
import { cardRefusalOf, useCardRefusalTexts } from './card-refusal';

export interface PlanChoiceInput {
  catalog: PlanCatalog;
  state: SubscriptionState;
  planId: PlanId;
  billing: Billing;
  /** The role may subscribe and change plan. */
  mayChoose: boolean;
  /** The processor's preview of what the choice charges today. */
  chargeToday: ChargeToday;
  now: number;
}

/** What the screen offers: subscribing (no plan, or it ended), changing the plan, or only looking. */
export function changePlanModeOf({ catalog, state, planId, billing, mayChoose, chargeToday, now }: PlanChoiceInput): ChangePlanMode {
  const { subscription } = state;
  const active = subscription !== null && hasPlanAccess(state, now);
  const current = active ? { planId: subscription.planId, billing: subscription.billing } : null;
  if (!mayChoose) return { kind: 'readOnly', current };
  if (!active) return { kind: 'subscribe', trialEndsAt: state.trialAvailable ? trialEndFrom(now, catalog.trialDays) : null };
  return {
    kind: 'change',
    current: current!,
    change: planChangeOf({ subscription, plans: catalog.plans, planId, billing, chargeToday, now }),
  };
}

/** Two queries the screen needs both of, as one. */
function bothLoaded<A, B>(a: Loadable<A>, b: Loadable<B>): Loadable<[A, B]> {
  if (a.status === 'error') return a;
  if (b.status === 'error') return b;
  if (a.status === 'loading' || b.status === 'loading') return { status: 'loading' };
  return { status: 'success', data: [a.data, b.data] };
}

/**
 * /account/change-plan: the plans, the recommendation from the store's orders of the last 30 days, and
 * either a first plan (the card tokenised, then the dashboard's welcome) or a change of plan.
 */
export function ChangePlanRoute() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { storeId, role, isPending } = useCurrentStore();
  const now = useNow();
  const catalog = usePlanCatalog();
  const subscription = useSubscription(storeId);
  const ordersCount = useOrdersCount(storeId);
  const subscribe = useSubscribe(storeId);
  const change = useChangePlan(storeId);
  const [chosenPlan, setChosenPlan] = useState<PlanId | null>(null);
  const [chosenBilling, setChosenBilling] = useState<Billing | null>(null);
  const refusalTexts = useCardRefusalTexts(t('changePlan.subscribeFailed'));

  const current = subscription.data && hasPlanAccess(subscription.data, now) ? subscription.data.subscription : null;
  const orders = ordersCount.data?.lastThirtyDays;
  const recommended = catalog.data && orders !== undefined ? recommendedPlanId(catalog.data.plans, orders) : null;
  const planId = chosenPlan ?? current?.planId ?? recommended;
  const billing = chosenBilling ?? current?.billing ?? 'monthly';
  const mayChoose = can(role, 'subscribe') && can(role, 'changePlan');
  const choice = planId ? { planId, billing } : null;
  // Only a paid plan being changed can charge today: nothing else asks the processor.
  const changingPaidPlan =
    mayChoose &&
    current !== null &&
    trialDaysLeft(current, now) === null &&
    choice !== null &&
    (choice.planId !== current.planId || choice.billing !== current.billing);
  const preview = usePlanChangePreview(storeId, choice, changingPaidPlan);
  const chargeToday: ChargeToday = preview.isSuccess
    ? { status: 'known', cents: preview.data.chargeTodayCents, prorationDate: preview.data.prorationDate }
    : preview.isError
      ? { status: 'unavailable' }
      : { status: 'loading' };
  const loaded = bothLoaded(loadableOf(catalog), loadableOf(subscription));
  const data: Loadable<ChangePlanData> =
    loaded.status === 'success'
      ? {
          status: 'success',
          data: {
            catalog: loaded.data[0],
            mode: changePlanModeOf({
              catalog: loaded.data[0],
              state: loaded.data[1],
              planId: planId ?? loaded.data[0].plans[0]!.id,
              billing,
              mayChoose,
              chargeToday,
              now,
            }),
          },
        }
      : loaded;

  let error: CardFormError | null = null;
  if (subscribe.isError) {
    const refusal = cardRefusalOf(subscribe.error, refusalTexts);
    error = refusal.on === 'form' ? refusal.error : { message: refusal.description, fieldErrors: {} };
  } else if (change.isError) {
    error = {
      message: describeApiError(change.error, { failed: t('changePlan.failed'), network: t('details.network') }).message,
      fieldErrors: {},
    };
  }

  return (
    <ChangePlanScreen
      data={data}
      onRetry={() => {
        if (catalog.isError) void catalog.refetch();
        if (subscription.isError) void subscription.refetch();
      }}
      billing={billing}
      onBillingChange={(next) => {
        change.reset();
        setChosenBilling(next);
      }}
      selectedPlanId={planId}
      onSelectPlan={(next) => {
        change.reset();
        setChosenPlan(next);
      }}
      recommendation={recommended && orders !== undefined ? { planId: recommended, orders } : null}
      today={calendarDay(now)}
      saving={subscribe.isPending || subscribe.isSuccess || change.isPending}
      error={error}
      accountHref={ACCOUNT_PATH}
      connectStoreHref={!isPending && storeId === undefined ? INTEGRATIONS_PATH : null}
      linkComponent={RouterLink}
      onSubscribe={(card) => {
        if (!planId) return;
        subscribe.mutate(
          { card, planId, billing },
          // The dashboard welcomes the new subscription (its `subscription=success` notice).
          { onSuccess: () => void navigate(SUBSCRIBED_PATH) },
        );
      }}
      onChangePlan={() => {
        if (!planId) return;
        // Sent back, the preview's moment makes the charge the one the merchant read.
        const prorationDate = chargeToday.status === 'known' ? chargeToday.prorationDate : null;
        change.mutate(
          { planId, billing, ...(prorationDate ? { prorationDate } : {}) },
          {
            onSuccess: () => {
              toaster.show({ status: 'success', message: t('toasts.planChanged', { plan: t(`plans.${planId}`) }) });
              void navigate(ACCOUNT_PATH);
            },
          },
        );
      }}
    />
  );
}
