import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { adCampaignKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

export type AdCampaignsPerformance = components['schemas']['AdCampaignsPerformance'];

/** The active campaigns with their spend, reach, attributed income and ROAS; waits until the session names the store. */
export const activeCampaignsQueryOptions = (storeId: number | undefined) =>
  storeQuery(adCampaignKeys.performance(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/adCampaigns/performance', { params: { path: { id } }, signal }),
  );

export function useActiveCampaigns(storeId: number | undefined) {
  return useQuery(activeCampaignsQueryOptions(storeId));
}
