import { SHOPIFY_API_VERSION } from '../client.ts';
import type { WebhookTopic } from '../types.ts';
import { WEBHOOK_TOPIC_HEADER } from '../types.ts';
import { type RestCheckout, type RestOrder, type RestPayload, signWebhook } from '../webhooks.ts';
import { SHOP_TIME_ZONE, TIMELINE_START_MS } from './calendar.ts';
import { REGIONS } from './catalog.ts';
import type { CheckoutFacts } from './checkouts.ts';
import { type Address, type CustomerProfile, consentsAt } from './customers.ts';
import {
  CURRENCY,
  checkoutGid,
  customerGid,
  customerNumericId,
  lineItemGid,
  orderCheckoutId,
  orderGid,
  productNumericId,
  refundGid,
} from './ids.ts';
import {
  cancelledBy,
  currentQuantityAt,
  currentTotalAt,
  financialStatusAt,
  fulfilledBy,
  type OrderFacts,
  refundedAt,
  refundsAt,
  updatedAtOf,
} from './orders.ts';
import { hash32 } from './prng.ts';

/** Shopify's REST webhook payloads (the JSON a subscription posts), built from the generated facts. */

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' });

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

function address(place: Address, person: { firstName: string; lastName: string; phone: string | null } | null) {
  const region = REGIONS[place.region]!;
  return {
    first_name: person?.firstName ?? null,
    last_name: person?.lastName ?? null,
    name: person ? `${person.firstName} ${person.lastName}` : null,
    address1: place.street,
    city: place.city,
    province: region.name,
    province_code: region.code,
    country: 'Chile',
    country_code: 'CL',
    phone: person?.phone ?? null,
  };
}

/** The REST Customer resource at `now` (consent as it stands then). */
export function customerPayload(customer: CustomerProfile, now: number) {
  const { email: emailState, sms: smsState, whatsapp, emailChanged, smsChanged, whatsappChanged } = consentsAt(customer, now);
  const addresses = customer.addresses.map((place, k) => ({
    id: customerNumericId(customer.index) * 10 + k,
    customer_id: customerNumericId(customer.index),
    ...address(place, customer),
    default: k === 0,
  }));
  return {
    id: customerNumericId(customer.index),
    admin_graphql_api_id: customerGid(customer.index),
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    created_at: shopTime(customer.arrival),
    updated_at: shopTime(Math.max(customer.arrival, emailChanged, smsChanged, whatsappChanged ?? 0)),
    state: 'enabled',
    verified_email: true,
    tags: customer.tags.join(', '),
    currency: CURRENCY,
    email_marketing_consent: customer.email
      ? { state: state(emailState), opt_in_level: 'single_opt_in', consent_updated_at: shopTime(emailChanged) }
      : null,
    sms_marketing_consent: customer.phone
      ? {
          state: state(smsState),
          opt_in_level: 'single_opt_in',
          consent_updated_at: shopTime(smsChanged),
          consent_collected_from: 'SHOPIFY',
        }
      : null,
    // The default phone's WhatsApp consent, named as the REST form of `customers_whats_app_marketing_consent/update`.
    whats_app_marketing_consent: customer.phone
      ? {
          state: whatsapp.toLowerCase(),
          opt_in_level: whatsappChanged === null ? null : 'single_opt_in',
          consent_updated_at: whatsappChanged === null ? null : shopTime(whatsappChanged),
          consent_collected_from: whatsappChanged === null ? null : 'SHOPIFY',
        }
      : null,
    addresses,
    default_address: addresses[0] ?? null,
  };
}

/** The REST Order resource as it stands at `now` (the body of every `orders/*` topic). */
export function orderPayload(order: OrderFacts, now: number): RestPayload<RestOrder> {
  const fulfilled = fulfilledBy(order, now);
  const cancelled = cancelledBy(order, now);
  const customer = order.customer;
  const person = customer ?? null;
  return {
    id: order.id,
    admin_graphql_api_id: orderGid(order.id),
    name: order.name,
    order_number: Number(order.name.slice(1)),
    email: order.email,
    phone: order.phone,
    created_at: shopTime(order.createdAt),
    processed_at: shopTime(order.processedAt),
    updated_at: shopTime(updatedAtOf(order, now)),
    cancelled_at: cancelled ? shopTime(order.cancelledAt!) : null,
    cancel_reason: cancelled ? order.cancelReason!.toLowerCase() : null,
    closed_at: null,
    checkout_id: orderCheckoutId(order.id),
    checkout_token: order.checkoutToken,
    source_name: order.createdAt === order.processedAt ? 'web' : 'import',
    currency: CURRENCY,
    presentment_currency: CURRENCY,
    taxes_included: true,
    test: order.test,
    buyer_accepts_marketing: customer?.emailState === 'SUBSCRIBED',
    financial_status: financialStatusAt(order, now).toLowerCase(),
    fulfillment_status: fulfilled ? 'fulfilled' : null,
    subtotal_price: price(order.subtotal - order.discount),
    total_line_items_price: price(order.subtotal),
    total_discounts: price(order.discount),
    total_price: price(order.total),
    current_total_price: price(currentTotalAt(order, now)),
    total_tax: price(0),
    discount_codes: order.discountCode ? [{ code: order.discountCode, amount: price(order.codeDiscount), type: 'percentage' }] : [],
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
    shipping_address: address(order.address, person),
    billing_address: address(order.address, person),
    customer: customer ? customerPayload(customer, now) : null,
    line_items: order.lines.map((line, k) => ({
      id: line.id,
      admin_graphql_api_id: lineItemGid(line.id),
      product_id: productNumericId(line.product.index),
      title: line.product.title,
      name: line.product.title,
      quantity: line.quantity,
      current_quantity: currentQuantityAt(order, k, now),
      price: price(line.product.price),
      // REST's total_discount holds line-level discounts only; order-level ones come as allocations.
      total_discount: price(line.automatic),
      discount_allocations: [
        ...(line.automatic > 0 ? [{ amount: price(line.automatic), discount_application_index: 0 }] : []),
        ...(line.codeShare > 0 ? [{ amount: price(line.codeShare), discount_application_index: line.automatic > 0 ? 1 : 0 }] : []),
      ],
      fulfillment_status: fulfilled ? 'fulfilled' : null,
    })),
    refunds: refundsAt(order, now).map((refund) => refundPayload(order, refund.id)),
    total_refunded: price(refundedAt(order, now)),
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

/** The REST Refund resource (the body of `refunds/create`, and each of an order's `refunds`). */
export function refundPayload(order: OrderFacts, refundId: number) {
  const refund = order.refunds.find((candidate) => candidate.id === refundId)!;
  return {
    id: refund.id,
    admin_graphql_api_id: refundGid(refund.id),
    order_id: order.id,
    created_at: shopTime(refund.at),
    processed_at: shopTime(refund.at),
    note: refund.note,
    restock: refund.lines.length > 0,
    refund_line_items: refund.lines.map((item, k) => ({
      id: refund.id * 10 + k,
      line_item_id: order.lines[item.line]!.id,
      quantity: item.quantity,
      restock_type: 'return',
      subtotal: price(item.amount),
      total_tax: price(0),
    })),
    transactions: [
      {
        id: refund.id * 10 + 9,
        order_id: order.id,
        kind: 'refund',
        status: 'success',
        gateway: order.gateway,
        amount: price(refund.amount),
        currency: CURRENCY,
        created_at: shopTime(refund.at),
      },
    ],
    order_adjustments: [],
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
    shipping_address: customer ? address(customer.addresses[0]!, customer) : null,
    customer: customer ? customerPayload(customer, checkout.createdAt) : null,
  };
}

/**
 * The `checkouts/create` body of the checkout an order came from: Shopify sends it for every
 * checkout that reaches contact details, minutes before the order, still open.
 */
export function orderCheckoutPayload(order: OrderFacts, shopDomain: string): RestPayload<RestCheckout> {
  const customer = order.customer;
  const id = orderCheckoutId(order.id);
  return {
    id,
    admin_graphql_api_id: checkoutGid(id),
    token: order.checkoutToken,
    cart_token: order.checkoutToken.split('').reverse().join(''),
    email: order.email,
    phone: order.phone,
    created_at: shopTime(order.checkoutStartedAt),
    updated_at: shopTime(order.checkoutStartedAt),
    completed_at: null,
    currency: CURRENCY,
    presentment_currency: CURRENCY,
    subtotal_price: price(order.subtotal - order.discount),
    total_price: price(order.total),
    total_discounts: price(order.discount),
    abandoned_checkout_url: `https://${shopDomain}/checkouts/ac/${order.checkoutToken}/recover`,
    buyer_accepts_marketing: customer?.emailState === 'SUBSCRIBED',
    line_items: order.lines.map((line, k) => ({
      key: `${order.checkoutToken}-${k}`,
      product_id: productNumericId(line.product.index),
      title: line.product.title,
      quantity: line.quantity,
      price: price(line.product.price),
      line_price: price(line.original),
    })),
    shipping_address: address(order.address, customer),
    customer: customer ? customerPayload(customer, order.checkoutStartedAt) : null,
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

export const topicKey = (topic: string) => [...topic].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

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
