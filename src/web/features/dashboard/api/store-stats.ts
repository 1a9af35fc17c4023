import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../shared/api/backend.gen';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

export type StoreStats = components['schemas']['StoreStats'];
export type StatsInRange = components['schemas']['StatsInRange'];
export type StatsTablePage = components['schemas']['StatsTablePage'];
export type StatsDimension = components['schemas']['StatsDimension'];
export type StatsInRangeQuery = NonNullable<operations['getStoreStatsInRange']['parameters']['query']>;

/* SPEC §7 data area "store charts and stats": every key starts with the store's stats key, so one
   invalidation refreshes them all (a new investment changes acquisition costs everywhere). */
export const storeStatsKey = (storeId: number) => ['stores', storeId, 'stats'] as const;

export async function fetchStoreStats(storeId: number, signal?: AbortSignal): Promise<StoreStats> {
  return unwrap(
    await backendClient.GET('/stores/{id}/stats', {
      params: { path: { id: storeId } },
      signal,
    }),
  );
}

export const storeStatsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: storeStatsKey(storeId),
    queryFn: ({ signal }) => fetchStoreStats(storeId, signal),
  });

export function useStoreStats(storeId: number | null) {
  return useQuery({
    ...storeStatsQueryOptions(storeId ?? 0),
    enabled: storeId !== null,
  });
}

export const statsInRangeQueryOptions = (storeId: number, query: StatsInRangeQuery) =>
  queryOptions({
    queryKey: [...storeStatsKey(storeId), 'range', query] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await backendClient.GET('/stores/{id}/statsInRange', {
          params: { path: { id: storeId }, query },
          signal,
        }),
      ),
  });

/** The figures of the last range stay on screen while the next one loads. */
export function useStatsInRange(storeId: number | null, query: StatsInRangeQuery) {
  return useQuery({
    ...statsInRangeQueryOptions(storeId ?? 0, query),
    enabled: storeId !== null,
    placeholderData: keepPreviousData,
  });
}

export const statsTableQueryOptions = (storeId: number, dimension: StatsDimension, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...storeStatsKey(storeId), 'table', dimension, page, pageSize] as const,
    queryFn: async ({ signal }) =>
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

export function useStatsTable(storeId: number | null, dimension: StatsDimension, page: number, pageSize: number) {
  return useQuery({
    ...statsTableQueryOptions(storeId ?? 0, dimension, page, pageSize),
    enabled: storeId !== null,
  });
}
