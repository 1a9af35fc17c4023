import Fastify from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerStripeSandbox,
  type StartedStripeSandbox,
  startStripeSandbox,
} from '../../../../src/server/integrations/payments/sandbox/index.ts';
import { SANDBOX_KEYS, STRIPE_API_VERSION } from '../../../../src/server/integrations/payments/types.ts';
import { sdkFor, startReceiver, tokenise } from './testing.ts';

// Stripe's HTTP surface as any client meets it: raw requests for the protocol, the raw SDK for the objects.
let sandbox: StartedStripeSandbox;
let stripe: Stripe;
beforeAll(async () => {
  sandbox = await startStripeSandbox({ seed: 1 });
  stripe = sdkFor(sandbox.url);
});
afterAll(() => sandbox.close());

const SECRET = { authorization: `Bearer ${SANDBOX_KEYS.secret}` };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** An answer as these tests read it: an object with its id, or Stripe's error object. */
type Answer = Record<string, unknown> & { id: string; error: { type: string; message: string; code?: string; param?: string } };

async function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${sandbox.url}${path}`, { method, headers: { ...SECRET, ...FORM, ...init.headers }, body: init.body });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Answer };
}

describe('authentication', () => {
  it('takes the secret key as Bearer or as Basic user, and refuses missing or wrong keys as Stripe does', async () => {
    expect((await call('GET', '/v1/customers')).status).toBe(200);
    const basic = `Basic ${Buffer.from(`${SANDBOX_KEYS.secret}:`).toString('base64')}`;
    expect((await call('GET', '/v1/customers', { headers: { authorization: basic } })).status).toBe(200);

    const missing = await fetch(`${sandbox.url}/v1/customers`);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('You did not provide an API key.'),
    });

    const wrong = await call('GET', '/v1/customers', { headers: { authorization: 'Bearer sk_test_abcdefghijklmnop1234' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatchObject({
      type: 'invalid_request_error',
      message: `Invalid API Key provided: sk_test_${'*'.repeat(16)}1234`,
    });
  });

  it('lets the publishable key tokenise a card and nothing else', async () => {
    const publishable = { authorization: `Bearer ${SANDBOX_KEYS.publishable}` };
    const body = 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2040&card[cvc]=123';
    const made = await call('POST', '/v1/payment_methods', { headers: publishable, body });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ object: 'payment_method', customer: null, card: { brand: 'visa', last4: '4242', exp_year: 2040 } });
    expect(JSON.stringify(made.json)).not.toContain('4242424242424242');

    // Stripe.js sends the key in the body rather than a header.
    const fromBrowser = await fetch(`${sandbox.url}/v1/payment_methods`, {
      method: 'POST',
      headers: FORM,
      body: `${body}&key=${SANDBOX_KEYS.publishable}`,
    });
    expect(fromBrowser.status).toBe(200);

    for (const [method, path] of [
      ['GET', `/v1/payment_methods/${made.json.id}`],
      ['POST', '/v1/customers'],
      ['GET', '/v1/customers'],
    ] as const) {
      const refused = await call(method, path, { headers: publishable });
      expect(refused.status).toBe(401);
      expect(refused.json.error.message).toMatch(/^This API call cannot be made with a publishable API key/);
    }
    await expect(sdkFor(sandbox.url, SANDBOX_KEYS.publishable).customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
    });
  });

  it('answers the browser from any origin on the tokenisation path only', async () => {
    const preflight = await fetch(`${sandbox.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://tienda.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const refused = await call('POST', '/v1/payment_methods', {
      headers: { origin: 'http://tienda.example', authorization: 'Bearer pk_test_wrong' },
      body: 'type=card',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      (await call('GET', '/v1/customers', { headers: { origin: 'http://tienda.example' } })).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});

describe('headers, encoding and errors', () => {
  it('gives every answer a Request-Id and echoes Stripe-Version', async () => {
    const answers = [await call('GET', '/v1/customers'), await call('GET', '/v1/nowhere'), await fetch(`${sandbox.url}/v1/customers`)];
    const ids = answers.map((answer) => answer.headers.get('request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-Za-z]{14}$/);
    expect(new Set(ids).size).toBe(3);
    expect(answers[0]!.headers.get('stripe-version')).toBe(STRIPE_API_VERSION);
    expect((await call('GET', '/v1/customers', { headers: { 'stripe-version': '2025-03-31.basil' } })).headers.get('stripe-version')).toBe(
      '2025-03-31.basil',
    );
    for (const version of ['yesterday', '2099-01-01']) {
      const bad = await call('GET', '/v1/customers', { headers: { 'stripe-version': version } });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(`Invalid Stripe API version: ${version}`);
    }
    // The SDK sends the version it is given, and throws Stripe's refusal.
    await expect(stripe.customers.list({}, { apiVersion: '2099-01-01' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'Invalid Stripe API version: 2099-01-01',
    });
  });

  it('answers unknown URLs, unknown ids, unknown parameters and other encodings with Stripe errors', async () => {
    const nowhere = await call('DELETE', '/v1/prices/price_123');
    expect(nowhere.status).toBe(404);
    expect(nowhere.json.error.message).toMatch(/^Unrecognized request URL \(DELETE: \/v1\/prices\/price_123\)/);

    const missing = await call('GET', '/v1/customers/cus_nobody');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_nobody'",
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      request_log_url: `https://dashboard.stripe.com/test/logs/${missing.headers.get('request-id')}`,
    });

    const unknown = await call('POST', '/v1/customers', { body: 'email=a@b.cl&favourite_colour=blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({ code: 'parameter_unknown', param: 'favourite_colour' });

    const asJson = await call('POST', '/v1/customers', { headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.cl"}' });
    expect(asJson.status).toBe(400);
    expect(asJson.json.error.message).toMatch(/^Invalid request: unsupported Content-Type application\/json/);
  });

  it('reads bracket notation in bodies and query strings', async () => {
    const created = await call('POST', '/v1/customers', {
      body: 'email=corchetes%40tienda.cl&metadata[store]=42&preferred_locales[]=es&preferred_locales[]=en&invoice_settings[footer]=',
    });
    expect(created.json).toMatchObject({ email: 'corchetes@tienda.cl', metadata: { store: '42' }, preferred_locales: ['es', 'en'] });
    const listed = await call('GET', `/v1/customers?email=corchetes%40tienda.cl&limit=1&expand[]=data.test_clock`);
    expect(listed.json).toMatchObject({
      object: 'list',
      url: '/v1/customers',
      has_more: false,
      data: [{ id: created.json.id, test_clock: null }],
    });
  });
});

describe('idempotent POSTs', () => {
  it('replays the stored answer for the same key and parameters, and refuses the key for anything else', async () => {
    const headers = { 'idempotency-key': 'alta-cliente-1' };
    const first = await call('POST', '/v1/customers', { headers, body: 'email=uno%40tienda.cl' });
    const again = await call('POST', '/v1/customers', { headers, body: 'email=uno%40tienda.cl' });
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('original-request')).toBe(first.headers.get('request-id'));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await stripe.customers.list({ email: 'uno@tienda.cl' })).data).toHaveLength(1);

    const otherParams = await call('POST', '/v1/customers', { headers, body: 'email=dos%40tienda.cl' });
    expect(otherParams.status).toBe(400);
    expect(otherParams.json.error).toMatchObject({ type: 'idempotency_error' });
    const otherPath = await call('POST', '/v1/products', { headers, body: 'name=Pro' });
    expect(otherPath.json.error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining("('/v1/customers' vs '/v1/products')"),
    });
  });

  it('keeps declines but not requests refused before they ran', async () => {
    const headers = { 'idempotency-key': 'tarjeta-1' };
    const badFirst = await call('POST', '/v1/payment_methods', { headers, body: 'type=card' });
    expect(badFirst.json.error.code).toBe('parameter_missing');
    const body = 'type=card&card[number]=4242424242424241&card[exp_month]=12&card[exp_year]=2040';
    const declined = await call('POST', '/v1/payment_methods', { headers, body });
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({ type: 'card_error', code: 'incorrect_number', param: 'number' });
    const replayed = await call('POST', '/v1/payment_methods', { headers, body });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.json).toEqual(declined.json);
  });

  it('the SDK replays through its own idempotencyKey option', async () => {
    const once = await stripe.products.create({ name: 'Una vez' }, { idempotencyKey: 'producto-1' });
    const twice = await stripe.products.create({ name: 'Una vez' }, { idempotencyKey: 'producto-1' });
    expect(twice.id).toBe(once.id);
    await expect(stripe.products.create({ name: 'Otra' }, { idempotencyKey: 'producto-1' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });
});

describe('expand and pagination', () => {
  it('expands ids along nested paths, in lists too, and refuses what cannot be expanded', async () => {
    const customer = await stripe.customers.create({ email: 'expand@tienda.cl' });
    const paymentMethod = await tokenise(sandbox.url, '4242424242424242');
    await stripe.paymentMethods.attach(paymentMethod, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } });
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 500,
      recurring: { interval: 'month' },
      product_data: { name: 'Expandido' },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      expand: ['customer.invoice_settings.default_payment_method', 'latest_invoice.payments', 'items.data.price.product'],
    });
    const expandedCustomer = subscription.customer as Stripe.Customer;
    expect((expandedCustomer.invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice.payments?.data[0]).toMatchObject({ status: 'paid', amount_paid: 500, payment: { type: 'payment_intent' } });
    expect((subscription.items.data[0]!.price.product as Stripe.Product).name).toBe('Expandido');

    const listed = await stripe.subscriptions.list({ customer: customer.id, expand: ['data.customer'] });
    expect((listed.data[0]!.customer as Stripe.Customer).email).toBe('expand@tienda.cl');
    await expect(stripe.subscriptions.retrieve(subscription.id, { expand: ['status'] })).rejects.toMatchObject({
      statusCode: 400,
      param: 'expand',
    });
    // The stored subscription keeps its ids: expanding changed only the answer.
    expect((await stripe.subscriptions.retrieve(subscription.id)).customer).toBe(customer.id);
  });

  it('pages newest first with limit, starting_after and ending_before, and the SDK auto-pages through all', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1)
      ids.push((await stripe.products.create({ name: `Página ${index}`, metadata: { page: 'yes' } })).id);
    const newest = [...ids].reverse();
    const all: string[] = [];
    for await (const product of stripe.products.list({ ids, limit: 2 })) all.push(product.id);
    expect(all).toEqual(newest);

    const first = await stripe.products.list({ ids, limit: 2 });
    expect([first.data.map((product) => product.id), first.has_more]).toEqual([newest.slice(0, 2), true]);
    const next = await stripe.products.list({ ids, limit: 2, starting_after: newest[1] });
    expect(next.data.map((product) => product.id)).toEqual(newest.slice(2, 4));
    const back = await stripe.products.list({ ids, limit: 2, ending_before: newest[4] });
    expect([back.data.map((product) => product.id), back.has_more]).toEqual([newest.slice(2, 4), true]);
    await expect(stripe.products.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400, param: 'limit' });
  });
});

describe('the objects', () => {
  it('keeps lookup keys unique unless one is transferred, and finds prices by them', async () => {
    const product = await stripe.products.create({ name: 'Claves' });
    const claves = (unitAmount: number, transfer?: boolean) =>
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: unitAmount,
        recurring: { interval: 'month' },
        lookup_key: 'claves',
        ...(transfer ? { transfer_lookup_key: true } : {}),
      });
    const monthly = await claves(1000);
    await expect(claves(1200)).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const raised = await claves(1200, true);
    expect((await stripe.prices.list({ lookup_keys: ['claves', 'otra'] })).data.map((price) => price.id)).toEqual([raised.id]);
    expect(await stripe.prices.update(monthly.id, { active: false })).toMatchObject({ active: false, lookup_key: null });
  });

  it('creates, reads, updates and deletes customers and their cards', async () => {
    const customer = await stripe.customers.create({ email: 'ciclo@tienda.cl', name: 'Ciclo', metadata: { store: '7' } });
    const card = await tokenise(sandbox.url, '5555555555554444');
    const intent = await stripe.setupIntents.create({ customer: customer.id, payment_method: card, confirm: true, usage: 'off_session' });
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: card, customer: customer.id });
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded' });
    const updated = await stripe.customers.update(customer.id, { name: 'Ciclo SpA', invoice_settings: { default_payment_method: card } });
    expect(updated).toMatchObject({ name: 'Ciclo SpA', email: 'ciclo@tienda.cl', invoice_settings: { default_payment_method: card } });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((method) => method.id)).toEqual([card]);

    expect((await stripe.paymentMethods.detach(card)).customer).toBeNull();
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    await expect(stripe.paymentMethods.attach(card, { customer: customer.id })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method',
    });

    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    await expect(stripe.customers.update(customer.id, { name: 'x' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const kinds = (await stripe.events.list({ limit: 100 })).data.filter(
      (event) => (event.data.object as { id?: string }).id === customer.id,
    );
    expect(kinds.map((event) => event.type).reverse()).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
  });

  it('a setup intent that is declined records why and answers with the intent', async () => {
    const customer = await stripe.customers.create({ email: 'rechazo@tienda.cl' });
    const error = await stripe.setupIntents
      .create({ customer: customer.id, payment_method: await tokenise(sandbox.url, '4000000000000002'), confirm: true })
      .catch((caught: Stripe.errors.StripeCardError) => caught);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', statusCode: 402 });
    const intent = (error as Stripe.errors.StripeCardError).setup_intent!;
    expect(await stripe.setupIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', decline_code: 'generic_decline', type: 'card_error' },
    });
  });

  it('lists events by type and by pattern', async () => {
    const customer = await stripe.customers.create({ email: 'eventos@tienda.cl' });
    const [created] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
    expect(created).toMatchObject({ type: 'customer.created', api_version: STRIPE_API_VERSION, data: { object: { id: customer.id } } });
    expect(await stripe.events.retrieve(created!.id)).toEqual(created);
    const customerEvents = (await stripe.events.list({ type: 'customer.*', limit: 100 })).data;
    expect(customerEvents.length).toBeGreaterThan(1);
    expect(customerEvents.every((event) => event.type.startsWith('customer.'))).toBe(true);
  });
});

describe('mounted in an app', () => {
  it('serves /v1 beside the app routes without touching their JSON parsing or their not-found answers', async () => {
    const receiver = await startReceiver();
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.post('/api/echo', async (request) => ({ got: request.body }));
    const mounted = registerStripeSandbox(app, {
      seed: 9,
      webhookTargets: [{ url: receiver.url, secret: SANDBOX_KEYS.webhookSecret, enabledEvents: ['customer.created'] }],
      deliveryIntervalMs: 5,
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ app: 'not found' }));
    // As the app's static files answer every other GET, leaving what they do not hold to the app's 404.
    app.get('/*', (_request, reply) => reply.callNotFound());
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const echo = await fetch(`${base}/api/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(await echo.json()).toEqual({ got: { a: 1 } });
      expect(await (await fetch(`${base}/somewhere`)).json()).toEqual({ app: 'not found' });
      expect((await (await fetch(`${base}/v1/somewhere`, { headers: SECRET })).json()).error.message).toMatch(/^Unrecognized request URL/);
      // A call the sandbox does not serve fails in the SDK as it would against Stripe, never resolving to the app's answer.
      for (const unserved of [
        () => sdkFor(base).subscriptionItems.list({ subscription: 'sub_1' }),
        () => sdkFor(base).paymentIntents.list(),
      ])
        await expect(unserved()).rejects.toMatchObject({
          type: 'StripeInvalidRequestError',
          message: expect.stringMatching(/^Unrecognized request URL \(GET/),
        });

      const customer = await sdkFor(base).customers.create({ email: 'montado@tienda.cl' });
      // The delivery timer sends it without being asked.
      await expect
        .poll(() => mounted.deliveries().map((delivery) => [delivery.type, delivery.delivered]), { interval: 10 })
        .toEqual([['customer.created', true]]);
      expect(mounted.pending()).toEqual([]);
      expect(receiver.received.map((delivery) => delivery.event.data.object)).toEqual([expect.objectContaining({ id: customer.id })]);
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});

describe("Stripe's documented test payment methods and search", () => {
  it('takes pm_card_* by name, each use a new payment method from its test card', async () => {
    const customer = await stripe.customers.create({ email: 'prueba@tienda.cl', name: 'Ana Prueba', metadata: { store: '7' } });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(visa).toMatchObject({
      id: expect.stringMatching(/^pm_(?!card_)/),
      customer: customer.id,
      card: { brand: 'visa', last4: '4242' },
    });
    const again = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(again.id).not.toBe(visa.id);
    await expect(stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
    });
    await expect(stripe.paymentMethods.attach('pm_card_unknown', { customer: customer.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
  });

  it('searches customers and subscriptions with the query language, a page at a time', async () => {
    for (const name of ['Búsqueda Uno', 'Búsqueda Dos', 'Búsqueda Tres'])
      await stripe.customers.create({ email: `${name.split(' ')[1]!.toLowerCase()}@busqueda.cl`, name, metadata: { plan: 'crecimiento' } });
    const byEmail = await stripe.customers.search({ query: "email:'dos@busqueda.cl'" });
    expect(byEmail).toMatchObject({ object: 'search_result', has_more: false, next_page: null });
    expect(byEmail.data.map((customer) => customer.name)).toEqual(['Búsqueda Dos']);
    const first = await stripe.customers.search({ query: "name~'búsqueda' AND metadata['plan']:'crecimiento'", limit: 2 });
    expect(first.data.map((customer) => customer.name)).toEqual(['Búsqueda Tres', 'Búsqueda Dos']);
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.search({
      query: "name~'búsqueda' AND metadata['plan']:'crecimiento'",
      limit: 2,
      page: first.next_page!,
    });
    expect(second.data.map((customer) => customer.name)).toEqual(['Búsqueda Uno']);
    // The SDK's auto-pagination follows next_page.
    const all: string[] = [];
    for await (const customer of stripe.customers.search({ query: "-email:'dos@busqueda.cl' AND name~'squeda'", limit: 1 }))
      all.push(customer.name!);
    expect(all).toEqual(['Búsqueda Tres', 'Búsqueda Uno']);
    await expect(stripe.customers.search({ query: "status:'active'" })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringContaining("Field 'status' is an unsupported search field for resource customers"),
    });
    await expect(stripe.customers.search({ query: "email:'a@b.cl' AND name:'x' OR phone:'1'" })).rejects.toMatchObject({ statusCode: 400 });
    const subscriptions = await stripe.subscriptions.search({ query: "status:'active'" });
    expect(subscriptions.object).toBe('search_result');
    expect(subscriptions.data.every((subscription) => subscription.status === 'active')).toBe(true);
  });
});
