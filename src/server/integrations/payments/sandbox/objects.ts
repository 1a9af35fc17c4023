import type Stripe from 'stripe';
import { mulberry32 } from '../../random.ts';
import type { Params } from './params.ts';
import { invalidRequest, noSuch } from './stripe-errors.ts';

/*
 * The sandbox's objects, kept as Stripe renders them (the SDK's own types), with Stripe's ids: a
 * prefix per kind and 14 letters and digits from a seeded stream, so a run is repeatable. Lists come
 * newest first with cursor pagination; `expand[]` replaces ids by their objects, along nested paths.
 */

export interface Tables {
  customer: Stripe.Customer;
  payment_method: Stripe.PaymentMethod;
  setup_intent: Stripe.SetupIntent;
  product: Stripe.Product;
  price: Stripe.Price;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
  payment_intent: Stripe.PaymentIntent;
  charge: Stripe.Charge;
  test_clock: Stripe.TestHelpers.TestClock;
  webhook_endpoint: Stripe.WebhookEndpoint;
  event: Stripe.Event;
}
export type Kind = keyof Tables;

export const ID_PREFIXES: Record<Kind, string> = {
  customer: 'cus',
  payment_method: 'pm',
  setup_intent: 'seti',
  product: 'prod',
  price: 'price',
  subscription: 'sub',
  invoice: 'in',
  payment_intent: 'pi',
  charge: 'ch',
  test_clock: 'clock',
  webhook_endpoint: 'we',
  event: 'evt',
};

/** How Stripe names each kind in "No such …" messages. */
const NAMES: Record<Kind, string> = {
  customer: 'customer',
  payment_method: 'PaymentMethod',
  setup_intent: 'setupintent',
  product: 'product',
  price: 'price',
  subscription: 'subscription',
  invoice: 'invoice',
  payment_intent: 'payment_intent',
  charge: 'charge',
  test_clock: 'test_clock',
  webhook_endpoint: 'webhook endpoint',
  event: 'event',
};

const KIND_OF_PREFIX = new Map(Object.entries(ID_PREFIXES).map(([kind, prefix]) => [prefix, kind as Kind]));

/** The characters of Stripe's ids after the prefix. */
export const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export interface StoreOptions {
  /** The sandbox's clock in ms (objects not on a test clock); Date.now by default. */
  now: () => number;
  seed: number;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(options: StoreOptions) {
  const random = mulberry32(options.seed);
  const tables = Object.fromEntries(Object.keys(ID_PREFIXES).map((kind) => [kind, new Map()])) as {
    [K in Kind]: Map<string, Tables[K]>;
  };
  /** Insertion order of every id, so lists sort newest first even when test clocks disagree on `created`. */
  const order = new Map<string, number>();
  let counter = 0;

  const token = (length: number) => Array.from({ length }, () => ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)]).join('');

  const store = {
    tables,
    /** Ids of deleted customers: Stripe still answers a retrieve of one with its deleted stub. */
    deletedCustomers: new Set<string>(),
    nowMs: () => options.now(),
    nowSeconds: () => Math.floor(options.now() / 1000),
    random,
    token,
    id: (prefix: string) => `${prefix}_${token(14)}`,
    newId: (kind: Kind) => store.id(ID_PREFIXES[kind]),

    put<K extends Kind>(kind: K, object: Tables[K]): Tables[K] {
      if (!order.has(object.id)) order.set(object.id, (counter += 1));
      tables[kind].set(object.id, object);
      return object;
    },
    get<K extends Kind>(kind: K, id: string | null | undefined): Tables[K] | undefined {
      return id ? tables[kind].get(id) : undefined;
    },
    /** The object or Stripe's "No such …" (404 for the path's object, 400 naming `param`). */
    require<K extends Kind>(kind: K, id: string | null | undefined, param?: string): Tables[K] {
      const found = store.get(kind, id);
      if (!found) throw noSuch(NAMES[kind], id ?? '', param);
      return found;
    },
    remove(kind: Kind, id: string) {
      tables[kind].delete(id);
    },
    /** Every object of a kind, oldest first. */
    all<K extends Kind>(kind: K): Tables[K][] {
      return [...tables[kind].values()];
    },
    kindOf(id: string): Kind | null {
      return KIND_OF_PREFIX.get(id.slice(0, id.indexOf('_'))) ?? null;
    },
    find(id: string): Tables[Kind] | undefined {
      const kind = store.kindOf(id);
      return kind ? tables[kind].get(id) : undefined;
    },
    newestFirst<T extends { id: string }>(items: readonly T[]): T[] {
      return [...items].sort((a, b) => (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0));
    },
    /** Seconds on the test clock `clockId`, or the sandbox's own time without one. */
    clockTime(clockId: string | null | undefined): number {
      const clock = store.get('test_clock', clockId);
      return clock ? clock.frozen_time : store.nowSeconds();
    },
    clockOfCustomer(customerId: string | null | undefined): string | null {
      const clock = store.get('customer', customerId)?.test_clock;
      return typeof clock === 'string' ? clock : (clock?.id ?? null);
    },
    /** Seconds as the customer lives them: on its test clock, if it has one. */
    timeOfCustomer(customerId: string | null | undefined): number {
      return store.clockTime(store.clockOfCustomer(customerId));
    },
  };
  return store;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** A page of `items` (already newest first) per `limit`, `starting_after` and `ending_before`. */
export function paginate<T extends { id: string }>(items: readonly T[], params: Params, url: string): ListObject<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  if (after && before)
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  if (before) {
    const at = items.findIndex((item) => item.id === before);
    if (at === -1) throw noSuch('object', before, 'ending_before');
    const start = Math.max(0, at - limit);
    return { object: 'list', data: items.slice(start, at), has_more: start > 0, url };
  }
  let start = 0;
  if (after) {
    const at = items.findIndex((item) => item.id === after);
    if (at === -1) throw noSuch('object', after, 'starting_after');
    start = at + 1;
  }
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

export interface Expander {
  /** The object an id names, rendered, or undefined when it names none. */
  resolve(id: string): unknown;
  /** A field Stripe includes only when asked (`invoice.payments`), or undefined when `object` has none such. */
  include(object: Record<string, unknown>, field: string): unknown;
}

const cannotExpand = (path: string) => invalidRequest(`This property cannot be expanded (${path}).`, 'expand');

/** Stripe expands at most four levels deep. */
const MAX_EXPAND_DEPTH = 4;

function expandAt(target: unknown, segments: readonly string[], path: string, expander: Expander) {
  if (Array.isArray(target)) {
    for (const item of target) expandAt(item, segments, path, expander);
    return;
  }
  if (typeof target !== 'object' || target === null) return;
  const node = target as Record<string, unknown>;
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (node.object === 'list' && head === 'data') {
    if (rest.length === 0) throw cannotExpand(path);
    expandAt(node.data, rest, path, expander);
    return;
  }
  let value = node[head];
  if (value === undefined) {
    value = expander.include(node, head);
    if (value === undefined) throw cannotExpand(path);
    node[head] = value;
  } else if (typeof value === 'string') {
    const found = expander.resolve(value);
    if (found === undefined) throw cannotExpand(path);
    // A copy: expanding further inside it (`latest_invoice.payments`) must not write into the stored object.
    node[head] = structuredClone(found);
  } else if (value !== null && typeof value !== 'object') throw cannotExpand(path);
  if (rest.length > 0 && node[head] !== null) expandAt(node[head], rest, path, expander);
}

/** A copy of `object` with each `expand[]` path replaced by the objects its ids name. */
export function expand<T>(object: T, paths: readonly string[], expander: Expander): T {
  const copy = structuredClone(object);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_EXPAND_DEPTH)
      throw invalidRequest(`You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property. Property: ${path}`, 'expand');
    expandAt(copy, segments, path, expander);
  }
  return copy;
}
