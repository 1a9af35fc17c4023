import { SHOPIFY_API_VERSION } from '../client.ts';
import type { WebhookTopic } from '../types.ts';
import { WEBHOOK_TOPIC_HEADER } from '../types.ts';
import { type RestCheckout, type RestOrder, type RestPayload, signWebhook } from '../webhooks.ts';
import { REGIONS } from './catalog.ts';
import {
  type CheckoutFacts,
  CURRENCY,
  type CustomerProfile,
  checkoutGid,
  customerGid,
  customerNumericId,
  lineItemGid,
  type OrderFacts,
  orderGid,
  productNumericId,
  TIMELINE_START_MS,
} from './generator.ts';
import { hash32 } from './prng.ts';

/** Shopify's REST webhook payloads (the JSON a subscription posts), built from the generated facts. */

const SHOP_TIMEZONE = 'America/Santiago';
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIMEZONE, timeZoneName: 'longOffset' });

/** A date-time as REST payloads write it: the shop's local time with its offset, e.g. `2024-05-13T04:36:58-04:00`. */
export function shopTime(seconds: number): string {
  const ms = TIMELINE_START_MS + seconds * 1000;
  const zone = offsetFormat.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zone);
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  return `${local}${match ? `${match[1]}${match[2]}:${match[3]}` : '+00:00'}`;
}

const price = (amount: number) => `${amount}.00`;
const state = (value: string | null) => (value ? value.toLowerCase() : null);

function address(customer: CustomerProfile) {
  const region = REGIONS[customer.region]!;
  return {
    first_name: customer.firstName,
    last_name: customer.lastName,
    name: `${customer.firstName} ${customer.lastName}`,
    address1: `Calle ${1 + (hash32(customer.index, 11) % 900)}`,
    city: customer.city,
    province: region.name,
    province_code: region.code,
    country: 'Chile',
    country_code: 'CL',
    phone: customer.phone,
  };
}

function customerPayload(customer: CustomerProfile) {
  const consentAt = shopTime(customer.arrival);
  return {
    id: customerNumericId(customer.index),
    admin_graphql_api_id: customerGid(customer.index),
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    created_at: consentAt,
    tags: customer.tags.join(', '),
    currency: CURRENCY,
    email_marketing_consent: customer.email
      ? { state: state(customer.emailState), opt_in_level: 'single_opt_in', consent_updated_at: consentAt }
      : null,
    sms_marketing_consent: customer.phone
      ? { state: state(customer.smsState), opt_in_level: 'single_opt_in', consent_updated_at: consentAt, consent_collected_from: 'SHOPIFY' }
      : null,
    default_address: { ...address(customer), default: true },
  };
}

/** The `orders/create` and `orders/fulfilled` body of an order, as it stands at `now`. */
export function orderPayload(order: OrderFacts, now: number): RestPayload<RestOrder> {
  const fulfilled = order.fulfilledAt !== null && order.fulfilledAt <= now;
  const cancelled = order.cancelledAt !== null && order.cancelledAt <= now;
  const updated = Math.max(order.createdAt, fulfilled ? order.fulfilledAt! : 0, cancelled ? order.cancelledAt! : 0);
  const customer = order.customer;
  return {
    id: order.id,
    admin_graphql_api_id: orderGid(order.id),
    name: order.name,
    order_number: Number(order.name.slice(1)),
    email: customer.email,
    phone: customer.phone,
    created_at: shopTime(order.createdAt),
    processed_at: shopTime(order.createdAt),
    updated_at: shopTime(updated),
    cancelled_at: cancelled ? shopTime(order.cancelledAt!) : null,
    cancel_reason: cancelled ? 'customer' : null,
    closed_at: null,
    currency: CURRENCY,
    presentment_currency: CURRENCY,
    taxes_included: true,
    test: false,
    buyer_accepts_marketing: customer.emailState === 'SUBSCRIBED',
    financial_status: cancelled ? 'refunded' : 'paid',
    fulfillment_status: fulfilled ? 'fulfilled' : null,
    subtotal_price: price(order.subtotal - order.discount),
    total_line_items_price: price(order.subtotal),
    total_discounts: price(order.discount),
    total_price: price(order.total),
    current_total_price: price(order.total),
    total_tax: price(0),
    discount_codes: order.discountCode ? [{ code: order.discountCode, amount: price(order.discount), type: 'percentage' }] : [],
    payment_gateway_names: [order.gateway],
    shipping_lines: [
      {
        id: order.id * 10 + 9,
        title: order.shipping.title,
        code: order.shipping.title,
        price: price(order.shippingPrice),
        source: 'shopify',
      },
    ],
    shipping_address: address(customer),
    billing_address: address(customer),
    customer: customerPayload(customer),
    line_items: order.lines.map((line) => ({
      id: line.id,
      admin_graphql_api_id: lineItemGid(line.id),
      product_id: productNumericId(line.product.index),
      title: line.product.title,
      name: line.product.title,
      quantity: line.quantity,
      price: price(line.product.price),
      total_discount: price(line.original - line.discounted),
      fulfillment_status: fulfilled ? 'fulfilled' : null,
    })),
    fulfillments: fulfilled
      ? [
          {
            id: order.id * 10 + 8,
            order_id: order.id,
            status: 'success',
            created_at: shopTime(order.fulfilledAt!),
            tracking_company: order.shipping.title,
          },
        ]
      : [],
    tags: '',
  };
}

/** The `checkouts/create` body of an abandoned cart. */
export function checkoutPayload(checkout: CheckoutFacts, shopDomain: string): RestPayload<RestCheckout> {
  const customer = checkout.customer;
  return {
    id: checkout.id,
    admin_graphql_api_id: checkoutGid(checkout.id),
    token: checkout.token,
    cart_token: checkout.token.split('').reverse().join(''),
    email: customer?.email ?? null,
    phone: customer?.phone ?? null,
    created_at: shopTime(checkout.createdAt),
    updated_at: shopTime(checkout.createdAt),
    completed_at: null,
    currency: CURRENCY,
    presentment_currency: CURRENCY,
    subtotal_price: price(checkout.total),
    total_price: price(checkout.total),
    total_discounts: price(0),
    abandoned_checkout_url: `https://${shopDomain}/checkouts/ac/${checkout.token}/recover`,
    buyer_accepts_marketing: customer?.emailState === 'SUBSCRIBED',
    line_items: checkout.lines.map((line, k) => ({
      key: `${checkout.token}-${k}`,
      product_id: productNumericId(line.product.index),
      title: line.product.title,
      quantity: line.quantity,
      price: price(line.product.price),
      line_price: price(line.product.price * line.quantity),
    })),
    shipping_address: customer ? address(customer) : null,
    customer: customer ? customerPayload(customer) : null,
  };
}

export interface WebhookTarget {
  url: string;
  /** Signs the body; SANDBOX_WEBHOOK_SECRET by default. */
  secret?: string;
  shop?: string;
  apiVersion?: string;
  /** Deterministic per event by default (a hash of topic and payload id). */
  webhookId?: string;
  eventId?: string;
  triggeredAt?: Date;
  fetch?: typeof fetch;
}

export const DEFAULT_WEBHOOK_SECRET = 'sandbox-webhook-secret';

/** A UUID-shaped id fixed by the keys. */
export function stableUuid(...keys: number[]): string {
  const hex = [1, 2, 3, 4]
    .map((k) =>
      hash32(...keys, k)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const topicKey = (topic: string) => [...topic].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/** `orders/create` for either spelling of a topic. */
export function topicHeader(topic: WebhookTopic | string): string {
  return WEBHOOK_TOPIC_HEADER[topic as WebhookTopic] ?? topic;
}

/**
 * Posts one webhook the way Shopify does: the JSON body signed with HMAC-SHA256 (base64) in
 * `X-Shopify-Hmac-Sha256`, with the topic, shop, ids, time and API version headers. Resolves to
 * the receiver's status (0 when it could not be reached).
 */
export async function deliverWebhook(topic: WebhookTopic | string, payload: object, target: WebhookTarget): Promise<number> {
  const header = topicHeader(topic);
  const rawBody = JSON.stringify(payload);
  const id = Number(String((payload as { id?: unknown }).id ?? '0').replace(/\D/g, '') || 0);
  const headers = {
    'content-type': 'application/json',
    'x-shopify-topic': header,
    'x-shopify-shop-domain': target.shop ?? 'recompra-demo.myshopify.com',
    'x-shopify-api-version': target.apiVersion ?? SHOPIFY_API_VERSION,
    'x-shopify-webhook-id': target.webhookId ?? stableUuid(topicKey(header), id),
    'x-shopify-event-id': target.eventId ?? stableUuid(topicKey(header), id, 99),
    'x-shopify-triggered-at': (target.triggeredAt ?? new Date()).toISOString(),
    'x-shopify-hmac-sha256': signWebhook(rawBody, target.secret ?? DEFAULT_WEBHOOK_SECRET),
  };
  try {
    const response = await (target.fetch ?? fetch)(target.url, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(5000),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  } catch {
    return 0;
  }
}
