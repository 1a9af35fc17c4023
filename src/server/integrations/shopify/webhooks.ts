import { createHmac, timingSafeEqual } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  type AbandonedCheckout,
  CHECKOUT_RESOURCE_TOPICS,
  type ChannelConsentState,
  CUSTOMER_RESOURCE_TOPICS,
  type Customer,
  type LineItem,
  type MarketingState,
  numericId,
  ORDER_RESOURCE_TOPICS,
  type Order,
  PRODUCT_RESOURCE_TOPICS,
  type Product,
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
  /** Units kept after returns and removals (absent in older payloads: all of them). */
  current_quantity?: number;
  price: string;
  /** Line-level discounts only. */
  total_discount?: string;
  /** Every discount on the line, order-level and codes included. */
  discount_allocations?: RestPayload<{ amount: string }>[];
}

export interface RestRefund {
  transactions?: RestPayload<{ kind?: string; status?: string; amount: string }>[];
}

/** The `refunds/create` body: a refund of an order, with the units returned and the money sent back. */
export interface RestRefundCreated extends RestRefund {
  id: number;
  order_id: number;
  created_at: string;
  refund_line_items?: RestPayload<{ line_item_id: number; quantity: number }>[];
}

export interface RestCustomer {
  id: number;
  admin_graphql_api_id?: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  /** Comma-separated, as REST writes them. */
  tags?: string;
  created_at: string;
  updated_at: string;
  email_marketing_consent?: RestPayload<{ state?: string | null }> | null;
  sms_marketing_consent?: RestPayload<{ state?: string | null; consent_updated_at?: string | null }> | null;
  /**
   * The default phone's WhatsApp consent (2026-07 on), by the REST naming of Shopify's
   * `customers_whats_app_marketing_consent/update` topic; absent from payloads that do not carry it.
   */
  whats_app_marketing_consent?: RestPayload<{ state?: string | null; consent_updated_at?: string | null }> | null;
  default_address?: RestPayload<{ province?: string | null; province_code?: string | null; city?: string | null }> | null;
}

export interface RestProduct {
  id: number;
  admin_graphql_api_id?: string;
  title: string;
  product_type?: string | null;
  tags?: string;
  created_at: string;
  updated_at: string;
}

/** `customers/delete` and `products/delete`: only the id. */
export interface RestDeleted {
  id: number;
}

/** `customers/redact`: erase a customer; `customers/data_request`: the store owner asked for a customer's data. */
export interface RestCustomerCompliance {
  shop_id: number;
  shop_domain: string;
  customer: { id: number; email?: string | null; phone?: string | null };
  orders_to_redact?: number[];
  orders_requested?: number[];
  data_request?: { id: number };
}

/** `shop/redact`: 48 hours after a store uninstalls the app, erase its data. */
export interface RestShopRedact {
  shop_id: number;
  shop_domain: string;
}

/**
 * `app/uninstalled`: the REST Shop resource of the shop that uninstalled the app (its id, name, domains,
 * owner and settings), sent once the app's access token no longer works.
 */
export interface RestShop {
  id: number;
  name?: string;
  myshopify_domain: string;
  domain?: string | null;
  email?: string | null;
  shop_owner?: string | null;
  currency?: string;
  iana_timezone?: string | null;
  plan_name?: string | null;
  created_at?: string;
  updated_at?: string;
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
  processed_at?: string;
  updated_at: string;
  cancelled_at?: string | null;
  test?: boolean;
  total_price?: string;
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
  refunds?: RestPayload<RestRefund>[];
  /** The checkout the order completed. */
  checkout_id?: number | null;
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
const CUSTOMER_TOPICS = new Set<string>(CUSTOMER_RESOURCE_TOPICS.map((topic) => WEBHOOK_TOPIC_HEADER[topic]));
const PRODUCT_TOPICS = new Set<string>(PRODUCT_RESOURCE_TOPICS.map((topic) => WEBHOOK_TOPIC_HEADER[topic]));

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
    processed_at: instant(),
    updated_at: instant(),
    cancelled_at: instant(true),
    test: { type: 'boolean' },
    total_price: MONEY,
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
    checkout_id: { ...ID, type: ['integer', 'null'] },
    refunds: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        properties: {
          transactions: {
            type: 'array',
            maxItems: 100,
            items: { type: 'object', required: ['amount'], properties: { kind: STATUS, status: STATUS, amount: MONEY } },
          },
        },
      },
    },
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
          current_quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          price: MONEY,
          total_discount: MONEY,
          discount_allocations: {
            type: 'array',
            maxItems: 250,
            items: { type: 'object', required: ['amount'], properties: { amount: MONEY } },
          },
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

const REFUND_SCHEMA = {
  type: 'object',
  required: ['id', 'order_id', 'created_at'],
  properties: {
    id: ID,
    order_id: ID,
    created_at: instant(),
    refund_line_items: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['line_item_id', 'quantity'],
        properties: { line_item_id: ID, quantity: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
      },
    },
    transactions: ORDER_SCHEMA.properties.refunds.items.properties.transactions,
  },
};

const CONSENT = { type: ['object', 'null'], properties: { state: STATUS, consent_updated_at: instant(true) } };
const CUSTOMER_SCHEMA = {
  type: 'object',
  required: ['id', 'created_at', 'updated_at'],
  properties: {
    id: ID,
    admin_graphql_api_id: gidOf('Customer'),
    email: text(320, true),
    first_name: text(255, true),
    last_name: text(255, true),
    phone: text(64, true),
    tags: text(10_000),
    created_at: instant(),
    updated_at: instant(),
    email_marketing_consent: CONSENT,
    sms_marketing_consent: CONSENT,
    whats_app_marketing_consent: CONSENT,
    default_address: ORDER_SCHEMA.properties.shipping_address,
  },
  // Fields only an order or a checkout has.
  not: { anyOf: [{ required: ['line_items'] }, { required: ['order_number'] }] },
};

const PRODUCT_SCHEMA = {
  type: 'object',
  required: ['id', 'title', 'created_at', 'updated_at'],
  properties: {
    id: ID,
    admin_graphql_api_id: gidOf('Product'),
    title: text(1000),
    product_type: text(255, true),
    tags: text(10_000),
    created_at: instant(),
    updated_at: instant(),
  },
  not: { anyOf: [{ required: ['line_items'] }, { required: ['email'] }] },
};

const DELETED_SCHEMA = { type: 'object', required: ['id'], properties: { id: ID } };

const SHOP_DOMAIN = { type: 'string', maxLength: 255, pattern: '^[a-z0-9][a-z0-9-]*\\.myshopify\\.com$' };
const CUSTOMER_COMPLIANCE_SCHEMA = {
  type: 'object',
  required: ['shop_id', 'shop_domain', 'customer'],
  properties: {
    shop_id: ID,
    shop_domain: SHOP_DOMAIN,
    customer: { type: 'object', required: ['id'], properties: { id: ID, email: text(320, true), phone: text(64, true) } },
    orders_to_redact: { type: 'array', maxItems: 100_000, items: ID },
    orders_requested: { type: 'array', maxItems: 100_000, items: ID },
    data_request: { type: 'object', required: ['id'], properties: { id: ID } },
  },
};
const SHOP_SCHEMA = {
  type: 'object',
  required: ['id', 'myshopify_domain'],
  properties: { id: ID, myshopify_domain: SHOP_DOMAIN, name: text(255), domain: text(255, true) },
};
const SHOP_REDACT_SCHEMA = { type: 'object', required: ['shop_id', 'shop_domain'], properties: { shop_id: ID, shop_domain: SHOP_DOMAIN } };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: false }));
const validOrder = ajv.compile(ORDER_SCHEMA) as ValidateFunction<RestOrder>;
const validCheckout = ajv.compile(CHECKOUT_SCHEMA) as ValidateFunction<RestCheckout>;
const validRefund = ajv.compile(REFUND_SCHEMA) as ValidateFunction<RestRefundCreated>;
const validCustomer = ajv.compile(CUSTOMER_SCHEMA) as ValidateFunction<RestCustomer>;
const validProduct = ajv.compile(PRODUCT_SCHEMA) as ValidateFunction<RestProduct>;
const validDeleted = ajv.compile(DELETED_SCHEMA) as ValidateFunction<RestDeleted>;
const validCustomerCompliance = ajv.compile(CUSTOMER_COMPLIANCE_SCHEMA) as ValidateFunction<RestCustomerCompliance>;
const validShopRedact = ajv.compile(SHOP_REDACT_SCHEMA) as ValidateFunction<RestShopRedact>;
const validShop = ajv.compile(SHOP_SCHEMA) as ValidateFunction<RestShop>;

const gid = (type: string, id: number | null | undefined) => (id === null || id === undefined ? null : `gid://shopify/${type}/${id}`);
const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
const customerGid = (customer: RestCustomerRef | null | undefined) =>
  customer ? (customer.admin_graphql_api_id ?? gid('Customer', customer.id)!) : null;
// REST says fulfilled/partial/null; the bulk export says FULFILLED/PARTIALLY_FULFILLED/UNFULFILLED.
const FULFILLMENT: Record<string, string> = { fulfilled: 'FULFILLED', partial: 'PARTIALLY_FULFILLED', restocked: 'RESTOCKED' };

/** What successful refund transactions returned. */
const refundedMoney = (refunds: RestRefund[]) =>
  refunds
    .flatMap((refund) => refund.transactions ?? [])
    .filter((transaction) => (transaction.kind ?? 'refund') === 'refund' && (transaction.status ?? 'success') === 'success')
    .reduce((sum, transaction) => sum + Number(transaction.amount), 0);

export function orderFromWebhook(payload: RestOrder): { order: Order; items: LineItem[] } {
  const orderId = gid('Order', payload.id)!;
  const customer = customerGid(payload.customer);
  const order = {
    kind: 'order',
    id: orderId,
    name: payload.name,
    createdAt: payload.created_at,
    processedAt: payload.processed_at ?? payload.created_at,
    updatedAt: payload.updated_at,
    cancelledAt: payload.cancelled_at ?? null,
    test: payload.test ?? false,
    displayFinancialStatus: payload.financial_status?.toUpperCase() ?? null,
    displayFulfillmentStatus: FULFILLMENT[payload.fulfillment_status ?? ''] ?? 'UNFULFILLED',
    customer: customer ? { id: customer } : null,
    totalPriceSet: money(payload.total_price ?? payload.current_total_price, payload.currency),
    currentTotalPriceSet: money(payload.current_total_price, payload.currency),
    totalRefundedSet: money(refundedMoney(payload.refunds ?? []).toFixed(2), payload.currency),
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
        currentQuantity: line.current_quantity ?? line.quantity,
        title: line.title,
        product: line.product_id ? { id: gid('Product', line.product_id)! } : null,
        originalTotalSet: money((Number(line.price) * line.quantity).toFixed(2), payload.currency),
        discountedTotalSet: money((Number(line.price) * line.quantity - Number(line.total_discount ?? 0)).toFixed(2), payload.currency),
        // Older payloads without allocations carry their line-level discount in `total_discount`.
        discountAllocations: line.discount_allocations
          ? line.discount_allocations.map((allocation) => ({ allocatedAmountSet: money(allocation.amount, payload.currency) }))
          : [{ allocatedAmountSet: money(line.total_discount ?? '0', payload.currency) }],
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

const splitTags = (tags: string | undefined) =>
  (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
const consentOf = (consent: { state?: string | null } | null | undefined) =>
  consent?.state ? { marketingState: consent.state.toUpperCase() as MarketingState } : null;

/** The WhatsApp consent a payload carries, as the Admin API gives it; nothing when it carries none. */
function whatsappConsentOf(payload: RestCustomer): Pick<Customer, 'defaultPhoneNumber'> {
  if (payload.whats_app_marketing_consent === undefined) return {};
  const consent = payload.whats_app_marketing_consent;
  if (!payload.phone || !consent?.state) return { defaultPhoneNumber: null };
  return {
    defaultPhoneNumber: {
      whatsAppMarketingConsent: {
        state: consent.state.toUpperCase() as ChannelConsentState,
        updatedAt: consent.consent_updated_at ?? null,
      },
    },
  };
}

export function customerFromWebhook(payload: RestCustomer): Customer {
  const address = payload.default_address;
  return {
    id: payload.admin_graphql_api_id ?? gid('Customer', payload.id)!,
    firstName: payload.first_name ?? null,
    lastName: payload.last_name ?? null,
    email: payload.email ?? null,
    phone: payload.phone ?? null,
    tags: splitTags(payload.tags),
    createdAt: payload.created_at,
    updatedAt: payload.updated_at,
    numberOfOrders: '0',
    emailMarketingConsent: consentOf(payload.email_marketing_consent),
    smsMarketingConsent: payload.sms_marketing_consent?.state
      ? { ...consentOf(payload.sms_marketing_consent)!, consentUpdatedAt: payload.sms_marketing_consent.consent_updated_at ?? null }
      : null,
    ...whatsappConsentOf(payload),
    defaultAddress: address
      ? { province: address.province ?? null, provinceCode: address.province_code ?? null, city: address.city ?? null }
      : null,
  };
}

export function productFromWebhook(payload: RestProduct): Product {
  return {
    id: payload.admin_graphql_api_id ?? gid('Product', payload.id)!,
    title: payload.title,
    productType: payload.product_type ?? '',
    tags: splitTags(payload.tags),
    createdAt: payload.created_at,
    updatedAt: payload.updated_at,
  };
}

/** What a `refunds/create` sent back: the money of its successful refund transactions, and the units returned per line. */
export function refundFromWebhook(payload: RestRefundCreated): {
  orderId: string;
  at: string;
  amount: number;
  returned: Map<string, number>;
} {
  const returned = new Map<string, number>();
  for (const item of payload.refund_line_items ?? [])
    returned.set(String(item.line_item_id), (returned.get(String(item.line_item_id)) ?? 0) + item.quantity);
  return { orderId: String(payload.order_id), at: payload.created_at, amount: refundedMoney([payload]), returned };
}

/** What the schema cannot say: the gid names the same order, line ids are distinct, line totals fit. */
function orderIsConsistent(payload: RestOrder): boolean {
  if (numericId(payload.admin_graphql_api_id) !== String(payload.id)) return false;
  if (new Set(payload.line_items.map((line) => line.id)).size !== payload.line_items.length) return false;
  return payload.line_items.every((line) => Number(line.price) * line.quantity < MAX_AMOUNT);
}

export type Delivery =
  | { kind: 'order'; payload: RestOrder }
  | { kind: 'checkout'; payload: RestCheckout }
  | { kind: 'refund'; payload: RestRefundCreated }
  | { kind: 'customer'; payload: RestCustomer }
  | { kind: 'customerDeleted'; payload: RestDeleted }
  | { kind: 'product'; payload: RestProduct }
  | { kind: 'productDeleted'; payload: RestDeleted }
  | { kind: 'customerRedact'; payload: RestCustomerCompliance }
  | { kind: 'customerDataRequest'; payload: RestCustomerCompliance }
  | { kind: 'shopRedact'; payload: RestShopRedact }
  | { kind: 'appUninstalled'; payload: RestShop }
  | { kind: 'ignored' };
/** Why a delivery is refused. */
export type Refusal =
  | 'invalidOrder'
  | 'invalidCheckout'
  | 'invalidRefund'
  | 'invalidCustomer'
  | 'invalidProduct'
  | 'invalidCompliance'
  | 'invalidShop'
  | 'noTriggerTime'
  | 'future'
  | 'tooOld';

/** The delivery as its topic promises it, or why it is refused. */
export function parseDelivery(topic: string, payload: unknown): Delivery | { refused: Refusal } {
  if (ORDER_TOPICS.has(topic))
    return validOrder(payload) && orderIsConsistent(payload) ? { kind: 'order', payload } : { refused: 'invalidOrder' };
  if (CHECKOUT_TOPICS.has(topic)) return validCheckout(payload) ? { kind: 'checkout', payload } : { refused: 'invalidCheckout' };
  if (CUSTOMER_TOPICS.has(topic)) return validCustomer(payload) ? { kind: 'customer', payload } : { refused: 'invalidCustomer' };
  if (PRODUCT_TOPICS.has(topic)) return validProduct(payload) ? { kind: 'product', payload } : { refused: 'invalidProduct' };
  switch (topic) {
    case 'refunds/create':
      return validRefund(payload) ? { kind: 'refund', payload } : { refused: 'invalidRefund' };
    case 'customers/delete':
      return validDeleted(payload) ? { kind: 'customerDeleted', payload } : { refused: 'invalidCustomer' };
    case 'products/delete':
      return validDeleted(payload) ? { kind: 'productDeleted', payload } : { refused: 'invalidProduct' };
    case 'customers/redact':
      return validCustomerCompliance(payload) ? { kind: 'customerRedact', payload } : { refused: 'invalidCompliance' };
    case 'customers/data_request':
      return validCustomerCompliance(payload) ? { kind: 'customerDataRequest', payload } : { refused: 'invalidCompliance' };
    case 'shop/redact':
      return validShopRedact(payload) ? { kind: 'shopRedact', payload } : { refused: 'invalidCompliance' };
    case 'app/uninstalled':
      return validShop(payload) ? { kind: 'appUninstalled', payload } : { refused: 'invalidShop' };
    default:
      return { kind: 'ignored' };
  }
}

/** Null when `header` is a trigger time Shopify could have sent now, else why it is refused. */
export function staleness(header: string | undefined, now = Date.now()): Refusal | null {
  const at = header && TRIGGERED_AT.test(header.trim()) ? Date.parse(header.trim()) : NaN;
  if (!Number.isFinite(at)) return 'noTriggerTime';
  if (at > now + MAX_CLOCK_SKEW_MS) return 'future';
  if (at < now - MAX_DELIVERY_AGE_MS) return 'tooOld';
  return null;
}
