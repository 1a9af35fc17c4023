import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsClient, type PaymentsClient, type PlanPrice } from '../../../../src/server/integrations/payments/client.ts';
import {
  CardError,
  PaymentsAuthError,
  PaymentsRequestError,
  paymentsErrorOf,
} from '../../../../src/server/integrations/payments/errors.ts';
import { type StartedStripeSandbox, startStripeSandbox } from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { SANDBOX_KEYS, TEST_CARDS, type TestCardNumber } from '../../../../src/server/integrations/payments/types.ts';
import { saveNewCard, sdkFor, tokenise } from './testing.ts';

// The real client (the official SDK through our factory) against the sandbox over HTTP.
let sandbox: StartedStripeSandbox;
let client: PaymentsClient;
let stripe: Stripe;
let priceId: string;

const PRO: PlanPrice = { lookupKey: 'client_pro_monthly', productName: 'Pro', unitAmountCents: 2900, currency: 'usd', interval: 'month' };
const BASIC: PlanPrice = {
  lookupKey: 'client_basic_monthly',
  productName: 'Básico',
  unitAmountCents: 1900,
  currency: 'usd',
  interval: 'month',
};

beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 11 });
  client = createPaymentsClient({ secretKey: SANDBOX_KEYS.secret, apiBase: sandbox.url, maxNetworkRetries: 0 });
  stripe = sdkFor(sandbox.url);
  priceId = (await client.ensurePrices([PRO])).get(PRO.lookupKey)!;
});
afterAll(() => sandbox.close());

let customers = 0;
const newCustomer = () => client.createCustomer({ email: `cliente${(customers += 1)}@tienda.cl`, name: 'Tienda' });

/** What the client throws, or fails the test when it does not throw. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the test cards', () => {
  it.each([
    ['4242424242424242', 'visa', '4242'],
    ['5555555555554444', 'mastercard', '4444'],
  ] as const)('%s is saved and becomes the default card', async (number, brand, last4) => {
    const customerId = await newCustomer();
    const card = await client.saveCard(customerId, await tokenise(sandbox.url, number));
    expect(card).toEqual({ brand, last4, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, country: 'US' });
    const customer = (await stripe.customers.retrieve(customerId)) as Stripe.Customer;
    expect(customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', null],
    ['4000000000000069', 'expired_card', 'expired_card', 'exp_month'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', 'cvc'],
  ] as const)('%s is refused when saved: %s', async (number, code, declineCode, param) => {
    const customerId = await newCustomer();
    const error = await refusal(client.saveCard(customerId, await tokenise(sandbox.url, number)));
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ status: 402, code, declineCode, param });
    expect((error as CardError).requestId).toMatch(/^req_/);
    expect(TEST_CARDS[number as TestCardNumber].failsAt).toBe('setup');
    // Nothing was attached, and the customer still has no default card.
    expect((await stripe.paymentMethods.list({ customer: customerId })).data).toEqual([]);
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
  });

  it('4242424242424241 is refused when tokenised, before any customer sees it', async () => {
    const error = paymentsErrorOf(await refusal(tokenise(sandbox.url, '4242424242424241')));
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ status: 402, code: 'incorrect_number', declineCode: null, param: 'number' });
  });

  it('4000000000000341 is saved, but its first charge is declined and leaves no subscription behind', async () => {
    const customerId = await newCustomer();
    const paymentMethodId = await tokenise(sandbox.url, '4000000000000341');
    expect((await client.saveCard(customerId, paymentMethodId)).last4).toBe('0341');
    const error = await refusal(
      client.startSubscription({ customerId, priceId, paymentMethodId, trialDays: 0, idempotencyKey: `start-${customerId}` }),
    );
    expect(error).toBeInstanceOf(CardError);
    expect(error).toMatchObject({ status: 402, code: 'card_declined', declineCode: 'generic_decline' });
    expect((await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data).toEqual([]);
  });

  it('a card saved on one customer cannot be saved on another', async () => {
    const paymentMethod = await tokenise(sandbox.url, '4242424242424242');
    await client.saveCard(await newCustomer(), paymentMethod);
    const error = await refusal(client.saveCard(await newCustomer(), paymentMethod));
    expect(error).toBeInstanceOf(PaymentsRequestError);
    expect(error).toMatchObject({ status: 400, param: 'payment_method' });
  });
});

describe('errors as the caller sees them', () => {
  it('a wrong or publishable key is a PaymentsAuthError', async () => {
    for (const secretKey of ['sk_test_not_ours_0000', SANDBOX_KEYS.publishable]) {
      const wrong = createPaymentsClient({ secretKey, apiBase: sandbox.url, maxNetworkRetries: 0 });
      const error = await refusal(wrong.createCustomer({ email: 'x@tienda.cl' }));
      expect(error).toBeInstanceOf(PaymentsAuthError);
      expect(error).toMatchObject({ status: 401 });
    }
  });

  it('an unknown id is a PaymentsRequestError naming Stripe code and parameter', async () => {
    const missing = await refusal(client.subscription('sub_doesnotexist00'));
    expect(missing).toBeInstanceOf(PaymentsRequestError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing', param: 'id' });

    const customerId = await newCustomer();
    const paymentMethodId = await saveNewCard(client, sandbox.url, customerId, '4242424242424242');
    const badPrice = await refusal(
      client.startSubscription({ customerId, priceId: 'price_nope', paymentMethodId, trialDays: 7, idempotencyKey: 'bad-price' }),
    );
    expect(badPrice).toMatchObject({ status: 400, code: 'resource_missing', param: 'items[0][price]' });
    expect((badPrice as Error).message).toContain("No such price: 'price_nope'");
  });

  it('passes anything that is not the SDK failure through unchanged', () => {
    const other = new TypeError('not Stripe');
    expect(paymentsErrorOf(other)).toBe(other);
  });
});

describe('idempotent requests', () => {
  it('the same key and parameters start one subscription; other parameters are refused', async () => {
    const customerId = await newCustomer();
    const paymentMethodId = await saveNewCard(client, sandbox.url, customerId, '4242424242424242');
    const input = { customerId, priceId, paymentMethodId, trialDays: 0, idempotencyKey: `sub-${customerId}` };
    const first = await client.startSubscription(input);
    const again = await client.startSubscription(input);
    expect(again.id).toBe(first.id);
    expect(again.status).toBe('active');
    expect((await stripe.subscriptions.list({ customer: customerId })).data.map((subscription) => subscription.id)).toEqual([first.id]);

    const conflict = await refusal(client.startSubscription({ ...input, trialDays: 14 }));
    expect(conflict).toBeInstanceOf(PaymentsRequestError);
    expect(conflict).toMatchObject({ status: 400 });
    expect((conflict as Error).message).toContain('same parameters');
  });
});

describe('ensurePrices', () => {
  it('creates missing prices once, reuses them, and moves the lookup key to a new price when the amount changes', async () => {
    const plans = [BASIC, { ...PRO, lookupKey: 'client_pro_yearly', unitAmountCents: 29_000, interval: 'year' as const }];
    const created = await client.ensurePrices(plans);
    expect([...created.keys()]).toEqual(['client_basic_monthly', 'client_pro_yearly']);
    const again = await client.ensurePrices(plans);
    expect(again).toEqual(created);
    const basic = await stripe.prices.retrieve(created.get(BASIC.lookupKey)!, { expand: ['product'] });
    expect(basic).toMatchObject({
      unit_amount: 1900,
      currency: 'usd',
      lookup_key: 'client_basic_monthly',
      recurring: { interval: 'month' },
    });
    expect((basic.product as Stripe.Product).name).toBe('Básico');

    const raised = await client.ensurePrices([{ ...BASIC, unitAmountCents: 2400 }]);
    const newId = raised.get(BASIC.lookupKey)!;
    expect(newId).not.toBe(created.get(BASIC.lookupKey));
    expect((await stripe.prices.retrieve(newId)).lookup_key).toBe('client_basic_monthly');
    expect((await stripe.prices.retrieve(created.get(BASIC.lookupKey)!)).lookup_key).toBeNull();
    expect((await client.ensurePrices([{ ...BASIC, unitAmountCents: 2400 }])).get(BASIC.lookupKey)).toBe(newId);
    const listed = await stripe.prices.list({ lookup_keys: ['client_basic_monthly'] });
    expect(listed.data.map((price) => price.id)).toEqual([newId]);
  });
});

describe('changing a subscription', () => {
  async function activeSubscription() {
    const customerId = await newCustomer();
    const paymentMethodId = await saveNewCard(client, sandbox.url, customerId, '4242424242424242');
    return client.startSubscription({ customerId, priceId, paymentMethodId, trialDays: 0, idempotencyKey: `active-${customerId}` });
  }

  it('starts paid, with its first invoice expanded', async () => {
    const subscription = await activeSubscription();
    expect(subscription.status).toBe('active');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 2900, billing_reason: 'subscription_create', attempt_count: 1 });
  });

  it('changes price with an immediate prorated charge, or from the next renewal', async () => {
    const basicId = (await client.ensurePrices([{ ...BASIC, lookupKey: 'client_change_basic' }])).get('client_change_basic')!;
    const now = await activeSubscription();
    const charged = await client.changePrice(now.id, basicId, { chargeNow: true });
    expect(charged.items.data[0]!.price.id).toBe(basicId);
    const proration = charged.latest_invoice as Stripe.Invoice;
    expect(proration.id).not.toBe((now.latest_invoice as Stripe.Invoice).id);
    // A downgrade at the start of the period: the unused $29 credited, $19 charged, the rest left on the balance.
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', total: -1000, amount_due: 0, status: 'paid' });
    expect(((await stripe.customers.retrieve(now.customer as string)) as Stripe.Customer).balance).toBe(-1000);

    const later = await activeSubscription();
    const deferred = await client.changePrice(later.id, basicId, { chargeNow: false });
    expect(deferred.items.data[0]!.price.id).toBe(basicId);
    expect((deferred.latest_invoice as Stripe.Invoice).id).toBe((later.latest_invoice as Stripe.Invoice).id);
  });

  it('an upgrade charged now with a card that declines throws and changes nothing', async () => {
    const subscription = await activeSubscription();
    const declining = await saveNewCard(client, sandbox.url, subscription.customer as string, '4000000000000341');
    expect((await client.useCard(subscription.id, declining)).default_payment_method).toBe(declining);
    const premium = (await client.ensurePrices([{ ...PRO, lookupKey: 'client_premium', unitAmountCents: 9900 }])).get('client_premium')!;
    const error = await refusal(client.changePrice(subscription.id, premium, { chargeNow: true }));
    expect(error).toMatchObject({ name: 'CardError', code: 'card_declined', declineCode: 'generic_decline' });
    const after = await client.subscription(subscription.id);
    expect(after.items.data[0]!.price.id).toBe(priceId);
    expect((after.latest_invoice as Stripe.Invoice).id).toBe((subscription.latest_invoice as Stripe.Invoice).id);
  });

  it('cancels at period end, resumes, and cancels now', async () => {
    const subscription = await activeSubscription();
    const ending = await client.cancelAtPeriodEnd(subscription.id, { reason: 'Muy caro', feedback: 'too_expensive' });
    expect(ending).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0]!.current_period_end,
      cancellation_details: { comment: 'Muy caro', feedback: 'too_expensive', reason: 'cancellation_requested' },
    });
    const resumed = await client.resume(subscription.id);
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      cancellation_details: { comment: null, feedback: null },
    });
    const canceled = await client.cancelNow(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).toBe(canceled.canceled_at);
  });

  it('reads a card, the subscription with its card expanded, and deletes the customer', async () => {
    const subscription = await activeSubscription();
    const customerId = subscription.customer as string;
    const read = await client.subscription(subscription.id);
    expect(read.latest_invoice).toMatchObject({ object: 'invoice', status: 'paid' });
    const paymentMethod = ((await stripe.customers.retrieve(customerId)) as Stripe.Customer).invoice_settings
      .default_payment_method as string;
    expect(await client.card(paymentMethod)).toMatchObject({ brand: 'visa', last4: '4242' });
    await client.deleteCustomer(customerId);
    expect(await stripe.customers.retrieve(customerId)).toEqual({ id: customerId, object: 'customer', deleted: true });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });
});
