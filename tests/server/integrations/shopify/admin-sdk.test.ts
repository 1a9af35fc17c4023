import { type AdminApiClient, createAdminApiClient } from '@shopify/admin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOPIFY_API_VERSION } from '../../../../src/server/integrations/shopify/client.ts';
import { CONCURRENT_BULK_QUERIES } from '../../../../src/server/integrations/shopify/sandbox/bulk.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../src/server/integrations/shopify/sandbox/index.ts';

// Shopify's own Admin API client (@shopify/admin-api-client, what @shopify/shopify-api builds on) against
// the sandbox, unchanged but for where its requests go: the queries and bulk operations a real
// integration sends, and what Shopify answers to them.

const NOW = new Date('2026-03-01T00:00:00Z');

/** Shopify's client for the sandbox's shop: its https://<shop> requests are sent to the sandbox instead. */
function sdkFor(sandbox: StartedSandbox): AdminApiClient {
  const base = sandbox.endpoint.replace('{shop}', SANDBOX_SHOP).replace('/admin/api/{version}/graphql.json', '');
  return createAdminApiClient({
    storeDomain: SANDBOX_SHOP,
    apiVersion: SHOPIFY_API_VERSION,
    accessToken: SANDBOX_TOKEN,
    customFetchApi: (url, init) => fetch(String(url).replace(`https://${SANDBOX_SHOP}`, base), init),
  });
}

async function data<T>(client: AdminApiClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await client.request<T>(query, { variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

interface Money {
  shopMoney: { amount: string };
}

interface BulkStatus {
  status: string;
  errorCode: string | null;
  rootObjectCount: string;
  url: string | null;
}

const RUN = `mutation($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
}`;

describe('fields a client may ask that Shopify never leaves null', () => {
  let sandbox: StartedSandbox;
  let client: AdminApiClient;
  beforeAll(async () => {
    sandbox = await startShopifySandbox({ customers: 300, orders: 1000, now: NOW });
    client = sdkFor(sandbox);
  });
  afterAll(() => sandbox.close());

  it('answers amountSpent, tags, unit prices and refunded lines, each read off the store', async () => {
    interface Answer {
      customers: {
        nodes: Array<{
          amountSpent: { amount: string; currencyCode: string };
          tags: string[];
          locale: string;
          orders: { nodes: Array<{ test: boolean; currentTotalPriceSet: Money }> };
        }>;
      };
      orders: Array<{
        tags: string[];
        currencyCode: string;
        subtotalLineItemsQuantity: number;
        lineItems: { nodes: Array<{ quantity: number; originalTotalSet: Money; originalUnitPriceSet: Money; name: string }> };
        refunds: Array<{
          totalRefundedSet: Money;
          refundLineItems: { nodes: Array<{ quantity: number; subtotalSet: Money; lineItem: { id: string } }> };
        }>;
      }>;
    }
    // Orders with refunds, found as a client would: by what was refunded.
    const recent = await data<{ orders: { nodes: Array<{ id: string; totalRefundedSet: Money }> } }>(
      client,
      '{ orders(first: 250, sortKey: ID, reverse: true) { nodes { id totalRefundedSet { shopMoney { amount } } } } }',
    );
    const ids = recent.orders.nodes.filter((order) => Number(order.totalRefundedSet.shopMoney.amount) > 0).map((order) => order.id);
    expect(ids.length).toBeGreaterThan(0);
    const answer = await data<Answer>(
      client,
      `query($ids: [ID!]!) {
        customers(first: 5) {
          nodes { amountSpent { amount currencyCode } tags locale orders(first: 10) { nodes { test currentTotalPriceSet { shopMoney { amount } } } } }
        }
        orders: nodes(ids: $ids) {
          ... on Order {
            tags currencyCode subtotalLineItemsQuantity
            lineItems(first: 4) { nodes { quantity name originalTotalSet { shopMoney { amount } } originalUnitPriceSet { shopMoney { amount } } } }
            refunds { totalRefundedSet { shopMoney { amount } } refundLineItems(first: 4) { nodes { quantity subtotalSet { shopMoney { amount } } lineItem { id } } } }
          }
        }
      }`,
      { ids: ids.slice(0, 8) },
    );
    for (const customer of answer.customers.nodes) {
      const spent = customer.orders.nodes
        .filter((order) => !order.test)
        .reduce((sum, order) => sum + Number(order.currentTotalPriceSet.shopMoney.amount), 0);
      expect(customer.amountSpent).toEqual({ amount: `${spent}.0`, currencyCode: 'CLP' });
      expect(Array.isArray(customer.tags)).toBe(true);
    }
    const refunded = answer.orders;
    expect(refunded.length).toBeGreaterThan(0);
    for (const order of refunded) {
      expect(order).toMatchObject({ tags: [], currencyCode: 'CLP' });
      expect(order.subtotalLineItemsQuantity).toBe(order.lineItems.nodes.reduce((sum, line) => sum + line.quantity, 0));
      for (const line of order.lineItems.nodes)
        expect(Number(line.originalUnitPriceSet.shopMoney.amount)).toBe(
          Math.round(Number(line.originalTotalSet.shopMoney.amount) / line.quantity),
        );
      for (const refund of order.refunds) {
        // Each returned line is one of the order's, and the lines add up to what the refund paid back for them.
        expect(refund.refundLineItems.nodes.length).toBeGreaterThan(0);
        for (const item of refund.refundLineItems.nodes) expect(item.quantity).toBeGreaterThan(0);
        const lines = refund.refundLineItems.nodes.reduce((sum, item) => sum + Number(item.subtotalSet.shopMoney.amount), 0);
        expect(lines).toBeLessThanOrEqual(Number(refund.totalRefundedSet.shopMoney.amount));
      }
    }
  });
});

describe('bulk operations', () => {
  let sandbox: StartedSandbox;
  let client: AdminApiClient;
  beforeAll(async () => {
    sandbox = await startShopifySandbox({ customers: 300, orders: 1000, now: NOW, bulkDelayMs: 30 });
    client = sdkFor(sandbox);
  });
  afterAll(() => sandbox.close());

  async function run(query: string): Promise<string> {
    const started = await data<{ bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: unknown[] } }>(client, RUN, {
      query,
    });
    expect(started.bulkOperationRunQuery.userErrors).toEqual([]);
    return started.bulkOperationRunQuery.bulkOperation!.id;
  }

  async function settled(id: string): Promise<BulkStatus> {
    for (;;) {
      const { bulkOperation } = await data<{ bulkOperation: BulkStatus }>(
        client,
        'query($id: ID!) { bulkOperation(id: $id) { status errorCode rootObjectCount url } }',
        { id },
      );
      if (!['CREATED', 'RUNNING'].includes(bulkOperation.status)) return bulkOperation;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("keeps every order when the export asks for refunds' line items", async () => {
    const { ordersCount } = await data<{ ordersCount: { count: number } }>(client, '{ ordersCount(limit: null) { count } }');
    const done = await settled(
      await run('{ orders { edges { node { id refunds { id refundLineItems { edges { node { quantity lineItem { id } } } } } } } } }'),
    );
    expect(done).toMatchObject({ status: 'COMPLETED', rootObjectCount: String(ordersCount.count) });
    const records = (await (await fetch(done.url!)).text()).split('\n').filter(Boolean);
    expect(records).toHaveLength(ordersCount.count);
    expect(records.some((line) => line.includes('"refundLineItems":{"edges":[{'))).toBe(true);
  });

  it('fails visibly, never with a shorter file, when a record asks for what the sandbox cannot answer', async () => {
    const done = await settled(await run('{ orders { edges { node { id risk { recommendation } } } } }'));
    expect(done).toMatchObject({ status: 'FAILED', errorCode: 'INTERNAL_SERVER_ERROR', url: null });
  });

  it(`runs up to ${CONCURRENT_BULK_QUERIES} at once, refuses one more, and lists them by status`, async () => {
    const slow = await startShopifySandbox({ customers: 50, orders: 100, now: NOW, bulkDelayMs: 60_000 });
    const slowClient = sdkFor(slow);
    try {
      const started: string[] = [];
      for (let k = 0; k < CONCURRENT_BULK_QUERIES; k += 1) {
        const answer = await data<{ bulkOperationRunQuery: { bulkOperation: { id: string }; userErrors: unknown[] } }>(slowClient, RUN, {
          query: '{ customers { edges { node { id } } } }',
        });
        expect(answer.bulkOperationRunQuery.userErrors).toEqual([]);
        started.push(answer.bulkOperationRunQuery.bulkOperation.id);
      }
      const refused = await data<{ bulkOperationRunQuery: { bulkOperation: null; userErrors: Array<{ code: string }> } }>(slowClient, RUN, {
        query: '{ products { edges { node { id } } } }',
      });
      expect(refused.bulkOperationRunQuery).toMatchObject({ bulkOperation: null, userErrors: [{ code: 'OPERATION_IN_PROGRESS' }] });

      await data(slowClient, 'mutation($id: ID!) { bulkOperationCancel(id: $id) { userErrors { message } } }', { id: started[0] });
      interface Listed {
        bulkOperations: { nodes: Array<{ id: string; status: string; type: string }>; pageInfo: { hasNextPage: boolean } };
      }
      const running = await data<Listed>(
        slowClient,
        '{ bulkOperations(first: 10, query: "status:created operation_type:query", sortKey: CREATED_AT, reverse: true) { nodes { id status type } pageInfo { hasNextPage } } }',
      );
      expect(running.bulkOperations.nodes.map((operation) => operation.id)).toEqual(started.slice(1).reverse());
      const firstTwo = await data<Listed>(slowClient, '{ bulkOperations(first: 2) { nodes { id status type } pageInfo { hasNextPage } } }');
      expect(firstTwo.bulkOperations).toMatchObject({
        nodes: [{ id: started[0], status: 'CANCELED', type: 'QUERY' }, { id: started[1] }],
        pageInfo: { hasNextPage: true },
      });
      // The canceled one freed its place.
      const again = await data<{ bulkOperationRunQuery: { userErrors: unknown[] } }>(slowClient, RUN, {
        query: '{ products { edges { node { id } } } }',
      });
      expect(again.bulkOperationRunQuery.userErrors).toEqual([]);
    } finally {
      await slow.close();
    }
  });
});
