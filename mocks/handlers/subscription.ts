import { delay, HttpResponse, http } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { serverError } from '../fixtures/session';
import {
  type CardRefusalCode,
  cardRefusals,
  ordersCounts,
  planCatalog,
  processorUnavailableError,
  subscriptionRequiredError,
  subscriptionStates,
  trialSubscription,
} from '../fixtures/subscription';
import { appHttp, backendHttp } from './clients';
import { mockState } from './mock-state';

type SubscriptionState = components['schemas']['SubscriptionState'];
type Subscription = components['schemas']['Subscription'];
type PlanId = components['schemas']['PlanId'];
type Billing = components['schemas']['Billing'];
type OrdersCount = { count: number; lastThirtyDays: number };

const fails = () => Response.json(serverError, { status: 500 });

// The processor's sandbox (`POST {apiBase}/v1/payment_methods`, same origin in the fixtures), as Stripe answers it.

/** Test card numbers the issuer refuses later, when our server sets the card up: the id carries why. */
const REFUSED_LATER: Record<string, CardRefusalCode> = {
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000002': 'card_declined',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const cardError = (code: string, param: string) =>
  HttpResponse.json({ error: { type: 'card_error', code, param, message: code } }, { status: 402 });

/** The processor's answer to a card: a `pm_…` id, or a refusal of a number that fails its checksum. */
async function tokenize({ request }: { request: Request }): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  const number = (form.get('card[number]') ?? '').replace(/\D/g, '');
  if (!/^\d{12,19}$/.test(number)) return cardError('invalid_number', 'number');
  if (!passesLuhn(number)) return cardError('incorrect_number', 'number');
  if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? '')) return cardError('invalid_cvc', 'cvc');
  const refusal = REFUSED_LATER[number];
  return HttpResponse.json({
    id: refusal ? `pm_sandbox_${refusal}` : `pm_sandbox_${number.slice(-4)}`,
    object: 'payment_method',
    card: {
      brand: number.startsWith('5') ? 'mastercard' : 'visa',
      last4: number.slice(-4),
      exp_month: Number(form.get('card[exp_month]')),
      exp_year: Number(form.get('card[exp_year]')),
      country: form.get('billing_details[address][country]'),
    },
  });
}

/** `POST /v1/payment_methods`: a card becomes a `pm_…` id; a number that fails its checksum is refused here already. */
export const tokenizeCardAnswer = () => http.post('/v1/payment_methods', tokenize);

/** The processor refuses every card with `code` (for a field) when it is tokenised. */
export const tokenizeCardRefused = (code: string, param = 'number') => http.post('/v1/payment_methods', () => cardError(code, param));

/** The processor does not answer. */
export const tokenizeCardUnavailable = () => http.post('/v1/payment_methods', () => HttpResponse.error());

/** The refusal our server answers for a tokenised card the issuer will not take, if any. */
function refusalOf(paymentMethodId: string) {
  const code = paymentMethodId.replace(/^pm_sandbox_/, '') as CardRefusalCode;
  return cardRefusals[code] ?? null;
}

/** The subscription as it stands after a plan or billing change. */
function withPlan(subscription: Subscription, planId: PlanId, billing: Billing): Subscription {
  const plan = planCatalog.plans.find((candidate) => candidate.id === planId)!;
  const priceCents = billing === 'monthly' ? plan.monthlyPriceCents : plan.yearlyPriceCents;
  return {
    ...subscription,
    planId,
    billing,
    priceCents,
    nextPayment: subscription.nextPayment ? { ...subscription.nextPayment, amountCents: priceCents } : null,
  };
}

/**
 * What the processor's preview charges today for a change: a dearer plan (per month) pays the difference for
 * what is left of the period, by the second; anything else (or the trial) charges nothing.
 */
function previewOf(subscription: Subscription | null, planId: PlanId, billing: Billing, now: number) {
  const nothing = { chargeTodayCents: 0, prorationDate: null };
  if (!subscription?.renewalDate || (subscription.trialEndsAt && Date.parse(subscription.trialEndsAt) > now)) return nothing;
  const months = { monthly: 1, yearly: 12 };
  const next = withPlan(subscription, planId, billing);
  const difference = next.priceCents / months[billing] - subscription.priceCents / months[subscription.billing];
  if (difference <= 0) return nothing;
  const end = Date.parse(subscription.renewalDate);
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - months[subscription.billing]);
  const left = Math.max(0, end - now) / (end - start.getTime());
  return { chargeTodayCents: Math.round(difference * months[subscription.billing] * left), prorationDate: new Date(now).toISOString() };
}

export type BillingCall =
  | 'plans'
  | 'subscription'
  | 'ordersCount'
  | 'planChangePreview'
  | 'subscribe'
  | 'changePlan'
  | 'cancel'
  | 'paymentDetails'
  | 'tokenize';

export interface BillingStoreOptions {
  /** The store's subscription to start with; an active monthly one by default. */
  state?: SubscriptionState;
  ordersCount?: OrdersCount;
  /** Calls that fail with a server error (the processor's: it does not answer). */
  failing?: readonly BillingCall[];
  /** Calls that never answer (loading and saving states). */
  pending?: readonly BillingCall[];
  /** Calls our server answers 502: the processor did not answer it. */
  unavailable?: readonly ('subscribe' | 'changePlan' | 'cancel' | 'paymentDetails')[];
}

/**
 * A store's subscription answering every billing call: subscribing, changing plan, canceling and a new
 * card change what the next read answers, as the server does. Cards go through the processor's mock.
 */
export function billingStore({
  state: initial = subscriptionStates.activeMonthly,
  ordersCount = ordersCounts.growing,
  failing = [],
  pending = [],
  unavailable = [],
}: BillingStoreOptions = {}) {
  const standing = mockState<SubscriptionState>(() => initial);
  /** Waits forever, fails or is unavailable as the options say; otherwise null and the call answers. */
  const hold = async (call: BillingCall): Promise<Response | null> => {
    if (pending.includes(call)) await delay('infinite');
    if (failing.includes(call)) return fails();
    if ((unavailable as readonly string[]).includes(call)) return Response.json(processorUnavailableError, { status: 502 });
    return null;
  };
  return [
    appHttp.get('/private/plans', async ({ response }) => (await hold('plans')) ?? response(200).json(planCatalog)),
    appHttp.get('/private/subscription', async ({ response }) => (await hold('subscription')) ?? response(200).json(standing.current)),
    appHttp.get('/private/stores/{id}/ordersCount', async ({ response }) => (await hold('ordersCount')) ?? response(200).json(ordersCount)),
    appHttp.get('/private/subscription/plan-change-preview', async ({ request, response }) => {
      const held = await hold('planChangePreview');
      if (held) return response.untyped(held);
      const query = new URL(request.url).searchParams;
      const planId = query.get('planId') as PlanId;
      const billing = query.get('billing') as Billing;
      return response(200).json(previewOf(standing.current.subscription, planId, billing, Date.now()));
    }),
    appHttp.post('/private/subscription', async ({ request, response }) => {
      const held = await hold('subscribe');
      if (held) return response.untyped(held);
      const body = await request.json();
      const refusal = refusalOf(body.paymentMethodId);
      if (refusal) return response(422).json(refusal);
      const started = standing.current.trialAvailable
        ? trialSubscription
        : { ...trialSubscription, trialEndsAt: null, memberSince: '2026-03-15T15:00:00.000Z', renewalDate: '2026-04-15T15:00:00.000Z' };
      standing.current = { subscription: withPlan(started, body.planId, body.billing), trialAvailable: false };
      return response(201).json(standing.current);
    }),
    appHttp.patch('/private/subscription', async ({ request, response }) => {
      const held = await hold('changePlan');
      if (held) return response.untyped(held);
      const body = await request.json();
      if (!standing.current.subscription)
        return response(404).json({ message: 'Tu tienda no tiene un plan activo.', code: 'no_subscription' });
      standing.current = { ...standing.current, subscription: withPlan(standing.current.subscription, body.planId, body.billing) };
      return response(200).json(standing.current);
    }),
    appHttp.delete('/private/subscription', async ({ request, response }) => {
      const held = await hold('cancel');
      if (held) return response.untyped(held);
      const body = await request.json();
      const current = standing.current.subscription;
      if (!current) return response(404).json({ message: 'Tu tienda no tiene un plan activo.', code: 'no_subscription' });
      standing.current = {
        ...standing.current,
        subscription: {
          ...current,
          status: 'canceled',
          cancellationDate: current.renewalDate ?? current.cancellationDate,
          renewalDate: null,
          nextPayment: null,
          nextInvoiceAttempt: null,
          invoiceAttemptsLeft: null,
          cancelReason: body.reason,
        },
      };
      return response(200).json(standing.current);
    }),
    appHttp.patch('/private/me/payment_details', async ({ request, response }) => {
      const held = await hold('paymentDetails');
      if (held) return response.untyped(held);
      const { paymentMethodId } = await request.json();
      const refusal = refusalOf(paymentMethodId);
      if (refusal) return response(422).json(refusal);
      if (!standing.current.subscription)
        return response(404).json({ message: 'Tu tienda no tiene un plan activo.', code: 'no_subscription' });
      const last4 = paymentMethodId.slice(-4);
      standing.current = {
        ...standing.current,
        subscription: {
          ...standing.current.subscription,
          status: standing.current.subscription.status === 'past_due' ? 'active' : standing.current.subscription.status,
          nextInvoiceAttempt: null,
          invoiceAttemptsLeft: null,
          paymentMethod: { brand: 'visa', last4, expMonth: 12, expYear: 2030, country: 'CL' },
        },
      };
      return response(200).json(standing.current);
    }),
    http.post('/v1/payment_methods', async (info) => ((await hold('tokenize')) ? HttpResponse.error() : tokenize(info))),
  ];
}

/**
 * Every call the contract marks `x-requires-plan` answers 402, as for a store with neither plan nor
 * trial: put these before a store's handlers.
 */
export function planRequired() {
  const refuse = () => Response.json(subscriptionRequiredError, { status: 402 });
  return [
    backendHttp.get('/stores/{id}/stats', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/statsInRange', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/stats/table', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/stats/table/xlsx', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/productTypes', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/segments/stats', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats/table', ({ response }) => response.untyped(refuse())),
    backendHttp.get('/stores/{id}/segments/{segmentId}/stats/table/xlsx', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/stats/charts/acquisitionCost', ({ response }) => response.untyped(refuse())),
    appHttp.post('/private/stores/{id}/monthlyInversion', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/segments', ({ response }) => response.untyped(refuse())),
    appHttp.post('/private/stores/{id}/segments', ({ response }) => response.untyped(refuse())),
    appHttp.post('/private/stores/{id}/segments/count', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/segments/{segmentId}', ({ response }) => response.untyped(refuse())),
    appHttp.put('/private/stores/{id}/segments/{segmentId}', ({ response }) => response.untyped(refuse())),
    appHttp.delete('/private/stores/{id}/segments/{segmentId}', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/emailMarketing/segmentSyncs', ({ response }) => response.untyped(refuse())),
    appHttp.put('/private/stores/{id}/emailMarketing/segmentSyncs/{segmentId}', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/adCampaigns', ({ response }) => response.untyped(refuse())),
    appHttp.post('/private/stores/{id}/adCampaigns', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/adCampaigns/performance', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/adCampaigns/{campaignId}', ({ response }) => response.untyped(refuse())),
    appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}', ({ response }) => response.untyped(refuse())),
    appHttp.delete('/private/stores/{id}/adCampaigns/{campaignId}', ({ response }) => response.untyped(refuse())),
    appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}/activation', ({ response }) => response.untyped(refuse())),
    appHttp.put('/private/stores/{id}/adCampaigns/{campaignId}/dailyBudget', ({ response }) => response.untyped(refuse())),
    appHttp.get('/private/stores/{id}/adCampaigns/{campaignId}/insights', ({ response }) => response.untyped(refuse())),
    appHttp.post('/private/stores/{id}/adMedia', ({ response }) => response.untyped(refuse())),
  ];
}

/** What every story and test gets: an active monthly plan, a store of 412 orders a month, cards tokenised. */
export const billingHandlers = billingStore();
