import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { adAccountPropsQueryOptions } from '../../../api/ad-account';
import { acquisitionCostQueryOptions } from '../api/acquisition-cost';
import { activeCampaignsQueryOptions } from '../api/active-campaigns';
import { statsInRangeQueryOptions, statsTableQueryOptions, storeStatsQueryOptions } from '../api/store-stats';
import { dashboardViewOf, tablePageQueryOf } from './use-dashboard-address';

/** The store's today until its figures say otherwise: the browser's. */
export const browserToday = () => dayjs().format('YYYY-MM-DD');

/**
 * Asks for what the dashboard opens with at this address while the app is still starting. Apart from
 * the page's code, and small, so that it comes with the app's: a phone asks for the figures as soon
 * as the session names the store instead of once the page's code has arrived and run.
 */
export function prefetchDashboard(queryClient: QueryClient, storeId: number, search: URLSearchParams): void {
  const view = dashboardViewOf(search, browserToday());
  void queryClient.prefetchQuery(storeStatsQueryOptions(storeId));
  void queryClient.prefetchQuery(statsInRangeQueryOptions(storeId, view.query));
  void queryClient.prefetchQuery(statsTableQueryOptions(storeId, tablePageQueryOf(view)));
  void queryClient.prefetchQuery(acquisitionCostQueryOptions(storeId, view.year));
  void queryClient.prefetchQuery(activeCampaignsQueryOptions(storeId));
  void queryClient.prefetchQuery(adAccountPropsQueryOptions(storeId));
}
