import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId, whenStore } from '../../../api/current-store';
import { ApiError, unwrap } from '../../../api/errors';
import { adAccountKeys, adCampaignKeys } from '../../../api/keys';

export { adAccountKeys, adCampaignKeys };

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
   (`skipToken`) until the session names the store; every key comes from `adCampaignKeys`. */

/** The store's campaigns, the newest first; `status` null for all of them. */
export const adCampaignsQueryOptions = (storeId: number | undefined, status: AdCampaignStatus | null) =>
  queryOptions({
    queryKey: adCampaignKeys.list(storeId, status),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/adCampaigns', {
          params: { path: { id: storeId }, query: status ? { status } : {} },
          signal,
        }),
      ),
    ),
  });

export function useAdCampaigns(storeId: number | undefined, status: AdCampaignStatus | null) {
  return useQuery(adCampaignsQueryOptions(storeId, status));
}

/** One campaign with everything the wizard edits (the detail's general details). */
export const adCampaignQueryOptions = (storeId: number | undefined, campaignId: number) =>
  queryOptions({
    queryKey: adCampaignKeys.detail(storeId, campaignId),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/adCampaigns/{campaignId}', {
          params: { path: { id: storeId, campaignId } },
          signal,
        }),
      ),
    ),
  });

export function useAdCampaign(storeId: number | undefined, campaignId: number) {
  return useQuery(adCampaignQueryOptions(storeId, campaignId));
}

/** The campaign's figures as last read from Meta; a newer read, once done, refreshes them through the live channel. */
export const adCampaignInsightsQueryOptions = (storeId: number | undefined, campaignId: number) =>
  queryOptions({
    queryKey: adCampaignKeys.insights(storeId, campaignId),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/adCampaigns/{campaignId}/insights', {
          params: { path: { id: storeId, campaignId } },
          signal,
        }),
      ),
    ),
  });

export function useAdCampaignInsights(storeId: number | undefined, campaignId: number, enabled: boolean) {
  return useQuery({ ...adCampaignInsightsQueryOptions(storeId, campaignId), enabled });
}

/** Every campaign figure of the store, lists, details and the dashboard's, is asked again. */
const refreshCampaigns = (queryClient: ReturnType<typeof useQueryClient>, storeId: number | undefined) =>
  queryClient.invalidateQueries({ queryKey: adCampaignKeys.all(storeId) });

/** The summary the server answers replaces the campaign's row in every list already loaded. */
function replaceSummary(queryClient: ReturnType<typeof useQueryClient>, storeId: number | undefined, summary: AdCampaignSummary) {
  queryClient.setQueriesData<AdCampaignList>({ queryKey: [...adCampaignKeys.all(storeId), 'list'] }, (list) =>
    list ? { campaigns: list.campaigns.map((campaign) => (campaign.id === summary.id ? summary : campaign)) } : list,
  );
}

export interface SetAdCampaignActiveInput {
  campaignId: number;
  active: boolean;
}

/** Activates (ACTIVE in Meta) or deactivates (PAUSED) a campaign. */
export function useSetAdCampaignActive(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, active }: SetAdCampaignActiveInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/adCampaigns/{campaignId}/activation', {
          params: { path: { id: requireStoreId(storeId), campaignId } },
          body: { active },
        }),
      ),
    onSuccess: (summary) => replaceSummary(queryClient, storeId, summary),
    onSettled: () => refreshCampaigns(queryClient, storeId),
  });
}

export interface SetAdCampaignDailyBudgetInput {
  campaignId: number;
  dailyBudget: number;
}

/** Changes the daily budget of the campaign's ad set in Meta. */
export function useSetAdCampaignDailyBudget(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, dailyBudget }: SetAdCampaignDailyBudgetInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/adCampaigns/{campaignId}/dailyBudget', {
          params: { path: { id: requireStoreId(storeId), campaignId } },
          body: { dailyBudget },
        }),
      ),
    onSuccess: (summary) => replaceSummary(queryClient, storeId, summary),
    onSettled: () => refreshCampaigns(queryClient, storeId),
  });
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
