import type { QueryClient } from '@tanstack/react-query';
import { adAccountPropsQueryOptions } from '../../../api/ad-account';
import { segmentsQueryOptions } from '../../../api/segment-list';

/**
 * What the new campaign's first steps open with, asked while the app is still starting (see
 * `prefetchDashboard`): the ad account's minimum budget and the segments to choose from.
 */
export function prefetchCampaignForm(queryClient: QueryClient, storeId: number): void {
  void queryClient.prefetchQuery(adAccountPropsQueryOptions(storeId));
  void queryClient.prefetchQuery(segmentsQueryOptions(storeId));
}
