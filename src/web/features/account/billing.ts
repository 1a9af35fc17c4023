import type { components } from '../../../shared/api/app.gen';
import { TIME_ZONE } from '../../../shared/format/date';
import { onFirstUse } from '../../../shared/format/on-first-use';

/* The subscription's rules as the screens explain them: which plan fits a store, whether its data is
   open, how many days of trial are left, and what changing plan does today. Pure, so each is tested. */

export type Plan = components['schemas']['Plan'];
export type PlanId = components['schemas']['PlanId'];
export type PlanFeatureId = components['schemas']['PlanFeatureId'];
export type Billing = components['schemas']['Billing'];
export type PlanCatalog = components['schemas']['PlanCatalog'];
export type Subscription = components['schemas']['Subscription'];
export type SubscriptionState = components['schemas']['SubscriptionState'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Months in one period of each billing. */
const PERIOD_MONTHS: Record<Billing, number> = { monthly: 1, yearly: 12 };

/** What a plan charges each period of a billing, in USD cents. */
export function periodPriceCents(plan: Plan, billing: Billing): number {
  return billing === 'monthly' ? plan.monthlyPriceCents : plan.yearlyPriceCents;
}

/** Per month, to compare plans across billings: a year counts as a twelfth of its price. */
export function monthlyEquivalentCents(plan: Plan, billing: Billing): number {
  return periodPriceCents(plan, billing) / PERIOD_MONTHS[billing];
}

/** The plan for a store that placed `monthlyOrders` orders in the last 30 days: the first whose range reaches them, or the biggest. */
export function recommendedPlanId(plans: readonly Plan[], monthlyOrders: number): PlanId | null {
  const fitting = plans.find((plan) => plan.maxOrders === null || plan.maxOrders >= monthlyOrders);
  return (fitting ?? plans.at(-1))?.id ?? null;
}

/** A canceled subscription whose date has come: the store has no plan any more. */
export function hasEnded(subscription: Subscription, now: number): boolean {
  return subscription.status === 'canceled' && subscription.cancellationDate !== null && Date.parse(subscription.cancellationDate) <= now;
}

/**
 * Whether the store's data is open: a plan or its trial, also while past due (until the store is deleted)
 * and while canceled (until its date). The server applies the same rule and answers 402 otherwise.
 */
export function hasPlanAccess(state: SubscriptionState, now: number): boolean {
  return state.subscription !== null && !hasEnded(state.subscription, now);
}

// The calendar day of an instant in the store's country, as YYYY-MM-DD.
const dayFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** The calendar day of `now` in the store's country, as YYYY-MM-DD (a card is valid through its month there). */
export function calendarDay(now: number): string {
  return dayFormat().format(now);
}

/** When a free trial that starts at `now` ends. */
export function trialEndFrom(now: number, trialDays: number): string {
  return new Date(now + trialDays * DAY_MS).toISOString();
}

/** Calendar days from `now` to `instant` in the store's country: 0 the same day, 1 tomorrow, negative once past. */
export function calendarDaysUntil(instant: string, now: number): number {
  const day = (time: number) => Date.parse(`${dayFormat().format(time)}T00:00:00Z`);
  return Math.round((day(Date.parse(instant)) - day(now)) / DAY_MS);
}

/** Days left of the free trial (0 on its last day); null when the subscription is not on trial or the trial is over. */
export function trialDaysLeft(subscription: Subscription | null, now: number): number | null {
  if (!subscription?.trialEndsAt || subscription.status === 'canceled') return null;
  if (Date.parse(subscription.trialEndsAt) <= now) return null;
  return Math.max(0, calendarDaysUntil(subscription.trialEndsAt, now));
}

/**
 * Today's charge of a change to a dearer plan, as the processor previews it (`plan-change-preview`): still
 * being asked, known (as of `prorationDate`, which the change sends back to be charged exactly that), or
 * unavailable (the change still charges the prorated difference; only the figure cannot be shown).
 */
export type ChargeToday =
  | { status: 'loading' }
  | { status: 'known'; cents: number; prorationDate: string | null }
  | { status: 'unavailable' };

/** What choosing another plan does, as the change-plan screen explains it before confirming. */
export type PlanChange =
  /** The plan and billing the store already has. */
  | { kind: 'current' }
  /** On trial nothing is charged: the chosen plan starts when the trial ends. */
  | { kind: 'trial'; startsAt: string; priceCents: number }
  /** Dearer per month: it takes effect now and the prorated difference is charged today. */
  | { kind: 'upgrade'; chargeToday: ChargeToday; periodEnd: string | null; priceCents: number }
  /** Cheaper (or the same per month): it takes effect now with nothing charged; the new price applies from the next renewal. */
  | { kind: 'downgrade'; from: string | null; priceCents: number };

export interface PlanChangeInput {
  subscription: Subscription;
  plans: readonly Plan[];
  planId: PlanId;
  billing: Billing;
  /** The processor's preview of today's charge for this choice. */
  chargeToday: ChargeToday;
  now: number;
}

export function planChangeOf({ subscription, plans, planId, billing, chargeToday, now }: PlanChangeInput): PlanChange {
  if (subscription.planId === planId && subscription.billing === billing) return { kind: 'current' };
  const next = plans.find((plan) => plan.id === planId);
  const current = plans.find((plan) => plan.id === subscription.planId);
  if (!next) return { kind: 'current' };
  const priceCents = periodPriceCents(next, billing);
  const trialEnd = trialDaysLeft(subscription, now) === null ? null : subscription.trialEndsAt;
  if (trialEnd) return { kind: 'trial', startsAt: trialEnd, priceCents };
  // A canceled subscription keeps its period until its date, with no renewal.
  const periodEnd = subscription.renewalDate ?? subscription.cancellationDate;
  const currentMonthly = current
    ? monthlyEquivalentCents(current, subscription.billing)
    : subscription.priceCents / PERIOD_MONTHS[subscription.billing];
  const nextMonthly = monthlyEquivalentCents(next, billing);
  if (nextMonthly <= currentMonthly) return { kind: 'downgrade', from: periodEnd, priceCents };
  return { kind: 'upgrade', chargeToday, periodEnd, priceCents };
}

const wholeDollars = onFirstUse(() => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));
const withCents = onFirstUse(() => new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }));

/** A price in USD cents as the plans show it: US$59, US$19,17, US$1.190 (cents only when there are some). */
export function formatPriceCents(cents: number): string {
  const rounded = Math.round(cents);
  return (rounded % 100 === 0 ? wholeDollars() : withCents()).format(rounded / 100);
}
