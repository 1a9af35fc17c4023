import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSync } from '../../../../../src/server/features/integrations/store/sync.ts';
import { createShopifyClient } from '../../../../../src/server/integrations/shopify/client.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { numericId } from '../../../../../src/server/integrations/shopify/types.ts';
import { connectShopifyStore, signUp, startTestServer, type TestServer } from '../../../support/harness.ts';

// The sandbox delivers its webhooks as Shopify does, some after later events and some twice; the
// app, receiving them over HTTP, must end with exactly what the store holds.

let clock = new Date('2026-03-01T00:00:00Z');
let sandbox: StartedSandbox;
let server: TestServer;
let storeId: number;

beforeAll(async () => {
  sandbox = await startShopifySandbox({
    customers: 200,
    orders: 1500,
    now: () => clock,
    liveWebhooks: true,
    webhookIntervalMs: 3_600_000,
    bulkDelayMs: 20,
    throttle: { restoreRate: 5000 },
    // More disorder than Shopify's usual, so every kind of late and repeated delivery shows up.
    deliveryHabits: { lateShare: 0.3, duplicateShare: 0.2 },
  });
  server = await startTestServer({ shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await signUp(server.app, 'Marta Rojas', 'marta@tienda.cl');
  const created = await connectShopifyStore(server.app, owner, { name: 'Tienda de Marta', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN });
  storeId = created.json().id;
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

describe('webhooks delivered late and twice', () => {
  it('leave the store exactly as Shopify has it: no fulfilment undone, no order counted twice', async () => {
    const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
    const { port } = server.app.server.address() as AddressInfo;
    const context = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
    await runSync(
      { db: server.db, events: server.app.events },
      client,
      storeId,
      context,
      `http://127.0.0.1:${port}/webhooks/shopify`,
      clock,
      200,
    );
    expect(sandbox.subscriptions().length).toBeGreaterThan(0);

    clock = new Date(clock.getTime() + 30 * 86_400_000);
    const report = await sandbox.emitDueWebhooks();
    expect(report).toMatchObject({ failed: 0 });
    expect(report.ordersCreated).toBeGreaterThan(10);
    expect(report.ordersFulfilled).toBeGreaterThan(10);
    expect(report.late).toBeGreaterThan(5);
    expect(report.duplicated).toBeGreaterThan(5);

    const truth = new Map<string, string | null>();
    for await (const record of client.bulkExport('orders'))
      if (record.kind === 'order') truth.set(numericId(record.id)!, record.displayFulfillmentStatus);
    const rows = await server.db.query<{ id: string; fulfillment: string | null }>(
      'select external_id::text as id, fulfillment_status as fulfillment from orders where store_id = $1',
      [storeId],
    );
    expect(rows.length).toBe(truth.size);
    expect(new Map(rows.map((row) => [row.id, row.fulfillment]))).toEqual(truth);
  });

  it('bring a partial refund, a cancellation and a withdrawn consent in by the time Shopify has delivered them', async () => {
    const facts = sandbox.store;
    const from = facts.nowSeconds();
    const index = facts.currentIndex(from + 120 * 86_400);
    let refund: { order: number; at: number; total: number } | null = null;
    let cancel: { order: number; at: number } | null = null;
    for (let rank = index.time.length - 1; rank >= 0 && index.time[rank]! > from - 60 * 86_400; rank--) {
      const order = facts.orderAt(rank, index);
      if (order.createdAt <= from) continue;
      const partial = order.refunds.find((r) => r.lines.length > 0 && r.amount < order.total);
      if (partial && order.cancelledAt === null && (!refund || partial.at < refund.at))
        refund = { order: order.id, at: partial.at, total: order.total - partial.amount };
      if (order.cancelledAt !== null && (!cancel || order.cancelledAt < cancel.at)) cancel = { order: order.id, at: order.cancelledAt };
    }
    const [withdrawal] = facts
      .consentChangesBetween(from, from + 365 * 86_400)
      .filter((change) => change.customer.emailWithdrawnAt === change.at);
    expect(refund && cancel && withdrawal).toBeTruthy();
    const until = Math.max(refund!.at, cancel!.at, withdrawal!.at);
    clock = new Date(Date.UTC(2023, 10, 1) + (until + 1) * 1000);

    // Read as soon as the deliveries are answered: nothing waits for a later sync. How fast they are
    // answered is the webhook benchmark's to measure (npm run bench:webhooks), not a timed test's.
    expect(await sandbox.emitDueWebhooks()).toMatchObject({ failed: 0 });
    const [order] = await server.db.query<{ total: number; financial: string }>(
      'select total_amount::float8 as total, financial_status as financial from orders where store_id = $1 and external_id = $2',
      [storeId, refund!.order],
    );
    const [cancelled] = await server.db.query<{ cancelled: boolean }>(
      'select cancelled_at is not null as cancelled from orders where store_id = $1 and external_id = $2',
      [storeId, cancel!.order],
    );
    const [customer] = await server.db.query<{ consent: boolean }>(
      'select email_consent as consent from customers where store_id = $1 and external_id = $2',
      [storeId, 6_000_000_000 + withdrawal!.customer.index],
    );
    expect(order).toEqual({ total: refund!.total, financial: 'PARTIALLY_REFUNDED' });
    expect(cancelled).toEqual({ cancelled: true });
    expect(customer).toEqual({ consent: false });
  });
});
