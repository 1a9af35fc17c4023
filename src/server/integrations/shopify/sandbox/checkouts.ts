import { type Calendar, countUntil, DAY, TIMELINE_SECONDS } from './calendar.ts';
import type { ProductInfo } from './catalog.ts';
import type { CustomerProfile, Customers } from './customers.ts';
import { checkoutNumericId } from './ids.ts';
import { GUEST_OWNER, type OrderIndex, rankAtOrAfter } from './order-index.ts';
import { hash32, intBetween, type Random, streamFor, unit } from './prng.ts';

/**
 * Abandoned checkouts: carts left with contact details, mostly by customers who bought recently
 * (they come back to browse), some by older customers and newsletter subscribers, some by people
 * the store does not know. Spread over the store's busy hours like its orders.
 */

/** Abandoned checkouts per order, over time. */
const CHECKOUTS_PER_ORDER = 0.35;
/** How far back "recently" reaches when a cart comes from a recent buyer. */
const RECENT_DAYS = 60;

const S_CHECKOUT_TIME = 5;
const S_CHECKOUT = 6;

export interface CheckoutFacts {
  index: number;
  id: number;
  createdAt: number;
  customer: CustomerProfile | null;
  lines: Array<{ product: ProductInfo; quantity: number }>;
  total: number;
  token: string;
}

export function createCheckouts(
  seed: number,
  orders: number,
  calendar: Calendar,
  customers: Customers,
  indexAt: (time: number) => OrderIndex,
) {
  const spacing = TIMELINE_SECONDS / Math.max(1, orders * CHECKOUTS_PER_ORDER);
  const time = (j: number) => Math.floor(calendar.busy.inverse((j + unit(seed, S_CHECKOUT_TIME, j)) * spacing));

  const visible = (now: number) => countUntil(time, now, spacing, calendar.busy);

  /** Someone who bought in the last weeks before `at`, when there is one with an account. */
  function recentBuyer(r: Random, at: number): CustomerProfile | null {
    const index = indexAt(at);
    const to = rankAtOrAfter(index, at);
    const from = rankAtOrAfter(index, at - RECENT_DAYS * DAY, 0, to);
    if (to === from) return null;
    const owner = index.owner[to - 1 - Math.floor(r() * (to - from))]!;
    return owner >= GUEST_OWNER ? null : customers.profile(owner);
  }

  function at(j: number): CheckoutFacts {
    const createdAt = time(j);
    const r = streamFor(seed, S_CHECKOUT, j);
    const who = r();
    const known = customers.visible(createdAt);
    const customer = who < 0.55 ? recentBuyer(r, createdAt) : who < 0.7 && known > 0 ? customers.profile(Math.floor(r() * known)) : null;
    const count = intBetween(r, 1, 3);
    const lines: CheckoutFacts['lines'] = [];
    let total = 0;
    for (let k = 0; k < count; k++) {
      const product = customers.chooseProduct(r, customer, createdAt);
      const quantity = r() < 0.85 ? 1 : 2;
      total += product.price * quantity;
      lines.push({ product, quantity });
    }
    const token = (hash32(seed, S_CHECKOUT, j, 1).toString(16) + hash32(seed, S_CHECKOUT, j, 2).toString(16)).padStart(16, '0');
    return { index: j, id: checkoutNumericId(j), createdAt, customer, lines, total, token };
  }

  return { time, visible, at };
}
