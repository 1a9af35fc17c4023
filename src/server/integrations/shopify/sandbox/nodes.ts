import type { AbandonedCheckout, Customer, LineItem, Order, Product } from '../types.ts';
import { toIso } from './calendar.ts';
import type { ProductInfo } from './catalog.ts';
import { REGIONS } from './catalog.ts';
import type { CheckoutFacts } from './checkouts.ts';
import { type Address, type CustomerProfile, consentsAt } from './customers.ts';
import { CURRENCY, checkoutGid, customerGid, lineItemGid, money, orderGid, productGid, refundGid } from './ids.ts';
import {
  cancelledBy,
  currentQuantityAt,
  currentTotalAt,
  financialStatusAt,
  fulfilledBy,
  type OrderFacts,
  type Refund,
  refundedAt,
  refundsAt,
  updatedAtOf,
} from './orders.ts';
import { hash32 } from './prng.ts';

/**
 * The generated facts as the Admin GraphQL API shows them at a moment: field names and shapes of
 * Shopify's schema, so any query's selection can be read off them.
 */

export const region = (address: Address) => {
  const info = REGIONS[address.region]!;
  return { province: info.name, provinceCode: info.code, city: address.city };
};

export function mailingAddress(address: Address, customer: { firstName: string; lastName: string; phone: string | null } | null) {
  return {
    ...region(address),
    address1: address.street,
    country: 'Chile',
    countryCodeV2: 'CL',
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
    name: customer ? `${customer.firstName} ${customer.lastName}` : null,
    phone: customer?.phone ?? null,
  };
}

const discountAllocations = (line: OrderFacts['lines'][number], code: string | null) =>
  [
    line.automatic > 0 ? { allocatedAmountSet: money(line.automatic), discountApplication: { title: line.automaticTitle } } : null,
    line.codeShare > 0 ? { allocatedAmountSet: money(line.codeShare), discountApplication: { code } } : null,
  ].filter((allocation) => allocation !== null);

export function orderNode(order: OrderFacts, now: number): Order {
  const cancelled = cancelledBy(order, now);
  return {
    id: orderGid(order.id),
    name: order.name,
    createdAt: toIso(order.createdAt),
    processedAt: toIso(order.processedAt),
    updatedAt: toIso(updatedAtOf(order, now)),
    cancelledAt: cancelled ? toIso(order.cancelledAt!) : null,
    cancelReason: cancelled ? order.cancelReason : null,
    test: order.test,
    email: order.email,
    phone: order.phone,
    displayFinancialStatus: financialStatusAt(order, now),
    displayFulfillmentStatus: fulfilledBy(order, now) ? 'FULFILLED' : 'UNFULFILLED',
    customer: order.customer ? { id: customerGid(order.customer.index) } : null,
    totalPriceSet: money(order.total),
    currentTotalPriceSet: money(currentTotalAt(order, now)),
    totalRefundedSet: money(refundedAt(order, now)),
    totalDiscountsSet: money(order.discount),
    discountCodes: order.discountCode ? [order.discountCode] : [],
    paymentGatewayNames: [order.gateway],
    checkoutToken: order.checkoutToken,
    sourceName: order.createdAt === order.processedAt ? 'web' : 'import',
    shippingLine: { title: order.shipping.title, originalPriceSet: money(order.shippingPrice) },
    shippingAddress: mailingAddress(order.address, order.customer),
    refunds: refundsAt(order, now).map(refundNode),
  } as Order;
}

export const refundNode = (refund: Refund) => ({
  id: refundGid(refund.id),
  createdAt: toIso(refund.at),
  note: refund.note,
  totalRefundedSet: money(refund.amount),
});

export function lineItemNodes(order: OrderFacts, now: number): LineItem[] {
  const parent = orderGid(order.id);
  return order.lines.map(
    (line, k) =>
      ({
        id: lineItemGid(line.id),
        quantity: line.quantity,
        currentQuantity: currentQuantityAt(order, k, now),
        title: line.product.title,
        product: { id: productGid(line.product.index) },
        originalTotalSet: money(line.original),
        discountedTotalSet: money(line.discounted),
        discountAllocations: discountAllocations(line, order.discountCode),
        __parentId: parent,
      }) as LineItem,
  );
}

const moneyJson = (amount: number) => `{"shopMoney":{"amount":"${amount}.0","currencyCode":"${CURRENCY}"}}`;
const regionJson = (address: Address) => {
  const info = REGIONS[address.region]!;
  return `{"province":${JSON.stringify(info.name)},"provinceCode":"${info.code}","city":${JSON.stringify(address.city)}}`;
};

/**
 * The bulk file lines of an order and its line items for the selection the client sends
 * (`BULK_NODES.orders` in queries.ts): the same JSON as projecting `orderNode` and `lineItemNodes`,
 * written directly because exports of a million orders spend most of their time here.
 */
export function orderJsonLines(order: OrderFacts, now: number): string {
  const cancelled = cancelledBy(order, now);
  const gid = orderGid(order.id);
  let text =
    `{"id":"${gid}","name":"${order.name}","createdAt":"${toIso(order.createdAt)}","processedAt":"${toIso(order.processedAt)}",` +
    `"updatedAt":"${toIso(updatedAtOf(order, now))}","cancelledAt":${cancelled ? `"${toIso(order.cancelledAt!)}"` : 'null'},` +
    `"test":${order.test},"displayFinancialStatus":"${financialStatusAt(order, now)}",` +
    `"displayFulfillmentStatus":"${fulfilledBy(order, now) ? 'FULFILLED' : 'UNFULFILLED'}",` +
    `"customer":${order.customer ? `{"id":"${customerGid(order.customer.index)}"}` : 'null'},` +
    `"totalPriceSet":${moneyJson(order.total)},"currentTotalPriceSet":${moneyJson(currentTotalAt(order, now))},` +
    `"totalRefundedSet":${moneyJson(refundedAt(order, now))},"totalDiscountsSet":${moneyJson(order.discount)},` +
    `"discountCodes":${order.discountCode ? `[${JSON.stringify(order.discountCode)}]` : '[]'},"paymentGatewayNames":[${JSON.stringify(order.gateway)}],` +
    `"shippingLine":{"title":${JSON.stringify(order.shipping.title)}},"shippingAddress":${regionJson(order.address)}}\n`;
  order.lines.forEach((line, k) => {
    const allocations = [line.automatic, line.codeShare]
      .filter((amount) => amount > 0)
      .map((amount) => `{"allocatedAmountSet":${moneyJson(amount)}}`)
      .join(',');
    text +=
      `{"id":"${lineItemGid(line.id)}","quantity":${line.quantity},"currentQuantity":${currentQuantityAt(order, k, now)},` +
      `"title":${JSON.stringify(line.product.title)},"product":{"id":"${productGid(line.product.index)}"},` +
      `"originalTotalSet":${moneyJson(line.original)},"discountedTotalSet":${moneyJson(line.discounted)},` +
      `"discountAllocations":[${allocations}],"__parentId":"${gid}"}\n`;
  });
  return text;
}

/** A customer at `now`: orders so far, consent as it stands, addresses. */
export function customerNode(customer: CustomerProfile, now: number, orderTimes: number[]): Customer {
  const { email: emailState, sms: smsState, whatsapp, emailChanged, smsChanged, whatsappChanged } = consentsAt(customer, now);
  const updated = Math.max(customer.arrival, orderTimes.at(-1) ?? 0, emailChanged, smsChanged, whatsappChanged ?? 0);
  const addresses = customer.addresses.map((address) => mailingAddress(address, customer));
  return {
    id: customerGid(customer.index),
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    tags: customer.tags,
    createdAt: toIso(customer.arrival),
    updatedAt: toIso(updated),
    numberOfOrders: String(orderTimes.length),
    emailMarketingConsent: emailState
      ? { marketingState: emailState, marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: toIso(emailChanged) }
      : null,
    smsMarketingConsent: smsState
      ? {
          marketingState: smsState,
          marketingOptInLevel: 'SINGLE_OPT_IN',
          consentUpdatedAt: toIso(smsChanged),
          consentCollectedFrom: 'SHOPIFY',
        }
      : null,
    defaultEmailAddress: customer.email
      ? { emailAddress: customer.email, marketingState: emailState, marketingUpdatedAt: toIso(emailChanged), validFormat: true }
      : null,
    defaultPhoneNumber: customer.phone
      ? {
          phoneNumber: customer.phone,
          // The flat SMS fields, deprecated since smsMarketingConsent came, still answer.
          marketingState: smsState,
          marketingOptInLevel: 'SINGLE_OPT_IN',
          marketingUpdatedAt: toIso(smsChanged),
          marketingCollectedFrom: 'SHOPIFY',
          smsMarketingConsent: {
            state: smsState === 'NOT_SUBSCRIBED' ? 'NEVER_SUBSCRIBED' : smsState,
            optInLevel: 'SINGLE_OPT_IN',
            updatedAt: toIso(smsChanged),
            collectedFrom: 'SHOPIFY',
          },
          whatsAppMarketingConsent: {
            state: whatsapp,
            optInLevel: whatsappChanged === null ? null : 'SINGLE_OPT_IN',
            updatedAt: whatsappChanged === null ? null : toIso(whatsappChanged),
            collectedFrom: whatsappChanged === null ? null : 'SHOPIFY',
          },
        }
      : null,
    defaultAddress: addresses[0] ?? null,
    addresses,
    state: 'ENABLED',
  } as Customer;
}

export const productNode = (product: ProductInfo, now: number): Product => ({
  id: productGid(product.index),
  title: product.title,
  productType: product.productType,
  tags: product.tags,
  createdAt: toIso(product.createdAt),
  updatedAt: toIso(product.updatedAt <= now ? product.updatedAt : product.createdAt),
});

export const checkoutNode = (checkout: CheckoutFacts, shopDomain: string, seed: number): AbandonedCheckout => ({
  id: checkoutGid(checkout.id),
  createdAt: toIso(checkout.createdAt),
  updatedAt: toIso(checkout.createdAt),
  completedAt: null,
  customer: checkout.customer ? { id: customerGid(checkout.customer.index) } : null,
  totalPriceSet: money(checkout.total),
  abandonedCheckoutUrl: `https://${shopDomain}/checkouts/ac/${checkout.token}/recover?key=${hash32(seed, checkout.id).toString(16)}`,
});
