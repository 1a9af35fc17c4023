import type { AbandonedCheckout, Customer, LineItem, Order } from '../types.ts';
import { calendar, DAY, TIMELINE_SECONDS, TIMELINE_START_MS } from './calendar.ts';
import { buildProducts, PRODUCT_TYPES, type ProductInfo } from './catalog.ts';
import { type CheckoutFacts, createCheckouts } from './checkouts.ts';
import { BUYER_SHARE, type ConsentChange, type CustomerProfile, createCustomers } from './customers.ts';
import { checkoutIndexOf, customerIndexOf, customerOrderId, orderOwner, productIndexOf } from './ids.ts';
import * as nodes from './nodes.ts';
import { buildOrderIndex, firstWhere, GUEST_OWNER, type OrderIndex, orderRange, rankAtOrAfter } from './order-index.ts';
import { createGuests, createOrders, type OrderFacts, updatedAtOf } from './orders.ts';
import { streamFor } from './prng.ts';
import type { TimeFilter } from './search.ts';

export { TIMELINE_SECONDS, TIMELINE_START_MS, toIso } from './calendar.ts';
export type { CheckoutFacts } from './checkouts.ts';
export type { CustomerProfile } from './customers.ts';
export type { OrderFacts } from './orders.ts';

/**
 * The demo store, generated from a seed on an absolute timeline: the same seed gives the same
 * customers, orders and ids on any day; only how much of the timeline is visible (`now`) moves.
 * The parts live in their own modules: the calendar (when the store is busy), customers, orders
 * and guests, the order index, abandoned checkouts, and the Admin API objects (`nodes.ts`).
 */

export interface GeneratorOptions {
  seed?: number;
  /** Customer records reached after three years, newsletter subscribers included (default 16000). */
  customers?: number;
  /** Orders visible after three years, guests' included, about (default 25000). */
  orders?: number;
  /** What is visible: records created up to this moment; the real clock by default. */
  now?: Date | (() => Date);
}

/** The share of orders placed without a customer record. */
const GUEST_SHARE = 0.06;
const S_PRODUCTS = 7;

export type DemoStore = ReturnType<typeof createDemoStore>;

export function createDemoStore(options: GeneratorOptions = {}) {
  const seed = options.seed ?? 1;
  const customersTarget = Math.max(1, options.customers ?? 16000);
  const ordersTarget = Math.max(1, options.orders ?? 25000);
  const clock = typeof options.now === 'function' ? options.now : options.now ? () => options.now as Date : () => new Date();
  const fixedNow = options.now !== undefined && typeof options.now !== 'function';
  const guestsTarget = Math.round(ordersTarget * GUEST_SHARE);
  const cal = calendar();

  const products = buildProducts(streamFor(seed, S_PRODUCTS), TIMELINE_SECONDS);
  const productsByType = PRODUCT_TYPES.map((_, type) =>
    products.filter((p) => p.typeIndex === type).sort((a, b) => a.createdAt - b.createdAt),
  );
  const customers = createCustomers({
    seed,
    customers: customersTarget,
    customerOrders: ordersTarget - guestsTarget,
    calendar: cal,
    products,
    productsByType,
  });
  const guests = createGuests(seed, guestsTarget, cal);
  const orders = createOrders(seed, customers, cal);

  /** Seconds since the timeline start of `now` (never before the start). */
  const nowSeconds = () => Math.max(0, Math.floor((clock().getTime() - TIMELINE_START_MS) / 1000));

  let index: OrderIndex | null = null;
  /** The index covering `now`; rebuilt (reaching a month ahead on the real clock) once time passes its end. */
  function currentIndex(now = nowSeconds()): OrderIndex {
    if (!index || index.horizon < now) index = buildOrderIndex(fixedNow ? now : now + 30 * DAY, customers, guests);
    return index;
  }

  /** The merchant's consent changes (`changeConsent`), by customer index. */
  const consentChanges = new Map<number, ConsentChange[]>();
  const withChanges = (customer: CustomerProfile): CustomerProfile => {
    const changes = consentChanges.get(customer.index);
    return changes ? { ...customer, consentChanges: changes } : customer;
  };
  const profileAt = (i: number) => withChanges(customers.profile(i));

  const checkouts = createCheckouts(seed, ordersTarget, cal, customers, (time) => currentIndex(Math.max(time, nowSeconds())));

  const ownerAt = (rank: number, idx: OrderIndex) => {
    const owner = idx.owner[rank]!;
    return owner >= GUEST_OWNER
      ? { customer: null, seq: 0, guest: owner - GUEST_OWNER }
      : { customer: customers.profile(owner), seq: idx.seq[rank]!, guest: null };
  };

  function orderAt(rank: number, idx = currentIndex()): OrderFacts {
    const { customer, seq, guest } = ownerAt(rank, idx);
    return orders.order(rank, customer, seq, guest, idx.time[rank]!);
  }

  /** How many line items the order at `rank` has, without building it. */
  function lineCountAt(rank: number, idx = currentIndex()): number {
    const owner = idx.owner[rank]!;
    return owner >= GUEST_OWNER
      ? orders.lineCount(null, 0, owner - GUEST_OWNER)
      : orders.lineCount(customers.profile(owner), idx.seq[rank]!, null);
  }

  /** The order with Shopify id `id` (numeric) visible at `now`, or null. */
  function orderById(id: number, now: number): OrderFacts | null {
    const owner = orderOwner(id);
    if (!owner) return null;
    let time: number | null = null;
    if ('guest' in owner) {
      if (owner.guest < guests.visible(now)) time = guests.time(owner.guest);
    } else if (owner.customer < customers.visible(now)) {
      customers.forEachOrderTime(customers.profile(owner.customer), now, (at, seq) => {
        if (seq === owner.seq) time = at;
      });
    }
    if (time === null) return null;
    const idx = currentIndex(now);
    const ownerValue = 'guest' in owner ? GUEST_OWNER + owner.guest : owner.customer;
    for (let rank = rankAtOrAfter(idx, time); rank < idx.time.length && idx.time[rank] === time; rank++) {
      if (idx.owner[rank] === ownerValue && ('guest' in owner || idx.seq[rank] === owner.seq)) {
        const order = orderAt(rank, idx);
        return order.createdAt <= now ? order : null;
      }
    }
    return null;
  }

  /** The times of a customer's orders up to `now`. */
  function orderTimesOf(customer: CustomerProfile, now: number): number[] {
    const times: number[] = [];
    customers.forEachOrderTime(customer, now, (time) => times.push(time));
    return times;
  }

  /** A customer's orders visible at `now`, oldest first. */
  function ordersOf(customer: CustomerProfile, now: number): OrderFacts[] {
    const found: OrderFacts[] = [];
    customers.forEachOrderTime(customer, now, (_, seq) => {
      const order = orderById(customerOrderId(customer.index, seq), now);
      if (order) found.push(order);
    });
    return found;
  }

  let withdrawals: { horizon: number; at: Float64Array; customer: Uint32Array } | null = null;
  /** Consent withdrawals in (from, to], in time order: each is a `customers/update`. */
  function consentChangesBetween(from: number, to: number): Array<{ at: number; customer: CustomerProfile }> {
    if (!withdrawals || withdrawals.horizon < to) {
      const horizon = fixedNow ? to : to + 30 * DAY;
      const found: Array<[number, number]> = [];
      for (let i = 0, visible = customers.visible(horizon); i < visible; i++) {
        const profile = customers.profile(i);
        for (const at of [profile.emailWithdrawnAt, profile.smsWithdrawnAt, profile.whatsappWithdrawnAt])
          if (at !== null && at <= horizon) found.push([at, i]);
      }
      found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      withdrawals = { horizon, at: Float64Array.from(found, (f) => f[0]), customer: Uint32Array.from(found, (f) => f[1]) };
    }
    const { at, customer } = withdrawals;
    const changes: Array<{ at: number; customer: CustomerProfile }> = [];
    for (let k = firstWhere((position) => at[position]! > from, 0, at.length); k < at.length && at[k]! <= to; k++)
      changes.push({ at: at[k]!, customer: profileAt(customer[k]!) });
    return changes;
  }

  function customerById(id: number, now: number): CustomerProfile | null {
    const i = customerIndexOf(id);
    return i !== null && i < customers.visible(now) ? profileAt(i) : null;
  }

  /**
   * The merchant changes a customer's SMS or WhatsApp consent in Shopify's admin at `at` (not before the
   * last change); the customer reads so from then on. Returns the customer as changed, or null for none.
   */
  function changeConsent(id: number, change: Omit<ConsentChange, 'at'>, at = nowSeconds()): CustomerProfile | null {
    const customer = customerById(id, at);
    if (!customer) return null;
    const changes = consentChanges.get(customer.index) ?? [];
    consentChanges.set(customer.index, [...changes, { ...change, at: Math.max(at, changes.at(-1)?.at ?? 0) }]);
    return profileAt(customer.index);
  }

  function productById(id: number, now: number): ProductInfo | null {
    const i = productIndexOf(id);
    const product = i === null ? undefined : products[i];
    return product && product.createdAt <= now ? product : null;
  }

  function checkoutById(id: number, now: number): CheckoutFacts | null {
    const j = checkoutIndexOf(id);
    return j !== null && j < checkouts.visible(now) ? checkouts.at(j) : null;
  }

  return {
    seed,
    products,
    calendar: cal,
    nowSeconds,
    currentIndex,
    profile: profileAt,
    orderAt,
    lineCountAt,
    orderById,
    customerById,
    productById,
    checkoutById,
    orderUpdatedAt: updatedAtOf,
    /** Ranks [from, to) of the visible orders created within the filter's created bounds. */
    orderRange: (filter: TimeFilter, now: number, idx = currentIndex(now)) => orderRange(idx, filter, now),
    visibleCustomers: customers.visible,
    visibleCheckouts: checkouts.visible,
    checkoutAt: checkouts.at,
    orderNode: (order: OrderFacts, now: number): Order => nodes.orderNode(order, now),
    lineItemNodes: (order: OrderFacts, now = nowSeconds()): LineItem[] => nodes.lineItemNodes(order, now),
    orderJsonLines: nodes.orderJsonLines,
    customerNode: (customer: CustomerProfile, now: number): Customer =>
      nodes.customerNode(withChanges(customer), now, orderTimesOf(customer, now)),
    changeConsent,
    productNode: nodes.productNode,
    checkoutNode: (checkout: CheckoutFacts, shopDomain: string): AbandonedCheckout => nodes.checkoutNode(checkout, shopDomain, seed),
    orderTimesOf,
    ordersOf,
    consentChangesBetween,
    /** For reports: how the calibration came out. */
    parameters: {
      customerSpacing: customers.spacing,
      continueChance: customers.continueChance,
      guests: guestsTarget,
      buyerShare: BUYER_SHARE,
    },
  };
}
