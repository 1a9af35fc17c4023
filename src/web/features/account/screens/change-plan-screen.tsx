import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { formatCount, formatDate } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { LEGAL_LINKS } from '../../../lib/legal-links';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Checkbox } from '../../../ui/checkbox';
import { Link, type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { LoadingScreen } from '../../../ui/loading-screen';
import { PageHeader } from '../../../ui/page-header';
import { SegmentedControl } from '../../../ui/segmented-control';
import type { CardDetails } from '../api/card-tokenizer';
import { type Billing, formatPriceCents, type PlanCatalog, type PlanChange, type PlanId, periodPriceCents } from '../billing';
import { planTermsSchema } from '../forms/card-form';
import { CardFields, type CardFormError, useCardForm, useFocusRefusedField } from './card-fields';
import { FormAlert } from './form-alert';
import { NoStoreNotice } from './no-store-notice';
import { FeatureComparison, PlanOptions } from './plan-options';

/** The plan a store has, as the screen marks it. */
export interface CurrentPlan {
  planId: PlanId;
  billing: Billing;
}

export type ChangePlanMode =
  /** No plan, or it ended: choosing one subscribes, with a card. `trialEndsAt` is null when the trial was used. */
  | { kind: 'subscribe'; trialEndsAt: string | null }
  /** A plan to change, and what the chosen plan and billing do today. */
  | { kind: 'change'; current: CurrentPlan; change: PlanChange }
  /** The role may look at the plans but not choose. */
  | { kind: 'readOnly'; current: CurrentPlan | null };

export interface ChangePlanData {
  catalog: PlanCatalog;
  mode: ChangePlanMode;
}

export interface ChangePlanScreenProps {
  data: Loadable<ChangePlanData>;
  onRetry: () => void;
  billing: Billing;
  onBillingChange: (billing: Billing) => void;
  selectedPlanId: PlanId | null;
  onSelectPlan: (planId: PlanId) => void;
  /** From the store's orders of the last 30 days. */
  recommendation: { planId: PlanId; orders: number } | null;
  /** Today in the store's country (YYYY-MM-DD), for the card's expiry. */
  today: string;
  saving?: boolean;
  /** The processor's or our server's refusal. */
  error?: CardFormError | null;
  onSubscribe: (card: CardDetails) => void;
  onChangePlan: () => void;
  accountHref: string;
  /** The account has no store yet (no plan to choose for): where to connect one. */
  connectStoreHref?: string | null;
  linkComponent?: LinkComponent;
}

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '6' }),
  toolbar: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' }),
  recommendation: css({ textStyle: 'note', color: 'fg.muted' }),
  note: css({ textStyle: 'note', color: 'fg.muted' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '2xl' }),
  summary: css({
    p: '4',
    borderRadius: 'md',
    bg: 'bg.canvas',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'border.default',
    fontSize: 'sm',
    color: 'fg.default',
  }),
  summaryTitle: css({ fontWeight: 'semibold', mb: '1' }),
  actions: css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' }),
  readOnly: css({ textStyle: 'note', color: 'fg.muted', fontWeight: 'medium' }),
};

/** SPEC §2 Subscribe / change plan: billing, plans by order range, comparison, terms, and what confirming does. */
export function ChangePlanScreen(props: ChangePlanScreenProps) {
  const { t } = useTranslation('account');
  const { t: tCommon } = useTranslation('common');
  const { data, accountHref, linkComponent: RouterLink = PlainLink } = props;
  // Without a store, the plan to come is a first one.
  const subscribing = Boolean(props.connectStoreHref) || (data.status === 'success' && data.data.mode.kind === 'subscribe');
  const title = subscribing ? t('changePlan.titleSubscribe') : t('changePlan.titleChange');
  return (
    <div className={styles.root}>
      <Breadcrumbs items={[{ href: accountHref, label: tCommon('pageTitle.account') }, { label: title }]} linkComponent={RouterLink} />
      {props.connectStoreHref ? (
        <>
          <PageHeader title={title} />
          <NoStoreNotice connectStoreHref={props.connectStoreHref} linkComponent={RouterLink} />
        </>
      ) : (
        // Loaded, the plans draw the header themselves, with a description of the choice.
        <LoadableView
          loadable={data}
          loading={
            <>
              <PageHeader title={title} />
              <LoadingScreen layout="inline" label={t('changePlan.loading')} />
            </>
          }
          onRetry={props.onRetry}
          error={(failed) => (
            <>
              <PageHeader title={title} />
              {failed}
            </>
          )}
        >
          {(loaded) => <Plans {...props} title={title} catalog={loaded.catalog} mode={loaded.mode} />}
        </LoadableView>
      )}
    </div>
  );
}

type PlansProps = ChangePlanScreenProps & ChangePlanData & { title: string };

function Plans(props: PlansProps) {
  const { t } = useTranslation('account');
  const { catalog, mode, billing, onBillingChange, selectedPlanId, onSelectPlan, recommendation, title } = props;
  const current = mode.kind === 'subscribe' ? null : mode.current;
  const recommended = recommendation?.planId ?? null;
  const description =
    mode.kind === 'subscribe'
      ? mode.trialEndsAt
        ? t('changePlan.descriptionTrial', { days: catalog.trialDays })
        : t('changePlan.descriptionSubscribe')
      : current
        ? t('changePlan.descriptionChange', { plan: t(`plans.${current.planId}`), billing: t(`billing.${current.billing}`).toLowerCase() })
        : t('changePlan.descriptionSubscribe');
  return (
    <>
      <PageHeader title={title} description={description} />
      {mode.kind === 'readOnly' ? <p className={styles.readOnly}>{t('changePlan.readOnly')}</p> : null}
      <div className={styles.toolbar}>
        <SegmentedControl
          label={t('changePlan.billingLabel')}
          options={[
            { value: 'monthly', label: t('changePlan.monthly') },
            { value: 'yearly', label: t('changePlan.yearly') },
          ]}
          value={billing}
          onValueChange={onBillingChange}
        />
        {recommendation ? (
          <p className={styles.recommendation}>
            {t('changePlan.recommendation', { plan: t(`plans.${recommendation.planId}`), count: formatCount(recommendation.orders) })}
          </p>
        ) : null}
      </div>
      <PlanOptions
        plans={catalog.plans}
        billing={billing}
        selected={selectedPlanId}
        onSelect={onSelectPlan}
        recommended={recommended}
        current={current}
        disabled={mode.kind === 'readOnly'}
      />
      <Card title={t('changePlan.comparison')}>
        <FeatureComparison plans={catalog.plans} features={catalog.features} caption={t('changePlan.comparison')} />
      </Card>
      {mode.kind === 'subscribe' ? <SubscribeForm {...props} mode={mode} /> : null}
      {mode.kind === 'change' ? <ChangeForm {...props} mode={mode} /> : null}
      <p className={styles.note}>
        <Link href={catalog.contactUrl} target="_blank" rel="noopener noreferrer">
          {t('changePlan.contact')}
        </Link>
      </p>
    </>
  );
}

/** What confirming does, before the button. */
function Summary({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.summary} role="status">
      <p className={styles.summaryTitle}>{t('changePlan.summaryTitle')}</p>
      <p>{children}</p>
    </div>
  );
}

/** "Acepto los términos del servicio y la política de privacidad", each a link, in either form (both have a `termsAccepted` field). */
function TermsCheckbox<Values extends FieldValues & { termsAccepted: boolean }, Output>({
  control,
  disabled,
}: {
  control: Control<Values, unknown, Output>;
  disabled: boolean;
}) {
  const { t } = useTranslation('account');
  return (
    <Controller
      control={control}
      name={'termsAccepted' as FieldPath<Values>}
      render={({ field, fieldState }) => (
        <Checkbox
          name={field.name}
          label={<Trans t={t} i18nKey="changePlan.terms" components={LEGAL_LINKS} />}
          checked={field.value}
          onCheckedChange={field.onChange}
          error={fieldState.error}
          disabled={disabled}
          required
        />
      )}
    />
  );
}

function Actions({ accountHref, linkComponent: RouterLink = PlainLink, submit }: PlansProps & { submit: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.actions}>
      <RouterLink href={accountHref} className={button({ variant: 'outline' })}>
        {t('changePlan.back')}
      </RouterLink>
      {submit}
    </div>
  );
}

function SubscribeForm(props: PlansProps & { mode: Extract<ChangePlanMode, { kind: 'subscribe' }> }) {
  const { t } = useTranslation('account');
  const { catalog, mode, billing, selectedPlanId, today, saving = false, error, onSubscribe } = props;
  const cardForm = useCardForm(today, { requireTerms: true });
  useFocusRefusedField(cardForm, error);
  const plan = catalog.plans.find((candidate) => candidate.id === selectedPlanId);
  const price = plan ? formatPriceCents(periodPriceCents(plan, billing)) : '';
  const period = billing === 'monthly' ? t('changePlan.summary.everyMonth') : t('changePlan.summary.everyYear');
  return (
    <Card title={t('changePlan.cardTitle')} description={t('changePlan.cardDescription')}>
      <form className={styles.form} noValidate onSubmit={cardForm.handleSubmit(onSubscribe)} aria-label={t('changePlan.cardTitle')}>
        <FormAlert error={error?.message ? { message: error.message, fieldErrors: error.fieldErrors } : null} />
        <CardFields form={cardForm} error={error} disabled={saving} />
        {plan ? (
          <Summary>
            {mode.trialEndsAt
              ? t('changePlan.summary.trial', { days: catalog.trialDays, date: formatDate(mode.trialEndsAt), price, period })
              : t('changePlan.summary.chargeNow', { price, period })}
          </Summary>
        ) : null}
        <TermsCheckbox control={cardForm.control} disabled={saving} />
        <Actions
          {...props}
          submit={
            <Button type="submit" loading={saving} disabled={!plan}>
              {saving ? t('changePlan.saving') : mode.trialEndsAt ? t('changePlan.startTrial') : t('changePlan.subscribe')}
            </Button>
          }
        />
      </form>
    </Card>
  );
}

function ChangeForm(props: PlansProps & { mode: Extract<ChangePlanMode, { kind: 'change' }> }) {
  const { t } = useTranslation('account');
  const { mode, billing, saving = false, error, onChangePlan } = props;
  const { control, handleSubmit } = useZodForm(planTermsSchema, { textGroup: 'account', defaultValues: { termsAccepted: false } });
  const { change } = mode;
  const price = (cents: number) => t(billing === 'monthly' ? 'billing.perMonth' : 'billing.perYear', { price: formatPriceCents(cents) });
  let summary: string;
  switch (change.kind) {
    case 'current':
      summary = t('changePlan.summary.current');
      break;
    case 'trial':
      summary = t('changePlan.summary.onTrial', {
        plan: t(`plans.${props.selectedPlanId ?? mode.current.planId}`),
        date: formatDate(change.startsAt),
        price: price(change.priceCents),
      });
      break;
    case 'upgrade': {
      const { chargeToday, periodEnd } = change;
      const next = price(change.priceCents);
      if (chargeToday.status === 'loading') summary = t('changePlan.summary.upgradeCalculating', { price: next });
      else if (chargeToday.status === 'unavailable') summary = t('changePlan.summary.upgradeUnknown', { price: next });
      else {
        const charge = formatPriceCents(chargeToday.cents);
        summary = periodEnd
          ? t('changePlan.summary.upgrade', { charge, date: formatDate(periodEnd), price: next })
          : t('changePlan.summary.upgradeNoDate', { charge, price: next });
      }
      break;
    }
    case 'downgrade':
      summary = change.from
        ? t('changePlan.summary.downgrade', { date: formatDate(change.from), price: price(change.priceCents) })
        : t('changePlan.summary.downgradeNoDate', { price: price(change.priceCents) });
      break;
  }
  return (
    <Card>
      <form className={styles.form} noValidate onSubmit={handleSubmit(onChangePlan)} aria-label={t('changePlan.titleChange')}>
        <FormAlert error={error?.message ? { message: error.message, fieldErrors: {} } : null} />
        <Summary>{summary}</Summary>
        <TermsCheckbox control={control} disabled={saving} />
        <Actions
          {...props}
          submit={
            <Button
              type="submit"
              loading={saving}
              // The merchant confirms knowing today's charge, so not while it is still being asked.
              disabled={change.kind === 'current' || (change.kind === 'upgrade' && change.chargeToday.status === 'loading')}
            >
              {saving ? t('changePlan.saving') : t('changePlan.confirmChange')}
            </Button>
          }
        />
      </form>
    </Card>
  );
}
