import { createHmac, timingSafeEqual } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  type AbandonedCheckout,
  CHECKOUT_RESOURCE_TOPICS,
  type LineItem,
  numericId,
  ORDER_RESOURCE_TOPICS,
  type Order,
  WEBHOOK_TOPIC_HEADER,
} from './types.ts';

/*
 * Shopify's webhooks as they arrive: the signature, the trigger time, the REST payload of each topic
 * (shopify.dev webhook reference) and its mapping onto the GraphQL shapes the import writes, so one
 * writer stores both. The sandbox builds its payloads with these types.
 */

/** `X-Shopify-Hmac-Sha256` for a webhook body: base64 of its HMAC-SHA256 under the app's secret. */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** True when `hmacHeader` is the signature of exactly these bytes (compare the raw body, before parsing). */
export function verifyWebhook(rawBody: string | Buffer, hmacHeader: string | undefined, secret: string): boolean {
  if (!hmacHeader) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret));
  const given = Buffer.from(hmacHeader);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface RestMoneyLine {
  id: number;
  product_id?: number | null;
  title: string;
  quantity: number;
  price: string;
  total_discount?: string;
}

export interface RestCustomerRef {
  id: number;
  admin_graphql_api_id?: string;
}

export interface RestOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  cancelled_at?: string | null;
  current_total_price: string;
  total_discounts: string;
  currency: string;
  discount_codes?: RestPayload<{ code: string }>[];
  payment_gateway_names?: string[];
  shipping_lines?: RestPayload<{ title?: string | null }>[];
  shipping_address?: RestPayload<{ province?: string | null; city?: string | null; province_code?: string | null }> | null;
  customer?: RestPayload<RestCustomerRef> | null;
  line_items: RestPayload<RestMoneyLine>[];
  fulfillment_status?: string | null;
  financial_status?: string | null;
}

/** A REST payload as Shopify posts it: the fields we read, typed, and whatever else the topic carries. */
export type RestPayload<T> = T & { [field: string]: unknown };

export interface RestCheckout {
  id: number;
  token: string;
  admin_graphql_api_id?: string;
  created_at: string;
  updated_at: string;
  completed_at?: string | null;
  total_price: string;
  abandoned_checkout_url?: string | null;
  customer?: RestPayload<RestCustomerRef> | null;
  currency?: string;
}

/** Topics whose body is the REST Order resource (orders/edited and orders/delete carry other shapes). */
const ORDER_TOPICS = new Set<string>(ORDER_RESOURCE_TOPICS.map((topic) => WEBHOOK_TOPIC_HEADER[topic]));
/** Topics whose body is the REST (abandoned) Checkout resource. */
const CHECKOUT_TOPICS = new Set<string>(CHECKOUT_RESOURCE_TOPICS.map((topic) => WEBHOOK_TOPIC_HEADER[topic]));

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

export function checkoutFromWebhook(payload: RestCheckout): AbandonedCheckout {
  const customer = customerGid(payload.customer);
  return {
    id: gid('AbandonedCheckout', payload.id)!,
    createdAt: payload.created_at,
    updatedAt: payload.updated_at,
    completedAt: payload.completed_at ?? null,
    customer: customer ? { id: customer } : null,
    totalPriceSet: money(payload.total_price, payload.currency ?? 'CLP'),
    abandonedCheckoutUrl: payload.abandoned_checkout_url ?? null,
  } as AbandonedCheckout;
}

/** What the schema cannot say: the gid names the same order, line ids are distinct, line totals fit. */
function orderIsConsistent(payload: RestOrder): boolean {
  if (numericId(payload.admin_graphql_api_id) !== String(payload.id)) return false;
  if (new Set(payload.line_items.map((line) => line.id)).size !== payload.line_items.length) return false;
  return payload.line_items.every((line) => Number(line.price) * line.quantity < MAX_AMOUNT);
}

export type Delivery = { kind: 'order'; payload: RestOrder } | { kind: 'checkout'; payload: RestCheckout } | { kind: 'ignored' };
/** Why a delivery is refused. */
export type Refusal = 'invalidOrder' | 'invalidCheckout' | 'noTriggerTime' | 'future' | 'tooOld';

/** The delivery as its topic promises it, or why it is refused. */
export function parseDelivery(topic: string, payload: unknown): Delivery | { refused: Refusal } {
  if (ORDER_TOPICS.has(topic))
    return validOrder(payload) && orderIsConsistent(payload) ? { kind: 'order', payload } : { refused: 'invalidOrder' };
  if (CHECKOUT_TOPICS.has(topic)) return validCheckout(payload) ? { kind: 'checkout', payload } : { refused: 'invalidCheckout' };
  return { kind: 'ignored' };
}

/** Null when `header` is a trigger time Shopify could have sent now, else why it is refused. */
export function staleness(header: string | undefined, now = Date.now()): Refusal | null {
  const at = header && TRIGGERED_AT.test(header.trim()) ? Date.parse(header.trim()) : NaN;
  if (!Number.isFinite(at)) return 'noTriggerTime';
  if (at > now + MAX_CLOCK_SKEW_MS) return 'future';
  if (at < now - MAX_DELIVERY_AGE_MS) return 'tooOld';
  return null;
}
