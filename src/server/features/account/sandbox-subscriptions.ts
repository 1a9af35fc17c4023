import { CardError } from '../../integrations/payments/errors.ts';
import type { Queryable } from '../../platform/db.ts';
import type { Billing, PlanId } from './plans.ts';
import { type BillingContext, refreshSubscription } from './subscriptions.ts';

/** The test card the demo store pays with (Stripe's always-succeeding Visa). */
const DEMO_CARD = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 4, cvc: '123' };

interface DemoRow {
  store_id: number;
  subscription_id: string | null;
  plan_id: PlanId;
  billing: Billing;
  trial_ends_at: Date | null;
  email: string | null;
  store_name: string;
}

/**
 * The local card processor keeps its state in memory, so after each start of the server it is told of the
 * subscriptions this database holds and it does not know (the demo store's trial, seeded without one, and
 * any other made before a restart): a customer with a test card, on the same plan, with the trial's end
 * kept. Only ever run against the sandbox (main.ts calls it when sandboxes are on).
 */
export async function openSandboxSubscriptions(billing: BillingContext): Promise<number> {
  const rows = await billing.db.query<DemoRow>(
    `select p.store_id, p.subscription_id, p.plan_id, p.billing, p.trial_ends_at, s.name as store_name,
            (select u.email from store_members m join users u on u.id = m.user_id
              where m.store_id = p.store_id and m.role = 'admin' order by m.created_at limit 1) as email
       from store_subscriptions p join stores s on s.id = p.store_id
      where p.status <> 'canceled'`,
  );
  let opened = 0;
  for (const row of rows) {
    if (row.subscription_id && (await known(billing, row.subscription_id))) continue;
    await openAtSandbox(billing, row);
    opened += 1;
  }
  return opened;
}

async function known(billing: BillingContext, subscriptionId: string): Promise<boolean> {
  try {
    await billing.payments.subscription(subscriptionId);
    return true;
  } catch (error) {
    if (error instanceof CardError) throw error;
    return false;
  }
}

async function openAtSandbox(billing: BillingContext, row: DemoRow): Promise<void> {
  const { stripe } = billing.payments;
  const customerId = await billing.payments.createCustomer({
    email: row.email ?? 'demo@recompra.cl',
    name: row.store_name,
    metadata: { storeId: String(row.store_id) },
  });
  const card = await stripe.paymentMethods.create({ type: 'card', card: DEMO_CARD });
  await billing.payments.saveCard(customerId, card.id);
  const trialEnd = row.trial_ends_at ? Math.floor(new Date(row.trial_ends_at).getTime() / 1000) : null;
  const stillOnTrial = trialEnd !== null && trialEnd > Math.floor(Date.now() / 1000) + 60;
  const subscription = await stripe.subscriptions.create({
    customer: customerId,
    items: [{ price: await billing.priceId(row.plan_id, row.billing) }],
    default_payment_method: card.id,
    ...(stillOnTrial ? { trial_end: trialEnd } : {}),
  });
  await setIds(billing.db, row.store_id, customerId, subscription.id);
  await refreshSubscription(billing, row.store_id);
}

const setIds = (db: Queryable, storeId: number, customerId: string, subscriptionId: string) =>
  db.query('update store_subscriptions set customer_id = $2, subscription_id = $3 where store_id = $1', [
    storeId,
    customerId,
    subscriptionId,
  ]);
