import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentsClient } from '../../../../src/server/integrations/payments/client.ts';
import {
  type StartedStripeSandbox,
  type StripeSandboxOptions,
  startStripeSandbox,
} from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { SANDBOX_KEYS } from '../../../../src/server/integrations/payments/types.ts';
import { HANDLED_EVENT_TYPES, verifyStripeEvent, WebhookSignatureError } from '../../../../src/server/integrations/payments/webhooks.ts';
import { type Receiver, saveNewCard, sdkFor, startReceiver } from './testing.ts';

// Deliveries from the sandbox to a local receiver, checked as our webhook checks them.
const SECRET = SANDBOX_KEYS.webhookSecret;
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((thing) => thing.close()));
});

async function setUp(options: StripeSandboxOptions & { statusFor?: (count: number) => number; enabledEvents?: readonly string[] } = {}) {
  const { statusFor, enabledEvents = HANDLED_EVENT_TYPES, ...sandboxOptions } = options;
  const receiver = await startReceiver(statusFor);
  const sandbox = await startStripeSandbox({
    seed: 3,
    webhookTargets: [{ url: receiver.url, secret: SECRET, enabledEvents }],
    ...sandboxOptions,
  });
  opened.push(receiver, sandbox);
  return { receiver, sandbox };
}

/** A customer with a good card and an active subscription: created, then updated to active, then its invoice paid. */
async function subscribe(sandbox: StartedStripeSandbox) {
  const client = createPaymentsClient({ secretKey: SANDBOX_KEYS.secret, apiBase: sandbox.url, maxNetworkRetries: 0 });
  const priceId = (
    await client.ensurePrices([{ lookupKey: 'pro', productName: 'Pro', unitAmountCents: 2900, currency: 'usd', interval: 'month' }])
  ).get('pro')!;
  const customerId = await client.createCustomer({ email: 'webhooks@tienda.cl' });
  const paymentMethodId = await saveNewCard(client, sandbox.url, customerId, '4242424242424242');
  return client.startSubscription({ customerId, priceId, paymentMethodId, trialDays: 0, idempotencyKey: 'webhooks' });
}

const typesOf = (receiver: Receiver) => receiver.received.map((delivery) => delivery.event.type);

describe('signed deliveries', () => {
  it('sends the handled events, signed so that verifyStripeEvent and the SDK both accept them', async () => {
    const { receiver, sandbox } = await setUp();
    const subscription = await subscribe(sandbox);
    expect(receiver.received).toEqual([]);
    await sandbox.sandbox.deliverPending();

    expect(typesOf(receiver)).toEqual(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']);
    for (const { body, signature, event } of receiver.received) {
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifyStripeEvent(body, signature, SECRET).id).toBe(event.id);
      expect(Stripe.webhooks.constructEvent(body, signature, SECRET).id).toBe(event.id);
      expect(event.request?.idempotency_key).toBe('webhooks');
    }
    const updated = receiver.received[2]!.event as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(updated.data.previous_attributes).toMatchObject({ status: 'incomplete' });

    const { body, signature } = receiver.received[0]!;
    expect(() => verifyStripeEvent(body.replace('incomplete', 'active'), signature, SECRET)).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(body, signature, 'whsec_other')).toThrow(WebhookSignatureError);
    expect(() => verifyStripeEvent(body, signature, SECRET, { receivedAt: Date.now() + 301_000 })).toThrow(WebhookSignatureError);

    const event = await sdkFor(sandbox.url).events.retrieve(receiver.received[0]!.event.id);
    expect(event.pending_webhooks).toBe(0);
    expect(sandbox.sandbox.pending()).toEqual([]);
  });

  it('retries a failing receiver after each delay, then stops once it answers 2xx', async () => {
    let nowMs = Date.UTC(2026, 4, 1);
    const statuses = [500, 503];
    const { receiver, sandbox } = await setUp({
      now: () => nowMs,
      retryDelaysMs: [60_000, 600_000],
      statusFor: (count) => statuses[count] ?? 200,
      enabledEvents: ['customer.created'],
    });
    await sdkFor(sandbox.url).customers.create({ email: 'reintentos@tienda.cl' });
    expect(sandbox.sandbox.pending()).toMatchObject([{ type: 'customer.created', attempts: 0, lastStatus: null, nextAttemptAt: nowMs }]);

    await sandbox.sandbox.deliverPending();
    expect(sandbox.sandbox.pending()).toMatchObject([{ attempts: 1, lastStatus: 500, nextAttemptAt: nowMs + 60_000 }]);
    await sandbox.sandbox.deliverPending();
    expect(receiver.received).toHaveLength(1);

    nowMs += 60_000;
    await sandbox.sandbox.deliverPending();
    expect(sandbox.sandbox.pending()).toMatchObject([{ attempts: 2, lastStatus: 503, nextAttemptAt: nowMs + 600_000 }]);
    nowMs += 600_000;
    await sandbox.sandbox.deliverPending();
    expect(sandbox.sandbox.pending()).toEqual([]);
    expect(sandbox.sandbox.deliveries().map((delivery) => [delivery.status, delivery.delivered])).toEqual([
      [500, false],
      [503, false],
      [200, true],
    ]);
    // The same event each time, and each signature verifies.
    expect(new Set(receiver.received.map((delivery) => delivery.event.id)).size).toBe(1);
    for (const { body, signature } of receiver.received) expect(verifyStripeEvent(body, signature, SECRET).type).toBe('customer.created');
  });

  it('gives a delivery up after the last retry', async () => {
    let nowMs = Date.UTC(2026, 4, 1);
    const { receiver, sandbox } = await setUp({ now: () => nowMs, retryDelaysMs: [1000], statusFor: () => 500 });
    await subscribe(sandbox);
    await sandbox.sandbox.deliverPending();
    nowMs += 1000;
    await sandbox.sandbox.deliverPending();
    expect(sandbox.sandbox.pending()).toEqual([]);
    expect(receiver.received).toHaveLength(6);
    expect(sandbox.sandbox.deliveries().every((delivery) => !delivery.delivered)).toBe(true);
  });

  it('may send every delivery twice and in a shuffled order', async () => {
    const { receiver, sandbox } = await setUp({ duplicateRate: 1, shuffleSeed: 42 });
    await subscribe(sandbox);
    await sandbox.sandbox.deliverPending();
    const ids = receiver.received.map((delivery) => delivery.event.id);
    expect(ids).toHaveLength(6);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect([...counts.values()]).toEqual([2, 2, 2]);
    const recorded = (await sdkFor(sandbox.url).events.list({ types: [...HANDLED_EVENT_TYPES] })).data.map((event) => event.id).reverse();
    expect(ids.filter((id, index) => ids.indexOf(id) === index)).not.toEqual(recorded);
    expect(new Set(ids)).toEqual(new Set(recorded));
  });
});

describe('webhook endpoints created through the API', () => {
  it('shows the secret once, signs with it, and stops when disabled or deleted', async () => {
    const { sandbox } = await setUp();
    const own = await startReceiver();
    opened.push(own);
    const stripe = sdkFor(sandbox.url);
    const endpoint = await stripe.webhookEndpoints.create({ url: own.url, enabled_events: ['customer.created'], description: 'tienda' });
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', url: own.url, enabled_events: ['customer.created'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.list()).data.map((listed) => [listed.id, listed.secret])).toEqual([[endpoint.id, undefined]]);

    const customer = await stripe.customers.create({ email: 'uno@tienda.cl' });
    await sandbox.sandbox.deliverPending();
    expect(own.received).toHaveLength(1);
    const delivered = verifyStripeEvent(own.received[0]!.body, own.received[0]!.signature, endpoint.secret!);
    expect(delivered).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id, email: 'uno@tienda.cl' } } });

    expect((await stripe.webhookEndpoints.update(endpoint.id, { disabled: true })).status).toBe('disabled');
    await stripe.customers.create({ email: 'dos@tienda.cl' });
    await sandbox.sandbox.deliverPending();
    expect(own.received).toHaveLength(1);
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    await expect(stripe.webhookEndpoints.retrieve(endpoint.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
