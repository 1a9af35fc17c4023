import type { BulkKind } from './types.ts';

/**
 * The operations the client sends. Every one is named: the sandbox answers by `operationName`,
 * so a name here and its case in the sandbox move together.
 */

export const SHOP_QUERY = `query Shop {
  shop { name currencyCode ianaTimezone myshopifyDomain }
}`;

export const ORDERS_COUNT_QUERY = `query OrdersCount($query: String) {
  ordersCount(query: $query, limit: null) { count precision }
}`;

export const BULK_RUN_MUTATION = `mutation BulkOperationRunQuery($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

const BULK_FIELDS = 'id status errorCode objectCount url partialDataUrl';

export const BULK_NODE_QUERY = `query BulkOperation($id: ID!) {
  node(id: $id) { ... on BulkOperation { ${BULK_FIELDS} } }
}`;

export const CURRENT_BULK_QUERY = `query CurrentBulkOperation {
  currentBulkOperation(type: QUERY) { ${BULK_FIELDS} }
}`;

export const BULK_CANCEL_MUTATION = `mutation BulkOperationCancel($id: ID!) {
  bulkOperationCancel(id: $id) {
    bulkOperation { id status }
    userErrors { field message }
  }
}`;

export const WEBHOOK_CREATE_MUTATION = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`;

const MONEY = 'shopMoney { amount currencyCode }';
const REGION = 'province provinceCode city';

const BULK_NODES: Record<BulkKind, string> = {
  products: 'id title productType tags createdAt updatedAt',
  customers: `id firstName lastName email phone tags createdAt updatedAt numberOfOrders
    emailMarketingConsent { marketingState } smsMarketingConsent { marketingState }
    defaultAddress { ${REGION} }`,
  orders: `id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus
    customer { id }
    currentTotalPriceSet { ${MONEY} } totalDiscountsSet { ${MONEY} }
    discountCodes paymentGatewayNames
    shippingLine { title } shippingAddress { ${REGION} }
    lineItems { edges { node { id quantity title product { id } originalTotalSet { ${MONEY} } discountedTotalSet { ${MONEY} } } } }`,
  // A bulk export, not pages: paging carts runs into the cost limit (a year of them took minutes).
  abandonedCheckouts: `id createdAt updatedAt completedAt customer { id } totalPriceSet { ${MONEY} } abandonedCheckoutUrl`,
};

/** The query a bulk operation runs for `kind`; `search` filters with Shopify's search syntax. */
export function bulkQuery(kind: BulkKind, search?: string): string {
  const args = search ? `(query: ${JSON.stringify(search)})` : '';
  return `{ ${kind}${args} { edges { node { ${BULK_NODES[kind]} } } } }`;
}
