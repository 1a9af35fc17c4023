import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedStripeSandbox, startStripeSandbox } from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { SANDBOX_KEYS } from '../../../../src/server/integrations/payments/types.ts';
import { DAY, sdkFor } from './testing.ts';

// The calls of Stripe's own subscription guide, made with the official SDK exactly as the guide writes
// them: a subscription left `default_incomplete` and paid in the browser with its invoice's
// confirmation secret, and the proration preview before a plan change.
let sandbox: StartedStripeSandbox;
let stripe: Stripe;
let browser: Stripe;
let pro: string;
let scale: string;

/** 2026-03-01 00:00 UTC: March has 31 days, so a change after 10 days leaves 21/31 of the period. */
const START = Date.UTC(2026, 2, 1) / 1000;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 41 });
  stripe = sdkFor(sandbox.url);
  browser = sdkFor(sandbox.url, SANDBOX_KEYS.publishable);
  const product = await stripe.products.create({ name: 'Recompra' });
  const monthly = (unit_amount: number) =>
    stripe.prices.create({ product: product.id, currency: 'usd', unit_amount, recurring: { interval: 'month' } });
  pro = (await monthly(2900)).id;
  scale = (await monthly(9900)).id;
});
afterAll(() => sandbox.close());

async function customerOnClock() {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const customer = await stripe.customers.create({ email: 'guia@tienda.cl', test_clock: clock.id });
  return { clock, customer };
}

/** Step 1 of the guide: the subscription waits for its first payment, which saves its card. */
const incompleteSubscription = (customer: string) =>
  stripe.subscriptions.create({
    customer,
    items: [{ price: pro }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: ['latest_invoice.confirmation_secret'],
  });

/** Stripe.js's `confirmCardPayment` as it reaches the API: the publishable key and the client secret in the form body. */
async function confirmInBrowser(intentId: string, clientSecret: string, paymentMethod: string) {
  const body = new URLSearchParams({
    payment_method: paymentMethod,
    expected_payment_method_type: 'card',
    use_stripe_sdk: 'true',
    key: SANDBOX_KEYS.publishable,
    client_secret: clientSecret,
  });
  const response = await fetch(`${sandbox.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://tienda.example' },
    body,
  });
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
}

const secretOf = (subscription: Stripe.Subscription) => {
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  expect(invoice.confirmation_secret).toMatchObject({
    type: 'payment_intent',
    client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
  });
  const secret = invoice.confirmation_secret!.client_secret;
  return { invoice, secret, intentId: secret.split('_secret_')[0]! };
};

describe('default_incomplete, paid with the confirmation secret', () => {
  it('stays incomplete until the browser confirms; the payment activates it and saves its card on it', async () => {
    const { customer } = await customerOnClock();
    const subscription = await incompleteSubscription(customer.id);
    expect(subscription).toMatchObject({
      status: 'incomplete',
      default_payment_method: null,
      payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: null },
    });
    const { invoice, secret, intentId } = secretOf(subscription);
    expect(invoice).toMatchObject({ status: 'open', amount_due: 2900, attempt_count: 0 });
    // Without being expanded, the secret is not part of the invoice.
    expect('confirmation_secret' in (await stripe.invoices.retrieve(invoice.id))).toBe(false);

    // The browser holds only the publishable key: the intent exists for it only with its secret.
    await expect(browser.paymentIntents.retrieve(intentId)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await browser.paymentIntents.retrieve(intentId, { client_secret: secret })).toMatchObject({
      status: 'requires_payment_method',
      amount: 2900,
    });
    const { status, body: confirmed } = await confirmInBrowser(intentId, secret, 'pm_card_visa');
    expect(confirmed.error).toBeUndefined();
    expect(status).toBe(200);
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 2900 });

    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.confirmation_secret'] });
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toBe(confirmed.payment_method);
    expect(active.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 2900, confirmation_secret: null });
    expect(await stripe.paymentMethods.retrieve(String(confirmed.payment_method))).toMatchObject({ customer: customer.id });
    expect((await confirmInBrowser(intentId, secret, 'pm_card_visa')).body.error).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('a declined card leaves it incomplete with the reason on the intent, and another card can pay it', async () => {
    const { customer } = await customerOnClock();
    const subscription = await incompleteSubscription(customer.id);
    const { secret, intentId } = secretOf(subscription);
    const declined = await confirmInBrowser(intentId, secret, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', payment_intent: { id: intentId } });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'incomplete', default_payment_method: null });
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect((await confirmInBrowser(intentId, secret, 'pm_card_mastercard')).status).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('takes payment_settings by name and refuses a payment method type it does not serve', async () => {
    const { customer } = await customerOnClock();
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: pro }],
        payment_behavior: 'default_incomplete',
        payment_settings: { payment_method_types: ['sepa_debit'] },
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_settings[payment_method_types][0]' });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro }],
      payment_behavior: 'default_incomplete',
      payment_settings: { payment_method_types: ['card'], payment_method_options: { card: { request_three_d_secure: 'any' } } },
    });
    expect(subscription.payment_settings).toMatchObject({
      payment_method_types: ['card'],
      payment_method_options: { card: { request_three_d_secure: 'any' } },
      save_default_payment_method: 'off',
    });
  });
});

describe('invoices.createPreview', () => {
  /** An active Pro subscription paid by Visa, its clock moved 10 days into the period. */
  async function activeTenDaysIn() {
    const { clock, customer } = await customerOnClock();
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro }],
      default_payment_method: card.id,
    });
    expect(subscription.status).toBe('active');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 10 * DAY });
    return { customer, subscription, itemId: subscription.items.data[0]!.id };
  }

  it('previews what an upgrade charges today, and the update with the same proration_date charges exactly that', async () => {
    const { customer, subscription, itemId } = await activeTenDaysIn();
    const prorationDate = START + 10 * DAY;
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: scale }], proration_behavior: 'always_invoice', proration_date: prorationDate },
    });
    const unused = -Math.round(2900 * (21 / 31));
    const remaining = Math.round(9900 * (21 / 31));
    expect(preview).toMatchObject({
      id: expect.stringMatching(/^upcoming_in_/),
      billing_reason: 'subscription_update',
      amount_due: unused + remaining,
      parent: { subscription_details: { subscription: subscription.id, subscription_proration_date: prorationDate } },
    });
    expect(preview.lines.data.map((line) => [line.amount, line.parent?.subscription_item_details?.proration])).toEqual([
      [unused, true],
      [remaining, true],
    ]);
    // A preview is not an invoice: it is not listed and the subscription has not changed.
    expect((await stripe.invoices.list({ subscription: subscription.id })).data.map((invoice) => invoice.id)).not.toContain(preview.id);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]!.price.id).toBe(pro);

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: scale }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
      expand: ['latest_invoice'],
    });
    expect(updated.latest_invoice).toMatchObject({ status: 'paid', amount_paid: preview.amount_due });
  });

  it('without always_invoice previews the next renewal, carrying the prorations; a canceled subscription has none', async () => {
    const { customer, subscription, itemId } = await activeTenDaysIn();
    const next = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: scale }] },
    });
    const periodEnd = START + 31 * DAY;
    expect(next).toMatchObject({ billing_reason: 'upcoming', created: periodEnd });
    expect(next.lines.data.map((line) => [line.amount, line.period.start])).toEqual([
      [-Math.round(2900 * (21 / 31)), START + 10 * DAY],
      [Math.round(9900 * (21 / 31)), START + 10 * DAY],
      [9900, periodEnd],
    ]);
    const renewal = await stripe.invoices.createPreview({ subscription: subscription.id });
    expect(renewal.lines.data.map((line) => line.amount)).toEqual([2900]);

    await expect(
      stripe.invoices.createPreview({
        subscription: subscription.id,
        subscription_details: { items: [{ id: itemId, price: scale }], proration_date: START - DAY },
      }),
    ).rejects.toMatchObject({ param: 'subscription_details[proration_date]' });
    await stripe.subscriptions.cancel(subscription.id);
    await expect(stripe.invoices.createPreview({ subscription: subscription.id })).rejects.toMatchObject({
      code: 'invoice_upcoming_none',
    });
  });
});
