import { GraphQLError } from 'graphql';
import { SHOPIFY_API_VERSION } from '../client.ts';
import { type LineItem, numericId, type Order } from '../types.ts';
import type { BulkOperations } from './bulk.ts';
import type { ProductInfo } from './catalog.ts';
import type { Collections, RootKind } from './collections.ts';
import { arrayListing, type ConnectionArgs, MAX_PAGE_SIZE, paginate } from './connections.ts';
import type { CheckoutFacts, CustomerProfile, DemoStore, OrderFacts } from './generator.ts';
import { toIso } from './generator.ts';
import { money } from './ids.ts';
import { refundNode } from './nodes.ts';
import { currentTotalAt, refundsAt } from './orders.ts';
import { parseSearch } from './search.ts';
import type { Subscriptions, WebhookSubscription } from './subscriptions.ts';

/**
 * What the Admin API's fields read, over the generated store. A source object is what a field of
 * its type returns: the store's node (`orderNode`, `customerNode`…) with its `__typename`, and
 * functions for what is read on demand (relations through the store's …ById functions, nested
 * connections). A field no source holds is null, or an error naming it when it cannot be null.
 */

export interface ShopInfo {
  id: string;
  name: string;
  currencyCode: string;
  ianaTimezone: string;
  myshopifyDomain: string;
}

export interface AdminContext {
  store: DemoStore;
  collections: Collections;
  /** The store's visible moment for this request (seconds since the timeline start). */
  now: number;
  shop: ShopInfo;
  scopes: readonly string[];
  bulk: BulkOperations;
  subscriptions: Subscriptions;
  /** `http://host:port` the request came to, for the bulk files' URLs. */
  origin: string;
  /** A bulk operation's export: connections give every node, with no page size. */
  exporting: boolean;
}

export type Source = Record<string, unknown>;
type Args = Record<string, unknown>;
type FieldFunction = (args: Args, context: AdminContext) => unknown;

/** The kind and numeric id of a global id (`gid://shopify/Order/123`), or null. */
export function parseGid(gid: unknown): { type: string; id: number } | null {
  const match = typeof gid === 'string' ? /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(gid) : null;
  return match ? { type: match[1]!, id: Number(match[2]) } : null;
}

/** A source whose node is built on first read (a customer's node counts its orders). */
function lazy(typename: string, build: () => Source, fields: Record<string, unknown> = {}): Source {
  let node: Source | null = null;
  return { __typename: typename, __load: () => (node ??= build()), ...fields };
}

const connectionArgs = (args: Args) => args as ConnectionArgs;

export function orderSource(context: AdminContext, order: OrderFacts): Source {
  const { store, now } = context;
  const node = store.orderNode(order, now) as unknown as Order & Source;
  const currency = node.totalPriceSet.shopMoney.currencyCode;
  const lines = () => store.lineItemNodes(order, now);
  const lineSource = (line: LineItem, ctx: AdminContext): Source => {
    const unit = (amount: string) => money(Math.round(Number(amount) / line.quantity));
    return {
      // What a line item's non-null fields say that the store's line does not, read off what it does.
      name: line.title,
      originalUnitPriceSet: unit(line.originalTotalSet.shopMoney.amount),
      discountedUnitPriceSet: unit(line.discountedTotalSet.shopMoney.amount),
      totalDiscountSet: money(Number(line.originalTotalSet.shopMoney.amount) - Number(line.discountedTotalSet.shopMoney.amount)),
      refundableQuantity: line.currentQuantity,
      isGiftCard: false,
      requiresShipping: true,
      taxable: true,
      customAttributes: [],
      ...line,
      __typename: 'LineItem',
      product: () => productByGid(ctx, line.product?.id),
    };
  };
  return {
    // What the node does not say, read off what it does.
    number: Number(node.name.replace(/^#/, '')),
    legacyResourceId: numericId(node.id),
    currencyCode: currency,
    presentmentCurrencyCode: currency,
    // The demo's orders carry no tags, attributes or edits; Shopify answers empty lists and false for such orders.
    tags: [],
    customAttributes: [],
    edited: false,
    confirmed: true,
    originalTotalPriceSet: node.totalPriceSet,
    totalShippingPriceSet: money(order.shippingPrice),
    subtotalLineItemsQuantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    ...node,
    __typename: 'Order',
    customer: () => customerByGid(context, node.customer?.id),
    lineItems: ((args, ctx) =>
      paginate(
        arrayListing(lines(), (line) => Number(numericId(line.id))),
        connectionArgs(args),
        (line) => lineSource(line, ctx),
        { all: ctx.exporting },
      )) satisfies FieldFunction,
    // Each refund with the returned lines it paid back (`refundLineItems`), in Shopify's shape.
    refunds: refundsAt(order, now).map((refund) => ({
      ...refundNode(refund),
      __typename: 'Refund',
      legacyResourceId: String(refund.id),
      processedAt: toIso(refund.at),
      updatedAt: toIso(refund.at),
      order: () => orderSource(context, order),
      refundLineItems: ((args, ctx) =>
        paginate(
          arrayListing(refund.lines, (item) => item.line + 1),
          connectionArgs(args),
          (item) => {
            const line = lines()[item.line]!;
            return {
              __typename: 'RefundLineItem',
              id: `gid://shopify/RefundLineItem/${refund.id * 100 + item.line + 1}`,
              quantity: item.quantity,
              restockType: 'RETURN',
              restocked: true,
              priceSet: money(Math.round(item.amount / item.quantity)),
              subtotalSet: money(item.amount),
              totalTaxSet: money(0),
              lineItem: lineSource(line, ctx),
            };
          },
          { all: ctx.exporting },
        )) satisfies FieldFunction,
    })),
  };
}

/** A customer; its node (which counts its orders) is built only when a field beyond `id` is read. */
export function customerSource(context: AdminContext, profile: CustomerProfile, gid?: string): Source {
  const { store, now, collections } = context;
  return lazy('Customer', () => store.customerNode(profile, now) as unknown as Source, {
    ...(gid ? { id: gid } : {}),
    displayName: [profile.firstName, profile.lastName].filter(Boolean).join(' '),
    orders: ((args, ctx) =>
      paginate(
        collections.ordersOf(profile, parseSearch(args.query as string | null), args.sortKey as string | null, now),
        connectionArgs(args),
        (order) => orderSource(ctx, order),
        { all: ctx.exporting },
      )) satisfies FieldFunction,
    // Lifetime spend as Shopify counts it: what the customer's orders came to, less what was refunded.
    amountSpent: () => {
      const listing = collections.ordersOf(profile, parseSearch(null), 'ID', now);
      let total = 0;
      for (let position = 0; position < listing.length; position += 1) {
        const order = listing.item(position);
        if (!order.test) total += currentTotalAt(order, now);
      }
      return money(total).shopMoney;
    },
    legacyResourceId: gid ? numericId(gid) : () => numericId(store.customerNode(profile, now).id),
    locale: 'es',
    verifiedEmail: profile.email !== null,
    taxExempt: false,
    taxExemptions: [],
    dataSaleOptOut: false,
    lastOrder: () => {
      const listing = collections.ordersOf(profile, parseSearch(null), 'ID', now);
      return listing.length ? orderSource(context, listing.item(listing.length - 1)) : null;
    },
  });
}

export function productSource(context: AdminContext, product: ProductInfo): Source {
  return { ...(context.store.productNode(product, context.now) as unknown as Source), __typename: 'Product' };
}

export function checkoutSource(context: AdminContext, checkout: CheckoutFacts): Source {
  const node = context.store.checkoutNode(checkout, context.shop.myshopifyDomain);
  return { ...(node as unknown as Source), __typename: 'AbandonedCheckout', customer: () => customerByGid(context, node.customer?.id) };
}

function customerByGid(context: AdminContext, gid: string | null | undefined): Source | null {
  const parsed = parseGid(gid);
  const profile = parsed?.type === 'Customer' ? context.store.customerById(parsed.id, context.now) : null;
  return profile ? customerSource(context, profile, `gid://shopify/Customer/${parsed!.id}`) : null;
}

function productByGid(context: AdminContext, gid: string | null | undefined): Source | null {
  const parsed = parseGid(gid);
  const product = parsed?.type === 'Product' ? context.store.productById(parsed.id, context.now) : null;
  return product ? productSource(context, product) : null;
}

export const SOURCES: { [K in RootKind]: (context: AdminContext, record: never) => Source } = {
  orders: orderSource,
  customers: customerSource,
  products: productSource,
  abandonedCheckouts: checkoutSource,
};

function subscriptionSource(context: AdminContext, subscription: WebhookSubscription): Source {
  const createdAt = context.subscriptions.createdAt(subscription.id);
  return {
    __typename: 'WebhookSubscription',
    ...subscription,
    callbackUrl: subscription.uri,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: subscription.uri },
    format: 'JSON',
    includeFields: [],
    filter: null,
    name: null,
    createdAt,
    updatedAt: createdAt,
    apiVersion: { handle: SHOPIFY_API_VERSION, displayName: SHOPIFY_API_VERSION, supported: true },
  };
}

const shopSource = (context: AdminContext): Source => ({
  __typename: 'Shop',
  ...context.shop,
  orders: (args: Args, ctx: AdminContext) => rootConnection(ctx, 'orders', args),
  customers: (args: Args, ctx: AdminContext) => rootConnection(ctx, 'customers', args),
  products: (args: Args, ctx: AdminContext) => rootConnection(ctx, 'products', args),
});

const appInstallationSource = (context: AdminContext): Source => ({
  __typename: 'AppInstallation',
  id: 'gid://shopify/AppInstallation/700000001',
  accessScopes: context.scopes.map((handle) => ({ handle })),
});

/** The record a global id names, as its source; null when the store holds none. */
export function nodeByGid(context: AdminContext, gid: unknown): Source | null {
  const parsed = parseGid(gid);
  if (!parsed) return null;
  const { store, now } = context;
  switch (parsed.type) {
    case 'Order': {
      const order = store.orderById(parsed.id, now);
      return order ? orderSource(context, order) : null;
    }
    case 'Customer':
      return customerByGid(context, gid as string);
    case 'Product':
      return productByGid(context, gid as string);
    case 'AbandonedCheckout': {
      const checkout = store.checkoutById(parsed.id, now);
      return checkout ? checkoutSource(context, checkout) : null;
    }
    case 'BulkOperation':
      return context.bulk.get(gid as string);
    case 'WebhookSubscription': {
      const subscription = context.subscriptions.find(gid as string);
      return subscription ? subscriptionSource(context, subscription) : null;
    }
    case 'Shop':
      return gid === context.shop.id ? shopSource(context) : null;
    case 'AppInstallation': {
      const installation = appInstallationSource(context);
      return gid === installation.id ? installation : null;
    }
    default:
      return null;
  }
}

const ofType = (type: string) => (source: Source | null) => (source?.__typename === type ? source : null);

function rootConnection(context: AdminContext, kind: RootKind, args: Args) {
  const listing = context.collections.listing(kind, parseSearch(args.query as string | null), args.sortKey as string | null, context.now);
  const toSource = SOURCES[kind] as (context: AdminContext, record: unknown) => Source;
  return paginate(listing, connectionArgs(args), (record) => toSource(context, record), { all: context.exporting });
}

function rootCount(context: AdminContext, kind: RootKind, args: Args) {
  const count = context.collections.listing(kind, parseSearch(args.query as string | null), null, context.now).length;
  // `limit` caps the count (10000 unless given; null for none), and says so with AT_LEAST.
  const limit = args.limit as number | null;
  return limit != null && count > limit ? { count: limit, precision: 'AT_LEAST' } : { count, precision: 'EXACT' };
}

type Resolver = (source: Source, args: Args, context: AdminContext) => unknown;

/** Fields read from what the request names, rather than from a source's own values. */
export const RESOLVERS: Record<string, Record<string, Resolver>> = {
  QueryRoot: {
    shop: (_source, _args, context) => shopSource(context),
    currentAppInstallation: (_source, _args, context) => appInstallationSource(context),
    node: (_source, args, context) => nodeByGid(context, args.id),
    nodes: (_source, args, context) => {
      const ids = args.ids as string[];
      if (ids.length > MAX_PAGE_SIZE)
        throw new GraphQLError(`The nodes field accepts at most ${MAX_PAGE_SIZE} ids (it was given ${ids.length})`);
      return ids.map((id) => nodeByGid(context, id));
    },
    order: (_source, args, context) => ofType('Order')(nodeByGid(context, args.id)),
    customer: (_source, args, context) => ofType('Customer')(nodeByGid(context, args.id)),
    product: (_source, args, context) => ofType('Product')(nodeByGid(context, args.id)),
    abandonedCheckout: (_source, args, context) => ofType('AbandonedCheckout')(nodeByGid(context, args.id)),
    bulkOperation: (_source, args, context) => context.bulk.get(String(args.id)),
    webhookSubscription: (_source, args, context) => ofType('WebhookSubscription')(nodeByGid(context, args.id)),
    orders: (_source, args, context) => rootConnection(context, 'orders', args),
    customers: (_source, args, context) => rootConnection(context, 'customers', args),
    products: (_source, args, context) => rootConnection(context, 'products', args),
    abandonedCheckouts: (_source, args, context) => rootConnection(context, 'abandonedCheckouts', args),
    ordersCount: (_source, args, context) => rootCount(context, 'orders', args),
    customersCount: (_source, args, context) => rootCount(context, 'customers', args),
    productsCount: (_source, args, context) => rootCount(context, 'products', args),
    abandonedCheckoutsCount: (_source, args, context) => rootCount(context, 'abandonedCheckouts', args),
    currentBulkOperation: (_source, args, context) => (args.type === 'MUTATION' ? null : context.bulk.current()),
    bulkOperations: (_source, args, context) => {
      const listed = context.bulk.list(String(args.query ?? ''), args.sortKey === 'COMPLETED_AT' ? 'COMPLETED_AT' : 'CREATED_AT');
      return paginate(
        arrayListing(listed, (operation) => Number(String(operation.id).split('/').pop())),
        connectionArgs(args),
        (operation) => operation,
      );
    },
    webhookSubscriptions: (_source, args, context) => {
      const topics = args.topics as string[] | null | undefined;
      const uri = (args.uri ?? args.callbackUrl) as string | null | undefined;
      const listed = context.subscriptions.list().filter((s) => (!topics?.length || topics.includes(s.topic)) && (!uri || s.uri === uri));
      const ordered = arrayListing(listed, (s) => Number(numericId(s.id)));
      return paginate(ordered, connectionArgs(args), (s) => subscriptionSource(context, s), { all: context.exporting });
    },
  },
  Mutation: {
    bulkOperationRunQuery: (_source, args, context) => context.bulk.run(String(args.query), args.groupObjects === true, context),
    bulkOperationCancel: (_source, args, context) => context.bulk.cancel(String(args.id)),
    webhookSubscriptionCreate: (_source, args, context) => {
      const input = (args.webhookSubscription ?? {}) as { uri?: string | null; callbackUrl?: string | null };
      const { subscription, userErrors } = context.subscriptions.create(String(args.topic), input, toIso(context.now));
      return { webhookSubscription: subscription ? subscriptionSource(context, subscription) : null, userErrors };
    },
    webhookSubscriptionDelete: (_source, args, context) => {
      const { deletedId, userErrors } = context.subscriptions.delete(String(args.id));
      return { deletedWebhookSubscriptionId: deletedId, userErrors };
    },
  },
  MoneyBag: {
    // The shop sells in its own currency: what the buyer saw is what the shop got.
    presentmentMoney: (source) => source.presentmentMoney ?? source.shopMoney,
  },
};

/** Fields any node answers from its id. */
export const NODE_FIELDS: Record<string, (source: Source) => unknown> = {
  legacyResourceId: (source) => numericId(source.id as string | undefined),
};
