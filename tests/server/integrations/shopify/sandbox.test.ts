import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyClient, type ShopifyClient, sandboxEndpoint } from '../../../../src/server/integrations/shopify/client.ts';
import {
  deliverWebhook,
  registerShopifySandbox,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import { verifyWebhook } from '../../../../src/server/integrations/shopify/webhooks.ts';
import { postAdmin } from './sandbox-admin.ts';

interface Received {
  headers: Record<string, string>;
  raw: string;
}

/** A webhook receiver on a free port that keeps every raw body. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, raw: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/shopify`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('webhooks', () => {
  let clock = new Date('2026-03-01T00:00:00Z');
  let sandbox: StartedSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let client: ShopifyClient;
  beforeAll(async () => {
    sandbox = await startShopifySandbox({
      customers: 300,
      orders: 1000,
      now: () => clock,
      liveWebhooks: true,
      webhookIntervalMs: 3_600_000,
    });
    receiver = await startReceiver();
    client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  it('keeps subscriptions and accepts the same one twice', async () => {
    for (const topic of ['ORDERS_CREATE', 'ORDERS_FULFILLED', 'CHECKOUTS_CREATE'] as const)
      await client.subscribeWebhook(topic, receiver.url);
    await client.subscribeWebhook('ORDERS_CREATE', receiver.url);
    expect(sandbox.subscriptions().map((s) => s.topic)).toEqual(['ORDERS_CREATE', 'ORDERS_FULFILLED', 'CHECKOUTS_CREATE']);
  });

  it('sends signed orders/create, orders/fulfilled and checkouts/create as time passes, some late and some twice', async () => {
    const before = clock;
    clock = new Date(before.getTime() + 10 * 86_400_000);
    const report = await sandbox.emitDueWebhooks();
    expect(report.ordersCreated).toBeGreaterThan(0);
    expect(report.ordersFulfilled).toBeGreaterThan(0);
    expect(report.failed).toBe(0);
    expect(receiver.received.length).toBe(report.delivered);
    // Only the subscribed topics are sent: each event once, some of them twice under the same webhook id.
    const ids = receiver.received.map((r) => r.headers['x-shopify-webhook-id']);
    expect(new Set(ids).size).toBe(report.ordersCreated + report.ordersFulfilled + report.checkoutsCreated);
    expect(report.checkoutsCreated).toBe(report.byTopic['checkouts/create']);
    // Shopify's habits: deliveries out of order and repeated.
    expect(report.late).toBeGreaterThan(0);
    expect(ids.length).toBeGreaterThan(new Set(ids).size);
    const triggered = receiver.received.map((r) => JSON.parse(r.raw).updated_at as string);
    expect(triggered).not.toEqual([...triggered].sort());

    for (const { headers, raw } of receiver.received) {
      const expected = createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(raw, 'utf8').digest('base64');
      expect(headers['x-shopify-hmac-sha256']).toBe(expected);
      expect(verifyWebhook(raw, headers['x-shopify-hmac-sha256'], SANDBOX_WEBHOOK_SECRET)).toBe(true);
      expect(verifyWebhook(raw, headers['x-shopify-hmac-sha256'], 'otro-secreto')).toBe(false);
      expect(headers['x-shopify-shop-domain']).toBe(SANDBOX_SHOP);
      expect(headers['x-shopify-api-version']).toBe('2026-10');
      expect(headers['x-shopify-webhook-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(headers['x-shopify-event-id']).toBeTruthy();
      expect(Date.parse(headers['x-shopify-triggered-at']!)).not.toBeNaN();
      expect(['orders/create', 'orders/fulfilled', 'checkouts/create']).toContain(headers['x-shopify-topic']);
    }

    const created = [
      ...new Map(
        receiver.received
          .filter((r) => r.headers['x-shopify-topic'] === 'orders/create')
          .map((r) => JSON.parse(r.raw))
          .map((order) => [order.id, order]),
      ).values(),
    ].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
    for (const order of created) {
      expect(Date.parse(order.created_at)).toBeGreaterThan(before.getTime());
      expect(Date.parse(order.created_at)).toBeLessThanOrEqual(clock.getTime());
      expect(order).toMatchObject({
        id: expect.any(Number),
        admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
        currency: 'CLP',
        // Transfers wait for the money; some cards are only authorized until the order ships.
        financial_status: expect.stringMatching(/^(paid|pending|authorized)$/),
        fulfillment_status: null,
        payment_gateway_names: [expect.any(String)],
        shipping_lines: [{ title: expect.any(String) }],
        shipping_address: { province: expect.any(String), city: expect.any(String), province_code: expect.any(String) },
      });
      // Guests buy without an account.
      if (order.customer)
        expect(order.customer).toMatchObject({
          id: expect.any(Number),
          admin_graphql_api_id: expect.stringMatching(/^gid:\/\/shopify\/Customer\//),
        });
      expect(order.line_items.length).toBeGreaterThan(0);
      expect(order.line_items[0]).toMatchObject({
        id: expect.any(Number),
        product_id: expect.any(Number),
        title: expect.any(String),
        quantity: expect.any(Number),
        price: expect.any(String),
      });
      expect(Number(order.current_total_price)).toBeGreaterThan(0);
    }
    const fulfilled = receiver.received.filter((r) => r.headers['x-shopify-topic'] === 'orders/fulfilled').map((r) => JSON.parse(r.raw));
    expect(fulfilled.every((order) => order.fulfillment_status === 'fulfilled')).toBe(true);

    // The same orders now show up in the API, with the same ids.
    const recent = [];
    for await (const record of client.bulkExport('orders', { query: `created_at:>'${before.toISOString()}'` }))
      if (record.kind === 'order') recent.push(record.id);
    expect(recent).toEqual(created.map((order) => order.admin_graphql_api_id));

    // A later tick sends nothing again.
    const count = receiver.received.length;
    expect((await sandbox.emitDueWebhooks()).delivered).toBe(0);
    expect(receiver.received.length).toBe(count);
  });

  it('delivers any payload on demand, to subscribers or to a given address', async () => {
    receiver.received.length = 0;
    expect(await sandbox.deliverWebhook('ORDERS_CREATE', { id: 42, name: '#42' })).toEqual([200]);
    expect(await deliverWebhook('orders/fulfilled', { id: 43 }, { url: receiver.url, secret: 'otro' })).toBe(200);
    const [first, second] = receiver.received;
    expect(JSON.parse(first!.raw)).toEqual({ id: 42, name: '#42' });
    expect(verifyWebhook(first!.raw, first!.headers['x-shopify-hmac-sha256'], SANDBOX_WEBHOOK_SECRET)).toBe(true);
    expect(second!.headers['x-shopify-topic']).toBe('orders/fulfilled');
    expect(verifyWebhook(second!.raw, second!.headers['x-shopify-hmac-sha256'], 'otro')).toBe(true);
    // Webhook ids are fixed per event.
    expect(await sandbox.deliverWebhook('ORDERS_CREATE', { id: 42, name: '#42' })).toEqual([200]);
    expect(receiver.received[2]!.headers['x-shopify-webhook-id']).toBe(first!.headers['x-shopify-webhook-id']);
  });
});

describe('mounting', () => {
  it('adds the sandbox to an existing app under /sandbox/shopify without touching its other routes', async () => {
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.removeContentTypeParser('text/plain');
    app.get('/api/ping', async () => ({ ok: true }));
    // As the app's static files answer every other GET, leaving what they do not hold to the app's 404.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ app: 'not found' }));
    app.get('/*', (_request, reply) => reply.callNotFound());
    const sandbox = registerShopifySandbox(app, { customers: 100, orders: 300, now: new Date('2025-06-01T00:00:00Z'), bulkDelayMs: 10 });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = createShopifyClient({
        shop: SANDBOX_SHOP,
        accessToken: SANDBOX_TOKEN,
        endpoint: sandboxEndpoint(origin),
        pollIntervalMs: 10,
      });
      expect((await client.shop()).name).toBe('Recompra Demo');
      let orders = 0;
      for await (const record of client.bulkExport('orders')) if (record.kind === 'order') orders++;
      expect(orders).toBe(await client.ordersCount());
      expect(orders).toBe(sandbox.store.currentIndex().time.length);
      expect(await (await fetch(`${origin}/api/ping`)).json()).toEqual({ ok: true });
      // The Admin API paths it does not serve (REST among them) answer as Shopify does.
      const rest = await fetch(`${origin}/sandbox/shopify/${SANDBOX_SHOP}/admin/api/2026-10/products.json`, {
        headers: { 'x-shopify-access-token': SANDBOX_TOKEN },
      });
      expect([rest.status, await rest.json()]).toEqual([404, { errors: 'Not Found' }]);
    } finally {
      await app.close();
    }
  });
});

describe("the app's uninstall and Shopify's compliance webhooks", () => {
  let sandbox: StartedSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clientWith = (accessToken: string) => createShopifyClient({ shop: SANDBOX_SHOP, accessToken, endpoint: sandbox.endpoint });
  const bodies = (topic: string) =>
    receiver.received.filter((delivery) => delivery.headers['x-shopify-topic'] === topic).map((delivery) => JSON.parse(delivery.raw));

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startShopifySandbox({
      customers: 30,
      orders: 100,
      now: new Date('2026-03-01T00:00:00Z'),
      appConfig: { webhooksUri: receiver.url },
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await receiver?.close();
  });

  it('revokes the token, deletes the subscriptions and sends app/uninstalled signed, once per address', async () => {
    await clientWith(SANDBOX_TOKEN).subscribeWebhook('APP_UNINSTALLED', receiver.url);
    await clientWith(SANDBOX_TOKEN).subscribeWebhook('ORDERS_CREATE', receiver.url);
    const uninstall = await sandbox.uninstallApp();
    expect(uninstall).toMatchObject({ statuses: [200], deletedSubscriptions: 2 });
    expect(sandbox.subscriptions()).toEqual([]);

    const [delivery] = receiver.received.filter((each) => each.headers['x-shopify-topic'] === 'app/uninstalled');
    expect(delivery!.headers).toMatchObject({
      'x-shopify-shop-domain': SANDBOX_SHOP,
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': uninstall.webhookId,
    });
    expect(delivery!.headers['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(delivery!.headers['x-shopify-triggered-at']!)).not.toBeNaN();
    expect(verifyWebhook(delivery!.raw, delivery!.headers['x-shopify-hmac-sha256'], SANDBOX_WEBHOOK_SECRET)).toBe(true);
    expect(JSON.parse(delivery!.raw)).toMatchObject({
      id: 72000000001,
      name: 'Recompra Demo',
      myshopify_domain: SANDBOX_SHOP,
      currency: 'CLP',
    });

    // Shopify's own answer to a revoked token.
    expect(await postAdmin(sandbox, { query: '{ shop { name } }' })).toEqual({
      status: 401,
      json: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    });
  });

  it('installs again by OAuth with a new token that works', async () => {
    const authorize = `${sandbox.url}/sandbox/shopify/${SANDBOX_SHOP}/admin/oauth/authorize`;
    const consent = await fetch(authorize, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: 'recompra-sandbox-app',
        scope: 'read_orders',
        redirect_uri: 'https://app.example/back',
        state: 's',
        decision: 'install',
      }),
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const exchanged = await fetch(`${sandbox.url}/sandbox/shopify/${SANDBOX_SHOP}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'recompra-sandbox-app', client_secret: SANDBOX_WEBHOOK_SECRET, code }),
    });
    const { access_token: token } = (await exchanged.json()) as { access_token: string };
    await expect(clientWith(token).ordersCount('')).resolves.toBeGreaterThan(0);
  });

  it("sends each compliance topic to the configuration's address in Shopify's payloads", async () => {
    const customer = sandbox.store.profile(0);
    const customerId = 6_000_000_000;
    expect((await sandbox.sendCustomerDataRequest(customerId)).statuses).toEqual([200]);
    expect((await sandbox.sendCustomerRedact(customerId, { orders: [1] })).statuses).toEqual([200]);
    expect((await sandbox.sendShopRedact()).statuses).toEqual([200]);
    const shop = { shop_id: 72000000001, shop_domain: SANDBOX_SHOP };
    const person = { id: customerId, email: customer.email, phone: customer.phone };
    expect(bodies('customers/data_request')).toEqual([
      { ...shop, customer: person, orders_requested: expect.any(Array), data_request: { id: expect.any(Number) } },
    ]);
    expect(bodies('customers/redact')).toEqual([{ ...shop, customer: person, orders_to_redact: [1] }]);
    expect(bodies('shop/redact')).toEqual([shop]);
    for (const { headers, raw } of receiver.received)
      expect(verifyWebhook(raw, headers['x-shopify-hmac-sha256'], SANDBOX_WEBHOOK_SECRET)).toBe(true);
  });
});
