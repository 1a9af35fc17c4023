import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { formatDate } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { Badge, StatusBadge } from '../../../ui/badge';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Link, type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { LoadingScreen } from '../../../ui/loading-screen';
import { StatList, type StatListItem } from '../../../ui/stat-list';
import { formatPriceCents, hasEnded, type Subscription, type SubscriptionState, trialDaysLeft } from '../billing';
import { useCardTexts } from './card-texts';
import { NoStoreNotice } from './no-store-notice';

export interface SubscriptionSectionProps {
  subscription: Loadable<SubscriptionState>;
  onRetry: () => void;
  /** The clock the trial's days and the end of a canceled plan are read against. */
  now: number;
  trialDays: number;
  /** Where plans are chosen or changed (open to every role; some only look). */
  changePlanHref: string;
  /** The role may choose or change the plan. */
  canChangePlan: boolean;
  /** The payment-method page, for the roles that may open it; null hides the link. */
  paymentMethodHref: string | null;
  /** Opens the cancellation form, for the roles that may cancel; null hides the button. */
  onCancel: (() => void) | null;
  /** The account has no store yet (so no subscription to wait for): where to connect one. */
  connectStoreHref?: string | null;
  linkComponent?: LinkComponent;
}

const sections = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' });
const heading = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' });

/** The subscription tab's plan and payment cards (SPEC §2 Account), or the way to choose a first plan. */
export function SubscriptionSection(props: SubscriptionSectionProps) {
  const { t } = useTranslation('account');
  const { subscription } = props;
  if (props.connectStoreHref)
    return (
      <Card title={t('subscription.planTitle')}>
        <NoStoreNotice connectStoreHref={props.connectStoreHref} linkComponent={props.linkComponent} />
      </Card>
    );
  return (
    <LoadableView
      loadable={subscription}
      loading={<LoadingScreen layout="inline" label={t('subscription.loading')} />}
      onRetry={props.onRetry}
    >
      {(state) =>
        state.subscription === null || hasEnded(state.subscription, props.now) ? (
          <NoPlan {...props} state={state} />
        ) : (
          <div className={sections}>
            <PlanCard {...props} subscription={state.subscription} />
            <PaymentCard {...props} subscription={state.subscription} />
          </div>
        )
      }
    </LoadableView>
  );
}

type WithSubscription = Omit<SubscriptionSectionProps, 'subscription'> & { subscription: Subscription };

function PlanCard({ subscription, now, changePlanHref, canChangePlan, linkComponent: RouterLink = PlainLink }: WithSubscription) {
  const { t } = useTranslation('account');
  const daysLeft = trialDaysLeft(subscription, now);
  const price = t(subscription.billing === 'monthly' ? 'billing.perMonth' : 'billing.perYear', {
    price: formatPriceCents(subscription.priceCents),
  });
  const items: StatListItem[] = [
    { key: 'plan', label: t('subscription.plan'), value: t(`plans.${subscription.planId}`) },
    { key: 'price', label: t('subscription.price'), value: price },
    { key: 'memberSince', label: t('subscription.memberSince'), value: formatDate(subscription.memberSince) },
  ];
  if (daysLeft !== null && subscription.trialEndsAt) {
    items.push({ key: 'trialEnds', label: t('subscription.trialEnds'), value: formatDate(subscription.trialEndsAt) });
  } else if (subscription.renewalDate) {
    items.push({ key: 'renewal', label: t('subscription.renewalDate'), value: formatDate(subscription.renewalDate) });
  }
  if (subscription.cancellationDate) {
    items.push({ key: 'cancellation', label: t('subscription.cancellationDate'), value: formatDate(subscription.cancellationDate) });
  }
  let note: ReactNode = null;
  if (subscription.status === 'canceled') {
    note = <Banner tone="warning" message={t('subscription.canceledNote', { date: formatDate(subscription.cancellationDate) })} />;
  } else if (daysLeft !== null) {
    note = (
      <Banner
        tone="info"
        message={t('subscription.trialNote', {
          count: daysLeft,
          date: formatDate(subscription.trialEndsAt),
          amount: formatPriceCents(subscription.nextPayment?.amountCents ?? subscription.priceCents),
        })}
      />
    );
  }
  return (
    <Card
      title={
        <span className={heading}>
          {t('subscription.planTitle')}
          {daysLeft !== null ? (
            <Badge tone="info">{t('subscription.trialBadge')}</Badge>
          ) : (
            <StatusBadge kind="subscription" status={subscription.status} />
          )}
        </span>
      }
    >
      {note}
      <StatList items={items} />
      {canChangePlan ? (
        <div className={actions}>
          <Link asChild>
            <RouterLink href={changePlanHref}>{t('subscription.changePlan')}</RouterLink>
          </Link>
        </div>
      ) : null}
    </Card>
  );
}

function PaymentCard({ subscription, paymentMethodHref, onCancel, linkComponent: RouterLink = PlainLink }: WithSubscription) {
  const { t } = useTranslation('account');
  const { cardName, cardExpiry } = useCardTexts();
  const card = subscription.paymentMethod;
  const items: StatListItem[] = [
    {
      key: 'nextPayment',
      label: t('subscription.nextPayment'),
      value: subscription.nextPayment
        ? t('subscription.nextPaymentValue', {
            amount: formatPriceCents(subscription.nextPayment.amountCents),
            date: formatDate(subscription.nextPayment.date),
          })
        : t('subscription.noNextPayment'),
    },
    {
      key: 'paymentMethod',
      label: t('subscription.paymentMethod'),
      value: card ? `${cardName(card)} · ${t('subscription.cardExpiry', { expiry: cardExpiry(card) })}` : t('subscription.noPaymentMethod'),
    },
  ];
  const pastDue = subscription.status === 'past_due';
  if (pastDue) {
    items.push(
      { key: 'nextAttempt', label: t('subscription.nextInvoiceAttempt'), value: formatDate(subscription.nextInvoiceAttempt) },
      { key: 'attemptsLeft', label: t('subscription.invoiceAttemptsLeft'), value: String(subscription.invoiceAttemptsLeft ?? 0) },
    );
  }
  const cancelable = onCancel !== null && subscription.status !== 'canceled';
  return (
    <Card title={t('subscription.paymentTitle')}>
      {pastDue ? (
        <Banner
          tone="danger"
          message={t('subscription.pastDueNote', {
            count: subscription.invoiceAttemptsLeft ?? 0,
            date: formatDate(subscription.nextInvoiceAttempt),
          })}
        />
      ) : null}
      <StatList items={items} />
      {paymentMethodHref || cancelable ? (
        <div className={actions}>
          {paymentMethodHref ? (
            <Link asChild>
              <RouterLink href={paymentMethodHref}>{t('subscription.managePaymentMethod')}</RouterLink>
            </Link>
          ) : null}
          {cancelable ? (
            <Button variant="outline" size="sm" onClick={onCancel}>
              {t('subscription.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function NoPlan({
  state,
  trialDays,
  changePlanHref,
  canChangePlan,
  linkComponent: RouterLink = PlainLink,
}: SubscriptionSectionProps & { state: SubscriptionState }) {
  const { t } = useTranslation('account');
  const ended = state.subscription?.cancellationDate;
  const description = state.trialAvailable
    ? t('subscription.none.trialDescription', { days: trialDays })
    : ended
      ? t('subscription.none.endedDescription', { date: formatDate(ended) })
      : t('subscription.none.description');
  return (
    <Card title={t('subscription.planTitle')}>
      <EmptyState
        title={t('subscription.none.title')}
        description={description}
        action={
          <RouterLink href={changePlanHref} className={button({ variant: canChangePlan ? 'solid' : 'outline', size: 'sm' })}>
            {canChangePlan ? t('subscription.none.choose') : t('subscription.none.see')}
          </RouterLink>
        }
      />
    </Card>
  );
}
