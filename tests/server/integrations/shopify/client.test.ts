import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BulkOrderRecord,
  createShopifyClient,
  normalizeShopDomain,
  REAL_SHOPIFY_ENDPOINT,
  SHOPIFY_API_VERSION,
  ShopifyAuthError,
  type ShopifyClientOptions,
  ShopifyError,
  sandboxEndpoint,
} from '../../../../src/server/integrations/shopify/client.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../src/server/integrations/shopify/sandbox/index.ts';

// The real client against the sandbox store over HTTP on a free local port.
const NOW = new Date('2026-03-01T00:00:00Z');
const SIZE = { customers: 300, orders: 1000, now: NOW };
const noSleep = async () => undefined;

let sandbox: StartedSandbox;
beforeAll(async () => {
  // A generous cost bucket keeps paging quick here; the throttling tests use tight ones.
  sandbox = await startShopifySandbox({ ...SIZE, bulkDelayMs: 40, throttle: { restoreRate: 5000 } });
});
afterAll(() => sandbox.close());

const client = (overrides: Partial<ShopifyClientOptions> = {}) =>
  createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint, pollIntervalMs: 20, ...overrides });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('addressing', () => {
  it('pins the API version and builds the endpoints', () => {
    expect(SHOPIFY_API_VERSION).toBe('2026-10');
    expect(REAL_SHOPIFY_ENDPOINT).toBe('https://{shop}/admin/api/{version}/graphql.json');
    expect(sandboxEndpoint('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/sandbox/shopify/{shop}/admin/api/{version}/graphql.json');
  });

  it('normalizes what the merchant types into a myshopify domain', () => {
    expect(normalizeShopDomain('recompra-demo.myshopify.com')).toBe('recompra-demo.myshopify.com');
    expect(normalizeShopDomain('  https://Recompra-Demo.myshopify.com/admin/products?x=1 ')).toBe('recompra-demo.myshopify.com');
    expect(normalizeShopDomain('http://tienda.myshopify.com/')).toBe('tienda.myshopify.com');
    expect(normalizeShopDomain('tienda.myshopify.com.')).toBe('tienda.myshopify.com');
    expect(normalizeShopDomain('tienda')).toBeNull();
    expect(normalizeShopDomain('www.tienda.cl')).toBeNull();
    expect(normalizeShopDomain('evil.com/tienda.myshopify.com')).toBeNull();
    expect(normalizeShopDomain('a.b.myshopify.com')).toBeNull();
    expect(normalizeShopDomain('')).toBeNull();
  });
});

describe('credentials', () => {
  it('reads the shop with the demo token', async () => {
    expect(await client().shop()).toEqual({
      name: 'Recompra Demo',
      currencyCode: 'CLP',
      ianaTimezone: 'America/Santiago',
      myshopifyDomain: SANDBOX_SHOP,
    });
  });

  it('refuses another token exactly as Shopify does, and the client says the credentials are invalid', async () => {
    const url = sandbox.endpoint.replace('{shop}', SANDBOX_SHOP).replace('{version}', SHOPIFY_API_VERSION);
    const raw = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_otro' },
      body: '{"query":"{ shop { name } }"}',
    });
    expect(raw.status).toBe(401);
    expect(await raw.text()).toBe('{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}');

    const error = await client({ accessToken: 'shpat_otro' })
      .shop()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyAuthError);
    expect(error).toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect((error as Error).message).toMatch(/Credenciales inválidas/);
  });

  it('answers an unknown shop with 404, a ShopifyError that is not about credentials', async () => {
    const error = await client({ shop: 'otra-tienda.myshopify.com' })
      .shop()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error).not.toBeInstanceOf(ShopifyAuthError);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers a valid query for data the sandbox does not hold with a GraphQL error naming the field', async () => {
    const url = sandbox.endpoint.replace('{shop}', SANDBOX_SHOP).replace('{version}', SHOPIFY_API_VERSION);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': SANDBOX_TOKEN },
      body: JSON.stringify({ query: 'query Collections { collections(first: 5) { nodes { id } } }', operationName: 'Collections' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: unknown; errors: Array<{ message: string; path: string[] }> };
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('QueryRoot.collections'), path: ['collections'] }),
    ]);
  });
});

describe('bulk export', () => {
  it('yields orders sorted by date, each followed by its line items, the same on every run', async () => {
    const first = await collect(client().bulkExport('orders'));
    const second = await collect(client().bulkExport('orders'));
    expect(second).toEqual(first);

    const orders = first.filter((r): r is Extract<BulkOrderRecord, { kind: 'order' }> => r.kind === 'order');
    expect(orders.length).toBe(await client().ordersCount());
    expect(orders.length).toBeGreaterThan(500);
    let parent: string | null = null;
    let previous = '';
    let linesOfParent = 0;
    for (const record of first) {
      if (record.kind === 'order') {
        if (parent) expect(linesOfParent).toBeGreaterThan(0);
        expect(record.id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
        expect(record.createdAt >= previous).toBe(true);
        expect(record.createdAt <= NOW.toISOString()).toBe(true);
        expect(record.currentTotalPriceSet.shopMoney).toEqual({ amount: expect.stringMatching(/^\d+\.0$/), currencyCode: 'CLP' });
        expect(record.name).toMatch(/^#\d+$/);
        previous = record.createdAt;
        parent = record.id;
        linesOfParent = 0;
      } else {
        expect(record.__parentId).toBe(parent);
        expect(record.id).toMatch(/^gid:\/\/shopify\/LineItem\/\d+$/);
        expect(record.quantity).toBeGreaterThan(0);
        expect(record.product?.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
        linesOfParent++;
      }
    }
    // Order numbers follow the dates.
    expect(orders.map((o) => Number(o.name.slice(1)))).toEqual(orders.map((_, k) => 1001 + k));
  });

  it('has realistic mixes: discounts, dispatch methods, gateways, payment states, guests, imported orders, repeat buyers', async () => {
    const records = await collect(client().bulkExport('orders'));
    const orders = records.filter((r) => r.kind === 'order');
    const lines = records.filter((r) => r.kind === 'lineItem');
    const share = (predicate: (o: (typeof orders)[number]) => boolean) => orders.filter(predicate).length / orders.length;
    expect(share((o) => o.discountCodes.length > 0)).toBeGreaterThan(0.08);
    expect(share((o) => o.discountCodes.length > 0)).toBeLessThan(0.4);
    expect(lines.length / orders.length).toBeGreaterThan(1.6);
    const shipping = new Set(orders.map((o) => o.shippingLine?.title));
    expect([...shipping].sort()).toEqual(['Blue Express', 'Chilexpress', 'Despacho a domicilio', 'Retiro en tienda', 'Starken']);
    expect([...new Set(orders.flatMap((o) => o.paymentGatewayNames))]).toEqual(
      expect.arrayContaining(['Webpay Plus', 'Mercado Pago', 'Transferencia bancaria', 'Flow']),
    );
    expect(share((o) => o.shippingAddress?.provinceCode === 'RM')).toBeGreaterThan(0.3);
    expect(new Set(orders.map((o) => o.displayFulfillmentStatus))).toEqual(new Set(['FULFILLED', 'UNFULFILLED']));
    expect([...new Set(orders.map((o) => o.displayFinancialStatus))]).toEqual(
      expect.arrayContaining(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'VOIDED']),
    );
    // Refunds lower what an order keeps; returns take units off its lines.
    expect(orders.some((o) => Number(o.totalRefundedSet.shopMoney.amount) > 0 && !o.cancelledAt)).toBe(true);
    expect(lines.some((l) => l.currentQuantity < l.quantity)).toBe(true);
    // Code discounts are allocated to lines, not taken off their discounted total.
    const coded = lines.filter(
      (l) => l.discountAllocations.length > 0 && l.discountedTotalSet.shopMoney.amount === l.originalTotalSet.shopMoney.amount,
    );
    expect(coded.length).toBeGreaterThan(0);
    expect(share((o) => o.customer === null)).toBeGreaterThan(0.02);
    expect(share((o) => o.customer === null)).toBeLessThan(0.12);
    // Orders brought over from the previous platform were created at the import, placed long before.
    expect(orders.some((o) => o.processedAt < o.createdAt)).toBe(true);
    const perCustomer = new Map<string, number>();
    for (const order of orders) if (order.customer) perCustomer.set(order.customer.id, (perCustomer.get(order.customer.id) ?? 0) + 1);
    const counts = [...perCustomer.values()];
    expect(counts.filter((n) => n === 1).length / counts.length).toBeGreaterThan(0.3);
    expect(counts.filter((n) => n >= 5).length).toBeGreaterThan(10);
  });

  it('filters orders by date, and ordersCount agrees with what the export yields', async () => {
    const query = `created_at:>='2025-11-22T00:00:00Z'`;
    const recent = (await collect(client().bulkExport('orders', { query }))).filter((r) => r.kind === 'order');
    expect(recent.length).toBe(await client().ordersCount(query));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((o) => o.createdAt >= '2025-11-22T00:00:00Z')).toBe(true);
    const all = await client().ordersCount();
    const older = await client().ordersCount(`created_at:<'2025-11-22T00:00:00Z'`);
    expect(older + recent.length).toBe(all);
  });

  it('yields nothing for an empty result', async () => {
    const query = `created_at:>='2030-01-01T00:00:00Z'`;
    expect(await client().ordersCount(query)).toBe(0);
    expect(await collect(client().bulkExport('orders', { query }))).toEqual([]);
  });

  it('exports customers with consent, phone and region, and products with type and tags', async () => {
    const customers = await collect(client().bulkExport('customers'));
    expect(customers.length).toBe(sandbox.store.visibleCustomers(sandbox.store.nowSeconds()));
    expect(customers.length).toBeGreaterThan(200);
    const orders = (await collect(client().bulkExport('orders'))).filter((r) => r.kind === 'order');
    expect(customers.reduce((sum, c) => sum + Number(c.numberOfOrders), 0)).toBe(orders.filter((o) => o.customer).length);
    // Newsletter subscribers who never bought.
    expect(customers.some((c) => c.numberOfOrders === '0' && c.emailMarketingConsent?.marketingState === 'SUBSCRIBED')).toBe(true);
    const noEmailConsent = customers.filter((c) => c.emailMarketingConsent?.marketingState !== 'SUBSCRIBED').length / customers.length;
    expect(noEmailConsent).toBeGreaterThan(0.3);
    expect(noEmailConsent).toBeLessThan(0.8);
    // Some withdrew the consent they gave.
    expect(customers.some((c) => c.emailMarketingConsent?.marketingState === 'UNSUBSCRIBED')).toBe(true);
    expect(customers.filter((c) => c.smsMarketingConsent?.marketingState !== 'SUBSCRIBED').length / customers.length).toBeGreaterThan(0.3);
    expect(customers.some((c) => c.phone === null)).toBe(true);
    expect(customers.every((c) => c.defaultAddress?.province && c.defaultAddress.city)).toBe(true);
    expect(customers[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/Customer\/\d+$/),
      tags: expect.any(Array),
      numberOfOrders: expect.stringMatching(/^\d+$/),
    });

    const products = await collect(client().bulkExport('products'));
    expect(products.length).toBeGreaterThan(100);
    expect(new Set(products.map((p) => p.productType))).toEqual(
      new Set(['Vestuario', 'Calzado', 'Accesorios', 'Hogar', 'Belleza', 'Deportes', 'Infantil']),
    );
    expect(products.every((p) => p.tags.length > 0)).toBe(true);
  });

  it('gives the same data for the same seed and different data for another seed', async () => {
    const same = await startShopifySandbox({ ...SIZE, bulkDelayMs: 10 });
    const other = await startShopifySandbox({ ...SIZE, seed: 2, bulkDelayMs: 10 });
    try {
      const fingerprint = async (endpoint: string) =>
        (await collect(client({ endpoint }).bulkExport('orders')))
          .map((r) => (r.kind === 'order' ? `${r.id}:${r.createdAt}:${r.currentTotalPriceSet.shopMoney.amount}` : `${r.id}:${r.quantity}`))
          .join('\n');
      const mine = await fingerprint(sandbox.endpoint);
      expect(await fingerprint(same.endpoint)).toBe(mine);
      expect(await fingerprint(other.endpoint)).not.toBe(mine);
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('keeps old orders unchanged when time moves on', async () => {
    const later = await startShopifySandbox({ ...SIZE, now: new Date('2026-06-01T00:00:00Z'), bulkDelayMs: 10 });
    try {
      const before = (await collect(client().bulkExport('orders', { query: `created_at:<'2025-01-01T00:00:00Z'` }))).map(
        (r) => `${r.id}:${r.kind === 'order' ? r.name : r.quantity}`,
      );
      const after = (
        await collect(client({ endpoint: later.endpoint }).bulkExport('orders', { query: `created_at:<'2025-01-01T00:00:00Z'` }))
      ).map((r) => `${r.id}:${r.kind === 'order' ? r.name : r.quantity}`);
      expect(after).toEqual(before);
      expect(await client({ endpoint: later.endpoint }).ordersCount()).toBeGreaterThan(await client().ordersCount());
    } finally {
      await later.close();
    }
  });

  it('fails with the bulk operation error code when the operation fails', async () => {
    sandbox.failNextBulkOperation('INTERNAL_SERVER_ERROR');
    const error = await collect(client().bulkExport('products')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error).toMatchObject({ code: 'bulk_failed', errorCode: 'INTERNAL_SERVER_ERROR' });
  });
});

describe('abandoned checkouts', () => {
  it('exports every visible checkout in one bulk operation, with no paging against the cost limit', async () => {
    const operations: string[] = [];
    const spy: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { operationName?: string };
      if (body.operationName) operations.push(body.operationName);
      return fetch(input, init);
    };
    const checkouts = await collect(client({ fetch: spy }).bulkExport('abandonedCheckouts'));
    expect(operations.filter((name) => name === 'BulkOperationRunQuery')).toHaveLength(1);
    expect(checkouts.length).toBe(sandbox.store.visibleCheckouts(sandbox.store.nowSeconds()));
    expect(checkouts.length).toBeGreaterThan(150);
    expect(new Set(checkouts.map((c) => c.id)).size).toBe(checkouts.length);
    expect(checkouts.map((c) => c.createdAt)).toEqual(checkouts.map((c) => c.createdAt).sort());
    expect(checkouts[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/shopify\/AbandonedCheckout\/\d+$/),
      completedAt: null,
      totalPriceSet: { shopMoney: { amount: expect.stringMatching(/^\d+\.0$/), currencyCode: 'CLP' } },
      abandonedCheckoutUrl: expect.stringContaining(SANDBOX_SHOP),
    });
    expect(checkouts.some((c) => c.customer === null)).toBe(true);

    const recent = await collect(client().bulkExport('abandonedCheckouts', { query: `created_at:>='2026-01-01T00:00:00Z'` }));
    expect(recent.length).toBe(checkouts.filter((c) => c.createdAt >= '2026-01-01T00:00:00Z').length);
    expect(recent.length).toBeGreaterThan(0);
  });
});

describe('limits and failures', () => {
  it('retries 5xx and 429 answers with backoff, honouring Retry-After', async () => {
    const delays: number[] = [];
    sandbox.failNextRequests(1, 503);
    sandbox.failNextRequests(1, 429, { 'retry-after': '2.5' });
    sandbox.failNextRequests(1, 502);
    const shop = await client({ sleep: async (ms) => void delays.push(ms), retryBaseMs: 100 }).shop();
    expect(shop.name).toBe('Recompra Demo');
    expect(delays).toEqual([100, 2500, 400]);
  });

  it('retries a failing network and a failing fetch wrapper, then gives up with a clear error', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls++;
      if (calls === 1) throw new TypeError('fetch failed');
      if (calls === 2) return new Response('upstream', { status: 500 });
      return fetch(input, init);
    };
    expect((await client({ fetch: flaky, sleep: noSleep }).shop()).myshopifyDomain).toBe(SANDBOX_SHOP);
    expect(calls).toBe(3);

    const down: typeof fetch = async () => new Response('', { status: 503 });
    const error = await client({ fetch: down, sleep: noSleep, maxRetries: 2 })
      .shop()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error).toMatchObject({ code: 'http', status: 503 });
    expect((error as Error).message).toMatch(/503/);
  });

  it('refuses a token no header can carry as invalid credentials at once, without sending or retrying', async () => {
    for (const accessToken of ['shpat_añejo', 'shpat_€uro', 'shpat_\u007f', 'shpat_a\tb']) {
      let calls = 0;
      const sleeps: number[] = [];
      const counting: typeof fetch = async (input, init) => {
        calls++;
        return fetch(input, init);
      };
      const error = await client({ accessToken, fetch: counting, sleep: async (ms) => void sleeps.push(ms) })
        .shop()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ShopifyAuthError);
      expect(error).toMatchObject({ code: 'invalid_credentials' });
      expect(calls).toBe(0);
      expect(sleeps).toEqual([]);
    }
  });

  it('never retries a request fetch refuses before it leaves', async () => {
    // How undici reports a header value its HTTP client refuses, and how it reports a request it cannot build.
    const refusedHeader = Object.assign(new Error('invalid x-custom header'), { code: 'UND_ERR_INVALID_ARG' });
    for (const thrown of [
      new TypeError('fetch failed', { cause: refusedHeader }),
      new TypeError('Headers.append: "a\nb" is an invalid header value.'),
    ]) {
      let calls = 0;
      const refusing: typeof fetch = async () => {
        calls++;
        throw thrown;
      };
      const error = await client({ fetch: refusing, sleep: noSleep })
        .shop()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ShopifyError);
      expect(error).toMatchObject({ code: 'network', cause: thrown });
      expect(calls).toBe(1);
    }

    // An address that cannot be built is refused before the first attempt.
    let calls = 0;
    const counting: typeof fetch = async (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const error = await client({ endpoint: 'http://tienda mal escrita/{shop}/{version}', fetch: counting, sleep: noSleep })
      .shop()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopifyError);
    expect(calls).toBe(0);
  });

  /**
   * A sandbox with a small, slow cost bucket and a client of it, on one clock that only the client's sleeps
   * move: what the client waits for, and what the sandbox has restored by then, never depend on how fast
   * the machine runs. Counts the THROTTLED answers and keeps each sleep.
   */
  async function slowBucket() {
    let clock = 0;
    const sandbox = await startShopifySandbox({ ...SIZE, throttle: { maximumAvailable: 40, restoreRate: 5, now: () => clock } });
    const seen = { sleeps: [] as number[], throttled: 0 };
    const watch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if ((await response.clone().text()).includes('"THROTTLED"')) seen.throttled++;
      return response;
    };
    const shopClient = client({
      endpoint: sandbox.endpoint,
      fetch: watch,
      now: () => clock,
      sleep: async (ms) => {
        seen.sleeps.push(ms);
        clock += ms;
      },
    });
    return { sandbox, shopClient, seen };
  }

  it('waits and retries when Shopify answers THROTTLED', async () => {
    const { sandbox, shopClient, seen } = await slowBucket();
    try {
      sandbox.setAvailableCost(0);
      expect(await shopClient.ordersCount()).toBeGreaterThan(0);
      expect(seen.throttled).toBe(1);
      expect(seen.sleeps[0]).toBeGreaterThanOrEqual(150);
    } finally {
      await sandbox.close();
    }
  });

  it('waits before a call when the last answer left too few points for it', async () => {
    const { sandbox, shopClient, seen } = await slowBucket();
    try {
      await shopClient.shop(); // learns what the call costs (1 point)
      sandbox.setAvailableCost(1);
      await shopClient.shop(); // spends the last point; the answer says 0 are left
      expect(seen.sleeps).toEqual([]);
      await shopClient.shop(); // waits for a point to come back instead of being throttled
      expect(seen.throttled).toBe(0);
      expect(seen.sleeps).toEqual([200]); // one point at 5 a second
    } finally {
      await sandbox.close();
    }
  });
});
