import { GraphQLError } from 'graphql';

/**
 * Cursor pagination as Shopify's connections do it: `first`/`last` with `after`/`before`, `reverse`,
 * opaque cursors that name the last record seen (its id and sort value, so a page does not shift when
 * records are added), `edges { cursor node }`, `nodes` and `pageInfo`.
 */

/** Records in ascending order of their sort value; ties keep the listing's own order. */
export interface Listing<T> {
  readonly length: number;
  /** The sort value of the record at `position` (cheap: binary searches read it). */
  value(position: number): number;
  item(position: number): T;
  /** The record's numeric id, for its cursor. */
  id(item: T): number;
}

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

export interface ConnectionSource<S> {
  edges: Array<{ cursor: string; node: S }>;
  nodes: S[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** The most records one page holds. */
export const MAX_PAGE_SIZE = 250;

interface CursorKey {
  last_id: number;
  last_value: number;
}

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64');

function decodeCursor(cursor: string): CursorKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as Partial<CursorKey>;
    if (typeof key.last_id === 'number' && typeof key.last_value === 'number') return key as CursorKey;
  } catch {
    // Falls through to the error below.
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort: ${cursor}`);
}

/** Refuses what Shopify refuses before paging: no size, a negative one, or one above the maximum. */
export function checkPageSize(args: ConnectionArgs): void {
  if (args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last');
  for (const name of ['first', 'last'] as const) {
    const size = args[name];
    if (size == null) continue;
    if (size < 0) throw new GraphQLError(`Argument '${name}' on connection must be a non-negative integer`);
    if (size > MAX_PAGE_SIZE)
      throw new GraphQLError(`The value of '${name}' on a connection can't exceed ${MAX_PAGE_SIZE} (it was ${size})`);
  }
}

/** Where a cursor's record sits: its position when it is still listed, else where it would be. */
function locate<T>(listing: Listing<T>, key: CursorKey): { low: number; high: number; at: number | null } {
  let low = 0;
  let high = listing.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (listing.value(middle) < key.last_value) low = middle + 1;
    else high = middle;
  }
  let end = low;
  let at: number | null = null;
  while (end < listing.length && listing.value(end) === key.last_value) {
    if (at === null && listing.id(listing.item(end)) === key.last_id) at = end;
    end++;
  }
  return { low, high: end, at };
}

/** One page of `listing` as a connection; `all` returns every record (a bulk operation's export). */
export function paginate<T, S>(
  listing: Listing<T>,
  args: ConnectionArgs,
  toSource: (item: T) => S,
  options: { all?: boolean } = {},
): ConnectionSource<S> {
  if (!options.all) checkPageSize(args);
  const reverse = args.reverse === true;
  // The window [start, end) in the listing's ascending order.
  let start = 0;
  let end = listing.length;
  const afterKey = args.after ? decodeCursor(args.after) : null;
  const beforeKey = args.before ? decodeCursor(args.before) : null;
  // `after` is past the cursor in the order read: above it ascending, below it when reversed.
  if (afterKey) {
    const found = locate(listing, afterKey);
    if (reverse) end = Math.min(end, found.at ?? found.low);
    else start = Math.max(start, found.at === null ? found.high : found.at + 1);
  }
  if (beforeKey) {
    const found = locate(listing, beforeKey);
    if (reverse) start = Math.max(start, found.at === null ? found.high : found.at + 1);
    else end = Math.min(end, found.at ?? found.low);
  }
  end = Math.max(start, end);
  if (!options.all) {
    // `first` counts from the front of the order read, `last` from its back.
    const { first, last } = args;
    const fromLow = (n: number) => (end = Math.min(end, start + n));
    const fromHigh = (n: number) => (start = Math.max(start, end - n));
    if (first != null) (reverse ? fromHigh : fromLow)(first);
    if (last != null) (reverse ? fromLow : fromHigh)(last);
  }
  const positions: number[] = [];
  if (reverse) for (let p = end - 1; p >= start; p--) positions.push(p);
  else for (let p = start; p < end; p++) positions.push(p);
  const edges = positions.map((position) => {
    const item = listing.item(position);
    return { cursor: encodeCursor({ last_id: listing.id(item), last_value: listing.value(position) }), node: toSource(item) };
  });
  const hasHigher = end < listing.length;
  const hasLower = start > 0;
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: reverse ? hasLower : hasHigher,
      hasPreviousPage: reverse ? hasHigher : hasLower,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A listing over records in a fixed order (an order's line items, the webhook subscriptions). */
export function arrayListing<T>(items: readonly T[], idOf: (item: T) => number): Listing<T> {
  return { length: items.length, value: (position) => position, item: (position) => items[position]!, id: idOf };
}
