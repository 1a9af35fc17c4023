import type { UseQueryResult } from '@tanstack/react-query';
import { type FailureCause, failureCauseOf } from './errors';

/** What a screen is told about data it shows: still coming, failed (and why), or here. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; cause: FailureCause } | { status: 'success'; data: T };

/**
 * A query as a screen sees it. A retry after a failure shows as loading again; data kept from the
 * previous key (`placeholderData`) stays on screen while the next one loads.
 */
export function loadableOf<T>(query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isFetching'>): Loadable<T> {
  if (query.data !== undefined && !query.isError) return { status: 'success', data: query.data };
  if (query.isError && !query.isFetching) return { status: 'error', cause: failureCauseOf(query.error) };
  return { status: 'loading' };
}
