import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyClient } from '../../../../src/server/integrations/shopify/client.ts';
import { BULK_NODE_QUERY, BULK_RUN_MUTATION, bulkQuery } from '../../../../src/server/integrations/shopify/queries.ts';
import { planBulk } from '../../../../src/server/integrations/shopify/sandbox/bulk.ts';
import { type StartedSandbox, startShopifySandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { BulkKind, QueryCost } from '../../../../src/server/integrations/shopify/types.ts';
import { postAdmin } from './sandbox-admin.ts';

// The sandbox's Admin endpoint executes any valid document over Shopify's Admin schema, with
// resolvers over the generated store, priced and throttled as Shopify documents it.

const NOW = new Date('2026-03-01T00:00:00Z');
const SIZE = { customers: 300, orders: 1000, now: NOW };

interface Answer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; locations?: unknown; extensions?: Record<string, unknown> }>;
  extensions?: { cost: QueryCost };
}

interface Nodes<T> {
  nodes: T[];
}
interface Id {
  id: string;
}
interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
interface Page {
  orders: { edges: Array<{ cursor: string; node: Id }>; pageInfo: PageInfo };
}
interface Priced {
  orders: { edges: Array<{ node: { customer: Id | null; lineItems: Nodes<{ product: Id | null }> } }> };
}

async function post<T = Record<string, unknown>>(
  sandbox: StartedSandbox,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const { status, json } = await postAdmin<Answer<T>>(sandbox, { query, variables });
  expect(status).toBe(200);
  return json;
}

let sandbox: StartedSandbox;
beforeAll(async () => {
  sandbox = await startShopifySandbox({ ...SIZE, bulkDelayMs: 10, throttle: { restoreRate: 100_000, maximumAvailable: 100_000 } });
});
afterAll(() => sandbox.close());

/** Every order id through the client's own bulk export, in its order. */
async function exportedOrderIds(): Promise<string[]> {
  const client = createShopifyClient({ shop: sandbox.shop, accessToken: sandbox.token, endpoint: sandbox.endpoint, pollIntervalMs: 10 });
  const ids: string[] = [];
  for await (const record of client.bulkExport('orders')) if (record.kind === 'order') ids.push(record.id);
  return ids;
}

describe('queries', () => {
  it('answers a query with aliases, fragments, variables and nested relations from the store', async () => {
    interface Recent {
      tienda: unknown;
      recientes: Nodes<{
        id: string;
        nombre: string;
        customer: { id: string; email: string | null; orders: Nodes<Id> } | null;
        lineItems: { edges: Array<{ node: { id: string; quantity: number; product: { id: string; title: string } } }> };
      }>;
    }
    const { data, errors } = await post<Recent>(
      sandbox,
      `query Recent($n: Int!) {
        tienda: shop { ...ShopFields }
        recientes: orders(first: $n, reverse: true) {
          nodes {
            id
            nombre: name
            customer { id email orders(first: 250) { nodes { id } } }
            lineItems(first: 10) { edges { node { ... on LineItem { id quantity product { id title } } } } }
          }
        }
      }
      fragment ShopFields on Shop { name myshopifyDomain currencyCode }`,
      { n: 3 },
    );
    expect(errors).toBeUndefined();
    expect(data!.tienda).toEqual({ name: 'Recompra Demo', myshopifyDomain: sandbox.shop, currencyCode: 'CLP' });
    const orders = data!.recientes.nodes;
    expect(orders).toHaveLength(3);
    for (const order of orders) {
      const facts = sandbox.store.orderById(Number(order.id.split('/').pop()), sandbox.store.nowSeconds())!;
      expect(order.nombre).toBe(facts.name);
      expect(order.lineItems.edges.map((edge) => edge.node.product.title)).toEqual(facts.lines.map((line) => line.product.title));
      expect(order.lineItems.edges.map((edge) => edge.node.quantity)).toEqual(facts.lines.map((line) => line.quantity));
      if (facts.customer) {
        expect(order.customer!.email).toBe(facts.customer.email);
        // The customer's orders include this one.
        expect(order.customer!.orders.nodes.map((o) => o.id)).toContain(order.id);
      } else expect(order.customer).toBeNull();
    }
    // Newest first: the last orders of the export, reversed.
    const all = await exportedOrderIds();
    expect(orders.map((o) => o.id)).toEqual(all.slice(-3).reverse());
  });

  it('pages through every order with cursors, forwards and backwards, as the export lists them', async () => {
    const all = await exportedOrderIds();
    const query = `query Page($first: Int, $after: String, $last: Int, $before: String) {
      orders(first: $first, after: $after, last: $last, before: $before) {
        edges { cursor node { id } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const forwards: string[] = [];
    let after: string | null = null;
    for (let page = 0; ; page++) {
      const { data }: Answer<Page> = await post<Page>(sandbox, query, { first: 250, after });
      const { edges, pageInfo }: Page['orders'] = data!.orders;
      forwards.push(...edges.map((edge) => edge.node.id));
      expect(pageInfo.hasPreviousPage).toBe(page > 0);
      expect(pageInfo.endCursor).toBe(edges.at(-1)!.cursor);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(forwards).toEqual(all);

    const backwards: string[] = [];
    let before: string | null = null;
    for (;;) {
      const { data }: Answer<Page> = await post<Page>(sandbox, query, { last: 100, before });
      const { edges, pageInfo }: Page['orders'] = data!.orders;
      backwards.unshift(...edges.map((edge) => edge.node.id));
      if (!pageInfo.hasPreviousPage) break;
      before = pageInfo.startCursor;
    }
    expect(backwards).toEqual(all);
  });

  it('sorts by id and by update time, and searches by date, id and email', async () => {
    interface Sorted {
      byId: Nodes<Id>;
      byUpdate: Nodes<{ updatedAt: string }>;
      recent: Nodes<{ createdAt: string }>;
      customers: Nodes<{ id: string; email: string }>;
    }
    const { data } = await post<Sorted>(
      sandbox,
      `{
        byId: orders(first: 50, sortKey: ID) { nodes { id } }
        byUpdate: orders(first: 50, sortKey: UPDATED_AT, reverse: true) { nodes { updatedAt } }
        recent: orders(first: 250, query: "created_at:>='2026-02-20T00:00:00Z'") { nodes { createdAt } }
        customers(first: 1) { nodes { id email } }
      }`,
    );
    const ids = data!.byId.nodes.map((o) => Number(o.id.split('/').pop()));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const updated = data!.byUpdate.nodes.map((o) => o.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    expect(data!.recent.nodes.length).toBeGreaterThan(0);
    expect(data!.recent.nodes.every((o) => o.createdAt >= '2026-02-20T00:00:00Z')).toBe(true);

    const [customer] = data!.customers.nodes;
    const numeric = customer!.id.split('/').pop();
    const found = await post<{ byEmail: Nodes<Id>; byId: Nodes<Id> }>(
      sandbox,
      `query Find($email: String!, $id: String!) {
        byEmail: customers(first: 5, query: $email) { nodes { id } }
        byId: customers(first: 5, query: $id) { nodes { id } }
      }`,
      { email: `email:${customer!.email}`, id: `id:>${numeric}` },
    );
    expect(found.data!.byEmail.nodes).toEqual([{ id: customer!.id }]);
    expect(found.data!.byId.nodes[0]!.id).not.toBe(customer!.id);
    expect(Number(found.data!.byId.nodes[0]!.id.split('/').pop())).toBeGreaterThan(Number(numeric));
  });

  it('resolves nodes of any kind by id, null for an unknown one, and counts with their limit', async () => {
    const { data: first } = await post<{ orders: Nodes<{ id: string; customer: Id | null; lineItems: Nodes<{ product: Id }> }> }>(
      sandbox,
      '{ orders(first: 20) { nodes { id customer { id } lineItems(first: 1) { nodes { product { id } } } } } }',
    );
    const order = first!.orders.nodes.find((o) => o.customer)!;
    const ids = [order.id, order.customer!.id, order.lineItems.nodes[0]!.product.id, 'gid://shopify/Order/1'];
    interface Found {
      nodes: Array<{ __typename: string; name?: string } | null>;
      ordersCount: unknown;
      capped: unknown;
    }
    const { data, errors } = await post<Found>(
      sandbox,
      `query Nodes($ids: [ID!]!) {
        nodes(ids: $ids) { __typename id ... on Order { name } ... on Customer { displayName } ... on Product { title } }
        ordersCount(limit: null) { count precision }
        capped: ordersCount(limit: 10) { count precision }
      }`,
      { ids },
    );
    expect(errors).toBeUndefined();
    expect(data!.nodes.map((node) => node?.__typename ?? null)).toEqual(['Order', 'Customer', 'Product', null]);
    expect(data!.nodes[0]!.name).toMatch(/^#\d+$/);
    expect(data!.ordersCount).toEqual({ count: (await exportedOrderIds()).length, precision: 'EXACT' });
    expect(data!.capped).toEqual({ count: 10, precision: 'AT_LEAST' });
  });

  it('refuses a connection without first or last, or with more than 250, in Shopify words', async () => {
    const missing = await post(sandbox, '{ orders { nodes { id } } }');
    expect(missing.data).toBeNull();
    expect(missing.errors).toEqual([
      { message: 'you must provide one of first or last', locations: [{ line: 1, column: 3 }], path: ['orders'] },
    ]);
    const nested = await post(sandbox, '{ orders(first: 1) { nodes { lineItems { nodes { id } } } } }');
    expect(nested.errors).toEqual([
      expect.objectContaining({ message: 'you must provide one of first or last', path: ['orders', 'nodes', 0, 'lineItems'] }),
    ]);
    const tooMany = await post(sandbox, '{ products(first: 251) { nodes { id } } }');
    expect(tooMany.errors?.[0]?.message).toContain('250');
  });

  it('answers a field it holds no data for with null when it may be null, and an error naming it when it may not', async () => {
    const nullable = await post<{ orders: Nodes<{ note: string | null }> }>(sandbox, '{ orders(first: 1) { nodes { id note } } }');
    expect(nullable.errors).toBeUndefined();
    expect(nullable.data!.orders.nodes[0]!.note).toBeNull();
    const required = await post(sandbox, '{ orders(first: 1) { nodes { id risk { recommendation } } } }');
    expect(required.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Order.risk'), path: ['orders', 'nodes', 0, 'risk'] }),
    ]);
  });

  it('creates, lists and deletes webhook subscriptions', async () => {
    interface Created {
      webhookSubscriptionCreate: { webhookSubscription: Id; userErrors: unknown[] };
    }
    const create = await post<Created>(
      sandbox,
      `mutation { webhookSubscriptionCreate(topic: ORDERS_PAID, webhookSubscription: { uri: "https://example.test/hooks", format: JSON }) {
        webhookSubscription { id topic uri endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
        userErrors { field message }
      } }`,
    );
    const created = create.data!.webhookSubscriptionCreate;
    expect(created.userErrors).toEqual([]);
    expect(created.webhookSubscription).toMatchObject({
      topic: 'ORDERS_PAID',
      uri: 'https://example.test/hooks',
      endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: 'https://example.test/hooks' },
    });
    expect(create.extensions!.cost.requestedQueryCost).toBe(10);
    const listed = await post<{ webhookSubscriptions: Nodes<unknown> }>(
      sandbox,
      '{ webhookSubscriptions(first: 10, topics: [ORDERS_PAID]) { nodes { id uri } } }',
    );
    expect(listed.data!.webhookSubscriptions.nodes).toEqual([{ id: created.webhookSubscription.id, uri: 'https://example.test/hooks' }]);
    const deleted = await post(
      sandbox,
      `mutation { webhookSubscriptionDelete(id: "${created.webhookSubscription.id}") { deletedWebhookSubscriptionId userErrors { message } } }`,
    );
    expect(deleted.data!.webhookSubscriptionDelete).toEqual({
      deletedWebhookSubscriptionId: created.webhookSubscription.id,
      userErrors: [],
    });
    expect(sandbox.subscriptions().some((s) => s.id === created.webhookSubscription.id)).toBe(false);
  });
});

describe('cost', () => {
  const KNOWN = `query Known {
    shop { name }
    orders(first: 5) {
      pageInfo { hasNextPage }
      edges { cursor node { id name customer { id email } lineItems(first: 3) { nodes { id product { id } } } } }
    }
  }`;

  it('prices a query as Shopify documents it, charges what came back and refunds the rest', async () => {
    const priced = await startShopifySandbox({ ...SIZE, throttle: { maximumAvailable: 1000, restoreRate: 1 } });
    try {
      const { data, extensions } = await post<Priced>(priced, KNOWN);
      // shop 1 + orders (2 + 5 × (order 1 + customer 1 + lineItems (2 + 3 × (line 1 + product 1)))) = 53
      expect(extensions!.cost.requestedQueryCost).toBe(53);
      // What came back: guests' orders have no customer, and an order may have fewer than 3 lines.
      const orders = data!.orders.edges.map((edge) => edge.node);
      const actual =
        1 +
        2 +
        orders.reduce(
          (sum, order) =>
            sum + 1 + (order.customer ? 1 : 0) + 2 + order.lineItems.nodes.reduce((n, line) => n + 1 + (line.product ? 1 : 0), 0),
          0,
        );
      expect(extensions!.cost.actualQueryCost).toBe(actual);
      const { currentlyAvailable } = extensions!.cost.throttleStatus;
      expect(currentlyAvailable).toBeGreaterThanOrEqual(1000 - actual);
      expect(currentlyAvailable).toBeLessThanOrEqual(1000 - actual + 2);
    } finally {
      await priced.close();
    }
  });

  it('throttles once the bucket is empty, and refuses a query above the single query limit', async () => {
    const tight = await startShopifySandbox({ ...SIZE, throttle: { maximumAvailable: 120, restoreRate: 1 } });
    try {
      let answer: Answer<Priced> | null = null;
      let calls = 0;
      for (; calls < 5; calls++) {
        answer = await post<Priced>(tight, KNOWN);
        if (answer.errors) break;
        expect(answer.data!.orders.edges).toHaveLength(5);
      }
      expect(calls).toBeGreaterThanOrEqual(2);
      expect(calls).toBeLessThanOrEqual(3);
      expect(answer).toEqual({
        errors: [
          { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/limits#rate-limits' } },
        ],
        extensions: {
          cost: {
            requestedQueryCost: 53,
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 120, currentlyAvailable: expect.any(Number), restoreRate: 1 },
          },
        },
      });
      expect(answer!.extensions!.cost.throttleStatus.currentlyAvailable).toBeLessThan(53);

      const huge = await post(tight, '{ orders(first: 250) { nodes { lineItems(first: 250) { nodes { id } } } } }');
      expect(huge.errors).toEqual([
        expect.objectContaining({
          message: 'Query cost is 63252, which exceeds the single query max cost limit (1000).',
          extensions: expect.objectContaining({ code: 'MAX_COST_EXCEEDED', cost: 63252, maxCost: 1000 }),
        }),
      ]);
    } finally {
      await tight.close();
    }
  });
});

describe('bulk operations', () => {
  async function runBulk(query: string, groupObjects = true): Promise<string> {
    interface Started {
      bulkOperationRunQuery: { bulkOperation: Id | null; userErrors: unknown[] };
    }
    const started = await post<Started>(sandbox, BULK_RUN_MUTATION, { query, groupObjects });
    expect(started.data!.bulkOperationRunQuery.userErrors).toEqual([]);
    const id = started.data!.bulkOperationRunQuery.bulkOperation!.id;
    for (;;) {
      const { data } = await post<{ node: { status: string; url: string | null } }>(sandbox, BULK_NODE_QUERY, { id });
      if (data!.node.status === 'COMPLETED') return data!.node.url ? await (await fetch(data!.node.url)).text() : '';
      expect(['CREATED', 'RUNNING']).toContain(data!.node.status);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** The client's bulk query for `kind` with its node selection moved into a fragment: the same records, another document. */
  function throughFragment(kind: BulkKind, search?: string): string {
    const query = bulkQuery(kind, search);
    const open = query.indexOf('node {') + 'node {'.length;
    const close = query.lastIndexOf('} } } }');
    const type = { orders: 'Order', customers: 'Customer', products: 'Product', abandonedCheckouts: 'AbandonedCheckout' }[kind];
    return `${query.slice(0, open)} ...Fields ${query.slice(close)} fragment Fields on ${type} { ${query.slice(open, close)} }`;
  }

  it.each<BulkKind>(['orders', 'customers', 'products', 'abandonedCheckouts'])(
    'writes the client selection of %s straight from the store, byte for byte what the executor projects',
    async (kind) => {
      for (const search of [undefined, "created_at:>='2025-11-22T00:00:00Z'", "updated_at:>='2026-01-01T00:00:00Z'"]) {
        // The first goes through the store's writers, the second through the executor.
        expect(planBulk(bulkQuery(kind, search))).toMatchObject({ direct: true });
        expect(planBulk(throughFragment(kind, search))).toMatchObject({ direct: false });
        const direct = await runBulk(bulkQuery(kind, search));
        const projected = await runBulk(throughFragment(kind, search));
        expect(direct.length).toBeGreaterThan(0);
        expect(projected).toBe(direct);
      }
    },
  );

  it('exports any selection, nested connections flattened with __parentId after their parent', async () => {
    const text = await runBulk(`{
      customers(query: "created_at:<'2024-06-01T00:00:00Z'") {
        edges { node { id correo: email orders { nodes { id name lineItems { edges { node { id title } } } } } } }
      }
    }`);
    const records = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    const kindOf = (id: string) => id.split('/')[3];
    const parents = new Map<string, string>();
    let lastCustomer = '';
    let lastOrder = '';
    for (const record of records) {
      expect(record).not.toHaveProperty('orders');
      expect(record).not.toHaveProperty('lineItems');
      if (kindOf(record.id!) === 'Customer') {
        expect(Object.keys(record)).toEqual(['id', 'correo']);
        lastCustomer = record.id!;
      } else if (kindOf(record.id!) === 'Order') {
        expect(record.__parentId).toBe(lastCustomer);
        lastOrder = record.id!;
      } else {
        expect(kindOf(record.id!)).toBe('LineItem');
        expect(record.__parentId).toBe(lastOrder);
      }
      parents.set(record.id!, record.__parentId ?? '');
    }
    const customers = records.filter((record) => kindOf(record.id!) === 'Customer');
    const orders = records.filter((record) => kindOf(record.id!) === 'Order');
    expect(customers.length).toBeGreaterThan(20);
    const now = sandbox.store.nowSeconds();
    for (const customer of customers) {
      const profile = sandbox.store.customerById(Number(customer.id!.split('/').pop()), now)!;
      expect(orders.filter((order) => order.__parentId === customer.id).length).toBe(sandbox.store.ordersOf(profile, now).length);
    }
  });

  it('refuses a bulk query over a root the sandbox does not export', async () => {
    const { data } = await post(sandbox, BULK_RUN_MUTATION, { query: '{ collections { edges { node { id } } } }', groupObjects: true });
    expect(data!.bulkOperationRunQuery).toEqual({
      bulkOperation: null,
      userErrors: [{ field: ['query'], message: expect.stringContaining('Invalid bulk query'), code: 'INVALID' }],
    });
  });
});
