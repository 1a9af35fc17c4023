import { type Calendar, countUntil, DAY, HOUR, TIMELINE_SECONDS } from './calendar.ts';
import {
  CLEARANCE_DISCOUNT,
  DISCOUNT_CODES,
  DISCOUNT_WEIGHTS,
  EMAIL_DOMAINS,
  EVENT_DISCOUNT,
  FIRST_NAMES,
  FREE_SHIPPING_FROM,
  LAST_NAMES,
  PAYMENT_GATEWAYS,
  PAYMENT_WEIGHTS,
  type ProductInfo,
  REGIONS,
  SHIPPING_METHODS,
  type ShippingMethod,
  WELCOME_CODE,
} from './catalog.ts';
import type { Address, CustomerProfile, Customers } from './customers.ts';
import { slug } from './customers.ts';
import { customerOrderId, guestOrderId, lineItemId, refundNumericId } from './ids.ts';
import { cumulativeWeights, hash32, pick, pickWeighted, type Random, streamFor, unit } from './prng.ts';

/**
 * An order's facts, derived from a hash of (seed, customer, sequence) or (seed, guest): what was
 * bought at what price, how it was paid, and what happened to it later (payment, fulfilment,
 * cancellation, returns and other refunds), each at its own moment. What the order looks like at
 * a given moment is read from these facts (`financialStatusAt`, `updatedAtOf`…), never stored.
 */

/**
 * The store moved to Shopify on 2024-01-15 and imported its earlier orders that morning (04:00 to
 * 06:00 in Santiago): those keep their original `processedAt` but were created (`createdAt`) then.
 */
export const MIGRATED_AT = 75 * DAY + 9 * HOUR;
const IMPORT_SPAN = 2 * HOUR;

/** When Shopify created an order processed at `processedAt` (monotone, so both orders agree). */
export const createdAtOf = (processedAt: number) =>
  processedAt >= MIGRATED_AT ? processedAt : MIGRATED_AT - IMPORT_SPAN + Math.floor((processedAt / MIGRATED_AT) * IMPORT_SPAN);

export interface OrderLine {
  id: number;
  product: ProductInfo;
  quantity: number;
  original: number;
  /** Line-level automatic discount (in Shopify's `discountedTotalSet`). */
  automatic: number;
  automaticTitle: string | null;
  /** The order's code discount allocated to this line (not in `discountedTotalSet`). */
  codeShare: number;
  /** `original - automatic`: Shopify's `discountedTotalSet`. */
  discounted: number;
}

export interface Refund {
  id: number;
  at: number;
  amount: number;
  /** Returned lines (index into `lines`) with the quantity and the amount refunded for them. */
  lines: Array<{ line: number; quantity: number; amount: number }>;
  note: string | null;
}

export type PaymentKind = 'paid' | 'authorized' | 'pending';
export type CancelReason = 'CUSTOMER' | 'DECLINED' | 'INVENTORY';

export interface OrderFacts {
  /** Position among all orders by time; the order number is 1001 + rank. */
  rank: number;
  id: number;
  name: string;
  customer: CustomerProfile | null;
  /** A guest's number when the order has no customer. */
  guest: number | null;
  seq: number;
  /** When it was placed (Shopify's `processedAt`). */
  processedAt: number;
  /** When the record was made in Shopify (`createdAt`): later for imported orders. */
  createdAt: number;
  test: boolean;
  email: string | null;
  phone: string | null;
  address: Address;
  lines: OrderLine[];
  subtotal: number;
  discountCode: string | null;
  codeDiscount: number;
  /** Automatic and code discounts together (`totalDiscountsSet`). */
  discount: number;
  shipping: ShippingMethod;
  shippingPrice: number;
  /** What was charged at checkout (`totalPriceSet`). */
  total: number;
  gateway: string;
  payment: PaymentKind;
  /** When the money was captured; null if never. */
  paidAt: number | null;
  cancelledAt: number | null;
  cancelReason: CancelReason | null;
  /** When it is (or will be) fulfilled; null when cancelled first. */
  fulfilledAt: number | null;
  refunds: Refund[];
  /** The checkout it completed, started a few minutes earlier. */
  checkoutToken: string;
  checkoutStartedAt: number;
}

// Hash streams, so each decision has its own numbers.
const S_ORDER = 4;
const S_GUEST = 8;
const S_GUEST_TIME = 9;

const TEST_GATEWAY = 'bogus';

/** Line items of an order from its first random draw: mostly one or two, up to four. */
export const linesFor = (roll: number) => (roll < 0.35 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4);

export function createOrders(seed: number, customers: Customers, calendar: Calendar) {
  const regionWeights = cumulativeWeights(REGIONS.map((region) => region.weight));
  const shippingWeights = cumulativeWeights(SHIPPING_METHODS.map((method) => method.weight));
  const paymentWeights = cumulativeWeights(PAYMENT_WEIGHTS);
  const discountWeights = cumulativeWeights(DISCOUNT_WEIGHTS);

  const orderStream = (customer: CustomerProfile | null, seq: number, guest: number | null) =>
    customer ? streamFor(seed, S_ORDER, customer.index, seq) : streamFor(seed, S_GUEST, guest!);

  /** How many line items an order has, without building it. */
  const lineCount = (customer: CustomerProfile | null, seq: number, guest: number | null) => linesFor(orderStream(customer, seq, guest)());

  /** The contact and address of a guest (an order without a customer record). */
  function guestContact(r: Random, guest: number) {
    const region = REGIONS.indexOf(pickWeighted(r, REGIONS, regionWeights));
    const first = pick(r, FIRST_NAMES);
    const last = pick(r, LAST_NAMES);
    return {
      address: customers.address(r, region),
      email: `${slug(first)}.${slug(last)}.g${guest}@${pick(r, EMAIL_DOMAINS)}`,
      phone: r() < 0.7 ? `+569${String(10_000_000 + Math.floor(r() * 89_999_999))}` : null,
    };
  }

  function order(rank: number, customer: CustomerProfile | null, seq: number, guest: number | null, processedAt: number): OrderFacts {
    const id = customer ? customerOrderId(customer.index, seq) : guestOrderId(guest!);
    const r = orderStream(customer, seq, guest);
    const count = linesFor(r());
    const contact = customer
      ? {
          // Most orders go to the default address; some to another of the customer's.
          address: customer.addresses.length > 1 && r() < 0.3 ? pick(r, customer.addresses) : customer.addresses[0]!,
          email: customer.email,
          phone: customer.phone,
        }
      : guestContact(r, guest!);
    const event = calendar.localDay(processedAt).event;
    const onSale = event === 'cyberday' || event === 'black-friday';
    const lines: OrderLine[] = [];
    let subtotal = 0;
    let automatic = 0;
    for (let k = 0; k < count; k++) {
      const product = customers.chooseProduct(r, customer, processedAt);
      const quantityRoll = r();
      const quantity = quantityRoll < 0.8 ? 1 : quantityRoll < 0.95 ? 2 : 3;
      const original = product.price * quantity;
      const sale = onSale ? EVENT_DISCOUNT : r() < 0.06 ? CLEARANCE_DISCOUNT : null;
      const lineAutomatic = sale ? Math.round((original * sale.percent) / 100) : 0;
      subtotal += original;
      automatic += lineAutomatic;
      lines.push({
        id: lineItemId(id, k),
        product,
        quantity,
        original,
        automatic: lineAutomatic,
        automaticTitle: sale?.title ?? null,
        codeShare: 0,
        discounted: original - lineAutomatic,
      });
    }
    // A code applies to what is left after automatic discounts, spread over the lines in proportion.
    let discountCode: string | null = null;
    let percent = 0;
    const discountRoll = r();
    if (customer && seq === 0 && discountRoll < 0.22) ({ code: discountCode, percent } = WELCOME_CODE);
    else if (discountRoll < 0.08 || (onSale && discountRoll < 0.15))
      ({ code: discountCode, percent } = pickWeighted(r, DISCOUNT_CODES, discountWeights));
    const afterAutomatic = subtotal - automatic;
    const codeDiscount = Math.round((afterAutomatic * percent) / 100);
    let left = codeDiscount;
    lines.forEach((line, k) => {
      line.codeShare = k === lines.length - 1 ? left : Math.round((codeDiscount * line.discounted) / afterAutomatic);
      left -= line.codeShare;
    });
    let shipping = pickWeighted(r, SHIPPING_METHODS, shippingWeights);
    // Pick-up is only offered at the Santiago store.
    if (shipping.price === 0 && REGIONS[contact.address.region]!.code !== 'RM') shipping = SHIPPING_METHODS[2]!;
    const net = afterAutomatic - codeDiscount;
    const shippingPrice = net >= FREE_SHIPPING_FROM ? 0 : shipping.price;
    const total = net + shippingPrice;
    const test = r() < 0.004;
    const gateway = test ? TEST_GATEWAY : pickWeighted(r, PAYMENT_GATEWAYS, paymentWeights);
    const createdAt = createdAtOf(processedAt);
    const imported = createdAt !== processedAt;

    // Payment: transfers wait for the money (some never come), some cards are captured on shipping.
    const payment: PaymentKind = imported
      ? 'paid'
      : gateway === 'Transferencia bancaria'
        ? 'pending'
        : gateway === 'Mercado Pago' && r() < 0.35
          ? 'authorized'
          : 'paid';
    const transferArrives = r() < 0.85;
    const transferDelay = Math.floor((2 + r() * 46) * HOUR);
    const cancelRoll = r();
    const cancelDelay = Math.floor((1 + r() * 47) * HOUR);
    const shipDelay = Math.floor((shipping.days[0] + r() * (shipping.days[1] - shipping.days[0])) * DAY);
    let paidAt: number | null = payment === 'paid' ? processedAt : null;
    let cancelledAt: number | null = null;
    let cancelReason: CancelReason | null = null;
    if (payment === 'pending') {
      if (transferArrives) paidAt = processedAt + transferDelay;
      else {
        cancelledAt = processedAt + 3 * DAY;
        cancelReason = 'DECLINED';
      }
    }
    if (cancelledAt === null && !imported && cancelRoll < 0.02) {
      cancelledAt = processedAt + cancelDelay;
      cancelReason = cancelRoll < 0.014 ? 'CUSTOMER' : 'INVENTORY';
      if (paidAt !== null && paidAt > cancelledAt) paidAt = null;
    }
    const readyAt = payment === 'pending' ? paidAt : processedAt;
    const fulfilledAt = cancelledAt === null && readyAt !== null ? readyAt + shipDelay : null;
    if (payment === 'authorized') paidAt = cancelledAt === null ? fulfilledAt : null;

    const refunds: Refund[] = [];
    const lineRefund = (line: number) => ({
      line,
      quantity: lines[line]!.quantity,
      amount: lines[line]!.discounted - lines[line]!.codeShare,
    });
    if (cancelledAt !== null && paidAt !== null) {
      refunds.push({
        id: refundNumericId(id, 0),
        at: cancelledAt,
        amount: total,
        lines: lines.map((_, k) => lineRefund(k)),
        note: 'Pedido cancelado',
      });
    } else if (fulfilledAt !== null) {
      const afterRoll = r();
      const after = fulfilledAt + Math.floor((3 + r() * 25) * DAY);
      if (afterRoll < 0.05) {
        // A return: one line comes back and is refunded; the order stays, partly or wholly refunded.
        const returned = lineRefund(Math.floor(r() * lines.length));
        refunds.push({ id: refundNumericId(id, 1), at: after, amount: returned.amount, lines: [returned], note: 'Devolución' });
      } else if (afterRoll < 0.065) {
        // A goodwill refund: the shipping, or a tenth of the order, with nothing returned.
        const amount = shippingPrice > 0 ? shippingPrice : Math.round(total / 10);
        refunds.push({ id: refundNumericId(id, 2), at: after - 2 * DAY, amount, lines: [], note: 'Compensación por retraso' });
      }
    }
    const checkoutToken = (hash32(seed, id, 1).toString(16) + hash32(seed, id, 2).toString(16)).padStart(16, '0');
    return {
      rank,
      id,
      name: `#${1001 + rank}`,
      customer,
      guest,
      seq,
      processedAt,
      createdAt,
      test,
      email: contact.email,
      phone: contact.phone,
      address: contact.address,
      lines,
      subtotal,
      discountCode,
      codeDiscount,
      discount: automatic + codeDiscount,
      shipping,
      shippingPrice,
      total,
      gateway,
      payment,
      paidAt,
      cancelledAt,
      cancelReason,
      fulfilledAt,
      refunds,
      checkoutToken,
      checkoutStartedAt: processedAt - Math.floor((3 + (hash32(seed, id, 3) % 22)) * 60),
    };
  }

  return { order, lineCount };
}

/** Guests: orders without a customer record, spread like new customers over the store's busy hours. */
export function createGuests(seed: number, guests: number, calendar: Calendar) {
  const spacing = TIMELINE_SECONDS / Math.max(1, guests);
  const time = (j: number) => Math.floor(calendar.busy.inverse((j + unit(seed, S_GUEST_TIME, j)) * spacing));
  /** Guests who have ordered by `now`. */
  const visible = (now: number) => (guests === 0 ? 0 : countUntil(time, now, spacing, calendar.busy));
  return { time, visible };
}

/* What an order looks like at a moment. */

const happened = (at: number | null, now: number): at is number => at !== null && at <= now;

export const refundsAt = (order: OrderFacts, now: number) => order.refunds.filter((refund) => refund.at <= now);
export const refundedAt = (order: OrderFacts, now: number) => refundsAt(order, now).reduce((sum, refund) => sum + refund.amount, 0);

export function financialStatusAt(order: OrderFacts, now: number): string {
  if (happened(order.cancelledAt, now)) return happened(order.paidAt, now) ? 'REFUNDED' : 'VOIDED';
  if (!happened(order.paidAt, now)) return order.payment === 'authorized' ? 'AUTHORIZED' : 'PENDING';
  const refunded = refundedAt(order, now);
  return refunded >= order.total ? 'REFUNDED' : refunded > 0 ? 'PARTIALLY_REFUNDED' : 'PAID';
}

export const fulfilledBy = (order: OrderFacts, now: number) => happened(order.fulfilledAt, now);
export const cancelledBy = (order: OrderFacts, now: number) => happened(order.cancelledAt, now);

/** Units of a line still kept at `now` (Shopify's `currentQuantity`): returns and cancellations take them off. */
export function currentQuantityAt(order: OrderFacts, line: number, now: number): number {
  if (cancelledBy(order, now)) return 0;
  let quantity = order.lines[line]!.quantity;
  for (const refund of refundsAt(order, now)) for (const item of refund.lines) if (item.line === line) quantity -= item.quantity;
  return Math.max(0, quantity);
}

/** `currentTotalPriceSet`: the total after returns and removals (a goodwill refund returns nothing). */
export function currentTotalAt(order: OrderFacts, now: number): number {
  if (cancelledBy(order, now)) return 0;
  let total = order.total;
  for (const refund of refundsAt(order, now)) for (const item of refund.lines) total -= item.amount;
  return total;
}

/** The moments an order changes, in order: each is a reason for Shopify to bump `updatedAt`. */
export function changesOf(order: OrderFacts): number[] {
  const moments = [order.createdAt];
  if (order.paidAt !== null && order.paidAt !== order.processedAt) moments.push(order.paidAt);
  if (order.fulfilledAt !== null) moments.push(order.fulfilledAt);
  if (order.cancelledAt !== null) moments.push(order.cancelledAt);
  for (const refund of order.refunds) moments.push(refund.at);
  return moments.sort((a, b) => a - b);
}

export function updatedAtOf(order: OrderFacts, now: number): number {
  let latest = order.createdAt;
  for (const moment of changesOf(order)) if (moment <= now && moment > latest) latest = moment;
  return latest;
}
