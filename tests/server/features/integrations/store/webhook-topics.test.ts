/*
 * Every Shopify topic the app subscribes to, and the compliance ones, applied as they come: a partial
 * refund lowers income, a cancellation leaves the sales, a withdrawn consent sticks, a redaction erases
 * the customer everywhere and a shop's redaction erases the store's data. Payloads are the sandbox's,
 * built from the same facts Shopify's would be; deliveries come late and twice, and change nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderFacts } from '../../../../../src/server/integrations/shopify/sandbox/generator.ts';
import {
  createDemoStore,
  customerPayload,
  orderCheckoutPayload,
  orderPayload,
  refundPayload,
  SANDBOX_SHOP,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { loadConfig } from '../../../../../src/server/platform/config.ts';
import { type Caller, deliverWebhook, signIn, startTestServer, type TestServer } from '../../../support/harness.ts';

const SECRET = loadConfig({ NODE_ENV: 'test' }).shopifyWebhookSecret;
const facts = createDemoStore({ now: new Date('2026-11-20T12:00:00Z') });
const NOW = facts.nowSeconds();
const index = facts.currentIndex(NOW);
const recent = Array.from({ length: 3000 }, (_, k) => facts.orderAt(index.time.length - 1 - k, index));

let server: TestServer;
let owner: Caller;
let storeId: number;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signIn(server.app, 'demo@recompra.cl');
  [{ store_id: storeId }] = (await server.db.query<{ store_id: number }>(
    'select store_id from shopify_connections where shop_domain = $1',
    [SANDBOX_SHOP],
  )) as [{ store_id: number }];
});
afterAll(() => server.close());

const deliver = (topic: string, body: unknown, webhookId = `topic-${++counter}`) =>
  deliverWebhook(server.app, { topic, body, secret: SECRET, webhookId });

async function order(id: number) {
  const [row] = await server.db.query<Record<string, unknown>>(
    `select total_amount::float8 as total, financial_status, cancelled_at, customer_external_id::text as customer, test
       from orders where store_id = $1 and external_id = $2`,
    [storeId, id],
  );
  return row;
}
const lines = (id: number) =>
  server.db.query<{ quantity: number; net: number }>(
    'select quantity, discounted_total::float8 as net from order_line_items where store_id = $1 and order_external_id = $2 order by external_id',
    [storeId, id],
  );
const stats = async () => (await server.app.inject({ url: `/backend/stores/${storeId}/stats`, cookies: owner.cookies })).json();

describe('orders, refunds and carts', () => {
  const returned = recent.find((o) => o.customer && o.lines.length > 1 && o.refunds.some((r) => r.lines.length > 0) && !o.cancelledAt)!;
  const refund = returned.refunds[0]!;

  it('lowers income and the returned units with a partial refund, once, whatever the order of deliveries', async () => {
    expect((await deliver('orders/create', orderPayload(returned, returned.createdAt))).statusCode).toBe(200);
    const before = await order(returned.id);
    expect(before).toMatchObject({ total: returned.total, financial_status: 'PAID' });

    const refundBody = refundPayload(returned, refund.id);
    expect((await deliver('refunds/create', refundBody, 'refund-once')).statusCode).toBe(200);
    expect(await order(returned.id)).toMatchObject({ total: returned.total - refund.amount, financial_status: 'PARTIALLY_REFUNDED' });
    const returnedLine = refund.lines[0]!.line;
    expect((await lines(returned.id))[returnedLine]).toMatchObject({ quantity: 0, net: 0 });

    // The same delivery again, and the orders/updated that follows the refund: nothing moves twice.
    await deliver('refunds/create', refundBody, 'refund-once');
    expect((await deliver('orders/updated', orderPayload(returned, refund.at))).statusCode).toBe(200);
    expect(await order(returned.id)).toMatchObject({ total: returned.total - refund.amount, financial_status: 'PARTIALLY_REFUNDED' });
    // A late refunds/create under a new id, after the order already holds it, and a late orders/create.
    await deliver('refunds/create', refundBody);
    await deliver('orders/create', orderPayload(returned, returned.createdAt));
    expect(await order(returned.id)).toMatchObject({ total: returned.total - refund.amount, financial_status: 'PARTIALLY_REFUNDED' });
    expect((await lines(returned.id))[returnedLine]).toMatchObject({ quantity: 0, net: 0 });
  });

  it('leaves a cancelled order out of the sales', async () => {
    const cancelled = recent.find((o) => o.cancelledAt !== null && o.cancelledAt <= NOW)!;
    await deliver('orders/create', orderPayload(cancelled, cancelled.createdAt));
    const counted = (await stats()).totalOrders;
    expect((await deliver('orders/cancelled', orderPayload(cancelled, cancelled.cancelledAt!))).statusCode).toBe(200);
    expect(await order(cancelled.id)).toMatchObject({ cancelled_at: expect.any(Object) });
    expect((await stats()).totalOrders).toBe(counted - 1);
  });

  it('counts a bank transfer once its money arrives', async () => {
    const transfer = recent.find((o) => o.payment === 'pending' && o.paidAt !== null && !o.test && o.cancelledAt === null)!;
    const counted = (await stats()).totalOrders;
    await deliver('orders/create', orderPayload(transfer, transfer.createdAt));
    expect(await order(transfer.id)).toMatchObject({ financial_status: 'PENDING' });
    expect((await stats()).totalOrders).toBe(counted);
    await deliver('orders/updated', orderPayload(transfer, transfer.paidAt!));
    expect(await order(transfer.id)).toMatchObject({ financial_status: 'PAID' });
    expect((await stats()).totalOrders).toBe(counted + 1);
  });

  it('keeps test orders out of the sales', async () => {
    const test = recent.find((o) => o.test) ?? { ...recent[0]!, test: true };
    const counted = (await stats()).totalOrders;
    await deliver('orders/create', orderPayload(test as OrderFacts, test.createdAt));
    expect(await order(test.id)).toMatchObject({ test: true });
    expect((await stats()).totalOrders).toBe(counted);
  });

  it('takes every checkout, and the one an order completes is no abandoned cart', async () => {
    const bought = recent.find((o) => o.customer && !o.cancelledAt && o.id !== returned.id)!;
    const checkout = orderCheckoutPayload(bought, SANDBOX_SHOP);
    expect((await deliver('checkouts/create', checkout)).statusCode).toBe(200);
    await deliver('orders/create', orderPayload(bought, bought.createdAt));
    const [row] = await server.db.query<{ completed: boolean }>(
      'select completed_at is not null as completed from abandoned_checkouts where store_id = $1 and external_id = $2',
      [storeId, checkout.id],
    );
    expect(row).toEqual({ completed: true });
  });
});

describe('customers and products', () => {
  const withdrawing = (() => {
    for (let i = 0; i < facts.visibleCustomers(NOW); i++) {
      const profile = facts.profile(i);
      if (profile.emailWithdrawnAt !== null && profile.emailWithdrawnAt <= NOW) return profile;
    }
    throw new Error('no withdrawal in the demo store');
  })();
  const consent = async () =>
    (
      await server.db.query<{ email_consent: boolean }>('select email_consent from customers where store_id = $1 and external_id = $2', [
        storeId,
        6_000_000_000 + withdrawing.index,
      ])
    )[0];

  it('applies a consent withdrawal, and an older state delivered late does not bring it back', async () => {
    const given = customerPayload(withdrawing, withdrawing.arrival);
    const withdrawn = customerPayload(withdrawing, withdrawing.emailWithdrawnAt!);
    expect((await deliver('customers/create', given)).statusCode).toBe(200);
    expect(await consent()).toEqual({ email_consent: true });
    expect((await deliver('customers/update', withdrawn)).statusCode).toBe(200);
    expect(await consent()).toEqual({ email_consent: false });
    await deliver('customers/update', given);
    expect(await consent()).toEqual({ email_consent: false });
  });

  it('creates, renames and deletes products', async () => {
    const body = {
      id: 8_100_000_001,
      title: 'Polerón lana merino',
      product_type: 'Vestuario',
      tags: 'invierno, nuevo',
      created_at: '2026-11-20T10:00:00-03:00',
      updated_at: '2026-11-20T10:00:00-03:00',
    };
    const title = async () =>
      (
        await server.db.query<{ title: string }>('select title from products where store_id = $1 and external_id = $2', [storeId, body.id])
      )[0]?.title;
    expect((await deliver('products/create', body)).statusCode).toBe(200);
    expect(await title()).toBe('Polerón lana merino');
    await deliver('products/update', { ...body, title: 'Polerón merino', updated_at: '2026-11-21T10:00:00-03:00' });
    expect(await title()).toBe('Polerón merino');
    await deliver('products/delete', { id: body.id });
    expect(await title()).toBeUndefined();
    // Shopify's own late delivery of an update from before the deletion does not bring it back.
    expect((await deliver('products/update', { ...body, title: 'Polerón merino' })).statusCode).toBe(200);
    expect(await title()).toBeUndefined();
  });

  it('keeps a deleted customer deleted when an update from before the deletion arrives after it', async () => {
    const profile = facts.profile(7);
    const id = 6_000_000_000 + profile.index;
    const held = async () =>
      (await server.db.query('select 1 from customers where store_id = $1 and external_id = $2', [storeId, id])).length;
    const body = customerPayload(profile, profile.arrival);
    expect((await deliver('customers/create', body)).statusCode).toBe(200);
    expect(await held()).toBe(1);
    expect((await deliver('customers/delete', { id })).statusCode).toBe(200);
    expect(await held()).toBe(0);
    // The create's body again, as an update under a fresh delivery id: acknowledged, and nothing written.
    expect((await deliver('customers/update', body)).statusCode).toBe(200);
    expect((await deliver('customers/update', customerPayload(profile, NOW))).statusCode).toBe(200);
    expect(await held()).toBe(0);
  });

  it('refuses a malformed customer body in Spanish and writes nothing', async () => {
    const response = await deliver('customers/update', { id: 'uno', created_at: 'ayer' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_payload', message: 'El contenido del webhook no es un cliente válido de Shopify.' });
  });
});

describe('compliance', () => {
  it('erases a redacted customer everywhere: record, carts, and every tie of their orders', async () => {
    const buyer = recent.find((o) => o.customer && !o.cancelledAt && !o.test)!;
    await deliver('customers/create', customerPayload(buyer.customer!, NOW));
    await deliver('orders/create', orderPayload(buyer, buyer.createdAt));
    const id = String(6_000_000_000 + buyer.customer!.index);
    const held = () =>
      server.db.query(
        `select 'customer' as what from customers where store_id = $1 and external_id = $2
         union all select 'order' from orders where store_id = $1 and customer_external_id = $2
         union all select 'cart' from abandoned_checkouts where store_id = $1 and customer_external_id = $2
         union all select 'stats' from customer_stats where store_id = $1 and customer_external_id = $2`,
        [storeId, id],
      );
    expect((await held()).length).toBeGreaterThan(0);
    const redact = {
      shop_id: 954_889,
      shop_domain: SANDBOX_SHOP,
      customer: { id: Number(id), email: buyer.email, phone: buyer.phone },
      orders_to_redact: [buyer.id],
    };
    expect((await deliver('customers/redact', redact)).statusCode).toBe(200);
    expect(await held()).toEqual([]);
    // The order stays in the store's sales, with no one behind it.
    expect(await order(buyer.id)).toMatchObject({ customer: null });

    // Shopify's late deliveries from before the redaction tie nothing to the customer again.
    await deliver('customers/update', customerPayload(buyer.customer!, NOW));
    await deliver('orders/updated', orderPayload(buyer, NOW));
    expect(await held()).toEqual([]);
    expect(await order(buyer.id)).toMatchObject({ customer: null });
  });

  it("answers a data request by mail to the store's administrators, and records it", async () => {
    const request = {
      shop_id: 954_889,
      shop_domain: SANDBOX_SHOP,
      customer: { id: 6_000_000_001 },
      orders_requested: [5_000_001_000],
      data_request: { id: 9_999 },
    };
    expect((await deliver('customers/data_request', request)).statusCode).toBe(200);
    const [event] = await server.db.query<{ detail: unknown }>(
      `select detail from store_events where store_id = $1 and kind = 'customer_data_requested'`,
      [storeId],
    );
    expect(event).toEqual({ detail: { dataRequestId: 9_999 } });
    const mails = await server.db.query<{ recipient: string; subject: string }>(
      `select recipient, subject from mail_outbox where subject like '%solicitud 9999 de Shopify%'`,
    );
    expect(mails).toEqual([
      { recipient: 'demo@recompra.cl', subject: 'Datos del cliente 6000000001 de Tienda Demo (solicitud 9999 de Shopify)' },
    ]);
  });

  it('erases all the store holds from Shopify when the shop asks for its redaction', async () => {
    expect((await deliver('shop/redact', { shop_id: 954_889, shop_domain: SANDBOX_SHOP })).statusCode).toBe(200);
    const [left] = await server.db.query<{ rows: number }>(
      `select (select count(*) from orders where store_id = $1) + (select count(*) from customers where store_id = $1)
            + (select count(*) from products where store_id = $1) + (select count(*) from abandoned_checkouts where store_id = $1)
            + (select count(*) from order_line_items where store_id = $1) as rows`,
      [storeId],
    );
    expect(Number(left!.rows)).toBe(0);
    expect((await stats()).totalOrders).toBe(0);
  });
});
