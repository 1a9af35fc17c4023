import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { whenStore } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { adCampaignKeys } from '../../../api/keys';

export type AdCampaignsPerformance = components['schemas']['AdCampaignsPerformance'];

/** The active campaigns with their spend, reach, attributed income and ROAS; waits until the session names the store. */
export const activeCampaignsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: adCampaignKeys.performance(storeId),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(await appClient.GET('/private/stores/{id}/adCampaigns/performance', { params: { path: { id: storeId } }, signal })),
    ),
  });

export function useActiveCampaigns(storeId: number | undefined) {
  return useQuery(activeCampaignsQueryOptions(storeId));
}
