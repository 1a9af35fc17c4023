/**
 * Records as the GraphQL Admin API returns them (field names unchanged), for the queries the client sends.
 * Amounts are decimal strings ("12990.0"); ids are global ids ("gid://shopify/Order/…").
 */

export interface Money {
  amount: string;
  currencyCode: string;
}

export interface MoneyBag {
  shopMoney: Money;
}

/** Shopify's CustomerMarketingConsentState / CustomerSmsMarketingState values. */
export type MarketingState = 'SUBSCRIBED' | 'NOT_SUBSCRIBED' | 'UNSUBSCRIBED' | 'PENDING' | 'REDACTED' | 'INVALID';

/** Shopify's CustomerMarketingConsentState: the per-channel consent of 2026-07 on (WhatsApp's). */
export type ChannelConsentState = 'NEVER_SUBSCRIBED' | 'PENDING' | 'REDACTED' | 'SUBSCRIBED' | 'UNSUBSCRIBED';

export interface Region {
  province: string | null;
  provinceCode: string | null;
  city: string | null;
}

export interface Shop {
  name: string;
  currencyCode: string;
  ianaTimezone: string;
  myshopifyDomain: string;
}

export interface Product {
  id: string;
  title: string;
  productType: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Customer {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** UnsignedInt64, sent as a string. */
  numberOfOrders: string;
  emailMarketingConsent: { marketingState: MarketingState } | null;
  smsMarketingConsent: { marketingState: MarketingState; consentUpdatedAt?: string | null } | null;
  /**
   * The default phone's WhatsApp consent (Admin API 2026-07 on). Left out (undefined) where the source
   * does not say it (a webhook payload without it): what is stored stays as it is.
   */
  defaultPhoneNumber?: { whatsAppMarketingConsent: { state: ChannelConsentState; updatedAt: string | null } } | null;
  defaultAddress: Region | null;
}

export interface Order {
  id: string;
  name: string;
  createdAt: string;
  /** When it was placed: earlier than `createdAt` for orders imported from another platform. */
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  /** Placed with the Bogus Gateway or a provider's test mode; never a sale. */
  test: boolean;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  customer: { id: string } | null;
  /** Charged at checkout. */
  totalPriceSet: MoneyBag;
  /** After returns and removals (a refund with nothing returned does not lower it). */
  currentTotalPriceSet: MoneyBag;
  /** Every refund so far, returns or not. */
  totalRefundedSet: MoneyBag;
  totalDiscountsSet: MoneyBag;
  discountCodes: string[];
  paymentGatewayNames: string[];
  /** The dispatch method. */
  shippingLine: { title: string } | null;
  shippingAddress: Region | null;
}

/** A line item as a bulk export gives it: flattened, pointing at its order through `__parentId`. */
export interface LineItem {
  id: string;
  __parentId: string;
  quantity: number;
  /** Units still kept: returns and removals take them off. */
  currentQuantity: number;
  title: string;
  product: { id: string } | null;
  originalTotalSet: MoneyBag;
  /** After line-level discounts only: order-level and code discounts are not in it. */
  discountedTotalSet: MoneyBag;
  /** Every discount allocated to the line, code and order-level ones included. */
  discountAllocations: Array<{ allocatedAmountSet: MoneyBag }>;
}

export interface AbandonedCheckout {
  id: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  customer: { id: string } | null;
  totalPriceSet: MoneyBag;
  abandonedCheckoutUrl: string;
}

/** What an orders bulk export yields: each order, then its line items; `kind` is added by the client from the id. */
export type BulkOrderRecord = ({ kind: 'order' } & Order) | ({ kind: 'lineItem' } & LineItem);

export interface BulkRecord {
  products: Product;
  customers: Customer;
  orders: BulkOrderRecord;
  abandonedCheckouts: AbandonedCheckout;
}

export type BulkKind = keyof BulkRecord;

/** The numeric id at the end of a Shopify gid (`gid://shopify/Order/123` → `123`), as text for a bigint. */
export const numericId = (gid: string | null | undefined): string | null => (gid ? gid.slice(gid.lastIndexOf('/') + 1) : null);

/** Webhook topics whose payload is the REST Order resource. */
export const ORDER_RESOURCE_TOPICS = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_FULFILLED',
  'ORDERS_PARTIALLY_FULFILLED',
  'ORDERS_PAID',
  'ORDERS_CANCELLED',
] as const;
/** Webhook topics whose body is the REST (abandoned) Checkout resource. */
export const CHECKOUT_RESOURCE_TOPICS = ['CHECKOUTS_CREATE', 'CHECKOUTS_UPDATE'] as const;
/** Webhook topics whose body is the REST Customer resource (`customers/delete` carries only its id). */
export const CUSTOMER_RESOURCE_TOPICS = ['CUSTOMERS_CREATE', 'CUSTOMERS_UPDATE'] as const;
/** Webhook topics whose body is the REST Product resource (`products/delete` carries only its id). */
export const PRODUCT_RESOURCE_TOPICS = ['PRODUCTS_CREATE', 'PRODUCTS_UPDATE'] as const;
export type WebhookTopic =
  | (typeof ORDER_RESOURCE_TOPICS)[number]
  | (typeof CHECKOUT_RESOURCE_TOPICS)[number]
  | (typeof CUSTOMER_RESOURCE_TOPICS)[number]
  | (typeof PRODUCT_RESOURCE_TOPICS)[number]
  | 'REFUNDS_CREATE'
  | 'CUSTOMERS_DELETE'
  | 'PRODUCTS_DELETE'
  | 'APP_UNINSTALLED';

/** The topic as webhook deliveries name it in `X-Shopify-Topic`. */
export const WEBHOOK_TOPIC_HEADER: Record<WebhookTopic, string> = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_FULFILLED: 'orders/fulfilled',
  ORDERS_PARTIALLY_FULFILLED: 'orders/partially_fulfilled',
  ORDERS_PAID: 'orders/paid',
  ORDERS_CANCELLED: 'orders/cancelled',
  CHECKOUTS_CREATE: 'checkouts/create',
  CHECKOUTS_UPDATE: 'checkouts/update',
  CUSTOMERS_CREATE: 'customers/create',
  CUSTOMERS_UPDATE: 'customers/update',
  CUSTOMERS_DELETE: 'customers/delete',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_UPDATE: 'products/update',
  PRODUCTS_DELETE: 'products/delete',
  REFUNDS_CREATE: 'refunds/create',
  APP_UNINSTALLED: 'app/uninstalled',
};

/**
 * Shopify's mandatory compliance topics. An app does not subscribe to them through the API: they are
 * declared once in the app's configuration and reach the same webhook address, signed with our app's secret.
 */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

/**
 * The topics our app's configuration (`shopify.app.toml`) subscribes every install to, so they arrive
 * even before the import subscribes the shop (a merchant who uninstalls at once). The import subscribes
 * it too (SUBSCRIBED_TOPICS), for stores connected with their own app's token, which that file does not
 * reach; applying an uninstall twice changes nothing.
 */
export const APP_CONFIG_TOPICS = ['APP_UNINSTALLED'] as const satisfies readonly WebhookTopic[];

/**
 * The access scopes the import and the webhooks need. Without `read_all_orders` Shopify returns only
 * the last 60 days of orders, silently, so the import would look complete and be short.
 */
export const REQUIRED_SCOPES = ['read_products', 'read_customers', 'read_orders', 'read_all_orders'] as const;
export type RequiredScope = (typeof REQUIRED_SCOPES)[number];

/** The required scopes `granted` lacks; a `write_` scope grants its `read_` one, as Shopify implies it. */
export function missingScopes(granted: readonly string[]): RequiredScope[] {
  const held = new Set(granted);
  return REQUIRED_SCOPES.filter((scope) => !held.has(scope) && !held.has(scope.replace(/^read_/, 'write_')));
}

/** The topics a store subscribes to once its import starts: every change the app applies as it happens. */
export const SUBSCRIBED_TOPICS: readonly WebhookTopic[] = [
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_FULFILLED',
  'ORDERS_CANCELLED',
  'REFUNDS_CREATE',
  'CHECKOUTS_CREATE',
  'CHECKOUTS_UPDATE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  'CUSTOMERS_DELETE',
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'APP_UNINSTALLED',
];

export type BulkOperationStatus = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELING' | 'CANCELED' | 'EXPIRED';

export interface BulkOperation {
  id: string;
  status: BulkOperationStatus;
  errorCode: string | null;
  objectCount: string;
  url: string | null;
  partialDataUrl: string | null;
}

/** `extensions.cost` of every GraphQL answer. */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
