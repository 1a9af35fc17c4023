import { queryOptions, useQuery } from '@tanstack/react-query';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { ordersCountKeys, planKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

/** SPEC §7 "subscription plans": prices, ranges, features, and where the browser sends card details. Fixed for a page's life. */
export const planCatalogQueryOptions = queryOptions({
  queryKey: planKeys.list(),
  queryFn: async ({ signal }) => unwrap(await appClient.GET('/private/plans', { signal })),
  staleTime: Infinity,
});

export function usePlanCatalog() {
  return useQuery(planCatalogQueryOptions);
}

/** The store's orders of the last 30 days, from which a plan is recommended. */
export const ordersCountQueryOptions = (storeId: number | undefined) =>
  storeQuery(ordersCountKeys.detail(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/ordersCount', { params: { path: { id } }, signal }),
  );

export function useOrdersCount(storeId: number | undefined) {
  return useQuery(ordersCountQueryOptions(storeId));
}
