import type Stripe from 'stripe';
import type { components } from '../../../shared/api/app.gen.ts';
import type { PaymentsClient } from '../../integrations/payments/client.ts';
import { CardError } from '../../integrations/payments/errors.ts';
import { INVOICE_ATTEMPTS } from '../../integrations/payments/types.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { type Billing, monthlyEquivalentCents, PLANS, type PlanId, priceCents, priceLookupKey, TRIAL_DAYS } from './plans.ts';
import {
  clearCancellation,
  lockedSubscriptionId,
  markDeletionWarned,
  recordCancellation,
  type SubscriptionMirror,
  type SubscriptionRow,
  saveSubscriptionMirror,
  storeOwnerOf,
  subscriptionRowOf,
  unmarkDeletionWarned,
} from './repository.ts';

type Subscription = components['schemas']['Subscription'];
type SubscriptionState = components['schemas']['SubscriptionState'];
type CancelReason = components['schemas']['CancelReason'];

export const STORE_DELETION_QUEUE = 'store-deletion';

/** What the card processor's answers turn into for the merchant (SPEC §5 and §8). */
export const billingMessages = {
  expiredCard: 'Tu tarjeta ha expirado.',
  incorrectCvc: 'El código de seguridad de tu tarjeta no es válido.',
  incorrectNumber: 'El número de tu tarjeta no es válido.',
  declined: 'Tu banco rechazó la tarjeta. Prueba con otra o comunícate con tu banco.',
  alreadySubscribed: 'Tu tienda ya tiene un plan: cámbialo desde Cuenta › Suscripción.',
  noSubscription: 'Tu tienda no tiene un plan activo.',
  ended: 'La suscripción de tu tienda terminó.',
  unavailable: 'No pudimos comunicarnos con el procesador de pagos. Inténtalo de nuevo en unos minutos.',
} as const;

/** Our cancellation reasons (SPEC §3, spelling kept) as the processor's feedback options. */
const PROCESSOR_FEEDBACK: Record<CancelReason, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback> = {
  'NO LONGER USE': 'unused',
  'NOT SATISFIED WITH FEATURES': 'missing_features',
  'TOO EXPENSINVE': 'too_expensive',
  'FOUND BETTER ALTERNATIVE': 'switched_service',
  'OTHER REASONS': 'other',
};

/** A declined card, in the merchant's words, with the field it concerns. */
export function cardRefusal(error: CardError): HttpError {
  const [message, field] =
    error.code === 'expired_card'
      ? [billingMessages.expiredCard, 'expiry']
      : error.code === 'incorrect_cvc' || error.code === 'invalid_cvc'
        ? [billingMessages.incorrectCvc, 'cvc']
        : error.code === 'incorrect_number' || error.code === 'invalid_number'
          ? [billingMessages.incorrectNumber, 'cardNumber']
          : [billingMessages.declined, 'cardNumber'];
  return new HttpError(422, error.code ?? 'card_declined', message, [{ field, message }]);
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The account page's view of a row (SPEC §3: active, canceled or past_due; a trial is active with its end). */
export function subscriptionOf(row: SubscriptionRow): Subscription {
  const canceled = row.status === 'canceled' || row.cancel_at !== null;
  const pastDue = row.status === 'past_due' && !canceled;
  const trialEndsAt = row.status === 'trialing' ? row.trial_ends_at : null;
  const renewal = canceled ? null : (trialEndsAt ?? row.current_period_end);
  return {
    status: canceled ? 'canceled' : pastDue ? 'past_due' : 'active',
    planId: row.plan_id,
    billing: row.billing,
    priceCents: row.price_cents,
    trialEndsAt: iso(trialEndsAt),
    memberSince: new Date(row.member_since).toISOString(),
    renewalDate: iso(renewal),
    cancellationDate: canceled ? iso(row.cancel_at ?? row.current_period_end) : null,
    nextPayment:
      canceled || row.next_payment_cents === null
        ? null
        : { amountCents: row.next_payment_cents, date: iso(pastDue ? row.next_invoice_attempt_at : renewal) ?? new Date().toISOString() },
    paymentMethod:
      row.card_last4 && row.card_brand && row.card_exp_month && row.card_exp_year
        ? {
            brand: row.card_brand,
            last4: row.card_last4,
            expMonth: row.card_exp_month,
            expYear: row.card_exp_year,
            country: row.card_country,
          }
        : null,
    nextInvoiceAttempt: pastDue ? iso(row.next_invoice_attempt_at) : null,
    invoiceAttemptsLeft: pastDue ? Math.max(0, INVOICE_ATTEMPTS - row.invoice_attempts) : null,
    cancelReason: row.cancel_reason,
  };
}

export async function subscriptionState(db: Queryable, storeId: number): Promise<SubscriptionState> {
  const row = await subscriptionRowOf(db, storeId);
  return { subscription: row ? subscriptionOf(row) : null, trialAvailable: !row };
}

/** Which plan and billing a processor price is, from its lookup key (`recompra_<plan>_<billing>`). */
function planOfPrice(price: Stripe.Price): { planId: PlanId; billing: Billing } | null {
  for (const plan of PLANS)
    for (const billing of ['monthly', 'yearly'] as const)
      if (price.lookup_key === priceLookupKey(plan.id, billing)) return { planId: plan.id, billing };
  return null;
}

const expanded = <T extends { id: string }>(value: string | T | null | undefined): T | null =>
  value && typeof value === 'object' ? value : null;

/**
 * The processor's subscription, as the row that mirrors it. Read whole each time (never patched from a
 * webhook's payload), so events arriving late, twice or out of order cannot leave an older state behind.
 */
function mirrorOf(subscription: Stripe.Subscription): SubscriptionMirror | null {
  const item = subscription.items.data[0];
  const plan = item ? planOfPrice(item.price) : null;
  if (!item || !plan) return null;
  const invoice = expanded(subscription.latest_invoice as string | Stripe.Invoice | null);
  const card = expanded(subscription.default_payment_method as string | Stripe.PaymentMethod | null)?.card ?? null;
  const status: SubscriptionRow['status'] =
    subscription.status === 'trialing'
      ? 'trialing'
      : subscription.status === 'active'
        ? 'active'
        : subscription.status === 'past_due' || subscription.status === 'unpaid' || subscription.status === 'incomplete'
          ? 'past_due'
          : 'canceled';
  const periodEnd = fromUnix(item.current_period_end);
  const openInvoice = invoice && invoice.status === 'open' ? invoice : null;
  return {
    customer_id: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    subscription_id: subscription.id,
    plan_id: plan.planId,
    billing: plan.billing,
    price_cents: item.price.unit_amount ?? priceCents(plan.planId, plan.billing),
    status,
    trial_ends_at: fromUnix(subscription.trial_end),
    current_period_end: periodEnd,
    cancel_at:
      fromUnix(subscription.cancel_at) ??
      (subscription.cancel_at_period_end ? periodEnd : null) ??
      (status === 'canceled' ? fromUnix(subscription.ended_at) : null),
    next_payment_cents: status === 'past_due' && openInvoice ? openInvoice.amount_due : (item.price.unit_amount ?? null),
    next_invoice_attempt_at: status === 'past_due' && openInvoice ? fromUnix(openInvoice.next_payment_attempt) : null,
    invoice_attempts: status === 'past_due' && openInvoice ? openInvoice.attempt_count : 0,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    card_exp_month: card?.exp_month ?? null,
    card_exp_year: card?.exp_year ?? null,
    card_country: card?.country ?? null,
  };
}

/** Writes the processor's subscription over the store's row (creating it on the first plan). */
async function saveMirror(db: Queryable, storeId: number, subscription: Stripe.Subscription): Promise<SubscriptionRow['status'] | null> {
  const mirror = mirrorOf(subscription);
  if (!mirror) return null;
  await saveSubscriptionMirror(db, storeId, mirror);
  // Every open tab of the store sees a payment, a renewal or a failure land (the webhook's, or another tab's).
  await publishLive(db, storeId, { topic: 'subscription' });
  return mirror.status;
}

/** Processor failures a merchant can act on become Spanish answers; the rest are the processor being away. */
async function atProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardError) throw cardRefusal(error);
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, 'payments_unavailable', billingMessages.unavailable);
  }
}

export interface BillingContext {
  db: Database;
  payments: PaymentsClient;
  /** The processor's price id for each plan and billing (by lookup key), created on first use. */
  priceId(planId: PlanId, billing: Billing): Promise<string>;
  /** The processor's test clock a new customer is created on: tests move its time; never set in production. */
  testClock?: (() => string | undefined) | undefined;
}

/** Prices by lookup key, ensured at the processor once per process. */
export function processorPrices(payments: PaymentsClient): BillingContext['priceId'] {
  let ensured: Promise<Map<string, string>> | null = null;
  return async (planId, billing) => {
    ensured ??= payments
      .ensurePrices(
        PLANS.flatMap((plan) =>
          (['monthly', 'yearly'] as const).map((each) => ({
            lookupKey: priceLookupKey(plan.id, each),
            productName: `Recompra ${plan.id}`,
            unitAmountCents: priceCents(plan.id, each),
            currency: 'usd' as const,
            interval: each === 'monthly' ? ('month' as const) : ('year' as const),
          })),
        ),
      )
      .catch((error: unknown) => {
        ensured = null;
        throw error;
      });
    const id = (await ensured).get(priceLookupKey(planId, billing));
    if (!id) throw new Error(`no processor price for ${planId} ${billing}`);
    return id;
  };
}

interface Owner {
  email: string;
  name: string;
  storeName: string;
}

async function ownerOf(db: Queryable, storeId: number, fallback: { email: string; name: string }): Promise<Owner> {
  const row = await storeOwnerOf(db, storeId);
  return { email: row?.email ?? fallback.email, name: row?.name ?? fallback.name, storeName: row?.store_name ?? '' };
}

/**
 * Starts the store's plan with the card the browser tokenised: its first plan opens the free trial
 * (the card is checked now and charged when the trial ends), a later one is charged at once.
 */
export async function subscribe(
  billing: BillingContext,
  storeId: number,
  caller: { email: string; name: string },
  choice: { planId: PlanId; billing: Billing; paymentMethodId: string },
): Promise<SubscriptionState> {
  const { db, payments } = billing;
  const existing = await subscriptionRowOf(db, storeId);
  if (existing && existing.status !== 'canceled') throw new HttpError(409, 'already_subscribed', billingMessages.alreadySubscribed);
  const owner = await ownerOf(db, storeId, caller);
  const priceId = await atProcessor(() => billing.priceId(choice.planId, choice.billing));
  const customerId =
    existing?.customer_id ??
    (await atProcessor(() =>
      payments.createCustomer({
        email: owner.email,
        name: owner.storeName || owner.name,
        metadata: { storeId: String(storeId) },
        testClock: billing.testClock?.(),
      }),
    ));
  await atProcessor(() => payments.saveCard(customerId, choice.paymentMethodId));
  const subscription = await atProcessor(() =>
    payments.startSubscription({
      customerId,
      priceId,
      paymentMethodId: choice.paymentMethodId,
      trialDays: existing ? 0 : TRIAL_DAYS,
      // The same card and plan asked twice (a double click) start one subscription.
      idempotencyKey: `subscribe:${storeId}:${choice.paymentMethodId}:${choice.planId}:${choice.billing}`,
    }),
  );
  if (subscription.status === 'incomplete') {
    // The first charge was declined: nothing is started, and the processor forgets the attempt.
    await atProcessor(() => payments.cancelNow(subscription.id));
    throw cardRefusal(new CardError('Stripe: the first charge was declined', 'card_declined', null, null));
  }
  await saveMirror(db, storeId, await atProcessor(() => payments.subscription(subscription.id)));
  return subscriptionState(db, storeId);
}

async function currentRow(db: Queryable, storeId: number): Promise<SubscriptionRow & { subscription_id: string }> {
  const row = await subscriptionRowOf(db, storeId);
  if (!row || !row.subscription_id) throw new HttpError(404, 'no_subscription', billingMessages.noSubscription);
  if (row.status === 'canceled') throw new HttpError(409, 'subscription_ended', billingMessages.ended);
  return row as SubscriptionRow & { subscription_id: string };
}

/**
 * A dearer plan (per month) is charged at once for the rest of the period; a cheaper one changes the
 * price from the next renewal with nothing charged or refunded now. On trial, nothing is charged either way.
 * On a canceled subscription whose period has not ended, it also undoes the cancellation.
 */
export async function changePlan(
  billing: BillingContext,
  storeId: number,
  choice: { planId: PlanId; billing: Billing; prorationDate?: string | undefined },
): Promise<SubscriptionState> {
  const row = await currentRow(billing.db, storeId);
  if (row.cancel_at !== null) {
    // Choosing a plan again before the end of a canceled period keeps the store: the cancellation is undone.
    await atProcessor(() => billing.payments.resume(row.subscription_id));
    await clearCancellation(billing.db, storeId);
  }
  if (row.plan_id === choice.planId && row.billing === choice.billing) {
    await refreshSubscription(billing, storeId);
    return subscriptionState(billing.db, storeId);
  }
  const priceId = await atProcessor(() => billing.priceId(choice.planId, choice.billing));
  await atProcessor(() =>
    billing.payments.changePrice(row.subscription_id, priceId, {
      chargeNow: chargesToday(row, choice),
      prorationDate: recentProrationDate(choice.prorationDate),
    }),
  );
  await refreshSubscription(billing, storeId);
  return subscriptionState(billing.db, storeId);
}

/** A dearer plan (per month) outside the trial is charged today, prorated; anything else waits for the renewal. */
const chargesToday = (row: SubscriptionRow, choice: { planId: PlanId; billing: Billing }) =>
  row.status !== 'trialing' && monthlyEquivalentCents(choice.planId, choice.billing) > monthlyEquivalentCents(row.plan_id, row.billing);

/** How long a preview's charge holds: after that the change is prorated as of its own moment. */
const PREVIEW_HOLDS_MS = 60 * 60 * 1000;

/** The preview's moment, in the processor's seconds, when it is recent enough to repeat. */
function recentProrationDate(prorationDate: string | undefined): number | undefined {
  if (prorationDate === undefined) return undefined;
  const at = Date.parse(prorationDate);
  const age = Date.now() - at;
  return age >= 0 && age <= PREVIEW_HOLDS_MS ? Math.floor(at / 1000) : undefined;
}

/** What changing to `choice` charges today: the processor's own proration preview for a dearer plan, else nothing. */
export async function previewPlanChange(
  billing: BillingContext,
  storeId: number,
  choice: { planId: PlanId; billing: Billing },
): Promise<{ chargeTodayCents: number; prorationDate: string | null }> {
  const row = await currentRow(billing.db, storeId);
  const samePlan = row.plan_id === choice.planId && row.billing === choice.billing;
  if (samePlan || !chargesToday(row, choice)) return { chargeTodayCents: 0, prorationDate: null };
  const priceId = await atProcessor(() => billing.priceId(choice.planId, choice.billing));
  const preview = await atProcessor(() => billing.payments.previewPriceChange(row.subscription_id, priceId));
  return { chargeTodayCents: preview.amountDueCents, prorationDate: new Date(preview.prorationDate * 1000).toISOString() };
}

/**
 * The store's subscription ends with its period (or its trial), and the store is deleted then. The
 * owner is told by email now, with the date.
 */
export async function cancelSubscription(
  billing: BillingContext,
  storeId: number,
  cancellation: { reason: CancelReason; details?: string | undefined },
  warn: (owner: Owner, deletionDate: Date) => Promise<void>,
): Promise<SubscriptionState> {
  const row = await currentRow(billing.db, storeId);
  const details = cancellation.details?.trim() || undefined;
  await atProcessor(() =>
    billing.payments.cancelAtPeriodEnd(row.subscription_id, {
      reason: details ? `${cancellation.reason}: ${details}` : cancellation.reason,
      feedback: PROCESSOR_FEEDBACK[cancellation.reason],
    }),
  );
  await recordCancellation(billing.db, storeId, cancellation.reason, details ?? null);
  await refreshSubscription(billing, storeId);
  const after = await subscriptionRowOf(billing.db, storeId);
  const deletionDate = after?.cancel_at ?? after?.current_period_end;
  // One warning per cancellation, however many times it is sent (a double click, a retried request):
  // the first to mark it sends it. Choosing a plan again clears the mark.
  if (deletionDate && (await markDeletionWarned(billing.db, storeId))) {
    try {
      await warn(await ownerOf(billing.db, storeId, { email: '', name: '' }), new Date(deletionDate));
    } catch (error) {
      await unmarkDeletionWarned(billing.db, storeId);
      throw error;
    }
  }
  return subscriptionState(billing.db, storeId);
}

/** A new card for the store's subscription; a past-due invoice is paid with it at once. */
export async function replaceCard(billing: BillingContext, storeId: number, paymentMethodId: string): Promise<SubscriptionState> {
  const row = await currentRow(billing.db, storeId);
  if (!row.customer_id) throw new HttpError(404, 'no_subscription', billingMessages.noSubscription);
  const customerId = row.customer_id;
  await atProcessor(() => billing.payments.saveCard(customerId, paymentMethodId));
  await atProcessor(() => billing.payments.useCard(row.subscription_id, paymentMethodId));
  if (row.status === 'past_due') {
    // A card that still fails leaves the invoice waiting for its next try; the new card is kept either way.
    await atProcessor(() => billing.payments.retryOpenInvoice(row.subscription_id)).catch((error: unknown) => {
      if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
    });
  }
  await refreshSubscription(billing, storeId);
  return subscriptionState(billing.db, storeId);
}

/**
 * Reads the store's subscription from the processor and writes it down, one writer at a time per store
 * (the row stays locked while the processor answers, so a slower, older read never lands last). A
 * subscription that ended queues the store's deletion.
 */
export async function refreshSubscription(billing: BillingContext, storeId: number): Promise<void> {
  await billing.db.transaction(async (tx) => {
    const subscriptionId = await lockedSubscriptionId(tx, storeId);
    if (!subscriptionId) return;
    const status = await saveMirror(tx, storeId, await atProcessor(() => billing.payments.subscription(subscriptionId)));
    if (status === 'canceled') await enqueue(tx, STORE_DELETION_QUEUE, { storeId }, { singletonKey: `store-deletion:${storeId}` });
  });
}
