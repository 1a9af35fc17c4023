import type { AbandonedCheckout, Customer, LineItem, MarketingState, Order, Product } from '../types.ts';
import {
  buildProducts,
  CUSTOMER_TAGS,
  DISCOUNT_CODES,
  DISCOUNT_WEIGHTS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  FREE_SHIPPING_FROM,
  LAST_NAMES,
  PAYMENT_GATEWAYS,
  PAYMENT_WEIGHTS,
  PRODUCT_TYPE_WEIGHTS,
  PRODUCT_TYPES,
  type ProductInfo,
  REGIONS,
  SHIPPING_METHODS,
  type ShippingMethod,
  WELCOME_CODE,
} from './catalog.ts';
import { cumulativeWeights, hash32, intBetween, pick, pickWeighted, type Random, streamFor, unit } from './prng.ts';
import type { TimeFilter } from './search.ts';

/**
 * The demo store's data, generated from a seed on an absolute timeline: the same seed gives the
 * same customers, orders and ids on any day; only how much of the timeline is visible (`now`) moves.
 *
 * Only a compact index of the orders is held (time, customer, sequence in typed arrays, sorted by
 * time); every order's details are derived on demand from a hash of (seed, customer, sequence).
 */

/** 2023-11-01T00:00:00Z: the store's first day. Times inside are seconds since then. */
export const TIMELINE_START_MS = Date.UTC(2023, 10, 1);
const DAY = 86_400;
/** The span over which `customers` and `orders` are reached. */
export const TIMELINE_SECONDS = Math.round(3 * 365.25 * DAY);

export const CURRENCY = 'CLP';
const ORDER_ID_BASE = 5_000_000_000;
const CUSTOMER_ID_BASE = 6_000_000_000;
const PRODUCT_ID_BASE = 8_000_000_000;
const CHECKOUT_ID_BASE = 9_000_000_000;
/** Orders per customer at most (ids leave room for 1000). */
const MAX_SEQ = 999;
/** Abandoned checkouts per order, over time. */
const CHECKOUTS_PER_ORDER = 0.35;
/** Sort keys pack (time, insertion position); positions stay below this. */
const POSITION_BITS = 2 ** 23;

export interface GeneratorOptions {
  seed?: number;
  /** Customers reached after three years (default 8000). */
  customers?: number;
  /** Orders visible after three years, about (default 25000). */
  orders?: number;
  /** What is visible: records created up to this moment; the real clock by default. */
  now?: Date | (() => Date);
}

// Customer kinds: one-time buyers, regular buyers and a minority of frequent ones.
const KIND_SHARES = [0.35, 0.5, 0.15] as const;
const KIND_GAP_DAYS = [0, 75, 30] as const;
const KIND_NAMES = ['single', 'regular', 'loyal'] as const;

// Hash streams, so each decision has its own numbers.
const S_ARRIVAL = 1;
const S_PROFILE = 2;
const S_ORDERS = 3;
const S_ORDER = 4;
const S_CHECKOUT_TIME = 5;
const S_CHECKOUT = 6;
const S_PRODUCTS = 7;

export interface CustomerProfile {
  index: number;
  /** Seconds since the timeline start of the first order (and the account). */
  arrival: number;
  kind: (typeof KIND_NAMES)[number];
  continueChance: number;
  gapDays: number;
  favoriteType: number;
  stapleProduct: number;
  region: number;
  city: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  emailState: MarketingState | null;
  smsState: MarketingState | null;
  tags: string[];
}

export interface OrderLine {
  id: number;
  product: ProductInfo;
  quantity: number;
  original: number;
  discounted: number;
}

export interface OrderFacts {
  /** Position among all orders by time; the order number is 1001 + rank. */
  rank: number;
  id: number;
  name: string;
  customer: CustomerProfile;
  seq: number;
  createdAt: number;
  lines: OrderLine[];
  subtotal: number;
  discountCode: string | null;
  discount: number;
  shipping: ShippingMethod;
  shippingPrice: number;
  total: number;
  gateway: string;
  cancelledAt: number | null;
  /** When it is (or will be) fulfilled; null when cancelled. */
  fulfilledAt: number | null;
}

export interface CheckoutFacts {
  index: number;
  id: number;
  createdAt: number;
  customer: CustomerProfile | null;
  lines: Array<{ product: ProductInfo; quantity: number }>;
  total: number;
  token: string;
}

/** Order index: parallel typed arrays sorted by (time, customer, sequence). */
interface OrderIndex {
  horizon: number;
  time: Uint32Array;
  customer: Uint32Array;
  seq: Uint16Array;
  customers: number;
}

export const toIso = (seconds: number): string => new Date(TIMELINE_START_MS + seconds * 1000).toISOString().replace('.000Z', 'Z');
export const money = (amount: number) => ({ shopMoney: { amount: `${amount}.0`, currencyCode: CURRENCY } });
export const orderGid = (id: number) => `gid://shopify/Order/${id}`;
export const customerGid = (index: number) => `gid://shopify/Customer/${CUSTOMER_ID_BASE + index}`;
export const customerNumericId = (index: number) => CUSTOMER_ID_BASE + index;
export const productGid = (index: number) => `gid://shopify/Product/${PRODUCT_ID_BASE + index}`;
export const productNumericId = (index: number) => PRODUCT_ID_BASE + index;
export const lineItemGid = (id: number) => `gid://shopify/LineItem/${id}`;
export const checkoutGid = (id: number) => `gid://shopify/AbandonedCheckout/${id}`;

export type DemoStore = ReturnType<typeof createDemoStore>;

export function createDemoStore(options: GeneratorOptions = {}) {
  const seed = options.seed ?? 1;
  const customersTarget = Math.max(1, options.customers ?? 8000);
  const ordersTarget = Math.max(1, options.orders ?? 25000);
  const clock = typeof options.now === 'function' ? options.now : options.now ? () => options.now as Date : () => new Date();
  const fixedNow = options.now !== undefined && typeof options.now !== 'function';

  const spacing = TIMELINE_SECONDS / customersTarget;
  const checkoutSpacing = TIMELINE_SECONDS / Math.max(1, ordersTarget * CHECKOUTS_PER_ORDER);
  const regularContinue = calibrate(ordersTarget / customersTarget);
  const continueChance = [0, regularContinue, 1 - (1 - regularContinue) / 3];

  const products = buildProducts(streamFor(seed, S_PRODUCTS), TIMELINE_SECONDS);
  const productsByType = PRODUCT_TYPES.map((_, type) =>
    products.filter((p) => p.typeIndex === type).sort((a, b) => a.createdAt - b.createdAt),
  );
  const typeWeights = cumulativeWeights(PRODUCT_TYPE_WEIGHTS);
  const regionWeights = cumulativeWeights(REGIONS.map((region) => region.weight));
  const shippingWeights = cumulativeWeights(SHIPPING_METHODS.map((method) => method.weight));
  const paymentWeights = cumulativeWeights(PAYMENT_WEIGHTS);
  const discountWeights = cumulativeWeights(DISCOUNT_WEIGHTS);

  /** Seconds since the timeline start of `now` (never before the start). */
  const nowSeconds = () => Math.max(0, Math.floor((clock().getTime() - TIMELINE_START_MS) / 1000));

  const arrival = (i: number) => Math.floor((i + unit(seed, S_ARRIVAL, i)) * spacing);

  function profile(i: number): CustomerProfile {
    const r = streamFor(seed, S_PROFILE, i);
    const kindRoll = r();
    const kind = kindRoll < KIND_SHARES[0] ? 0 : kindRoll < KIND_SHARES[0] + KIND_SHARES[1] ? 1 : 2;
    const region = REGIONS.indexOf(pickWeighted(r, REGIONS, regionWeights));
    const city = pick(r, REGIONS[region]!.cities);
    const firstName = pick(r, FIRST_NAMES);
    const lastName = pick(r, LAST_NAMES);
    const hasEmail = r() >= 0.03;
    const email = hasEmail ? `${slug(firstName)}.${slug(lastName)}${i}@${pick(r, EMAIL_DOMAINS)}` : null;
    const hasPhone = !hasEmail || r() >= 0.12;
    const phone = hasPhone ? `+569${String(10_000_000 + Math.floor(r() * 89_999_999))}` : null;
    const emailRoll = r();
    const emailState: MarketingState | null = !email
      ? null
      : emailRoll < 0.15
        ? 'NOT_SUBSCRIBED'
        : emailRoll < 0.21
          ? 'UNSUBSCRIBED'
          : 'SUBSCRIBED';
    const smsRoll = r();
    const smsState: MarketingState | null = !phone
      ? null
      : smsRoll < 0.4
        ? 'NOT_SUBSCRIBED'
        : smsRoll < 0.44
          ? 'UNSUBSCRIBED'
          : 'SUBSCRIBED';
    const favoriteType = PRODUCT_TYPES.indexOf(pickWeighted(r, PRODUCT_TYPES, typeWeights));
    const stapleProduct = pick(r, productsByType[favoriteType]!).index;
    const tags = CUSTOMER_TAGS.filter(() => r() < 0.12) as string[];
    if (kind === 2) tags.push('VIP');
    return {
      index: i,
      arrival: arrival(i),
      kind: KIND_NAMES[kind]!,
      continueChance: continueChance[kind]!,
      gapDays: KIND_GAP_DAYS[kind]!,
      favoriteType,
      stapleProduct,
      region,
      city,
      firstName,
      lastName,
      email,
      phone,
      emailState,
      smsState,
      tags: tags.sort(),
    };
  }

  /** Calls `visit(seconds, seq)` for each of the customer's orders up to `horizon`, in order. */
  function forEachOrderTime(customer: CustomerProfile, horizon: number, visit: (time: number, seq: number) => void): void {
    let time = customer.arrival;
    if (time > horizon) return;
    visit(time, 0);
    if (customer.continueChance === 0) return;
    const r = streamFor(seed, S_ORDERS, customer.index);
    for (let seq = 1; seq <= MAX_SEQ && r() < customer.continueChance; seq++) {
      // Exponential gaps, at least a day.
      time += Math.floor(Math.max(1, -Math.log(1 - r()) * customer.gapDays) * DAY + r() * DAY);
      if (time > horizon) return;
      visit(time, seq);
    }
  }

  let index: OrderIndex | null = null;

  function buildIndex(horizon: number): OrderIndex {
    let capacity = 1024;
    let keys = new Float64Array(capacity);
    let custOf = new Uint32Array(capacity);
    let seqOf = new Uint16Array(capacity);
    let count = 0;
    let customers = 0;
    for (let i = 0; arrival(i) <= horizon; i++) {
      customers++;
      forEachOrderTime(profile(i), horizon, (time, seq) => {
        if (count === capacity) {
          capacity *= 2;
          keys = grow(keys, capacity);
          custOf = grow(custOf, capacity);
          seqOf = grow(seqOf, capacity);
        }
        keys[count] = time * POSITION_BITS + count;
        custOf[count] = i;
        seqOf[count] = seq;
        count++;
      });
    }
    if (count >= POSITION_BITS) throw new Error(`Too many orders for the sandbox index: ${count}`);
    const sorted = keys.subarray(0, count).sort();
    const time = new Uint32Array(count);
    const customer = new Uint32Array(count);
    const seq = new Uint16Array(count);
    for (let k = 0; k < count; k++) {
      const key = sorted[k]!;
      const position = key % POSITION_BITS;
      time[k] = (key - position) / POSITION_BITS;
      customer[k] = custOf[position]!;
      seq[k] = seqOf[position]!;
    }
    return { horizon, time, customer, seq, customers };
  }

  /** The index covering `now`; rebuilt (reaching a month ahead on the real clock) once time passes its end. */
  function currentIndex(now = nowSeconds()): OrderIndex {
    if (!index || index.horizon < now) index = buildIndex(fixedNow ? now : now + 30 * DAY);
    return index;
  }

  function chooseProduct(r: Random, customer: CustomerProfile, time: number): ProductInfo {
    const type = r() < 0.6 ? customer.favoriteType : PRODUCT_TYPES.indexOf(pickWeighted(r, PRODUCT_TYPES, typeWeights));
    const staple = products[customer.stapleProduct]!;
    if (type === customer.favoriteType && staple.createdAt <= time && r() < 0.3) return staple;
    const list = productsByType[type]!;
    let available = 0;
    while (available < list.length && list[available]!.createdAt <= time) available++;
    return list[Math.floor(r() * Math.max(1, available))]!;
  }

  /** How many line items the order at `rank` has, without building it. */
  function lineCountAt(rank: number, idx = currentIndex()): number {
    return linesFor(streamFor(seed, S_ORDER, idx.customer[rank]!, idx.seq[rank]!)());
  }

  function orderAt(rank: number, idx = currentIndex()): OrderFacts {
    const customer = profile(idx.customer[rank]!);
    return orderFacts(rank, customer, idx.seq[rank]!, idx.time[rank]!);
  }

  function orderFacts(rank: number, customer: CustomerProfile, seq: number, createdAt: number): OrderFacts {
    const id = ORDER_ID_BASE + customer.index * 1000 + seq;
    const r = streamFor(seed, S_ORDER, customer.index, seq);
    const lineCount = linesFor(r());
    const lines: OrderLine[] = [];
    let subtotal = 0;
    for (let k = 0; k < lineCount; k++) {
      const product = chooseProduct(r, customer, createdAt);
      const quantityRoll = r();
      const quantity = quantityRoll < 0.8 ? 1 : quantityRoll < 0.95 ? 2 : 3;
      const original = product.price * quantity;
      subtotal += original;
      lines.push({ id: id * 10 + k, product, quantity, original, discounted: original });
    }
    let discountCode: string | null = null;
    let percent = 0;
    const discountRoll = r();
    if (seq === 0 && discountRoll < 0.22) ({ code: discountCode, percent } = WELCOME_CODE);
    else if (discountRoll < 0.3) ({ code: discountCode, percent } = pickWeighted(r, DISCOUNT_CODES, discountWeights));
    const discount = Math.round((subtotal * percent) / 100);
    // The discount is spread over the lines in proportion; the last line takes the rounding.
    let left = discount;
    lines.forEach((line, k) => {
      const share = k === lines.length - 1 ? left : Math.round((discount * line.original) / subtotal);
      left -= share;
      line.discounted = line.original - share;
    });
    let shipping = pickWeighted(r, SHIPPING_METHODS, shippingWeights);
    // Pick-up is only offered at the Santiago store.
    if (shipping.price === 0 && REGIONS[customer.region]!.code !== 'RM') shipping = SHIPPING_METHODS[2]!;
    const shippingPrice = subtotal - discount >= FREE_SHIPPING_FROM ? 0 : shipping.price;
    const gateway = pickWeighted(r, PAYMENT_GATEWAYS, paymentWeights);
    const cancelled = r() < 0.025;
    const delay = shipping.days[0] + r() * (shipping.days[1] - shipping.days[0]);
    const cancelDelay = Math.floor((1 + r() * 47) * 3600);
    return {
      rank,
      id,
      name: `#${1001 + rank}`,
      customer,
      seq,
      createdAt,
      lines,
      subtotal,
      discountCode,
      discount,
      shipping,
      shippingPrice,
      total: subtotal - discount + shippingPrice,
      gateway,
      cancelledAt: cancelled ? createdAt + cancelDelay : null,
      fulfilledAt: cancelled ? null : createdAt + Math.floor(delay * DAY),
    };
  }

  const orderUpdatedAt = (order: OrderFacts, now: number) =>
    Math.max(
      order.createdAt,
      order.fulfilledAt !== null && order.fulfilledAt <= now ? order.fulfilledAt : 0,
      order.cancelledAt !== null && order.cancelledAt <= now ? order.cancelledAt : 0,
    );

  function orderNode(order: OrderFacts, now: number): Order {
    const region = REGIONS[order.customer.region]!;
    const cancelled = order.cancelledAt !== null && order.cancelledAt <= now;
    const fulfilled = order.fulfilledAt !== null && order.fulfilledAt <= now;
    return {
      id: orderGid(order.id),
      name: order.name,
      createdAt: toIso(order.createdAt),
      updatedAt: toIso(orderUpdatedAt(order, now)),
      cancelledAt: cancelled ? toIso(order.cancelledAt!) : null,
      displayFinancialStatus: cancelled ? 'REFUNDED' : 'PAID',
      displayFulfillmentStatus: fulfilled ? 'FULFILLED' : 'UNFULFILLED',
      customer: { id: customerGid(order.customer.index) },
      currentTotalPriceSet: money(order.total),
      totalDiscountsSet: money(order.discount),
      discountCodes: order.discountCode ? [order.discountCode] : [],
      paymentGatewayNames: [order.gateway],
      shippingLine: { title: order.shipping.title },
      shippingAddress: { province: region.name, provinceCode: region.code, city: order.customer.city },
    };
  }

  function lineItemNodes(order: OrderFacts): LineItem[] {
    const parent = orderGid(order.id);
    return order.lines.map((line) => ({
      id: lineItemGid(line.id),
      quantity: line.quantity,
      title: line.product.title,
      product: { id: productGid(line.product.index) },
      originalTotalSet: money(line.original),
      discountedTotalSet: money(line.discounted),
      __parentId: parent,
    }));
  }

  /**
   * The bulk file lines of an order and its line items: the same JSON as `orderNode` and
   * `lineItemNodes` through JSON.stringify, written directly because exports of a million orders
   * spend most of their time here.
   */
  function orderJsonLines(order: OrderFacts, now: number): string {
    const region = REGIONS[order.customer.region]!;
    const cancelled = order.cancelledAt !== null && order.cancelledAt <= now;
    const fulfilled = order.fulfilledAt !== null && order.fulfilledAt <= now;
    const gid = orderGid(order.id);
    const moneyJson = (amount: number) => `{"shopMoney":{"amount":"${amount}.0","currencyCode":"${CURRENCY}"}}`;
    let text =
      `{"id":"${gid}","name":"${order.name}","createdAt":"${toIso(order.createdAt)}","updatedAt":"${toIso(orderUpdatedAt(order, now))}",` +
      `"cancelledAt":${cancelled ? `"${toIso(order.cancelledAt!)}"` : 'null'},"displayFinancialStatus":"${cancelled ? 'REFUNDED' : 'PAID'}",` +
      `"displayFulfillmentStatus":"${fulfilled ? 'FULFILLED' : 'UNFULFILLED'}","customer":{"id":"${customerGid(order.customer.index)}"},` +
      `"currentTotalPriceSet":${moneyJson(order.total)},"totalDiscountsSet":${moneyJson(order.discount)},` +
      `"discountCodes":${order.discountCode ? `[${JSON.stringify(order.discountCode)}]` : '[]'},"paymentGatewayNames":[${JSON.stringify(order.gateway)}],` +
      `"shippingLine":{"title":${JSON.stringify(order.shipping.title)}},` +
      `"shippingAddress":{"province":${JSON.stringify(region.name)},"provinceCode":"${region.code}","city":${JSON.stringify(order.customer.city)}}}\n`;
    for (const line of order.lines) {
      text +=
        `{"id":"${lineItemGid(line.id)}","quantity":${line.quantity},"title":${JSON.stringify(line.product.title)},` +
        `"product":{"id":"${productGid(line.product.index)}"},"originalTotalSet":${moneyJson(line.original)},` +
        `"discountedTotalSet":${moneyJson(line.discounted)},"__parentId":"${gid}"}\n`;
    }
    return text;
  }

  /** Visible customers: those whose first order is not after `now`. */
  function visibleCustomers(now: number): number {
    let low = 0;
    let high = Math.ceil(now / spacing) + 2;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (arrival(middle) <= now) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function customerNode(customer: CustomerProfile, now: number): Customer {
    let orders = 0;
    let last = customer.arrival;
    forEachOrderTime(customer, now, (time) => {
      orders++;
      last = time;
    });
    const region = REGIONS[customer.region]!;
    return {
      id: customerGid(customer.index),
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      tags: customer.tags,
      createdAt: toIso(customer.arrival),
      updatedAt: toIso(last),
      numberOfOrders: String(orders),
      emailMarketingConsent: customer.emailState ? { marketingState: customer.emailState } : null,
      smsMarketingConsent: customer.smsState ? { marketingState: customer.smsState } : null,
      defaultAddress: { province: region.name, provinceCode: region.code, city: customer.city },
    };
  }

  const productNode = (product: ProductInfo, now: number): Product => ({
    id: productGid(product.index),
    title: product.title,
    productType: product.productType,
    tags: product.tags,
    createdAt: toIso(product.createdAt),
    updatedAt: toIso(product.updatedAt <= now ? product.updatedAt : product.createdAt),
  });

  const checkoutTime = (j: number) => Math.floor((j + unit(seed, S_CHECKOUT_TIME, j)) * checkoutSpacing);

  function visibleCheckouts(now: number): number {
    let low = 0;
    let high = Math.ceil(now / checkoutSpacing) + 2;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (checkoutTime(middle) <= now) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function checkoutAt(j: number): CheckoutFacts {
    const createdAt = checkoutTime(j);
    const r = streamFor(seed, S_CHECKOUT, j);
    const known = Math.floor(createdAt / spacing) - 1;
    const customer = known > 0 && r() < 0.7 ? profile(Math.floor(r() * known)) : null;
    const count = intBetween(r, 1, 3);
    const lines: CheckoutFacts['lines'] = [];
    let total = 0;
    for (let k = 0; k < count; k++) {
      const product = customer
        ? chooseProduct(r, customer, createdAt)
        : pick(
            r,
            products.filter((p) => p.createdAt <= createdAt),
          );
      const quantity = r() < 0.85 ? 1 : 2;
      total += product.price * quantity;
      lines.push({ product, quantity });
    }
    const token = (hash32(seed, S_CHECKOUT, j, 1).toString(16) + hash32(seed, S_CHECKOUT, j, 2).toString(16)).padStart(16, '0');
    return { index: j, id: CHECKOUT_ID_BASE + j, createdAt, customer, lines, total, token };
  }

  const checkoutNode = (checkout: CheckoutFacts, shopDomain: string): AbandonedCheckout => ({
    id: checkoutGid(checkout.id),
    createdAt: toIso(checkout.createdAt),
    updatedAt: toIso(checkout.createdAt),
    completedAt: null,
    customer: checkout.customer ? { id: customerGid(checkout.customer.index) } : null,
    totalPriceSet: money(checkout.total),
    abandonedCheckoutUrl: `https://${shopDomain}/checkouts/ac/${checkout.token}/recover?key=${hash32(seed, checkout.id).toString(16)}`,
  });

  /** First rank whose time is at least `time`. */
  function lowerBound(times: Uint32Array, time: number, low = 0, high = times.length): number {
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (times[middle]! < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Ranks [from, to) of the visible orders created within the filter's created bounds. */
  function orderRange(filter: TimeFilter, now: number, idx = currentIndex(now)): { from: number; to: number } {
    const to = lowerBound(idx.time, Math.min(now, filter.createdMax) + 1);
    const from = filter.createdMin > 0 ? lowerBound(idx.time, filter.createdMin, 0, to) : 0;
    return { from, to: Math.max(from, to) };
  }

  /** The visible order with Shopify id `id` (numeric), or null. */
  function orderById(id: number, now: number): OrderFacts | null {
    const offset = id - ORDER_ID_BASE;
    if (!Number.isSafeInteger(offset) || offset < 0) return null;
    const customerIndex = Math.floor(offset / 1000);
    const seq = offset % 1000;
    if (customerIndex >= visibleCustomers(now)) return null;
    let createdAt: number | null = null;
    forEachOrderTime(profile(customerIndex), now, (time, s) => {
      if (s === seq) createdAt = time;
    });
    if (createdAt === null) return null;
    const idx = currentIndex(now);
    for (let rank = lowerBound(idx.time, createdAt); rank < idx.time.length && idx.time[rank] === createdAt; rank++) {
      if (idx.customer[rank] === customerIndex && idx.seq[rank] === seq) return orderAt(rank, idx);
    }
    return null;
  }

  /** The visible customer with Shopify id `id` (numeric), or null. */
  function customerById(id: number, now: number): CustomerProfile | null {
    const index = id - CUSTOMER_ID_BASE;
    return Number.isSafeInteger(index) && index >= 0 && index < visibleCustomers(now) ? profile(index) : null;
  }

  /** The product with Shopify id `id` (numeric) created by `now`, or null. */
  function productById(id: number, now: number): ProductInfo | null {
    const product = products[id - PRODUCT_ID_BASE];
    return product && product.createdAt <= now ? product : null;
  }

  /** The visible abandoned checkout with Shopify id `id` (numeric), or null. */
  function checkoutById(id: number, now: number): CheckoutFacts | null {
    const j = id - CHECKOUT_ID_BASE;
    return Number.isSafeInteger(j) && j >= 0 && j < visibleCheckouts(now) ? checkoutAt(j) : null;
  }

  return {
    seed,
    products,
    nowSeconds,
    currentIndex,
    profile,
    orderAt,
    lineCountAt,
    orderNode,
    lineItemNodes,
    orderJsonLines,
    orderUpdatedAt,
    orderRange,
    visibleCustomers,
    customerNode,
    productNode,
    visibleCheckouts,
    checkoutAt,
    checkoutNode,
    orderById,
    customerById,
    productById,
    checkoutById,
    /** For reports: how the calibration came out. */
    parameters: { spacing, checkoutSpacing, continueChance },
  };
}

/**
 * The continuation chance of regular buyers (frequent buyers continue more) that makes about
 * `ratio` orders per customer visible after three years, with customers arriving uniformly.
 */
function calibrate(ratio: number): number {
  const horizonDays = TIMELINE_SECONDS / DAY;
  // Expected repeat orders within t days is q/(1-q)·(1-e^(-(1-q)t/g)); averaged over t uniform in [0, H].
  const repeats = (q: number, gap: number) => {
    if (q <= 0) return 0;
    const rate = ((1 - q) / gap) * horizonDays;
    return (q / (1 - q)) * (1 - (1 - Math.exp(-rate)) / rate);
  };
  const expected = (x: number) =>
    1 + KIND_SHARES[1] * repeats(x, KIND_GAP_DAYS[1]) + KIND_SHARES[2] * repeats(1 - (1 - x) / 3, KIND_GAP_DAYS[2]);
  let low = 0;
  let high = 0.9999;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (expected(middle) < ratio) low = middle;
    else high = middle;
  }
  return low;
}

/** Line items of an order from its first random draw: mostly one or two, up to four. */
const linesFor = (roll: number) => (roll < 0.35 ? 1 : roll < 0.7 ? 2 : roll < 0.9 ? 3 : 4);

function grow<T extends Float64Array | Uint32Array | Uint16Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  return next;
}

const slugs = new Map<string, string>();
function slug(text: string): string {
  let known = slugs.get(text);
  if (known === undefined) slugs.set(text, (known = slugOf(text)));
  return known;
}

function slugOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
