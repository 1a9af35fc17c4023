import type { BulkKind } from './types.ts';

/**
 * The operations the client sends, valid against the Admin schema of `SHOPIFY_API_VERSION`
 * (tests/server/integrations/shopify/schema.test.ts checks them). Every one is named, so the client
 * can keep each operation's last cost apart; the sandbox executes any valid document over the Admin
 * schema, so these need no counterpart there. The exception is the bulk selections below: the
 * sandbox writes exactly these from the store's own JSON writers (sandbox/bulk.ts), and any other
 * selection through its executor, to the same bytes.
 */

export const SHOP_QUERY = `query Shop {
  shop { name currencyCode ianaTimezone myshopifyDomain }
}`;

export const ACCESS_SCOPES_QUERY = `query AccessScopes {
  currentAppInstallation { accessScopes { handle } }
}`;

export const ORDERS_COUNT_QUERY = `query OrdersCount($query: String) {
  ordersCount(query: $query, limit: null) { count precision }
}`;

// `groupObjects` is passed explicitly: its default became false in 2026-01. Grouped output puts an
// order's line items right after it, which lets the import commit an order with its lines and resume
// from the last committed order.
export const BULK_RUN_MUTATION = `mutation BulkOperationRunQuery($query: String!, $groupObjects: Boolean!) {
  bulkOperationRunQuery(query: $query, groupObjects: $groupObjects) {
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
    emailMarketingConsent { marketingState } smsMarketingConsent { marketingState consentUpdatedAt }
    defaultPhoneNumber { whatsAppMarketingConsent { state updatedAt } }
    defaultAddress { ${REGION} }`,
  orders: `id name createdAt processedAt updatedAt cancelledAt test displayFinancialStatus displayFulfillmentStatus
    customer { id }
    totalPriceSet { ${MONEY} } currentTotalPriceSet { ${MONEY} } totalRefundedSet { ${MONEY} } totalDiscountsSet { ${MONEY} }
    discountCodes paymentGatewayNames
    shippingLine { title } shippingAddress { ${REGION} }
    lineItems { edges { node { id quantity currentQuantity title product { id } originalTotalSet { ${MONEY} } discountedTotalSet { ${MONEY} }
      discountAllocations { allocatedAmountSet { ${MONEY} } } } } }`,
  // A bulk export, not pages: paging carts runs into the cost limit (a year of them took minutes).
  abandonedCheckouts: `id createdAt updatedAt completedAt customer { id } totalPriceSet { ${MONEY} } abandonedCheckoutUrl`,
};

/** The query a bulk operation runs for `kind`; `search` filters with Shopify's search syntax. */
export function bulkQuery(kind: BulkKind, search?: string): string {
  const args = search ? `(query: ${JSON.stringify(search)})` : '';
  return `{ ${kind}${args} { edges { node { ${BULK_NODES[kind]} } } } }`;
}
