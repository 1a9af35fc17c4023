import type { FastifyInstance } from 'fastify';
import type { Order } from '../../integrations/shopify/types.ts';
import { numericId } from '../../integrations/shopify/types.ts';
import {
  checkoutFromWebhook,
  type Delivery,
  orderFromWebhook,
  parseDelivery,
  staleness,
  verifyWebhook,
} from '../../integrations/shopify/webhooks.ts';
import { bumpDataVersion } from '../../platform/data-version.ts';
import type { Database, Queryable } from '../../platform/db.ts';
import type { StoreEvent, StoreEventKind, StoreEvents } from '../../platform/store-events.ts';
import { upsertAbandonedCheckouts, upsertLineItems, writeOrders } from './store-data.ts';

/*
 * Shopify's webhooks keep the data current between nightly refreshes. Each delivery is checked
 * against the HMAC of its raw body, its trigger time and the shape its topic promises, then applied
 * once, in the same transaction that records its id: an unsigned, forged, stale, malformed or
 * replayed delivery writes nothing. The HMAC covers only the body, so a captured body can come back
 * under a fresh delivery id, another topic or a new time: the topic's shape and the rule that an
 * older `updated_at` never replaces a newer one are what keep such a replay from changing anything.
 */

const messages = {
  badSignature: 'Firma inválida.',
  missingHeaders: 'Faltan encabezados del webhook.',
  unknownShop: 'Tienda desconocida.',
  notJson: 'El contenido del webhook no es JSON válido.',
  invalidOrder: 'El contenido del webhook no es un pedido válido de Shopify.',
  invalidCheckout: 'El contenido del webhook no es un carrito válido de Shopify.',
  unstorable: 'El contenido del webhook tiene valores que no podemos guardar.',
  noTriggerTime: 'Falta la fecha de envío del webhook o no es válida.',
  future: 'La fecha de envío del webhook está en el futuro.',
  tooOld: 'El webhook es demasiado antiguo para aplicarlo.',
};

/** A PostgreSQL data exception (SQLSTATE class 22: bad text encoding, out-of-range number or date…). */
const isDataException = (error: unknown) =>
  typeof (error as { code?: unknown })?.code === 'string' && /^22[0-9A-Z]{3}$/.test((error as { code: string }).code);

export function registerShopifyWebhooks(app: FastifyInstance, db: Database, events: StoreEvents, secret: string): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes sent, so the body is kept raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/shopify', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
      if (!verifyWebhook(raw, header('x-shopify-hmac-sha256'), secret))
        return reply.code(401).send({ code: 'invalid_signature', message: messages.badSignature });
      const webhookId = header('x-shopify-webhook-id');
      const topic = header('x-shopify-topic')?.toLowerCase();
      const shop = header('x-shopify-shop-domain')?.toLowerCase();
      if (!webhookId || !topic || !shop) return reply.code(400).send({ code: 'missing_headers', message: messages.missingHeaders });
      const stale = staleness(header('x-shopify-triggered-at'));
      if (stale) return reply.code(400).send({ code: 'stale_delivery', message: messages[stale] });
      const connections = await db.query<{ store_id: number }>(
        'select store_id from shopify_connections where shop_domain = $1 order by store_id',
        [shop],
      );
      if (connections.length === 0) return reply.code(404).send({ code: 'unknown_shop', message: messages.unknownShop });
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ code: 'invalid_payload', message: messages.notJson });
      }
      const delivery = parseDelivery(topic, payload);
      if ('refused' in delivery) return reply.code(400).send({ code: 'invalid_payload', message: messages[delivery.refused] });
      // A topic we do not apply is acknowledged, so Shopify does not retry it, and leaves no trace.
      if (delivery.kind === 'ignored') return reply.code(200).send({ ok: true });
      try {
        // Every store that reads this shop gets the delivery, once each, all or none.
        await db.transaction(async (tx) => {
          for (const { store_id: storeId } of connections) await applyDelivery(tx, events, storeId, webhookId, topic, delivery);
        });
      } catch (error) {
        // The schema should have caught it; whatever still slipped through is the sender's data, not our fault.
        if (!isDataException(error)) throw error;
        const note = { topic, webhookId, shop, sqlState: (error as { code: string }).code, detail: (error as Error).message };
        // Without a request logger (the default), as the app's error handler does, it still reaches the console.
        if (request.log.level) request.log.error({ err: error, ...note }, 'Shopify webhook refused by the database');
        else console.error('Shopify webhook refused by the database', note);
        return reply.code(400).send({ code: 'invalid_payload', message: messages.unstorable });
      }
      return reply.code(200).send({ ok: true });
    });
  });
}

interface StoredOrderState {
  customer: string | null;
  cancelled: boolean;
  fulfillment: string | null;
  financial: string | null;
}

/** What a delivery did to an order, judged against the state stored before it (deliveries arrive in any order). */
function orderChange(previous: StoredOrderState | undefined, order: Order): StoreEventKind {
  if (!previous) return 'order_created';
  if (!previous.cancelled && order.cancelledAt) return 'order_cancelled';
  if (previous.financial !== 'REFUNDED' && order.displayFinancialStatus === 'REFUNDED') return 'order_refunded';
  if (previous.fulfillment !== 'FULFILLED' && order.displayFulfillmentStatus === 'FULFILLED') return 'order_fulfilled';
  return 'order_updated';
}

async function applyDelivery(
  tx: Queryable,
  events: StoreEvents,
  storeId: number,
  webhookId: string,
  topic: string,
  delivery: Exclude<Delivery, { kind: 'ignored' }>,
): Promise<void> {
  const [fresh] = await tx.query(
    'insert into webhook_deliveries (webhook_id, store_id, topic) values ($1, $2, $3) on conflict do nothing returning webhook_id',
    [webhookId, storeId, topic],
  );
  if (!fresh) return;
  let change: StoreEvent;
  if (delivery.kind === 'order') {
    const { order, items } = orderFromWebhook(delivery.payload);
    const orderId = numericId(order.id)!;
    const [previous] = await tx.query<StoredOrderState>(
      `select customer_external_id::text as customer, cancelled_at is not null as cancelled, fulfillment_status as fulfillment,
              financial_status as financial
         from orders where store_id = $1 and external_id = $2`,
      [storeId, orderId],
    );
    const { written } = await writeOrders(tx, storeId, [order]);
    // An older state than the stored one is acknowledged (its id is kept) but changes nothing.
    if (written === 0) return;
    await upsertLineItems(tx, storeId, items);
    // A changed customer leaves the previous one's figures to refresh too.
    const customers = [...new Set([numericId(order.customer?.id), previous?.customer ?? null].filter((id): id is string => id !== null))];
    change = { kind: orderChange(previous, order), customers, orders: [orderId] };
  } else {
    const checkout = checkoutFromWebhook(delivery.payload);
    if ((await upsertAbandonedCheckouts(tx, storeId, [checkout])) === 0) return;
    const customer = numericId(checkout.customer?.id);
    change = { kind: checkout.completedAt ? 'cart_recovered' : 'cart_abandoned', customers: customer ? [customer] : [] };
  }
  await events.record(tx, storeId, [change]);
  await bumpDataVersion(tx, storeId);
}
