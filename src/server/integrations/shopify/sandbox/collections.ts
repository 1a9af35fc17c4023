import { GraphQLError } from 'graphql';
import { numericId } from '../types.ts';
import type { ProductInfo } from './catalog.ts';
import type { Listing } from './connections.ts';
import type { CheckoutFacts, CustomerProfile, DemoStore, OrderFacts } from './generator.ts';
import { TIMELINE_START_MS } from './generator.ts';
import { filtersBeyondCreation, matches, type SearchFilter } from './search.ts';

/**
 * The store's records as sorted, filtered listings, the one source of both the connections and the
 * bulk exports. Each kind has a natural sequence the store indexes (orders by time, customers by
 * arrival, carts by time): a search on creation dates alone, read in that order, is a range of it.
 * Any other sort or filter reads the records once and sorts them, kept for the next page.
 */

export type RootKind = 'orders' | 'customers' | 'products' | 'abandonedCheckouts';

export interface RecordOf {
  orders: OrderFacts;
  customers: CustomerProfile;
  products: ProductInfo;
  abandonedCheckouts: CheckoutFacts;
}

/** The sort keys each kind answers; the first one is the natural sequence (and the default). */
const SORT_KEYS: Record<RootKind, readonly string[]> = {
  orders: ['PROCESSED_AT', 'CREATED_AT', 'ORDER_NUMBER', 'RELEVANCE', 'ID', 'UPDATED_AT'],
  customers: ['ID', 'CREATED_AT', 'RELEVANCE', 'UPDATED_AT'],
  products: ['ID', 'RELEVANCE', 'CREATED_AT', 'UPDATED_AT'],
  abandonedCheckouts: ['ID', 'CHECKOUT_ID', 'CREATED_AT', 'RELEVANCE'],
};
/** Sort keys that read the natural sequence. */
const NATURAL = new Set(['PROCESSED_AT', 'CREATED_AT', 'ORDER_NUMBER', 'RELEVANCE', 'ID', 'CHECKOUT_ID']);

const toSeconds = (iso: string) => (Date.parse(iso) - TIMELINE_START_MS) / 1000;

export interface Collections {
  listing<K extends RootKind>(kind: K, filter: SearchFilter, sortKey: string | null | undefined, now: number): Listing<RecordOf[K]>;
  /** A customer's orders (Customer.orders): by id unless sorted by UPDATED_AT. */
  ordersOf(customer: CustomerProfile, filter: SearchFilter, sortKey: string | null | undefined, now: number): Listing<OrderFacts>;
}

export function createCollections(store: DemoStore): Collections {
  const cache = new Map<string, Listing<unknown>>();
  /** Materialized listings are kept for the next page; a few at a time. */
  function cached<T>(key: string, build: () => Listing<T>): Listing<T> {
    let listing = cache.get(key) as Listing<T> | undefined;
    if (!listing) {
      listing = build();
      cache.set(key, listing as Listing<unknown>);
      if (cache.size > 8) cache.delete(cache.keys().next().value!);
    }
    return listing;
  }

  const orderSearchable = (order: OrderFacts, now: number) => ({
    id: order.id,
    createdAt: order.createdAt,
    updatedAt: store.orderUpdatedAt(order, now),
    email: order.email,
  });
  const customerId = (profile: CustomerProfile, now: number) => Number(numericId(store.customerNode(profile, now).id));
  const productId = (product: ProductInfo, now: number) => Number(numericId(store.productNode(product, now).id));
  const checkoutId = (checkout: CheckoutFacts) => checkout.id;

  function orders(filter: SearchFilter, sortKey: string, now: number): Listing<OrderFacts> {
    const index = store.currentIndex(now);
    const { from, to } = store.orderRange(filter, now, index);
    const id = (order: OrderFacts) => order.id;
    if (NATURAL.has(sortKey) && sortKey !== 'ID' && !filtersBeyondCreation(filter)) {
      return { length: to - from, value: (p) => from + p, item: (p) => store.orderAt(from + p, index), id };
    }
    return cached(`orders|${sortKey}|${JSON.stringify(filter)}|${now}`, () => {
      const ranks: number[] = [];
      const values: number[] = [];
      for (let rank = from; rank < to; rank++) {
        const order = store.orderAt(rank, index);
        const record = orderSearchable(order, now);
        if (!matches(filter, record)) continue;
        ranks.push(rank);
        values.push(sortKey === 'ID' ? order.id : sortKey === 'UPDATED_AT' ? record.updatedAt : rank);
      }
      return refListing(ranks, values, (rank) => store.orderAt(rank, index), id);
    });
  }

  /** Ordinals [low, high) of a monotone sequence whose creation time is within the filter's bounds. */
  function createdRange(count: number, createdAt: (ordinal: number) => number, filter: SearchFilter): { low: number; high: number } {
    const firstAt = (time: number) => {
      let low = 0;
      let high = count;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (createdAt(middle) < time) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    const low = filter.createdMin === -Infinity ? 0 : firstAt(filter.createdMin);
    const high = filter.createdMax === Infinity ? count : firstAt(filter.createdMax + 1);
    return { low, high: Math.max(low, high) };
  }

  function customers(filter: SearchFilter, sortKey: string, now: number): Listing<CustomerProfile> {
    const visible = store.visibleCustomers(now);
    const id = (profile: CustomerProfile) => customerId(profile, now);
    const { low, high } = createdRange(visible, (i) => store.profile(i).arrival, filter);
    if (NATURAL.has(sortKey) && !filtersBeyondCreation(filter)) {
      return { length: high - low, value: (p) => low + p, item: (p) => store.profile(low + p), id };
    }
    return cached(`customers|${sortKey}|${JSON.stringify(filter)}|${now}`, () => {
      const refs: number[] = [];
      const values: number[] = [];
      for (let i = low; i < high; i++) {
        const profile = store.profile(i);
        const node = store.customerNode(profile, now);
        const updatedAt = toSeconds(node.updatedAt);
        const record = { id: Number(numericId(node.id)), createdAt: profile.arrival, updatedAt, email: profile.email };
        if (!matches(filter, record)) continue;
        refs.push(i);
        values.push(sortKey === 'UPDATED_AT' ? updatedAt : i);
      }
      return refListing(refs, values, (i) => store.profile(i), id);
    });
  }

  function products(filter: SearchFilter, sortKey: string, now: number): Listing<ProductInfo> {
    const refs: number[] = [];
    const values: number[] = [];
    for (const product of store.products) {
      if (product.createdAt > now) continue;
      const updatedAt = product.updatedAt <= now ? product.updatedAt : product.createdAt;
      if (!matches(filter, { id: productId(product, now), createdAt: product.createdAt, updatedAt })) continue;
      refs.push(product.index);
      values.push(sortKey === 'CREATED_AT' ? product.createdAt : sortKey === 'UPDATED_AT' ? updatedAt : product.index);
    }
    return refListing(
      refs,
      values,
      (index) => store.products[index]!,
      (product) => productId(product, now),
    );
  }

  function checkouts(filter: SearchFilter, sortKey: string, now: number): Listing<CheckoutFacts> {
    // A cart is never updated after it is left, so both time filters read its creation time.
    const created: SearchFilter = {
      ...filter,
      createdMin: Math.max(filter.createdMin, filter.updatedMin),
      createdMax: Math.min(now, filter.createdMax, filter.updatedMax),
      updatedMin: -Infinity,
      updatedMax: Infinity,
    };
    const low = created.createdMin === -Infinity ? 0 : store.visibleCheckouts(created.createdMin - 1);
    const high = Math.max(low, store.visibleCheckouts(created.createdMax));
    if (!filtersBeyondCreation(created)) {
      return { length: high - low, value: (p) => low + p, item: (p) => store.checkoutAt(low + p), id: checkoutId };
    }
    return cached(`abandonedCheckouts|${sortKey}|${JSON.stringify(created)}|${now}`, () => {
      const refs: number[] = [];
      for (let j = low; j < high; j++) {
        const checkout = store.checkoutAt(j);
        const record = { id: checkout.id, createdAt: checkout.createdAt, updatedAt: checkout.createdAt, email: checkout.customer?.email };
        if (matches(created, record)) refs.push(j);
      }
      return refListing(refs, refs, (j) => store.checkoutAt(j), checkoutId);
    });
  }

  function listing<K extends RootKind>(kind: K, filter: SearchFilter, sortKey: string | null | undefined, now: number) {
    const key = sortKey ?? SORT_KEYS[kind][0]!;
    if (!SORT_KEYS[kind].includes(key)) {
      throw new GraphQLError(`The sandbox sorts ${kind} by ${SORT_KEYS[kind].join(', ')}; it does not sort them by ${key}.`);
    }
    const build = { orders, customers, products, abandonedCheckouts: checkouts }[kind] as (
      filter: SearchFilter,
      sortKey: string,
      now: number,
    ) => Listing<RecordOf[K]>;
    return build(filter, key, now);
  }

  function ordersOf(customer: CustomerProfile, filter: SearchFilter, sortKey: string | null | undefined, now: number): Listing<OrderFacts> {
    const key = sortKey ?? 'ID';
    if (!SORT_KEYS.orders.includes(key)) {
      throw new GraphQLError(`The sandbox sorts orders by ${SORT_KEYS.orders.join(', ')}; it does not sort them by ${key}.`);
    }
    const orders = store.ordersOf(customer, now).filter((order) => matches(filter, orderSearchable(order, now)));
    // A customer's orders come in the order of their ids, which is also the order of their dates.
    return refListing(
      orders.map((_, k) => k),
      orders.map((order) => (key === 'UPDATED_AT' ? store.orderUpdatedAt(order, now) : order.id)),
      (k) => orders[k]!,
      (order) => order.id,
    );
  }

  return { listing, ordersOf };
}

/** A listing of references sorted by their values (ties by reference), fetching each record on demand. */
function refListing<T>(refs: number[], values: number[], fetch: (ref: number) => T, id: (item: T) => number): Listing<T> {
  const order = Int32Array.from(refs.keys()).sort((a, b) => values[a]! - values[b]! || refs[a]! - refs[b]!);
  return {
    length: order.length,
    value: (position) => values[order[position]!]!,
    item: (position) => fetch(refs[order[position]!]!),
    id,
  };
}
