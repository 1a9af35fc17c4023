import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../shared/api/app.gen';
import { appClient } from './clients';
import { requireStoreId } from './current-store';
import { unwrap } from './errors';
import { storeKeys, storeSyncKeys } from './keys';
import { storeQuery } from './store-query';

export type StoreSync = components['schemas']['StoreSync'];
export type ScrapingStatus = components['schemas']['ScrapingStatus'];

/** The last year of orders is not in yet: data screens wait for it. */
export function isFirstImportPending(status: ScrapingStatus): boolean {
  return status === 'NEEDS_SCRAPE' || status === 'IN_PROGRESS';
}

/**
 * Data screens wait while the last year is still missing: downloading, or failed before it was in
 * (a total of 0 means the failure came before the platform even reported one).
 */
export function isLastYearMissing(sync: StoreSync): boolean {
  if (isFirstImportPending(sync.status)) return true;
  return sync.status === 'FAILED' && (sync.lastYear.total === 0 || sync.lastYear.imported < sync.lastYear.total);
}

/** Shared by the data-screen gate and the Integrations screen, which both watch the store's import. */
export const storeSyncQueryOptions = (storeId: number | undefined) =>
  storeQuery(storeSyncKeys.detail(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/sync', { params: { path: { id } }, signal }),
  );

/** The import; it moves on screen as the live channel says it moved (api/live.ts). */
export function useStoreSync(storeId: number | undefined) {
  return useQuery(storeSyncQueryOptions(storeId));
}

/** Retries a failed import from where it stopped; every view of the store's state refreshes. */
export function useRetryStoreSync(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await appClient.POST('/private/stores/{id}/sync/retry', { params: { path: { id: requireStoreId(storeId) } } })),
    onSuccess: (sync) => {
      queryClient.setQueryData(storeSyncQueryOptions(storeId).queryKey, sync);
      return queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) });
    },
  });
}

/**
 * "Sincronizar ahora": queues a refresh of what changed in the shop. A 409 `sync_running` means one
 * is already under way; every view of the store's state refreshes either way.
 */
export function useRefreshStoreSync(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await appClient.POST('/private/stores/{id}/sync/refresh', { params: { path: { id: requireStoreId(storeId) } } })),
    onSuccess: (sync) => queryClient.setQueryData(storeSyncQueryOptions(storeId).queryKey, sync),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}
