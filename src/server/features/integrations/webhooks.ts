import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LineItem, Order } from '../../integrations/shopify/types.ts';
import type { Database } from '../../platform/db.ts';
import { refreshRollups } from '../dashboard/rollups.ts';
import { numericId, upsertAbandonedCheckouts, upsertLineItems, upsertOrders } from './store-data.ts';

/*
 * Shopify's webhooks keep the data current between nightly refreshes. Each delivery is checked
 * against the HMAC of its raw body and applied once, in the same transaction that records its id:
 * an unsigned, forged, unknown or replayed delivery writes nothing.
 */

interface RestMoneyLine {
  id: number;
  product_id: number | null;
  title: string;
  quantity: number;
  price: string;
  total_discount?: string;
}

interface RestOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  created_at: string;
  updated_at?: string;
  cancelled_at?: string | null;
  current_total_price: string;
  total_discounts: string;
  currency: string;
  discount_codes?: { code: string }[];
  payment_gateway_names?: string[];
  shipping_lines?: { title: string }[];
  shipping_address?: { province?: string | null; city?: string | null; province_code?: string | null } | null;
  customer?: { admin_graphql_api_id?: string; id: number } | null;
  line_items?: RestMoneyLine[];
  fulfillment_status?: string | null;
  financial_status?: string | null;
}

interface RestCheckout {
  id: number;
  admin_graphql_api_id?: string;
  created_at: string;
  completed_at?: string | null;
  total_price: string;
  abandoned_checkout_url?: string;
  customer?: { admin_graphql_api_id?: string; id: number } | null;
}

const gid = (type: string, id: number | null | undefined) => (id === null || id === undefined ? null : `gid://shopify/${type}/${id}`);
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
// REST says fulfilled/partial/null; the bulk export says FULFILLED/PARTIALLY_FULFILLED/UNFULFILLED.
const FULFILLMENT: Record<string, string> = { fulfilled: 'FULFILLED', partial: 'PARTIALLY_FULFILLED', restocked: 'RESTOCKED' };

export function orderFromWebhook(payload: RestOrder): { order: Order; items: LineItem[] } {
  const orderId = payload.admin_graphql_api_id;
  const order = {
    kind: 'order',
    id: orderId,
    name: payload.name,
    createdAt: payload.created_at,
    updatedAt: payload.updated_at ?? payload.created_at,
    cancelledAt: payload.cancelled_at ?? null,
    displayFinancialStatus: payload.financial_status?.toUpperCase() ?? null,
    displayFulfillmentStatus: FULFILLMENT[payload.fulfillment_status ?? ''] ?? 'UNFULFILLED',
    customer: payload.customer ? { id: payload.customer.admin_graphql_api_id ?? gid('Customer', payload.customer.id)! } : null,
    currentTotalPriceSet: money(payload.current_total_price, payload.currency),
    totalDiscountsSet: money(payload.total_discounts, payload.currency),
    discountCodes: (payload.discount_codes ?? []).map((discount) => discount.code),
    paymentGatewayNames: payload.payment_gateway_names ?? [],
    shippingLine: payload.shipping_lines?.[0] ? { title: payload.shipping_lines[0].title } : null,
    shippingAddress: payload.shipping_address
      ? {
          province: payload.shipping_address.province ?? null,
          provinceCode: payload.shipping_address.province_code ?? null,
          city: payload.shipping_address.city ?? null,
        }
      : null,
  } as Order;
  const items = (payload.line_items ?? []).map(
    (line) =>
      ({
        kind: 'lineItem',
        id: gid('LineItem', line.id)!,
        __parentId: orderId,
        quantity: line.quantity,
        title: line.title,
        product: line.product_id ? { id: gid('Product', line.product_id)! } : null,
        originalTotalSet: money((Number(line.price) * line.quantity).toFixed(2), payload.currency),
        discountedTotalSet: money((Number(line.price) * line.quantity - Number(line.total_discount ?? 0)).toFixed(2), payload.currency),
      }) as LineItem,
  );
  return { order, items };
}

export function validSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerShopifyWebhooks(app: FastifyInstance, db: Database, secret: string): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/shopify', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      if (!validSignature(raw, header('x-shopify-hmac-sha256'), secret)) return reply.code(401).send({ code: 'invalid_signature', message: 'Firma inválida.' });
      const webhookId = header('x-shopify-webhook-id');
      const topic = header('x-shopify-topic');
      const shop = header('x-shopify-shop-domain')?.toLowerCase();
      if (!webhookId || !topic || !shop) return reply.code(400).send({ code: 'missing_headers', message: 'Faltan encabezados del webhook.' });
      const connections = await db.query<{ store_id: number }>('select store_id from shopify_connections where shop_domain = $1', [shop]);
      if (connections.length === 0) return reply.code(404).send({ code: 'unknown_shop', message: 'Tienda desconocida.' });
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ code: 'malformed_body', message: 'El cuerpo no es JSON.' });
      }
      // Every store that reads this shop gets the delivery, once each.
      for (const { store_id: storeId } of connections) await applyDelivery(db, storeId, webhookId, topic, payload);
      return reply.code(200).send({ ok: true });
    });
  });
}

async function applyDelivery(db: Database, storeId: number, webhookId: string, topic: string, payload: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    const [fresh] = await tx.query(
      'insert into webhook_deliveries (webhook_id, store_id, topic) values ($1, $2, $3) on conflict do nothing returning webhook_id',
      [webhookId, storeId, topic],
    );
    if (!fresh) return;
    if (topic === 'orders/create' || topic === 'orders/updated' || topic === 'orders/fulfilled') {
      const { order, items } = orderFromWebhook(payload as RestOrder);
      await upsertOrders(tx, storeId, [order]);
      await upsertLineItems(tx, storeId, items);
      await refreshRollups(tx, storeId, { customers: order.customer ? [numericId(order.customer.id)!] : [], orders: [numericId(order.id)!] });
    } else if (topic === 'checkouts/create' || topic === 'checkouts/update') {
      const checkout = payload as RestCheckout;
      const customer = checkout.customer ? (numericId(checkout.customer.admin_graphql_api_id) ?? String(checkout.customer.id)) : null;
      await upsertAbandonedCheckouts(tx, storeId, [
        {
          id: checkout.admin_graphql_api_id ?? gid('AbandonedCheckout', checkout.id)!,
          createdAt: checkout.created_at,
          completedAt: checkout.completed_at ?? null,
          customer: checkout.customer ? { id: checkout.customer.admin_graphql_api_id ?? gid('Customer', checkout.customer.id)! } : null,
          totalPriceSet: money(checkout.total_price, 'CLP'),
          abandonedCheckoutUrl: checkout.abandoned_checkout_url ?? null,
        } as never,
      ]);
      if (customer) await refreshRollups(tx, storeId, { customers: [customer], orders: [] });
    }
  });
}
