import type { QueryClient } from '@tanstack/react-query';
import { accountDetailsQueryOptions } from '../api/account-details';
import { ordersCountQueryOptions, planCatalogQueryOptions } from '../api/plans';

/*
 * What the account pages open with, asked while the app is still starting (see `prefetchDashboard`).
 * With or without a plan: these are the pages that lead to one.
 */

export function prefetchAccount(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(accountDetailsQueryOptions);
}

/** The plans, and the orders from which one is recommended. */
export function prefetchChangePlan(queryClient: QueryClient, storeId: number): void {
  void queryClient.prefetchQuery(planCatalogQueryOptions);
  void queryClient.prefetchQuery(ordersCountQueryOptions(storeId));
}
