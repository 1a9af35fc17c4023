import type { components } from '../../../shared/api/app.gen.ts';

type Plan = components['schemas']['Plan'];
type PlanFeatureId = components['schemas']['PlanFeatureId'];
export type PlanId = components['schemas']['PlanId'];
export type Billing = components['schemas']['Billing'];

export { TRIAL_DAYS } from '../../../shared/constants.ts';
/** A year is charged as this many months (SPEC §9: 10 months for 12). */
export const YEARLY_MONTHS_CHARGED = 10;

/** Every feature the plan comparison lists, in its order. */
export const PLAN_FEATURES: readonly PlanFeatureId[] = [
  'dashboard',
  'segments',
  'emailMarketing',
  'adCampaigns',
  'whatsappCampaigns',
  'chat',
  'whatsappSupport',
  'onboardingSession',
  'accountManager',
];

const CORE: PlanFeatureId[] = ['dashboard', 'segments', 'emailMarketing', 'adCampaigns', 'whatsappCampaigns', 'chat'];

const plan = (id: PlanId, minOrders: number, maxOrders: number | null, monthlyUsd: number, extra: PlanFeatureId[] = []): Plan => ({
  id,
  minOrders,
  maxOrders,
  monthlyPriceCents: monthlyUsd * 100,
  yearlyPriceCents: monthlyUsd * 100 * YEARLY_MONTHS_CHARGED,
  features: [...CORE, ...extra],
});

/**
 * The plans, by the store's orders a month: every plan has every tool, and bigger stores get more of
 * our people. The one home of prices and ranges: the processor's prices are created from it (by lookup
 * key), the change-plan screen shows it, and the recommendation reads it.
 */
export const PLANS: readonly Plan[] = [
  plan('inicial', 0, 300, 29),
  plan('crecimiento', 301, 1000, 59, ['whatsappSupport']),
  plan('avanzado', 1001, 3000, 119, ['whatsappSupport', 'onboardingSession']),
  plan('escala', 3001, 10000, 229, ['whatsappSupport', 'onboardingSession', 'accountManager']),
  plan('corporativo', 10000, null, 399, ['whatsappSupport', 'onboardingSession', 'accountManager']),
];

/** Our sales team on WhatsApp, for stores that want to talk before choosing. */
export const SALES_WHATSAPP_URL = 'https://wa.me/56955550123?text=Hola%2C%20quiero%20saber%20m%C3%A1s%20de%20los%20planes%20de%20Recompra';

export function planById(id: PlanId): Plan {
  const found = PLANS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`unknown plan ${id}`);
  return found;
}

/** What a plan charges each period of a billing. */
export const priceCents = (planId: PlanId, billing: Billing): number =>
  billing === 'monthly' ? planById(planId).monthlyPriceCents : planById(planId).yearlyPriceCents;

/** The processor's price for a plan and billing, found by this key (so each environment creates its own once). */
export const priceLookupKey = (planId: PlanId, billing: Billing) => `recompra_${planId}_${billing}`;

/** Per month, to compare plans across billings: a dearer plan is charged at once, a cheaper one is not. */
export const monthlyEquivalentCents = (planId: PlanId, billing: Billing) =>
  billing === 'monthly' ? priceCents(planId, billing) : priceCents(planId, billing) / 12;
