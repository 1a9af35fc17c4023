import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsClient, type PaymentsClient } from '../../../../src/server/integrations/payments/client.ts';
import { type StartedStripeSandbox, startStripeSandbox } from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { INVOICE_ATTEMPTS, RETRY_SCHEDULE_DAYS, SANDBOX_KEYS } from '../../../../src/server/integrations/payments/types.ts';
import { DAY, saveNewCard, sdkFor } from './testing.ts';

// Subscriptions through time: test clocks advanced through the SDK, the real client for everything else.
let sandbox: StartedStripeSandbox;
let client: PaymentsClient;
let stripe: Stripe;
let priceId: string;

/** 2026-01-10 12:00 UTC: a month of 31 days follows, so renewals land on known dates. */
const START = Date.UTC(2026, 0, 10, 12) / 1000;
const HOUR = 3600;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 23 });
  client = createPaymentsClient({ secretKey: SANDBOX_KEYS.secret, apiBase: sandbox.url, maxNetworkRetries: 0 });
  stripe = sdkFor(sandbox.url);
  priceId = (
    await client.ensurePrices([{ lookupKey: 'pro', productName: 'Pro', unitAmountCents: 2900, currency: 'usd', interval: 'month' }])
  ).get('pro')!;
});
afterAll(() => sandbox.close());

/** A customer on a fresh test clock at START, with `card` saved as the default. */
async function customerOnClock(card: string) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: 'billing' });
  const customerId = await client.createCustomer({ email: 'tienda@recompra.cl', testClock: clock.id });
  const paymentMethodId = await saveNewCard(client, sandbox.url, customerId, card);
  const advance = async (to: number) => {
    const answer = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to });
    expect(answer.status).toBe('advancing');
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({ status: 'ready', frozen_time: to });
  };
  /** Saves `number` and makes it the card that pays `subscriptionId`. */
  const switchCard = async (subscriptionId: string, number: string) =>
    client.useCard(subscriptionId, await saveNewCard(client, sandbox.url, customerId, number));
  /** Starts the subscription to the Pro price, paid with the first card. */
  const subscribe = (trialDays: number) =>
    client.startSubscription({ customerId, priceId, paymentMethodId, trialDays, idempotencyKey: `start-${clock.id}` });
  return { clock, customerId, paymentMethodId, advance, switchCard, subscribe };
}

const latestInvoice = async (subscriptionId: string) => (await client.subscription(subscriptionId)).latest_invoice as Stripe.Invoice;

describe('a subscription on a test clock', () => {
  it('trial → paid → renewal declined (past_due) → new card and a retry → active', async () => {
    const { paymentMethodId, advance, switchCard, subscribe } = await customerOnClock('4242424242424242');
    const started = await subscribe(7);
    const trialEnd = START + 7 * DAY;
    expect(started).toMatchObject({ status: 'trialing', trial_start: START, trial_end: trialEnd, created: START });
    expect(started.latest_invoice).toMatchObject({ amount_due: 0, status: 'paid', billing_reason: 'subscription_create' });

    await advance(trialEnd + HOUR);
    const paying = await client.subscription(started.id);
    expect(paying.status).toBe('active');
    expect(paying.items.data[0]).toMatchObject({ current_period_start: trialEnd, current_period_end: trialEnd + 31 * DAY });
    expect(paying.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2900,
      billing_reason: 'subscription_cycle',
      created: trialEnd,
    });

    // The card that attaches but declines every charge pays the subscription from before the renewal.
    expect((await switchCard(started.id, '4000000000000341')).default_payment_method).not.toBe(paymentMethodId);
    const renewal = trialEnd + 31 * DAY;
    await advance(renewal + HOUR);
    const due = await client.subscription(started.id);
    expect(due.status).toBe('past_due');
    const open = due.latest_invoice as Stripe.Invoice;
    expect(open).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_remaining: 2900,
      next_payment_attempt: renewal + RETRY_SCHEDULE_DAYS[0] * DAY,
    });

    await switchCard(started.id, '5555555555554444');
    expect(await client.retryOpenInvoice(started.id)).toBe(true);
    const recovered = await client.subscription(started.id);
    expect(recovered.status).toBe('active');
    expect(recovered.latest_invoice).toMatchObject({
      id: open.id,
      status: 'paid',
      attempt_count: 2,
      next_payment_attempt: null,
      amount_paid: 2900,
    });
    expect(await client.retryOpenInvoice(started.id)).toBe(true);
  });

  it('cancel at period end → the period passes → canceled, with customer.subscription.deleted', async () => {
    const { clock, advance, subscribe } = await customerOnClock('4242424242424242');
    const subscription = await subscribe(0);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(periodEnd).toBe(START + 31 * DAY);
    await client.cancelAtPeriodEnd(subscription.id, { reason: 'Cierro la tienda', feedback: 'unused' });

    await advance(periodEnd - HOUR);
    expect((await client.subscription(subscription.id)).status).toBe('active');
    await advance(periodEnd + HOUR);
    const ended = await client.subscription(subscription.id);
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      cancellation_details: { reason: 'cancellation_requested', comment: 'Cierro la tienda' },
    });
    // No renewal invoice was made for the period that never started.
    expect((ended.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_create');

    const deletions = await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 });
    const mine = deletions.data.filter((event) => (event.data.object as Stripe.Subscription).id === subscription.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.created).toBe(periodEnd);
    expect(mine[0]!.request).toEqual({ id: null, idempotency_key: null });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(periodEnd + HOUR);
  });

  it('dunning: every retry declined → the invoice is uncollectible and the subscription canceled', async () => {
    const { advance, switchCard, subscribe } = await customerOnClock('4242424242424242');
    const subscription = await subscribe(0);
    await switchCard(subscription.id, '4000000000000341');
    const renewal = START + 31 * DAY;

    await advance(renewal + HOUR);
    expect((await latestInvoice(subscription.id)).attempt_count).toBe(1);
    await advance(renewal + RETRY_SCHEDULE_DAYS[0] * DAY + HOUR);
    expect(await latestInvoice(subscription.id)).toMatchObject({
      attempt_count: 2,
      next_payment_attempt: renewal + RETRY_SCHEDULE_DAYS[1] * DAY,
    });
    expect((await client.subscription(subscription.id)).status).toBe('past_due');

    await advance(renewal + RETRY_SCHEDULE_DAYS.at(-1)! * DAY + HOUR);
    const ended = await client.subscription(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    const invoice = ended.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'uncollectible', attempt_count: INVOICE_ATTEMPTS, next_payment_attempt: null, amount_paid: 0 });

    const failures = await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 });
    const attempts = failures.data.filter((event) => (event.data.object as Stripe.Invoice).id === invoice.id).map((event) => event.created);
    expect(attempts.reverse()).toEqual([renewal, ...RETRY_SCHEDULE_DAYS.map((days) => renewal + days * DAY)]);
    // Nothing is left to retry.
    await advance(renewal + 40 * DAY);
    expect((await latestInvoice(subscription.id)).attempt_count).toBe(INVOICE_ATTEMPTS);
  });

  it('a test clock only moves forward, and deleting it deletes its customers', async () => {
    const { clock, customerId } = await customerOnClock('4242424242424242');
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START - 1 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
    });
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toEqual({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
    expect(await stripe.customers.retrieve(customerId)).toMatchObject({ id: customerId, deleted: true });
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('time without a test clock', () => {
  it('runs renewals that fell due by the sandbox clock before the next request, or on runDue()', async () => {
    let nowMs = Date.UTC(2026, 2, 1, 9);
    const timed = await startStripeSandbox({ seed: 5, now: () => nowMs });
    try {
      const timedClient = createPaymentsClient({ secretKey: SANDBOX_KEYS.secret, apiBase: timed.url, maxNetworkRetries: 0 });
      const price = (
        await timedClient.ensurePrices([
          { lookupKey: 'pro', productName: 'Pro', unitAmountCents: 2900, currency: 'usd', interval: 'month' },
        ])
      ).get('pro')!;
      const customerId = await timedClient.createCustomer({ email: 'reloj@tienda.cl' });
      const paymentMethodId = await saveNewCard(timedClient, timed.url, customerId, '4242424242424242');
      const trial = await timedClient.startSubscription({
        customerId,
        priceId: price,
        paymentMethodId,
        trialDays: 3,
        idempotencyKey: 'no-clock',
      });
      expect(trial.status).toBe('trialing');

      nowMs += 3 * DAY * 1000 + 60_000;
      const afterTrial = await timedClient.subscription(trial.id);
      expect(afterTrial.status).toBe('active');
      expect(afterTrial.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 2900, created: trial.trial_end });

      nowMs += 31 * DAY * 1000;
      timed.sandbox.runDue();
      const invoices = await sdkFor(timed.url).invoices.list({ subscription: trial.id });
      expect(invoices.data.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
        ['subscription_cycle', 'paid'],
        ['subscription_cycle', 'paid'],
        ['subscription_create', 'paid'],
      ]);
    } finally {
      await timed.close();
    }
  });
});
