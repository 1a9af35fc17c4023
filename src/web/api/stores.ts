import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { appClient } from './clients';
import { unwrap } from './errors';
import { storeKeys } from './keys';

/** The stores the signed-in user can open (every store for the provider's admin). */
export const storesQueryOptions = queryOptions({
  queryKey: storeKeys.list(),
  queryFn: async ({ signal }) => unwrap(await appClient.GET('/private/stores', { signal })),
  staleTime: Infinity,
});

export function useStores(enabled: boolean) {
  return useQuery({ ...storesQueryOptions, enabled });
}

export function useSwitchStore() {
  return useMutation({
    mutationFn: async (storeId: number) => unwrap(await appClient.PATCH('/private/me/stores', { body: { storeId } })),
  });
}
