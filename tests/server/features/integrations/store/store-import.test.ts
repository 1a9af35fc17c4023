import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../../src/server/features/integrations/store/sync.ts';
import { createShopifyClient, type ShopifyClient } from '../../../../../src/server/integrations/shopify/client.ts';
import {
  orderPayload,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { Database } from '../../../../../src/server/platform/database/db.ts';
import { type Caller, cookieJar, givePlan, startTestServer, type TestServer } from '../../../support/harness.ts';

const NOW = new Date('2026-11-20T15:00:00Z');
let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;

beforeAll(async () => {
  sandbox = await startShopifySandbox({ customers: 300, orders: 1500, now: NOW, bulkDelayMs: 20, throttle: { restoreRate: 5000 } });
  server = await startTestServer({ shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  const signup = await server.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Marta Rojas', email: 'marta@tienda.cl', password: 'tienda2026' },
  });
  const cookies = cookieJar(signup);
  owner = { cookies, headers: { 'x-csrf-token': cookies.recompra_csrf! }, user: signup.json() };
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const connect = (store: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: '/backend/me/stores/shopifySettings',
    cookies: owner.cookies,
    headers: owner.headers,
    payload: { store },
  });

/** `client`, except that its order export throws `message` after `orders` orders. */
function failingAfter(client: ShopifyClient, orders: number, message: string): ShopifyClient {
  let seen = 0;
  return {
    ...client,
    bulkExport: ((kind: 'orders', options) =>
      (async function* () {
        for await (const record of client.bulkExport(kind, options)) {
          if (kind === 'orders' && record.kind === 'order' && ++seen > orders) throw new Error(message);
          yield record;
        }
      })()) as ShopifyClient['bulkExport'],
  };
}

async function counts(storeId: number) {
  const [row] = await server.db.query<{ orders: number; items: number; customers: number; products: number }>(
    `select (select count(*)::integer from orders where store_id = $1) as orders,
            (select count(*)::integer from order_line_items where store_id = $1) as items,
            (select count(*)::integer from customers where store_id = $1) as customers,
            (select count(*)::integer from products where store_id = $1) as products`,
    [storeId],
  );
  return row!;
}

async function sandboxTotals(client: ShopifyClient) {
  let orders = 0;
  let notSales = 0;
  let items = 0;
  for await (const record of client.bulkExport('orders')) {
    if (record.kind === 'order') {
      orders += 1;
      if (record.cancelledAt || record.test || ['PENDING', 'EXPIRED', 'REFUNDED', 'VOIDED'].includes(record.displayFinancialStatus ?? ''))
        notSales += 1;
    } else items += 1;
  }
  let customers = 0;
  for await (const _ of client.bulkExport('customers')) customers += 1;
  return { orders, notSales, items, customers };
}

describe('connecting a store', () => {
  it('requires every field, in Spanish', async () => {
    const response = await connect({ name: '', url: '', accessToken: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'store.name', message: 'Este campo es obligatorio.' },
        { field: 'store.url', message: 'Este campo es obligatorio.' },
        { field: 'store.accessToken', message: 'Este campo es obligatorio.' },
      ]),
    );
  });

  it('refuses an address that is not a Shopify store and a token Shopify refuses', async () => {
    const badUrl = await connect({ name: 'Mi tienda', url: 'mitienda.cl', accessToken: SANDBOX_TOKEN });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().fieldErrors[0].field).toBe('store.url');
    const badToken = await connect({ name: 'Mi tienda', url: SANDBOX_SHOP, accessToken: 'shpat_otro' });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'Shopify rechazó estas credenciales: revisa la dirección de la tienda y el token de acceso.',
    });
    expect(await server.db.query(`select 1 from stores where name = 'Mi tienda'`)).toEqual([]);
  });
});

describe('importing a store', () => {
  let storeId: number;

  it('creates the store, makes the owner its admin and queues the import', async () => {
    await server.db.query('delete from jobs');
    const response = await connect({ name: 'Tienda de Marta', url: `https://${SANDBOX_SHOP}/admin`, accessToken: SANDBOX_TOKEN });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Tienda de Marta', url: SANDBOX_SHOP, scrapingStatus: 'NEEDS_SCRAPE' });
    storeId = response.json().id;
    await givePlan(server.db, storeId);
    const me = await server.app.inject({ url: '/api/auth/me', cookies: owner.cookies });
    expect(me.json()).toMatchObject({ store: storeId, role: 'admin' });
    const [token] = await server.db.query<{ access_token_encrypted: string }>(
      'select access_token_encrypted from shopify_connections where store_id = $1',
      [storeId],
    );
    expect(token!.access_token_encrypted).not.toContain(SANDBOX_TOKEN);
  });

  it('resumes after a crash mid-import and ends with exactly the sandbox data', async () => {
    const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
    // Dies after 700 order records, as a process killed mid-import would.
    const crashing = failingAfter(client, 700, 'proceso terminado');
    const context = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
    await expect(runSync({ db: server.db, events: server.app.events }, crashing, storeId, context, null, NOW, 200)).rejects.toThrow(
      'proceso terminado',
    );
    const partial = await server.app.inject({ url: `/api/private/stores/${storeId}/sync`, cookies: owner.cookies });
    expect(partial.json()).toMatchObject({ status: 'IN_PROGRESS' });
    expect(partial.json().lastYear.imported).toBeGreaterThan(0);
    expect((await counts(storeId)).orders).toBeLessThan(700);

    await runSync({ db: server.db, events: server.app.events }, client, storeId, context, null, NOW, 200);
    const expected = await sandboxTotals(client);
    expect(expected.orders).toBeGreaterThan(1000);
    expect(await counts(storeId)).toMatchObject({ orders: expected.orders, items: expected.items, customers: expected.customers });
    const sync = (await server.app.inject({ url: `/api/private/stores/${storeId}/sync`, cookies: owner.cookies })).json();
    expect(sync.status).toBe('FINISHED');
    expect(sync.lastYear.imported + sync.history.imported).toBe(expected.orders);
    expect(sync.lastYear.imported).toBe(sync.lastYear.total);
    expect(sync.history.imported).toBe(sync.history.total);

    // The plan recommendation's "last 30 days" are the dashboard's: counted orders on the store's calendar.
    const ordersCount = await server.app.inject({ url: `/api/private/stores/${storeId}/ordersCount`, cookies: owner.cookies });
    const lastThirtyDays = await server.app.inject({
      url: `/backend/stores/${storeId}/statsInRange?preset=last30Days&granularity=day`,
      cookies: owner.cookies,
    });
    const recent = lastThirtyDays.json().totals.orders;
    expect(recent).toBeGreaterThan(0);
    expect(ordersCount.json()).toEqual({ count: expected.orders, lastThirtyDays: recent });
    // A test order and a cancelled one placed today are imported, not counted.
    await server.db.query(
      `insert into orders (store_id, external_id, placed_at, total_amount, test, cancelled_at, financial_status)
       values ($1, 990000000001, now(), 1000, true, null, 'PAID'), ($1, 990000000002, now(), 1000, false, now(), 'PAID')`,
      [storeId],
    );
    const withUncounted = await server.app.inject({ url: `/api/private/stores/${storeId}/ordersCount`, cookies: owner.cookies });
    expect(withUncounted.json()).toEqual({ count: expected.orders + 2, lastThirtyDays: recent });
    await server.db.query('delete from orders where store_id = $1 and external_id in (990000000001, 990000000002)', [storeId]);
    const stats = await server.app.inject({ url: `/backend/stores/${storeId}/stats`, cookies: owner.cookies });
    // Cancelled, fully refunded, unpaid and test orders are imported but do not count as sales.
    expect(expected.notSales).toBeGreaterThan(0);
    expect(stats.json()).toMatchObject({ totalOrders: expected.orders - expected.notSales });
    const types = await server.app.inject({ url: `/backend/stores/${storeId}/productTypes`, cookies: owner.cookies });
    expect(types.json().length).toBeGreaterThan(2);
    expect(types.json()).toEqual([...types.json()].sort());
  });

  it('never leaves a batch writing behind a failure', async () => {
    await server.db.query(
      `update store_syncs set status = 'NEEDS_SCRAPE', phase = 'lastYear', last_year_from = null, catalogue_done = false, resume_after = null where store_id = $1`,
      [storeId],
    );
    const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
    const crashing = failingAfter(client, 500, 'conexión perdida');
    // Slow writes, so one is still running when the download fails.
    let writing = 0;
    const slow: Database = {
      ...server.db,
      query: (sql, params) => server.db.query(sql, params),
      transaction: async (fn) => {
        writing += 1;
        try {
          return await server.db.transaction(async (tx) => (await new Promise((resolve) => setTimeout(resolve, 50)), fn(tx)));
        } finally {
          writing -= 1;
        }
      },
    };
    const context = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
    const failed = runSync({ db: slow, events: server.app.events }, crashing, storeId, context, null, NOW, 100).then(
      () => 'finished',
      (error: Error) => `${error.message} with ${writing} writes running`,
    );
    expect(await failed).toBe('conexión perdida with 0 writes running');
  });

  it('resumes after a crash in an ungrouped, shuffled export and ends with exactly the sandbox data', async () => {
    await server.db.query(
      `update store_syncs set status = 'NEEDS_SCRAPE', phase = 'lastYear', last_year_from = null, catalogue_done = false, resume_after = null,
              last_year_imported = 0, history_imported = 0 where store_id = $1`,
      [storeId],
    );
    await server.db.query('delete from order_line_items where store_id = $1', [storeId]);
    await server.db.query('delete from orders where store_id = $1', [storeId]);
    const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint, groupObjects: false });
    // The file really is ungrouped: line items come before their order and orders out of creation order.
    const seenOrders = new Set<string>();
    let itemsBeforeOrder = 0;
    let ordersOutOfOrder = 0;
    let lastCreated = '';
    for await (const record of client.bulkExport('orders')) {
      if (record.kind === 'order') {
        seenOrders.add(record.id);
        if (record.createdAt < lastCreated) ordersOutOfOrder += 1;
        lastCreated = record.createdAt;
      } else if (!seenOrders.has(record.__parentId)) itemsBeforeOrder += 1;
    }
    expect(itemsBeforeOrder).toBeGreaterThan(50);
    expect(ordersOutOfOrder).toBeGreaterThan(50);

    const context = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
    await expect(
      runSync(
        { db: server.db, events: server.app.events },
        failingAfter(client, 700, 'proceso terminado'),
        storeId,
        context,
        null,
        NOW,
        100,
      ),
    ).rejects.toThrow('proceso terminado');
    expect((await counts(storeId)).orders).toBeGreaterThan(0);
    await runSync({ db: server.db, events: server.app.events }, client, storeId, context, null, NOW, 100);
    const expected = await sandboxTotals(client);
    expect(await counts(storeId)).toMatchObject({ orders: expected.orders, items: expected.items });
    const sync = (await server.app.inject({ url: `/api/private/stores/${storeId}/sync`, cookies: owner.cookies })).json();
    expect(sync.lastYear.imported + sync.history.imported).toBe(expected.orders);
  });

  it('runs through the job queue too: a second import of the same data adds nothing', async () => {
    await server.db.query(
      `update store_syncs set status = 'NEEDS_SCRAPE', phase = 'lastYear', last_year_from = null, catalogue_done = false, resume_after = null where store_id = $1`,
      [storeId],
    );
    const before = await counts(storeId);
    await server.db.query(`insert into jobs (queue, payload) values ('store-sync', $1)`, [JSON.stringify({ storeId })]);
    await server.app.jobs.drain();
    expect(await counts(storeId)).toEqual(before);
    expect((await server.db.query<{ status: string }>('select status from store_syncs where store_id = $1', [storeId]))[0]!.status).toBe(
      'FINISHED',
    );
  });

  it('shows the store card connected on the integrations screen', async () => {
    const response = await server.app.inject({ url: `/api/private/stores/${storeId}/integrations`, cookies: owner.cookies });
    expect(response.json()).toMatchObject({
      store: { state: 'connected', url: SANDBOX_SHOP, sync: { status: 'FINISHED' } },
      socialAds: { state: 'notConnected' },
    });
  });
});

describe('webhooks', () => {
  const sign = (body: string, secret = sandbox.webhookSecret) => createHmac('sha256', secret).update(body).digest('base64');
  const deliver = (body: string, headers: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'orders/create',
        'x-shopify-shop-domain': SANDBOX_SHOP,
        'x-shopify-triggered-at': new Date().toISOString(),
        ...headers,
      },
      payload: body,
    });
  const newOrder = () => {
    const payload = orderPayload(sandbox.store.orderAt(0), sandbox.store.nowSeconds());
    // Fresh ids: an order the import has not seen.
    const lineItems = (payload.line_items as { id: number }[]).map((line) => ({ ...line, id: line.id + 9_000_000_000 }));
    return JSON.stringify({
      ...payload,
      id: 99_000_001,
      admin_graphql_api_id: 'gid://shopify/Order/99000001',
      name: '#99001',
      line_items: lineItems,
    });
  };
  // Orders of the store connected in this file (the test's demo store reads the same sandbox shop).
  const ordersNow = async () =>
    (
      await server.db.query<{ n: number }>(
        `select count(*)::integer as n from orders o join stores s on s.id = o.store_id where s.name = 'Tienda de Marta'`,
      )
    )[0]!.n;

  it('refuses unsigned and forged deliveries and writes nothing', async () => {
    const body = newOrder();
    const before = await ordersNow();
    expect((await deliver(body, { 'x-shopify-webhook-id': 'w-1' })).statusCode).toBe(401);
    expect((await deliver(body, { 'x-shopify-webhook-id': 'w-1', 'x-shopify-hmac-sha256': sign(body, 'otro-secreto') })).statusCode).toBe(
      401,
    );
    expect(
      (await deliver(body.replace('#99001', '#99002'), { 'x-shopify-webhook-id': 'w-1', 'x-shopify-hmac-sha256': sign(body) })).statusCode,
    ).toBe(401);
    expect(
      (
        await deliver(body, {
          'x-shopify-webhook-id': 'w-1',
          'x-shopify-hmac-sha256': sign(body),
          'x-shopify-shop-domain': 'otra.myshopify.com',
        })
      ).statusCode,
    ).toBe(404);
    expect(await ordersNow()).toBe(before);
    expect(await server.db.query('select 1 from webhook_deliveries')).toEqual([]);
  });

  it('applies a signed delivery once; a replay changes nothing', async () => {
    const body = newOrder();
    const before = await ordersNow();
    const headers = { 'x-shopify-webhook-id': 'w-2', 'x-shopify-hmac-sha256': sign(body) };
    expect((await deliver(body, headers)).statusCode).toBe(200);
    expect(await ordersNow()).toBe(before + 1);
    expect((await deliver(body, headers)).statusCode).toBe(200);
    expect(await ordersNow()).toBe(before + 1);
    const [order] = await server.db.query<{ name: string; items: number }>(
      `select o.name, (select count(*)::integer from order_line_items i where i.store_id = o.store_id and i.order_external_id = o.external_id) as items
         from orders o where external_id = 99000001 limit 1`,
    );
    expect(order!.name).toBe('#99001');
    expect(order!.items).toBeGreaterThan(0);
    // Every store that reads the shop got it once.
    const perStore = await server.db.query<{ n: number }>(
      'select count(*)::integer as n from orders where external_id = 99000001 group by store_id',
    );
    expect(perStore).toEqual([{ n: 1 }, { n: 1 }]);
  });
});
