import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/backend.gen';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

export type StoreStats = components['schemas']['StoreStats'];

export async function fetchStoreStats(storeId: number, signal?: AbortSignal): Promise<StoreStats> {
  return unwrap(await backendClient.GET('/stores/{id}/stats', { params: { path: { id: storeId } }, signal }));
}

/** SPEC §7 data area "store charts and stats". */
export const storeStatsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'stats'] as const,
    queryFn: ({ signal }) => fetchStoreStats(storeId, signal),
  });

export function useStoreStats(storeId: number | null) {
  return useQuery({ ...storeStatsQueryOptions(storeId ?? 0), enabled: storeId !== null });
}
