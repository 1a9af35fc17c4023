import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../shared/api/backend.gen';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { statsKeys } from '../../../api/keys';

export type StoreStats = components['schemas']['StoreStats'];
export type StatsInRange = components['schemas']['StatsInRange'];
export type StatsTablePage = components['schemas']['StatsTablePage'];
export type StatsDimension = components['schemas']['StatsDimension'];
export type StatsInRangeQuery = NonNullable<operations['getStoreStatsInRange']['parameters']['query']>;

/* SPEC §7 data area "store charts and stats": every key starts with `statsKeys.all`, so one
   invalidation refreshes them all (a new investment changes acquisition costs everywhere). Each query
   waits (`skipToken`) until the session names the store. */

export async function fetchStoreStats(storeId: number, signal?: AbortSignal): Promise<StoreStats> {
  return unwrap(
    await backendClient.GET('/stores/{id}/stats', {
      params: { path: { id: storeId } },
      signal,
    }),
  );
}

export const storeStatsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: statsKeys.overview(storeId),
    queryFn: storeId === undefined ? skipToken : ({ signal }) => fetchStoreStats(storeId, signal),
  });

export function useStoreStats(storeId: number | undefined) {
  return useQuery(storeStatsQueryOptions(storeId));
}

export const statsInRangeQueryOptions = (storeId: number | undefined, query: StatsInRangeQuery) =>
  queryOptions({
    queryKey: statsKeys.inRange(storeId, query),
    queryFn:
      storeId === undefined
        ? skipToken
        : async ({ signal }) =>
            unwrap(
              await backendClient.GET('/stores/{id}/statsInRange', {
                params: { path: { id: storeId }, query },
                signal,
              }),
            ),
  });

/** The figures of the last range stay on screen while the next one loads. */
export function useStatsInRange(storeId: number | undefined, query: StatsInRangeQuery) {
  return useQuery({
    ...statsInRangeQueryOptions(storeId, query),
    placeholderData: keepPreviousData,
  });
}

export const statsTableQueryOptions = (storeId: number | undefined, dimension: StatsDimension, page: number, pageSize: number) =>
  queryOptions({
    queryKey: statsKeys.table(storeId, dimension, page, pageSize),
    queryFn:
      storeId === undefined
        ? skipToken
        : async ({ signal }) =>
            unwrap(
              await backendClient.GET('/stores/{id}/stats/table', {
                params: {
                  path: { id: storeId },
                  query: { dimension, page, pageSize },
                },
                signal,
              }),
            ),
  });

export function useStatsTable(storeId: number | undefined, dimension: StatsDimension, page: number, pageSize: number) {
  return useQuery(statsTableQueryOptions(storeId, dimension, page, pageSize));
}
