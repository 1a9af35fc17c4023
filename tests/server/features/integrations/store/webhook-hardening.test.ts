/*
 * Shopify webhooks a probe replayed, re-labelled and malformed: a signed body must never roll data
 * back, change meaning under another topic, or reach the database when its shape or time is wrong.
 * And the Shopify sandbox the app serves only delivers webhooks to the app's own address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { upsertAbandonedCheckouts, upsertOrders } from '../../../../../src/server/features/integrations/store/store-data.ts';
import { createShopifyClient } from '../../../../../src/server/integrations/shopify/client.ts';
import { WEBHOOK_CREATE_MUTATION } from '../../../../../src/server/integrations/shopify/queries.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN, startShopifySandbox } from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { AbandonedCheckout, Order } from '../../../../../src/server/integrations/shopify/types.ts';
import { loadConfig } from '../../../../../src/server/platform/config.ts';
import { type Caller, deliverWebhook, signIn, startTestServer, type TestServer } from '../../../support/harness.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const SECRET = config.shopifyWebhookSecret;
const HOUR = 3_600_000;

let server: TestServer;
let owner: Caller;
let storeId: number;
let webhookCounter = 0;

beforeAll(async () => {
  server = await startTestServer({ sandboxes: true });
  owner = await signIn(server.app, 'demo@recompra.cl');
  [{ store_id: storeId }] = (await server.db.query<{ store_id: number }>(
    'select store_id from shopify_connections where shop_domain = $1',
    [SANDBOX_SHOP],
  )) as [{ store_id: number }];
});
afterAll(() => server.close());

interface DeliveryOptions {
  topic?: string;
  webhookId?: string;
  triggeredAt?: string | null;
}

/** Posts a delivery signed with the app's secret, then lets the store events' subscribers catch up. */
function deliver(
  body: unknown,
  { topic = 'orders/updated', webhookId = `probe-${++webhookCounter}`, triggeredAt = new Date().toISOString() }: DeliveryOptions = {},
) {
  return deliverWebhook(server.app, { topic, body, secret: SECRET, webhookId, triggeredAt });
}

/** A REST Order as an orders/* webhook carries it (the fields we read, and some we do not). */
function orderBody(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    app_id: 580111,
    browser_ip: '190.100.2.3',
    buyer_accepts_marketing: true,
    cancel_reason: null,
    cancelled_at: null,
    checkout_token: 'c39a88f2927d65f36e56c844069b10c4',
    confirmation_number: 'V9ENVL83C',
    confirmed: true,
    created_at: '2026-03-02T10:15:00-03:00',
    currency: 'CLP',
    current_total_price: '45990.00',
    current_total_discounts: '0.00',
    discount_codes: [],
    email: 'ana@correo.cl',
    financial_status: 'paid',
    fulfillment_status: null,
    name: `#${id - 7_000_000_000}`,
    note: null,
    order_number: id - 7_000_000_000,
    payment_gateway_names: ['webpay'],
    presentment_currency: 'CLP',
    processed_at: '2026-03-02T10:15:00-03:00',
    subtotal_price: '45990.00',
    tags: '',
    test: false,
    token: 'd5f7a646d13c0b89c472d8b65bc57545',
    total_discounts: '0.00',
    total_price: '45990.00',
    updated_at: '2026-03-02T10:15:05-03:00',
    customer: {
      id: 7_100_000_001,
      admin_graphql_api_id: 'gid://shopify/Customer/7100000001',
      email: 'ana@correo.cl',
      created_at: null,
      updated_at: null,
    },
    shipping_address: { first_name: 'Ana', city: 'Valparaíso', province: 'Valparaíso', province_code: 'VS', country_code: 'CL' },
    shipping_lines: [{ id: 4946484101420, code: 'custom', price: '3990.00', title: 'Despacho a domicilio' }],
    line_items: [
      {
        id: id * 10 + 1,
        admin_graphql_api_id: `gid://shopify/LineItem/${id * 10 + 1}`,
        current_quantity: 2,
        fulfillment_status: null,
        gift_card: false,
        name: 'Polera de algodón - M',
        price: '21000.00',
        product_id: 9_782_123_692_332,
        quantity: 2,
        title: 'Polera de algodón',
        total_discount: '0.00',
        variant_id: 50_398_373_085_484,
        variant_title: 'M',
      },
    ],
    ...overrides,
  };
}

/** A REST Checkout as checkouts/create carries it. */
function checkoutBody(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    token: '1547eae7e5128cf84b2be207147120c9',
    cart_token: null,
    email: 'ana@correo.cl',
    gateway: null,
    buyer_accepts_marketing: true,
    created_at: '2026-03-03T18:00:00-03:00',
    updated_at: '2026-03-03T18:05:00-03:00',
    completed_at: null,
    closed_at: null,
    currency: 'CLP',
    presentment_currency: 'CLP',
    subtotal_price: '21000.00',
    total_discounts: '0.00',
    total_line_items_price: '21000.00',
    total_price: '21000.00',
    total_tax: '0.00',
    abandoned_checkout_url: `https://${SANDBOX_SHOP}/checkouts/ac/1547eae7e5128cf84b2be207147120c9/recover?key=9f1e`,
    line_items: [
      {
        key: 'd1d9caef2d57c79bed4172770cce6bb1',
        product_id: 9_782_123_692_332,
        title: 'Polera de algodón',
        quantity: 1,
        price: '21000.00',
      },
    ],
    customer: { id: 7_100_000_002, email: 'ana@correo.cl', created_at: null, updated_at: null },
    ...overrides,
  };
}

/** Everything a delivery can write for the store, the dashboard's rollups included. */
async function storeState() {
  const read = (sql: string) => server.db.query<Record<string, unknown>>(sql, [storeId]);
  return {
    orders: await read(
      'select external_id::text, name, cancelled_at, financial_status, total_amount::text, updated_at from orders where store_id = $1 order by external_id',
    ),
    items: await read(
      'select external_id::text, order_external_id::text, quantity, original_total::text from order_line_items where store_id = $1 order by external_id',
    ),
    checkouts: await read(
      'select external_id::text, completed_at, total_amount::text, updated_at from abandoned_checkouts where store_id = $1 order by external_id',
    ),
    deliveries: (await read('select webhook_id, topic from webhook_deliveries where store_id = $1'))
      .map((row) => `${String(row.webhook_id)} ${String(row.topic)}`)
      .sort(),
    customerStats: await read('select * from customer_stats where store_id = $1 order by 2'),
    dailyStats: await read('select * from store_daily_stats where store_id = $1 order by 2'),
    version: await read('select version::text from store_data_versions where store_id = $1'),
  };
}

const stats = async () => (await server.app.inject({ url: `/backend/stores/${storeId}/stats`, cookies: owner.cookies })).json();

describe('a replayed body cannot roll data back', () => {
  it('keeps a cancelled order cancelled when its older, open state comes back under a fresh delivery id', async () => {
    const open = orderBody(7_000_001_001);
    // Edited to one item, then cancelled: a newer updated_at.
    const cancelled = orderBody(7_000_001_001, {
      updated_at: '2026-03-04T09:00:00-03:00',
      cancelled_at: '2026-03-04T09:00:00-03:00',
      cancel_reason: 'customer',
      financial_status: 'refunded',
      current_total_price: '21000.00',
      line_items: [{ ...open.line_items[0], quantity: 1, current_quantity: 1 }],
    });
    const before = await stats();
    expect((await deliver(open, { topic: 'orders/create' })).statusCode).toBe(200);
    expect((await stats()).totalOrders).toBe(before.totalOrders + 1);
    expect((await deliver(cancelled, { topic: 'orders/cancelled' })).statusCode).toBe(200);
    const afterCancel = await stats();
    expect(afterCancel.totalOrders).toBe(before.totalOrders);
    const cancelledState = await storeState();

    const replay = await deliver(open, { topic: 'orders/updated', webhookId: 'replay-of-open' });
    expect(replay.statusCode).toBe(200);
    const after = await storeState();
    // Acknowledged, so Shopify stops retrying, but nothing else moved: the order, its item, the rollups, the cache key.
    expect(after.deliveries).toEqual([...cancelledState.deliveries, 'replay-of-open orders/updated'].sort());
    expect({ ...after, deliveries: [] }).toEqual({ ...cancelledState, deliveries: [] });
    expect(after.orders.find((order) => (order as { external_id: string }).external_id === '7000001001')).toMatchObject({
      financial_status: 'REFUNDED',
      total_amount: '21000.00',
    });
    expect(after.items.find((item) => (item as { external_id: string }).external_id === '70000010011')).toMatchObject({ quantity: 1 });
    expect(await stats()).toEqual(afterCancel);
  });

  it('applies the same state again (an equal updated_at) and a newer one, bumping the data version only when it writes', async () => {
    const version = async () => Number((await storeState()).version[0]?.version ?? 0);
    const first = orderBody(7_000_001_002);
    expect((await deliver(first, { topic: 'orders/create' })).statusCode).toBe(200);
    // The write and the dashboard's refresh after it each move the version.
    const v1 = await version();
    expect((await deliver(first, { topic: 'orders/updated' })).statusCode).toBe(200);
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    const paid = orderBody(7_000_001_002, { updated_at: '2026-03-05T12:00:00-03:00', fulfillment_status: 'fulfilled' });
    expect((await deliver(paid, { topic: 'orders/fulfilled' })).statusCode).toBe(200);
    const v3 = await version();
    expect(v3).toBeGreaterThan(v2);
    expect((await deliver(first, { topic: 'orders/updated' })).statusCode).toBe(200);
    expect(await version()).toBe(v3);
    const kinds = await server.db.query<{ kind: string }>(
      `select kind from store_events where store_id = $1 and orders = '{7000001002}' order by id`,
      [storeId],
    );
    expect(kinds.map((row) => row.kind)).toEqual(['order_created', 'order_updated', 'order_fulfilled']);
    const [row] = await server.db.query<{ fulfillment_status: string }>(
      'select fulfillment_status from orders where store_id = $1 and external_id = 7000001002',
      [storeId],
    );
    expect(row!.fulfillment_status).toBe('FULFILLED');
  });

  it('never reopens a completed cart with an older body', async () => {
    const created = checkoutBody(7_200_000_001);
    const completed = checkoutBody(7_200_000_001, { updated_at: '2026-03-03T19:00:00-03:00', completed_at: '2026-03-03T19:00:00-03:00' });
    expect((await deliver(created, { topic: 'checkouts/create' })).statusCode).toBe(200);
    expect((await deliver(completed, { topic: 'checkouts/update' })).statusCode).toBe(200);
    expect((await deliver(created, { topic: 'checkouts/update' })).statusCode).toBe(200);
    const [row] = await server.db.query<{ completed_at: Date | null }>(
      'select completed_at from abandoned_checkouts where store_id = $1 and external_id = 7200000001',
      [storeId],
    );
    expect(row!.completed_at).toEqual(new Date('2026-03-03T22:00:00Z'));
  });
});

describe('imports and nightly refreshes', () => {
  it('never replace an order or a cart with an older state than a webhook left', async () => {
    const cancelled = orderBody(7_000_005_001, {
      updated_at: '2026-03-06T10:00:00-03:00',
      cancelled_at: '2026-03-06T10:00:00-03:00',
      financial_status: 'voided',
    });
    expect((await deliver(cancelled, { topic: 'orders/cancelled' })).statusCode).toBe(200);
    const money = (amount: string) => ({ shopMoney: { amount, currencyCode: 'CLP' } });
    // The same order as a bulk export taken before the cancellation reads it.
    const exported = {
      kind: 'order',
      id: 'gid://shopify/Order/7000005001',
      name: '#5001',
      createdAt: '2026-03-02T13:15:00Z',
      updatedAt: '2026-03-02T13:15:05Z',
      cancelledAt: null,
      displayFinancialStatus: 'PAID',
      displayFulfillmentStatus: 'UNFULFILLED',
      customer: null,
      currentTotalPriceSet: money('45990.00'),
      totalDiscountsSet: money('0.00'),
      discountCodes: [],
      paymentGatewayNames: [],
      shippingLine: null,
      shippingAddress: null,
    } as unknown as Order;
    await server.db.transaction((tx) => upsertOrders(tx, storeId, [exported]));
    const [order] = await server.db.query<{ cancelled_at: Date | null; financial_status: string }>(
      'select cancelled_at, financial_status from orders where store_id = $1 and external_id = 7000005001',
      [storeId],
    );
    expect(order).toEqual({ cancelled_at: new Date('2026-03-06T13:00:00Z'), financial_status: 'VOIDED' });

    const cart = (updatedAt: string, completedAt: string | null): AbandonedCheckout => ({
      id: 'gid://shopify/AbandonedCheckout/7200000009',
      createdAt: '2026-03-03T21:00:00Z',
      updatedAt,
      completedAt,
      customer: null,
      totalPriceSet: money('21000.00'),
      abandonedCheckoutUrl: `https://${SANDBOX_SHOP}/checkouts/ac/x/recover`,
    });
    expect(await upsertAbandonedCheckouts(server.db, storeId, [cart('2026-03-03T22:00:00Z', '2026-03-03T22:00:00Z')])).toBe(1);
    expect(await upsertAbandonedCheckouts(server.db, storeId, [cart('2026-03-03T21:05:00Z', null)])).toBe(0);
    const [stored] = await server.db.query<{ completed_at: Date | null; updated_at: Date }>(
      'select completed_at, updated_at from abandoned_checkouts where store_id = $1 and external_id = 7200000009',
      [storeId],
    );
    expect(stored).toEqual({ completed_at: new Date('2026-03-03T22:00:00Z'), updated_at: new Date('2026-03-03T22:00:00Z') });
  });
});

describe('a body must be what its topic says', () => {
  it('refuses an order sent as checkouts/create: no cart, no delivery recorded', async () => {
    const before = await storeState();
    const response = await deliver(orderBody(7_000_002_001), { topic: 'checkouts/create', webhookId: 'order-as-checkout' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_payload', message: 'El contenido del webhook no es un carrito válido de Shopify.' });
    expect(await storeState()).toEqual(before);
    expect(await server.db.query(`select 1 from webhook_deliveries where webhook_id = 'order-as-checkout'`)).toEqual([]);
  });

  it('refuses a cart sent as orders/create', async () => {
    const before = await storeState();
    const response = await deliver(checkoutBody(7_200_000_002), { topic: 'orders/create' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_payload', message: 'El contenido del webhook no es un pedido válido de Shopify.' });
    expect(await storeState()).toEqual(before);
  });
});

describe('signed but malformed payloads', () => {
  const order = orderBody(7_000_003_001);
  const line = order.line_items[0]!;
  const malformed: Array<[string, unknown, string?]> = [
    ['an empty object', {}],
    ['an array', []],
    ['null', null],
    ['a number', 42],
    ['a string', '"pedido"'],
    ['text that is not JSON', '{"id": 7000003001, "name": '],
    ['an id of letters', { ...order, id: 'abcdef' }],
    ['an id too large for bigint', JSON.stringify(order).replace('"id":7000003001', '"id":99999999999999999999999')],
    ['an id beyond what JSON carries exactly', { ...order, id: 2 ** 60, admin_graphql_api_id: `gid://shopify/Order/${2 ** 60}` }],
    ['a gid naming another order', { ...order, admin_graphql_api_id: 'gid://shopify/Order/1' }],
    ['a NUL inside the name', { ...order, name: '#30\u000001' }],
    [
      'a lone surrogate in a title',
      JSON.stringify({ ...order, line_items: [{ ...line, title: 'x' }] }).replace('"title":"x"', '"title":"\\ud800"'),
    ],
    ['a date in year 0000', { ...order, created_at: '0000-01-01T00:00:00Z' }],
    ['a date that does not exist', { ...order, updated_at: '2026-02-30T10:00:00-03:00' }],
    ['line_items that are not a list', { ...order, line_items: 'muchos' }],
    ['a price that is not a number', { ...order, line_items: [{ ...line, price: 'abc' }] }],
    ['a total too large for the column', { ...order, current_total_price: '1000000000000000.00' }],
    ['a quantity out of range', { ...order, line_items: [{ ...line, quantity: 3_000_000_000 }] }],
    ['a fractional quantity', { ...order, line_items: [{ ...line, quantity: 1.5 }] }],
    ['a line total beyond the column', { ...order, line_items: [{ ...line, price: '99999999999.00', quantity: 1000 }] }],
    ['the same line twice', { ...order, line_items: [line, line] }],
    ['a line without a title', { ...order, line_items: [{ ...line, title: undefined }] }],
    ['a customer gid that is not a number', { ...order, customer: { id: 5, admin_graphql_api_id: 'gid://shopify/Customer/abc' } }],
    ['a cart without a token', { ...checkoutBody(7_200_000_003), token: undefined }, 'checkouts/create'],
    [
      'a cart whose recovery link is a script',
      checkoutBody(7_200_000_004, { abandoned_checkout_url: 'javascript:alert(1)' }),
      'checkouts/create',
    ],
    ['a cart with a total in words', checkoutBody(7_200_000_005, { total_price: 'mucho' }), 'checkouts/create'],
  ];

  it('answers every one 400 invalid_payload and writes nothing, and still takes the well-formed body they were made from', async () => {
    const before = await storeState();
    for (const [label, body, topic] of malformed) {
      const response = await deliver(body, { topic: topic ?? 'orders/create', webhookId: `malformed-${label}` });
      expect({ label, status: response.statusCode, code: response.json().code }).toEqual({ label, status: 400, code: 'invalid_payload' });
      expect(response.json().message).toMatch(/^El contenido del webhook/);
    }
    expect(await storeState()).toEqual(before);
    expect((await deliver(order, { topic: 'orders/create' })).statusCode).toBe(200);
    expect(await server.db.query('select name from orders where store_id = $1 and external_id = 7000003001', [storeId])).toEqual([
      { name: '#3001' },
    ]);
  });
});

describe('a value the database refuses despite the checks', () => {
  it('answers 400, logs it and writes nothing, not even the delivery id', async () => {
    // A stand-in for whatever a schema could miss: PostgreSQL raises a data exception (SQLSTATE class 22) on this order.
    await server.db.exec(`create function refuse_probe_order() returns trigger language plpgsql as $$
      begin raise exception 'valor fuera de rango' using errcode = '22003'; end $$`);
    await server.db.exec(
      'create trigger refuse_probe_order before insert or update on orders for each row when (new.external_id = 7000006001) execute function refuse_probe_order()',
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const before = await storeState();
      const response = await deliver(orderBody(7_000_006_001), { topic: 'orders/create', webhookId: 'refused-by-database' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid_payload',
        message: 'El contenido del webhook tiene valores que no podemos guardar.',
      });
      expect(await storeState()).toEqual(before);
      expect(logged).toHaveBeenCalledWith(
        'Shopify webhook refused by the database',
        expect.objectContaining({ webhookId: 'refused-by-database', sqlState: '22003' }),
      );
    } finally {
      logged.mockRestore();
      await server.db.exec('drop trigger refuse_probe_order on orders');
      await server.db.exec('drop function refuse_probe_order()');
    }
  });
});

describe('X-Shopify-Triggered-At', () => {
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  it("refuses a missing, unreadable, future or stale trigger time and writes nothing; takes a fresh one and a retry within Shopify's four hours", async () => {
    const before = await storeState();
    const body = orderBody(7_000_004_001);
    for (const triggeredAt of [null, 'ayer', '1', at(10 * 60_000), at(-6 * HOUR), '2020-01-01T00:00:00Z']) {
      const response = await deliver(body, { triggeredAt });
      expect({ triggeredAt, status: response.statusCode, code: response.json().code }).toEqual({
        triggeredAt,
        status: 400,
        code: 'stale_delivery',
      });
    }
    expect(await storeState()).toEqual(before);

    expect((await deliver(orderBody(7_000_004_002), { triggeredAt: at(0) })).statusCode).toBe(200);
    expect((await deliver(orderBody(7_000_004_003), { triggeredAt: at(-4 * HOUR - 10 * 60_000) })).statusCode).toBe(200);
    // Shopify writes nanoseconds.
    expect((await deliver(orderBody(7_000_004_004), { triggeredAt: at(-1000).replace(/\.(\d{3})Z$/, '.$1041743Z') })).statusCode).toBe(200);
    const rows = await server.db.query(
      'select external_id::text from orders where store_id = $1 and external_id between 7000004001 and 7000004004 order by 1',
      [storeId],
    );
    expect(rows).toEqual([{ external_id: '7000004002' }, { external_id: '7000004003' }, { external_id: '7000004004' }]);
  });
});

describe('webhook subscriptions on the Shopify sandbox', () => {
  const subscribe = async (uri: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: `/sandbox/shopify/${SANDBOX_SHOP}/admin/api/2026-10/graphql.json`,
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': SANDBOX_TOKEN },
        payload: { query: WEBHOOK_CREATE_MUTATION, operationName: 'WebhookSubscriptionCreate', variables: { topic: 'ORDERS_CREATE', uri } },
      })
    ).json().data.webhookSubscriptionCreate;

  it("the app's sandbox throttles as a store on a standard plan: 2,000 points, 100 restored a second", async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/sandbox/shopify/${SANDBOX_SHOP}/admin/api/2026-10/graphql.json`,
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': SANDBOX_TOKEN },
      payload: { query: '{ shop { name } }' },
    });
    expect(answer.json().extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });
  });

  it("the app's sandbox refuses any address but the app's own, as Shopify refuses an invalid one", async () => {
    expect(await subscribe('http://evil.example/hook')).toEqual({
      webhookSubscription: null,
      userErrors: [{ field: ['webhookSubscription', 'uri'], message: 'Address is invalid' }],
    });
    expect(await subscribe('http://127.0.0.1:6379/')).toMatchObject({ webhookSubscription: null });
    expect(await subscribe(`${config.publicUrl}/webhooks/shopify`)).toMatchObject({
      webhookSubscription: { topic: 'ORDERS_CREATE', uri: `${config.publicUrl}/webhooks/shopify` },
      userErrors: [],
    });
  });

  it('a sandbox limited to some origins delivers nothing anywhere else', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((request, response) => {
      received.push(request.url ?? '');
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const allowed = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // An address that answers, on another origin: it must hear nothing either.
    const other: Server = createServer((request, response) => {
      received.push(`other:${request.url ?? ''}`);
      request.resume();
      request.on('end', () => response.writeHead(200).end());
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}/hook`;
    const sandbox = await startShopifySandbox({
      customers: 20,
      orders: 50,
      now: new Date('2026-03-01T00:00:00Z'),
      webhookOrigins: [allowed],
    });
    try {
      const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
      await expect(client.subscribeWebhook('ORDERS_CREATE', elsewhere)).rejects.toThrow(/Address is invalid/);
      await expect(client.subscribeWebhook('ORDERS_CREATE', 'http://evil.example/hook')).rejects.toThrow(/Address is invalid/);
      await client.subscribeWebhook('ORDERS_CREATE', `${allowed}/webhooks/shopify`);
      expect(sandbox.subscriptions().map((subscription) => subscription.uri)).toEqual([`${allowed}/webhooks/shopify`]);
      expect(await sandbox.deliverWebhook('ORDERS_CREATE', { id: 1 })).toEqual([200]);
      expect(received).toEqual(['/webhooks/shopify']);
    } finally {
      await sandbox.close();
      await new Promise((resolve) => receiver.close(resolve));
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
