import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../../../src/server/features/account/billing.ts';
import { STORE_DELETION_QUEUE } from '../../../../src/server/features/account/subscriptions.ts';
import { type StartedStripeSandbox, startStripeSandbox } from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { SANDBOX_KEYS } from '../../../../src/server/integrations/payments/types.ts';
import { HANDLED_EVENT_TYPES } from '../../../../src/server/integrations/payments/webhooks.ts';
import { rowsLeftOf } from '../../../../src/server/platform/store-data/store-erasure.ts';
import { addStore, type Caller, signIn, signUp, startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * The subscription's life, end to end: our API and webhook on a listening server, the real Stripe
 * client against the local sandbox, each customer on a test clock the test moves.
 */

const DAY = 86_400;
let server: TestServer;
let sandbox: StartedStripeSandbox;
let stripe: Stripe;
let base: string;
let clock: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Deliveries shuffled and some sent twice, as Stripe may: the handler reads the subscription again each time.
  sandbox = await startStripeSandbox({
    shuffleSeed: 11,
    duplicateRate: 0.3,
    webhookTargets: [{ url: `${base}${STRIPE_WEBHOOK_PATH}`, secret: SANDBOX_KEYS.webhookSecret, enabledEvents: [...HANDLED_EVENT_TYPES] }],
  });
  server = await startTestServer(
    {
      publicUrl: base,
      payments: {
        apiBase: sandbox.url,
        browserApiBase: sandbox.url,
        secretKey: SANDBOX_KEYS.secret,
        publishableKey: SANDBOX_KEYS.publishable,
        webhookSecret: SANDBOX_KEYS.webhookSecret,
      },
    },
    { paymentsTestClock: () => clock },
  );
  await server.app.listen({ port, host: '127.0.0.1' });
  // The demo store's import has no Shopify to reach here; these tests run only the billing jobs.
  await server.db.query(`delete from jobs where queue = 'store-sync'`);
  stripe = server.app.billing.payments.stripe;
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
});

/** A new owner with a store of their own (no plan yet), signed in with that store current. */
async function newMerchant(email: string): Promise<{ caller: Caller; storeId: number }> {
  const caller = await signUp(server.app, 'Dueña Nueva', email);
  const storeId = await addStore(server.db, `Tienda de ${email}`);
  await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [storeId, caller.user.id]);
  const switched = await server.app.inject({
    method: 'PATCH',
    url: '/api/private/me/stores',
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { storeId },
  });
  expect(switched.statusCode).toBe(200);
  return { caller, storeId };
}

/** What the browser does (as Stripe.js): the card goes to the processor with the publishable key, never to us. */
async function tokenise(number: string, expYear = new Date().getUTCFullYear() + 3): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_KEYS.publishable}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(expYear),
      'card[cvc]': '123',
    }),
  });
  const body = (await response.json()) as { id: string };
  expect(response.status).toBe(200);
  return body.id;
}

const api = (caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, cookies: caller.cookies, headers: caller.headers, ...(payload ? { payload } : {}) });

const subscription = async (caller: Caller) => {
  const response = await api(caller, 'GET', '/api/private/subscription');
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Moves the customer's test clock to `at` (seconds) and lets every webhook it caused reach us and be handled. */
async function advanceTo(at: number) {
  await stripe.testHelpers.testClocks.advance(clock!, { frozen_time: at });
  for (let round = 0; round < 5 && sandbox.sandbox.pending().length > 0; round += 1) await sandbox.sandbox.deliverPending();
  while ((await server.app.jobs.drain()) > 0) {}
}

async function newClock(): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  clock = (await stripe.testHelpers.testClocks.create({ frozen_time: now })).id;
  return now;
}

const subscribe = (caller: Caller, paymentMethodId: string, planId = 'inicial', billing = 'monthly') =>
  api(caller, 'POST', '/api/private/subscription', { planId, billing, paymentMethodId, termsAccepted: true });

describe('access to a store’s data', () => {
  it('needs a plan or trial: data answers 402 in Spanish, the account and the plans stay open', async () => {
    const { caller, storeId } = await newMerchant('sinplan@tienda.cl');
    const stats = await api(caller, 'GET', `/backend/stores/${storeId}/stats`);
    expect(stats.statusCode).toBe(402);
    expect(stats.json()).toMatchObject({ code: 'subscription_required', message: expect.stringContaining('plan') });
    const segments = await api(caller, 'GET', `/api/private/stores/${storeId}/segments`);
    expect(segments.statusCode).toBe(402);
    expect((await api(caller, 'GET', '/api/private/plans')).statusCode).toBe(200);
    expect(await subscription(caller)).toEqual({ subscription: null, trialAvailable: true });
  });

  it('lists the plans with the processor’s public key only', async () => {
    const { caller } = await newMerchant('planes@tienda.cl');
    const catalog = (await api(caller, 'GET', '/api/private/plans')).json();
    expect(catalog.trialDays).toBe(7);
    expect(catalog.cardProcessor).toEqual({ publishableKey: SANDBOX_KEYS.publishable, apiBase: sandbox.url });
    for (const plan of catalog.plans) expect(plan.yearlyPriceCents).toBe(plan.monthlyPriceCents * 10);
    expect(JSON.stringify(catalog)).not.toContain(SANDBOX_KEYS.secret);
  });
});

describe('subscribing', () => {
  it('refuses declined, expired and wrong-CVC cards in Spanish and starts nothing', async () => {
    await newClock();
    const { caller } = await newMerchant('rechazos@tienda.cl');
    const declined = await subscribe(caller, await tokenise('4000000000000002'));
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({ code: 'card_declined' });
    const expired = await subscribe(caller, await tokenise('4000000000000069'));
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'expired_card', message: 'Tu tarjeta ha expirado.' });
    expect(expired.json().fieldErrors).toEqual([{ field: 'expiry', message: 'Tu tarjeta ha expirado.' }]);
    const cvc = await subscribe(caller, await tokenise('4000000000000127'));
    expect(cvc.statusCode).toBe(422);
    expect(cvc.json().fieldErrors).toEqual([{ field: 'cvc', message: expect.any(String) }]);
    // Each refusal is the last card's own: after an expired card, a declined one says nothing of expiry.
    const declinedAgain = await subscribe(caller, await tokenise('4000000000000002'));
    expect(declinedAgain.json()).toMatchObject({ code: 'card_declined' });
    expect(JSON.stringify(declinedAgain.json())).not.toContain('expir');
    expect(await subscription(caller)).toEqual({ subscription: null, trialAvailable: true });
  });

  it('refuses a card id that is not a processor payment method, by the contract', async () => {
    const { caller } = await newMerchant('sintarjeta@tienda.cl');
    const response = await subscribe(caller, '4242424242424242');
    expect(response.statusCode).toBe(400);
  });

  it('lets only owners and users subscribe, and only owners cancel', async () => {
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect((await subscribe(collaborator, 'pm_whatever')).statusCode).toBe(403);
    expect((await api(collaborator, 'DELETE', '/api/private/subscription', { reason: 'OTHER REASONS' })).statusCode).toBe(403);
    const admin = await signIn(server.app, 'admin@recompra.cl');
    expect((await api(admin, 'PATCH', '/api/private/me/payment_details', { paymentMethodId: 'pm_whatever' })).statusCode).toBe(403);
  });
});

describe('the subscription’s life on the processor’s clock', () => {
  it('trial → active → past due → recovered with a new card', async () => {
    const start = await newClock();
    const { caller, storeId } = await newMerchant('vida@tienda.cl');
    const started = await subscribe(caller, await tokenise('4242424242424242'), 'crecimiento', 'monthly');
    expect(started.statusCode).toBe(201);
    const trial = started.json().subscription;
    expect(trial).toMatchObject({ status: 'active', planId: 'crecimiento', billing: 'monthly', priceCents: 5900 });
    expect(Date.parse(trial.trialEndsAt) / 1000).toBeCloseTo(start + 7 * DAY, -2);
    expect(trial.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number), country: 'US' });
    expect((await api(caller, 'GET', `/backend/stores/${storeId}/stats`)).statusCode).not.toBe(402);
    expect((await subscribe(caller, await tokenise('4242424242424242'))).statusCode).toBe(409);

    // The trial ends: the first invoice is paid and the plan runs.
    await advanceTo(start + 8 * DAY);
    const active = (await subscription(caller)).subscription;
    expect(active).toMatchObject({ status: 'active', trialEndsAt: null, nextInvoiceAttempt: null, invoiceAttemptsLeft: null });
    expect(Date.parse(active.renewalDate) / 1000).toBeGreaterThan(start + 30 * DAY);

    // A card that fails every charge: the renewal fails, and the store is past due with its retries.
    const failing = await api(caller, 'PATCH', '/api/private/me/payment_details', { paymentMethodId: await tokenise('4000000000000341') });
    expect(failing.statusCode).toBe(200);
    expect(failing.json().subscription.paymentMethod.last4).toBe('0341');
    await advanceTo(Math.floor(Date.parse(active.renewalDate) / 1000) + 3600);
    const pastDue = (await subscription(caller)).subscription;
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.invoiceAttemptsLeft).toBe(3);
    expect(Date.parse(pastDue.nextInvoiceAttempt)).toBeGreaterThan(Date.parse(active.renewalDate));
    // Past due still opens the data, until the store is deleted.
    expect((await api(caller, 'GET', `/backend/stores/${storeId}/stats`)).statusCode).not.toBe(402);

    // A good card pays the open invoice at once.
    const fixed = await api(caller, 'PATCH', '/api/private/me/payment_details', { paymentMethodId: await tokenise('5555555555554444') });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().subscription).toMatchObject({
      status: 'active',
      nextInvoiceAttempt: null,
      paymentMethod: { brand: 'mastercard', last4: '4444' },
    });
  });

  it('changes plan: a dearer one at once, a yearly billing at the price of 10 months', async () => {
    await newClock();
    const { caller } = await newMerchant('cambio@tienda.cl');
    expect((await subscribe(caller, await tokenise('4242424242424242'))).statusCode).toBe(201);
    // On the trial nothing is charged today, whatever the plan.
    const onTrial = await api(caller, 'GET', '/api/private/subscription/plan-change-preview?planId=avanzado&billing=yearly');
    expect(onTrial.json()).toEqual({ chargeTodayCents: 0, prorationDate: null });
    expect((await api(caller, 'GET', '/api/private/subscription/plan-change-preview?planId=oro&billing=yearly')).statusCode).toBe(400);
    const yearly = await api(caller, 'PATCH', '/api/private/subscription', { planId: 'inicial', billing: 'yearly' });
    expect(yearly.statusCode).toBe(200);
    expect(yearly.json().subscription).toMatchObject({ planId: 'inicial', billing: 'yearly', priceCents: 29_000 });
    const upgraded = await api(caller, 'PATCH', '/api/private/subscription', { planId: 'avanzado', billing: 'yearly' });
    expect(upgraded.json().subscription).toMatchObject({ planId: 'avanzado', priceCents: 119_000 });
  });

  it('after the trial, a dearer plan charges the prorated difference at once and a cheaper one charges nothing', async () => {
    const start = await newClock();
    const { caller } = await newMerchant('mejora@tienda.cl');
    expect((await subscribe(caller, await tokenise('4242424242424242'), 'crecimiento')).statusCode).toBe(201);
    await advanceTo(start + 10 * DAY);
    const customer = (await stripe.customers.list({ email: 'mejora@tienda.cl' })).data[0]!;
    const paidBefore = (await stripe.invoices.list({ customer: customer.id })).data.length;
    const preview = await api(caller, 'GET', '/api/private/subscription/plan-change-preview?planId=avanzado&billing=monthly');
    expect(preview.statusCode).toBe(200);
    const { chargeTodayCents, prorationDate } = preview.json();
    expect(prorationDate).toBe(new Date((start + 10 * DAY) * 1000).toISOString());
    const upgraded = await api(caller, 'PATCH', '/api/private/subscription', { planId: 'avanzado', billing: 'monthly', prorationDate });
    expect(upgraded.json().subscription).toMatchObject({ planId: 'avanzado', priceCents: 11_900, status: 'active' });
    const invoices = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(invoices).toHaveLength(paidBefore + 1);
    // About 27 days of 30 left, at the difference between 119 and 59 dollars.
    expect(invoices[0]).toMatchObject({ status: 'paid', billing_reason: 'subscription_update' });
    expect(invoices[0]!.amount_paid).toBeGreaterThan(4_500);
    expect(invoices[0]!.amount_paid).toBeLessThan(6_000);
    // What the screen said would be charged today is what was charged.
    expect(invoices[0]!.amount_paid).toBe(chargeTodayCents);
    const cheaper = await api(caller, 'GET', '/api/private/subscription/plan-change-preview?planId=inicial&billing=monthly');
    expect(cheaper.json()).toEqual({ chargeTodayCents: 0, prorationDate: null });
    const downgraded = await api(caller, 'PATCH', '/api/private/subscription', { planId: 'inicial', billing: 'monthly' });
    expect(downgraded.json().subscription).toMatchObject({ planId: 'inicial', priceCents: 2_900 });
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(paidBefore + 1);
  });

  it('a canceled store that chooses its plan again before the end keeps its data', async () => {
    const start = await newClock();
    const { caller, storeId } = await newMerchant('vuelvo@tienda.cl');
    expect((await subscribe(caller, await tokenise('4242424242424242'))).statusCode).toBe(201);
    expect((await api(caller, 'DELETE', '/api/private/subscription', { reason: 'NO LONGER USE' })).json().subscription.status).toBe(
      'canceled',
    );
    const again = await api(caller, 'PATCH', '/api/private/subscription', { planId: 'inicial', billing: 'monthly' });
    expect(again.json().subscription).toMatchObject({ status: 'active', cancellationDate: null, cancelReason: null });
    await advanceTo(start + 8 * DAY);
    expect((await subscription(caller)).subscription.status).toBe('active');
    expect(await rowsLeftOf(server.db, storeId)).toMatchObject({ stores: 1 });
  });

  it('canceled → warned by email → deleted with all its data at the period’s end', async () => {
    const start = await newClock();
    const { caller, storeId } = await newMerchant('adios@tienda.cl');
    expect((await subscribe(caller, await tokenise('4242424242424242'))).statusCode).toBe(201);
    await server.db.query(`insert into customers (store_id, external_id, email) values ($1, 1, 'cliente@correo.cl')`, [storeId]);

    const missingReason = await api(caller, 'DELETE', '/api/private/subscription', {});
    expect(missingReason.statusCode).toBe(400);
    const canceled = await api(caller, 'DELETE', '/api/private/subscription', { reason: 'TOO EXPENSINVE', details: 'Por ahora no.' });
    expect(canceled.statusCode).toBe(200);
    const state = canceled.json().subscription;
    expect(state).toMatchObject({ status: 'canceled', cancelReason: 'TOO EXPENSINVE', renewalDate: null, nextPayment: null });
    expect(Date.parse(state.cancellationDate) / 1000).toBeCloseTo(start + 7 * DAY, -2);
    const [mail] = await server.db.query<{ subject: string }>('select subject from mail_outbox where recipient = $1', ['adios@tienda.cl']);
    expect(mail?.subject).toContain('se eliminará');
    // Until that day the store keeps its data.
    expect((await api(caller, 'GET', `/backend/stores/${storeId}/stats`)).statusCode).not.toBe(402);

    await advanceTo(start + 7 * DAY + 3600);
    expect(await rowsLeftOf(server.db, storeId, STORE_DELETION_QUEUE)).toEqual({});
    const customers = await stripe.customers.list({ email: 'adios@tienda.cl' });
    expect(customers.data).toEqual([]);
  });

  it('warns of the deletion once, however many times the cancellation is sent, together or one after the other', async () => {
    await newClock();
    const { caller } = await newMerchant('dos-veces@tienda.cl');
    expect((await subscribe(caller, await tokenise('4242424242424242'))).statusCode).toBe(201);
    const cancel = () => api(caller, 'DELETE', '/api/private/subscription', { reason: 'OTHER REASONS' });
    const together = await Promise.all([cancel(), cancel(), cancel()]);
    const after = await cancel();
    expect([...together, after].map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(after.json().subscription).toMatchObject({ status: 'canceled', cancelReason: 'OTHER REASONS' });
    const mails = await server.db.query('select id from mail_outbox where recipient = $1', ['dos-veces@tienda.cl']);
    expect(mails).toHaveLength(1);
  });

  it('past due until the retries run out, then the store is deleted', async () => {
    const start = await newClock();
    const { caller, storeId } = await newMerchant('moroso@tienda.cl');
    expect((await subscribe(caller, await tokenise('4000000000000341'))).statusCode).toBe(201);
    await advanceTo(start + 7 * DAY + 3600);
    const pastDue = (await subscription(caller)).subscription;
    expect(pastDue).toMatchObject({ status: 'past_due', invoiceAttemptsLeft: 3 });
    await advanceTo(start + 30 * DAY);
    expect(await rowsLeftOf(server.db, storeId, STORE_DELETION_QUEUE)).toEqual({});
  });
});

describe('the processor’s webhook', () => {
  /** Posts an event as the processor would, signed with `secret` at `timestamp` (seconds; now by default). */
  const deliver = (event: object, secret: string, timestamp?: number) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
    return server.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  };
  const foreignEvent = (id: string) => ({
    id,
    object: 'event',
    type: 'customer.subscription.updated',
    data: { object: { id: 'sub_unknown', object: 'subscription' } },
  });

  it('refuses a delivery whose signature does not verify', async () => {
    const response = await deliver({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } }, 'whsec_other');
    expect(response.statusCode).toBe(400);
  });

  it('refuses a signature dated outside the tolerance, in the past or in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const secret = SANDBOX_KEYS.webhookSecret;
    for (const timestamp of [now - 3600, now + 3600, now + 10 * 365 * 86_400]) {
      expect((await deliver(foreignEvent(`evt_at_${timestamp}`), secret, timestamp)).statusCode, `signed at ${timestamp}`).toBe(400);
    }
    // Within the tolerance either way, as clocks drift.
    expect((await deliver(foreignEvent('evt_behind'), secret, now - 60)).statusCode).toBe(200);
    expect((await deliver(foreignEvent('evt_ahead'), secret, now + 60)).statusCode).toBe(200);
  });

  it('acknowledges events of subscriptions that are not ours', async () => {
    const response = await deliver(foreignEvent('evt_2'), SANDBOX_KEYS.webhookSecret);
    expect(response.statusCode).toBe(200);
  });
});
