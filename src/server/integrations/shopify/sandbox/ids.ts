/**
 * The demo store's ids: each kind of record has its own numeric range, so an id names its record
 * without a table (an order's id holds its customer and sequence; a guest order's, its guest).
 */

export const CURRENCY = 'CLP';

const ORDER_ID_BASE = 5_000_000_000;
const CUSTOMER_ID_BASE = 6_000_000_000;
const GUEST_ORDER_ID_BASE = 7_000_000_000;
const PRODUCT_ID_BASE = 8_000_000_000;
const CHECKOUT_ID_BASE = 9_000_000_000;
const REFUND_ID_BASE = 10_000_000_000;
/** The checkouts that became orders: one per order. */
const ORDER_CHECKOUT_ID_BASE = 40_000_000_000;
/** Orders per customer at most (a customer's order ids leave room for 1000). */
export const MAX_SEQ = 999;

export const customerOrderId = (customer: number, seq: number) => ORDER_ID_BASE + customer * 1000 + seq;
export const guestOrderId = (guest: number) => GUEST_ORDER_ID_BASE + guest;
export const customerNumericId = (index: number) => CUSTOMER_ID_BASE + index;
export const productNumericId = (index: number) => PRODUCT_ID_BASE + index;
export const checkoutNumericId = (index: number) => CHECKOUT_ID_BASE + index;
export const orderCheckoutId = (orderId: number) => ORDER_CHECKOUT_ID_BASE + orderId;
/** A line item's id: its order's id and its position. */
export const lineItemId = (orderId: number, position: number) => orderId * 10 + position;
export const refundNumericId = (orderId: number, position: number) => REFUND_ID_BASE + orderId * 4 + position;

/** Whose order an order id is: a customer's (index and sequence) or a guest's; null when it is none. */
export function orderOwner(id: number): { customer: number; seq: number } | { guest: number } | null {
  if (!Number.isSafeInteger(id)) return null;
  if (id >= GUEST_ORDER_ID_BASE && id < PRODUCT_ID_BASE) return { guest: id - GUEST_ORDER_ID_BASE };
  if (id >= ORDER_ID_BASE && id < CUSTOMER_ID_BASE)
    return { customer: Math.floor((id - ORDER_ID_BASE) / 1000), seq: (id - ORDER_ID_BASE) % 1000 };
  return null;
}

/** The index behind a numeric id of `base`'s range, or null. */
const indexIn = (base: number, id: number): number | null =>
  Number.isSafeInteger(id) && id >= base && id < base + 1_000_000_000 ? id - base : null;
export const customerIndexOf = (id: number) => indexIn(CUSTOMER_ID_BASE, id);
export const productIndexOf = (id: number) => indexIn(PRODUCT_ID_BASE, id);
export const checkoutIndexOf = (id: number) => indexIn(CHECKOUT_ID_BASE, id);

export const orderGid = (id: number) => `gid://shopify/Order/${id}`;
export const customerGid = (index: number) => `gid://shopify/Customer/${customerNumericId(index)}`;
export const productGid = (index: number) => `gid://shopify/Product/${productNumericId(index)}`;
export const lineItemGid = (id: number) => `gid://shopify/LineItem/${id}`;
export const checkoutGid = (id: number) => `gid://shopify/AbandonedCheckout/${id}`;
export const refundGid = (id: number) => `gid://shopify/Refund/${id}`;

export const money = (amount: number) => ({ shopMoney: { amount: `${amount}.0`, currencyCode: CURRENCY } });
