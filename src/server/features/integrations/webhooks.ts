import { createHmac, timingSafeEqual } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import type { AbandonedCheckout, LineItem, Order } from '../../integrations/shopify/types.ts';
import { bumpDataVersion } from '../../platform/data-version.ts';
import type { Database, Queryable } from '../../platform/db.ts';
import type { StoreEvent, StoreEventKind, StoreEvents } from '../../platform/store-events.ts';
import { numericId, upsertAbandonedCheckouts, upsertLineItems, writeOrders } from './store-data.ts';

/*
 * Shopify's webhooks keep the data current between nightly refreshes. Each delivery is checked
 * against the HMAC of its raw body, its trigger time and the shape its topic promises, then applied
 * once, in the same transaction that records its id: an unsigned, forged, stale, malformed or
 * replayed delivery writes nothing. The HMAC covers only the body, so a captured body can come back
 * under a fresh delivery id, another topic or a new time: the topic's shape and the rule that an
 * older `updated_at` never replaces a newer one are what keep such a replay from changing anything.
 */

interface RestMoneyLine {
  id: number;
  product_id?: number | null;
  title: string;
  quantity: number;
  price: string;
  total_discount?: string;
}

interface RestCustomerRef {
  id: number;
  admin_graphql_api_id?: string;
}

interface RestOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  cancelled_at?: string | null;
  current_total_price: string;
  total_discounts: string;
  currency: string;
  discount_codes?: { code: string }[];
  payment_gateway_names?: string[];
  shipping_lines?: { title?: string | null }[];
  shipping_address?: { province?: string | null; city?: string | null; province_code?: string | null } | null;
  customer?: RestCustomerRef | null;
  line_items: RestMoneyLine[];
  fulfillment_status?: string | null;
  financial_status?: string | null;
}

interface RestCheckout {
  id: number;
  token: string;
  admin_graphql_api_id?: string;
  created_at: string;
  updated_at: string;
  completed_at?: string | null;
  total_price: string;
  abandoned_checkout_url?: string | null;
  customer?: RestCustomerRef | null;
}

/** Topics whose body is the REST Order resource (orders/edited and orders/delete carry other shapes). */
const ORDER_TOPICS = new Set([
  'orders/create',
  'orders/updated',
  'orders/fulfilled',
  'orders/partially_fulfilled',
  'orders/paid',
  'orders/cancelled',
]);
/** Topics whose body is the REST (abandoned) Checkout resource. */
const CHECKOUT_TOPICS = new Set(['checkouts/create', 'checkouts/update']);

/*
 * Shopify retries a failed delivery 8 times over 4 hours (exponential backoff), always with the
 * X-Shopify-Triggered-At of the first attempt. 5 hours lets the last retry in with an hour to spare
 * for queueing and clock skew; anything older is a replay, not a retry.
 */
const MAX_DELIVERY_AGE_MS = 5 * 60 * 60 * 1000;
// Clocks drift; a delivery triggered further ahead than this is not Shopify's.
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
const TRIGGERED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;
// numeric(14, 2) holds less than 10^12; a line's total (price × quantity) must fit too.
const MAX_AMOUNT = 1e12;

/*
 * The shapes of Shopify's REST payloads (shopify.dev webhook reference), limited to what we store:
 * every other field is allowed and ignored. Ids are integers JSON can carry exactly (real ids are far
 * below 2^53; only the 18-digit ids of Shopify's "send test notification" samples are not, and
 * JSON.parse would misread those), dates are RFC 3339 instants PostgreSQL accepts, money is a decimal
 * string, and stored text has no control characters or lone surrogates (PostgreSQL text refuses NUL).
 */
const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]*$';
const text = (maxLength: number, nullable = false) => ({
  type: nullable ? ['string', 'null'] : 'string',
  maxLength,
  pattern: TEXT_PATTERN,
});
const instant = (nullable = false) => ({
  type: nullable ? ['string', 'null'] : 'string',
  format: 'date-time',
  pattern: '^(?:19[7-9]\\d|2\\d{3})-',
});
const MONEY = { type: 'string', pattern: '^\\d{1,11}(?:\\.\\d{1,4})?$' };
const STATUS = { type: ['string', 'null'], pattern: '^[a-z_]{1,40}$' };
const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$' };
const gidOf = (type: string) => ({ type: 'string', pattern: `^gid://shopify/${type}/[1-9]\\d{0,15}$` });
const CUSTOMER = { type: ['object', 'null'], required: ['id'], properties: { id: ID, admin_graphql_api_id: gidOf('Customer') } };

const ORDER_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'admin_graphql_api_id',
    'name',
    'created_at',
    'updated_at',
    'current_total_price',
    'total_discounts',
    'currency',
    'line_items',
  ],
  properties: {
    id: ID,
    admin_graphql_api_id: gidOf('Order'),
    name: { ...text(255), minLength: 1 },
    created_at: instant(),
    updated_at: instant(),
    cancelled_at: instant(true),
    current_total_price: MONEY,
    total_discounts: MONEY,
    currency: CURRENCY,
    financial_status: STATUS,
    fulfillment_status: STATUS,
    discount_codes: { type: 'array', maxItems: 250, items: { type: 'object', required: ['code'], properties: { code: text(255) } } },
    payment_gateway_names: { type: 'array', maxItems: 100, items: text(255) },
    shipping_lines: { type: 'array', maxItems: 100, items: { type: 'object', properties: { title: text(255, true) } } },
    shipping_address: {
      type: ['object', 'null'],
      properties: { province: text(255, true), city: text(255, true), province_code: text(16, true) },
    },
    customer: CUSTOMER,
    line_items: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['id', 'title', 'quantity', 'price'],
        properties: {
          id: ID,
          admin_graphql_api_id: gidOf('LineItem'),
          product_id: { ...ID, type: ['integer', 'null'] },
          title: text(1000),
          quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          price: MONEY,
          total_discount: MONEY,
        },
      },
    },
  },
};

const CHECKOUT_SCHEMA = {
  type: 'object',
  required: ['id', 'token', 'created_at', 'updated_at', 'total_price'],
  properties: {
    id: ID,
    token: { ...text(255), minLength: 1 },
    // A checkout's own gid when present; an order's gid means an order body under a checkout topic.
    admin_graphql_api_id: { type: 'string', not: { pattern: '^gid://shopify/Order/' } },
    created_at: instant(),
    updated_at: instant(),
    completed_at: instant(true),
    total_price: MONEY,
    currency: CURRENCY,
    // Sent to customers as a link: Shopify's are always https.
    abandoned_checkout_url: { type: ['string', 'null'], maxLength: 2048, pattern: '^https://[^\\u0000-\\u0020\\u007f\\ud800-\\udfff]*$' },
    customer: CUSTOMER,
  },
  // Fields only an order has.
  not: { anyOf: [{ required: ['order_number'] }, { required: ['financial_status'] }] },
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));
const validOrder = ajv.compile(ORDER_SCHEMA) as ValidateFunction<RestOrder>;
const validCheckout = ajv.compile(CHECKOUT_SCHEMA) as ValidateFunction<RestCheckout>;

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

const gid = (type: string, id: number | null | undefined) => (id === null || id === undefined ? null : `gid://shopify/${type}/${id}`);
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
const customerGid = (customer: RestCustomerRef | null | undefined) =>
  customer ? (customer.admin_graphql_api_id ?? gid('Customer', customer.id)!) : null;
// REST says fulfilled/partial/null; the bulk export says FULFILLED/PARTIALLY_FULFILLED/UNFULFILLED.
const FULFILLMENT: Record<string, string> = { fulfilled: 'FULFILLED', partial: 'PARTIALLY_FULFILLED', restocked: 'RESTOCKED' };

export function orderFromWebhook(payload: RestOrder): { order: Order; items: LineItem[] } {
  const orderId = gid('Order', payload.id)!;
  const customer = customerGid(payload.customer);
  const order = {
    kind: 'order',
    id: orderId,
    name: payload.name,
    createdAt: payload.created_at,
    updatedAt: payload.updated_at,
    cancelledAt: payload.cancelled_at ?? null,
    displayFinancialStatus: payload.financial_status?.toUpperCase() ?? null,
    displayFulfillmentStatus: FULFILLMENT[payload.fulfillment_status ?? ''] ?? 'UNFULFILLED',
    customer: customer ? { id: customer } : null,
    currentTotalPriceSet: money(payload.current_total_price, payload.currency),
    totalDiscountsSet: money(payload.total_discounts, payload.currency),
    discountCodes: (payload.discount_codes ?? []).map((discount) => discount.code),
    paymentGatewayNames: payload.payment_gateway_names ?? [],
    shippingLine: payload.shipping_lines?.[0] ? { title: payload.shipping_lines[0].title ?? null } : null,
    shippingAddress: payload.shipping_address
      ? {
          province: payload.shipping_address.province ?? null,
          provinceCode: payload.shipping_address.province_code ?? null,
          city: payload.shipping_address.city ?? null,
        }
      : null,
  } as Order;
  const items = payload.line_items.map(
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

function checkoutFromWebhook(payload: RestCheckout): AbandonedCheckout {
  const customer = customerGid(payload.customer);
  return {
    id: gid('AbandonedCheckout', payload.id)!,
    createdAt: payload.created_at,
    updatedAt: payload.updated_at,
    completedAt: payload.completed_at ?? null,
    customer: customer ? { id: customer } : null,
    totalPriceSet: money(payload.total_price, 'CLP'),
    abandonedCheckoutUrl: payload.abandoned_checkout_url ?? null,
  } as AbandonedCheckout;
}

/** What the schema cannot say: the gid names the same order, line ids are distinct, line totals fit. */
function orderIsConsistent(payload: RestOrder): boolean {
  if (numericId(payload.admin_graphql_api_id) !== String(payload.id)) return false;
  if (new Set(payload.line_items.map((line) => line.id)).size !== payload.line_items.length) return false;
  return payload.line_items.every((line) => Number(line.price) * line.quantity < MAX_AMOUNT);
}

type Delivery = { kind: 'order'; payload: RestOrder } | { kind: 'checkout'; payload: RestCheckout } | { kind: 'ignored' };

/** The delivery as its topic promises it, or the Spanish reason it is refused. */
export function parseDelivery(topic: string, payload: unknown): Delivery | { refused: string } {
  if (ORDER_TOPICS.has(topic))
    return validOrder(payload) && orderIsConsistent(payload) ? { kind: 'order', payload } : { refused: messages.invalidOrder };
  if (CHECKOUT_TOPICS.has(topic)) return validCheckout(payload) ? { kind: 'checkout', payload } : { refused: messages.invalidCheckout };
  return { kind: 'ignored' };
}

/** Null when `header` is a trigger time Shopify could have sent now, else why it is refused. */
export function staleness(header: string | undefined, now = Date.now()): string | null {
  const at = header && TRIGGERED_AT.test(header.trim()) ? Date.parse(header.trim()) : NaN;
  if (!Number.isFinite(at)) return messages.noTriggerTime;
  if (at > now + MAX_CLOCK_SKEW_MS) return messages.future;
  if (at < now - MAX_DELIVERY_AGE_MS) return messages.tooOld;
  return null;
}

export function validSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

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
      if (!validSignature(raw, header('x-shopify-hmac-sha256'), secret))
        return reply.code(401).send({ code: 'invalid_signature', message: messages.badSignature });
      const webhookId = header('x-shopify-webhook-id');
      const topic = header('x-shopify-topic')?.toLowerCase();
      const shop = header('x-shopify-shop-domain')?.toLowerCase();
      if (!webhookId || !topic || !shop) return reply.code(400).send({ code: 'missing_headers', message: messages.missingHeaders });
      const stale = staleness(header('x-shopify-triggered-at'));
      if (stale) return reply.code(400).send({ code: 'stale_delivery', message: stale });
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
      if ('refused' in delivery) return reply.code(400).send({ code: 'invalid_payload', message: delivery.refused });
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
export function orderChange(previous: StoredOrderState | undefined, order: Order): StoreEventKind {
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
