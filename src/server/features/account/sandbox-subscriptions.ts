import { CardError } from '../../integrations/payments/errors.ts';
import { type OpenSubscriptionRow, openSubscriptions, setProcessorIds } from './repository.ts';
import { type BillingContext, refreshSubscription } from './subscriptions.ts';

/** The test card the demo store pays with (Stripe's always-succeeding Visa). */
const DEMO_CARD = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 4, cvc: '123' };

/**
 * The local card processor keeps its state in memory, so after each start of the server it is told of the
 * subscriptions this database holds and it does not know (the demo store's trial, seeded without one, and
 * any other made before a restart): a customer with a test card, on the same plan, with the trial's end
 * kept. Only ever run against the sandbox (main.ts calls it when sandboxes are on).
 */
export async function openSandboxSubscriptions(billing: BillingContext): Promise<number> {
  const rows = await openSubscriptions(billing.db);
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

async function openAtSandbox(billing: BillingContext, row: OpenSubscriptionRow): Promise<void> {
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
  await setProcessorIds(billing.db, row.store_id, customerId, subscription.id);
  await refreshSubscription(billing, row.store_id);
}
