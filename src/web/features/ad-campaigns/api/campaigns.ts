import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { ApiError, type FetchResult, unwrap } from '../../../api/errors';
import { adCampaignKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

export type AdCampaign = components['schemas']['AdCampaign'];
export type AdCampaignSummary = components['schemas']['AdCampaignSummary'];
export type AdCampaignList = components['schemas']['AdCampaignList'];
export type AdCampaignStatus = components['schemas']['AdCampaignStatus'];
export type AdCampaignType = components['schemas']['AdCampaignType'];
export type AdCampaignNotEditableReason = components['schemas']['AdCampaignNotEditableReason'];
export type AdCampaignInsights = components['schemas']['AdCampaignInsights'];

/** The Meta connection a campaign call needs is missing or must be renewed (409), so Integrations comes first. */
export type MetaConnectionProblem = 'notConnected' | 'renewalRequired';

export function metaConnectionProblemOf(error: unknown): MetaConnectionProblem | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.code === 'social_ads_not_connected') return 'notConnected';
  if (error.code === 'social_ads_renewal_required') return 'renewalRequired';
  return null;
}

/* SPEC §7 data areas "campaigns", "campaign insights and charts" and "currency". Each query waits
   until the session names the store; every key comes from `adCampaignKeys`. */

/** The store's campaigns, the newest first; `status` null for all of them. */
export const adCampaignsQueryOptions = (storeId: number | undefined, status: AdCampaignStatus | null) =>
  storeQuery(adCampaignKeys.list(storeId, status), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/adCampaigns', { params: { path: { id }, query: status ? { status } : {} }, signal }),
  );

export function useAdCampaigns(storeId: number | undefined, status: AdCampaignStatus | null) {
  return useQuery(adCampaignsQueryOptions(storeId, status));
}

/** One campaign with everything the wizard edits (the detail's general details). */
export const adCampaignQueryOptions = (storeId: number | undefined, campaignId: number) =>
  storeQuery(adCampaignKeys.detail(storeId, campaignId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/adCampaigns/{campaignId}', { params: { path: { id, campaignId } }, signal }),
  );

export function useAdCampaign(storeId: number | undefined, campaignId: number) {
  return useQuery(adCampaignQueryOptions(storeId, campaignId));
}

/** The campaign's figures as last read from Meta; a newer read, once done, refreshes them through the live channel. */
export const adCampaignInsightsQueryOptions = (storeId: number | undefined, campaignId: number) =>
  storeQuery(adCampaignKeys.insights(storeId, campaignId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/adCampaigns/{campaignId}/insights', { params: { path: { id, campaignId } }, signal }),
  );

export function useAdCampaignInsights(storeId: number | undefined, campaignId: number, enabled: boolean) {
  return useQuery({ ...adCampaignInsightsQueryOptions(storeId, campaignId), enabled });
}

/** Every campaign figure of the store, lists, details and the dashboard's, is asked again. */
const refreshCampaigns = (queryClient: QueryClient, storeId: number | undefined) =>
  queryClient.invalidateQueries({ queryKey: adCampaignKeys.all(storeId) });

/**
 * A change to one campaign from its row or its detail: the summary the server answers replaces the
 * campaign's row in every list already loaded, then every campaign figure is asked again.
 */
function useCampaignChange<Input>(
  storeId: number | undefined,
  request: (storeId: number, input: Input) => Promise<FetchResult<AdCampaignSummary>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => unwrap(await request(requireStoreId(storeId), input)),
    onSuccess: (summary) =>
      queryClient.setQueriesData<AdCampaignList>({ queryKey: adCampaignKeys.lists(storeId) }, (list) =>
        list ? { campaigns: list.campaigns.map((campaign) => (campaign.id === summary.id ? summary : campaign)) } : list,
      ),
    onSettled: () => refreshCampaigns(queryClient, storeId),
  });
}

export interface SetAdCampaignActiveInput {
  campaignId: number;
  active: boolean;
}

/** Activates (ACTIVE in Meta) or deactivates (PAUSED) a campaign. */
export function useSetAdCampaignActive(storeId: number | undefined) {
  return useCampaignChange(storeId, (id, { campaignId, active }: SetAdCampaignActiveInput) =>
    appClient.PUT('/private/stores/{id}/adCampaigns/{campaignId}/activation', { params: { path: { id, campaignId } }, body: { active } }),
  );
}

export interface SetAdCampaignDailyBudgetInput {
  campaignId: number;
  dailyBudget: number;
}

/** Changes the daily budget of the campaign's ad set in Meta. */
export function useSetAdCampaignDailyBudget(storeId: number | undefined) {
  return useCampaignChange(storeId, (id, { campaignId, dailyBudget }: SetAdCampaignDailyBudgetInput) =>
    appClient.PUT('/private/stores/{id}/adCampaigns/{campaignId}/dailyBudget', {
      params: { path: { id, campaignId } },
      body: { dailyBudget },
    }),
  );
}

/** Deletes the campaign in Meta and here; its detail is gone for good. */
export function useDeleteAdCampaign(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaignId: number) => {
      unwrap(
        await appClient.DELETE('/private/stores/{id}/adCampaigns/{campaignId}', {
          params: { path: { id: requireStoreId(storeId), campaignId } },
        }),
      );
      return campaignId;
    },
    onSuccess: (campaignId) => queryClient.removeQueries({ queryKey: adCampaignKeys.detail(storeId, campaignId) }),
    onSettled: () => refreshCampaigns(queryClient, storeId),
  });
}
