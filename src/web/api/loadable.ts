import type { UseQueryResult } from '@tanstack/react-query';

/** What a screen is told about data it shows: still coming, failed, or here. */
export type Loadable<T> = { status: 'loading' } | { status: 'error' } | { status: 'success'; data: T };

/**
 * A query as a screen sees it. A retry after a failure shows as loading again; data kept from the
 * previous key (`placeholderData`) stays on screen while the next one loads.
 */
export function loadableOf<T>(query: UseQueryResult<T>): Loadable<T> {
  if (query.data !== undefined && !query.isError) return { status: 'success', data: query.data };
  if (query.isError && !query.isFetching) return { status: 'error' };
  return { status: 'loading' };
}
