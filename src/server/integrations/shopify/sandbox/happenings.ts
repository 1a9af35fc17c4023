import type { WebhookTopic } from '../types.ts';
import { DAY } from './calendar.ts';
import type { DemoStore } from './generator.ts';
import { customerNumericId, productNumericId } from './ids.ts';
import { checkoutPayload, customerPayload, orderCheckoutPayload, orderPayload, refundPayload, shopTime } from './webhooks.ts';

/**
 * What happens in the demo store between two moments, as the webhook topics Shopify would fire for
 * it: checkouts started (every one, the paid ones too) and left, orders placed, paid later, fulfilled,
 * cancelled and refunded, customers who sign up or withdraw a consent, products launched and edited.
 * Each comes with the moment it happened and the resource as it stood then.
 */

export interface Happening {
  at: number;
  topic: WebhookTopic;
  /** The resource's id: with the topic and the moment, it names the delivery. */
  id: number;
  payload(): object;
}

/** How long after it is placed an order can still change: payment, fulfilment, then a return a month later. */
const ORDER_LIFETIME = 45 * DAY;

export function happeningsBetween(store: DemoStore, shop: string, from: number, to: number): Happening[] {
  const happenings: Happening[] = [];
  const within = (at: number | null): at is number => at !== null && at > from && at <= to;
  const add = (at: number, topic: WebhookTopic, id: number, payload: () => object) => happenings.push({ at, topic, id, payload });

  const index = store.currentIndex(to);
  const { from: first, to: last } = store.orderRange(
    { createdMin: from + 1 - ORDER_LIFETIME, createdMax: to, updatedMin: -Infinity, updatedMax: Infinity },
    to,
    index,
  );
  for (let rank = first; rank < last; rank++) {
    const order = store.orderAt(rank, index);
    // Orders brought over from the previous platform fired nothing then; they are old news.
    if (order.createdAt !== order.processedAt) continue;
    if (within(order.checkoutStartedAt))
      add(order.checkoutStartedAt, 'CHECKOUTS_CREATE', order.id, () => orderCheckoutPayload(order, shop));
    if (order.customer && order.customer.arrival === order.createdAt && within(order.createdAt))
      add(order.createdAt, 'CUSTOMERS_CREATE', customerNumericId(order.customer.index), () =>
        customerPayload(order.customer!, order.createdAt),
      );
    if (within(order.createdAt)) add(order.createdAt, 'ORDERS_CREATE', order.id, () => orderPayload(order, order.createdAt));
    if (order.paidAt !== order.processedAt && within(order.paidAt))
      add(order.paidAt, 'ORDERS_UPDATED', order.id, () => orderPayload(order, order.paidAt!));
    if (within(order.fulfilledAt)) add(order.fulfilledAt, 'ORDERS_FULFILLED', order.id, () => orderPayload(order, order.fulfilledAt!));
    if (within(order.cancelledAt)) add(order.cancelledAt, 'ORDERS_CANCELLED', order.id, () => orderPayload(order, order.cancelledAt!));
    for (const refund of order.refunds) {
      if (!within(refund.at)) continue;
      add(refund.at, 'REFUNDS_CREATE', refund.id, () => refundPayload(order, refund.id));
      // Shopify follows a refund with the order's new state.
      add(refund.at, 'ORDERS_UPDATED', order.id, () => orderPayload(order, refund.at));
    }
  }

  for (let j = store.visibleCheckouts(from); j < store.visibleCheckouts(to); j++) {
    const checkout = store.checkoutAt(j);
    add(checkout.createdAt, 'CHECKOUTS_CREATE', checkout.id, () => checkoutPayload(checkout, shop));
  }

  for (const { at, customer } of store.consentChangesBetween(from, to))
    add(at, 'CUSTOMERS_UPDATE', customerNumericId(customer.index), () => customerPayload(customer, at));
  for (let i = store.visibleCustomers(from); i < store.visibleCustomers(to); i++) {
    const profile = store.profile(i);
    // Newsletter sign-ups: a customer record without an order.
    if (profile.kind === 'subscriber')
      add(profile.arrival, 'CUSTOMERS_CREATE', customerNumericId(i), () => customerPayload(profile, profile.arrival));
  }

  for (const product of store.products) {
    const payload = (at: number) => () => productPayload(store, product.index, at);
    if (within(product.createdAt)) add(product.createdAt, 'PRODUCTS_CREATE', productNumericId(product.index), payload(product.createdAt));
    if (within(product.updatedAt) && product.updatedAt > product.createdAt)
      add(product.updatedAt, 'PRODUCTS_UPDATE', productNumericId(product.index), payload(product.updatedAt));
  }
  // Stable: what happens at the same second keeps the order it was added in (a customer before their order).
  return happenings.sort((a, b) => a.at - b.at);
}

/** The REST Product resource at `at`. */
function productPayload(store: DemoStore, index: number, at: number) {
  const product = store.products[index]!;
  return {
    id: productNumericId(index),
    admin_graphql_api_id: store.productNode(product, at).id,
    title: product.title,
    product_type: product.productType,
    tags: product.tags.join(', '),
    vendor: 'Recompra Demo',
    status: 'active',
    created_at: shopTime(product.createdAt),
    updated_at: shopTime(product.updatedAt <= at ? product.updatedAt : product.createdAt),
  };
}
