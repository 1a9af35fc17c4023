import { type QueryFunction, type QueryKey, queryOptions, skipToken } from '@tanstack/react-query';
import { type FetchResult, unwrap } from './errors';

/*
 * How a query waits for what its request needs, one idiom for every query of the app:
 * - a value the request is made with (the store's id, a link's token, the chosen catalog) that is not known
 *   yet: the query function is `skipToken` until it is (`storeQuery`, `whenKnown`), so the request is typed
 *   with the value, never with `undefined`;
 * - a request that could be made but is not wanted yet (a role that may not read it, a search still too
 *   short): TanStack's `enabled`, set by the hook.
 */

type Known<Values extends readonly unknown[]> = { [Index in keyof Values]: NonNullable<Values[Index]> };

/**
 * A query function that waits (`skipToken`) while any of `values` is `undefined` or `null`, then asks with
 * them (and the query's abort signal).
 */
export function whenKnown<const Values extends readonly unknown[], T>(
  values: Values,
  fetch: (values: Known<Values>, signal: AbortSignal) => Promise<T>,
): QueryFunction<T> | typeof skipToken {
  return values.some((value) => value === undefined || value === null) ? skipToken : ({ signal }) => fetch(values as Known<Values>, signal);
}

/**
 * The options of a query about one store: its key, and one contract call made with the store's id once the
 * session names it (until then the query waits); an error answer throws `ApiError` (`unwrap`). A hook or a
 * prefetch adds what only it needs (`enabled`, `placeholderData`).
 */
export function storeQuery<T, Key extends QueryKey>(
  queryKey: Key,
  storeId: number | undefined,
  request: (storeId: number, signal: AbortSignal) => Promise<FetchResult<T>>,
) {
  return queryOptions({ queryKey, queryFn: whenKnown([storeId], async ([id], signal) => unwrap(await request(id, signal))) });
}
