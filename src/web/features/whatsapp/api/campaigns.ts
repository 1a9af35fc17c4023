import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { whatsappCampaignKeys } from '../../../api/keys';
import { storeQuery, whenKnown } from '../../../api/store-query';
import type { CampaignChoices } from '../forms/campaign-form';

/*
 * SPEC §7 data area "messaging campaigns". Each query waits until the session names the store; every key comes
 * from `whatsappCampaignKeys`, and the live channel (`LiveWhatsappCampaign`) refreshes the list and the detail.
 * Only types come from src/shared here: the WhatsApp page's prefetch reads the list, and must not bring zod.
 */

export type WhatsappCampaign = components['schemas']['WhatsappCampaign'];
export type WhatsappCampaignSummary = components['schemas']['WhatsappCampaignSummary'];
export type WhatsappCampaignAudience = components['schemas']['WhatsappCampaignAudience'];
export type WhatsappCampaignRecipientPage = components['schemas']['WhatsappCampaignRecipientPage'];
type WhatsappCampaignInput = components['schemas']['WhatsappCampaignInput'];
export type WhatsappCampaignRecipientsQuery = Required<NonNullable<operations['listWhatsappCampaignRecipients']['parameters']['query']>>;

type StoreKeyId = number | undefined;

/** The store's campaigns, the newest first, with the store's time zone. */
export const whatsappCampaignsQuery = (storeId: StoreKeyId) =>
  storeQuery(whatsappCampaignKeys.list(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappCampaigns', { params: { path: { id } }, signal }),
  );

/** One campaign with its content, figures, funnel and clicks (the detail page). */
export const whatsappCampaignQuery = (storeId: StoreKeyId, campaignId: number) =>
  storeQuery(whatsappCampaignKeys.detail(storeId, campaignId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappCampaigns/{campaignId}', { params: { path: { id, campaignId } }, signal }),
  );

/** One page of the campaign's chat list, filtered all / read / unread. */
export const whatsappCampaignRecipientsQuery = (storeId: StoreKeyId, campaignId: number, query: WhatsappCampaignRecipientsQuery) =>
  storeQuery(whatsappCampaignKeys.recipients(storeId, campaignId, query), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappCampaigns/{campaignId}/recipients', {
      params: { path: { id, campaignId }, query },
      signal,
    }),
  );

/** What the campaign being written reaches and costs: asked once a template is chosen. */
export const whatsappCampaignAudienceQuery = (storeId: StoreKeyId, { templateId, segmentId, event }: CampaignChoices) =>
  queryOptions({
    queryKey: whatsappCampaignKeys.audience(storeId, { templateId: templateId ?? 0, segmentId, event }),
    queryFn: whenKnown([storeId, templateId], async ([id, template], signal) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/whatsappCampaignAudience', {
          params: {
            path: { id },
            query: { templateId: template, ...(segmentId === null ? {} : { segmentId }), ...(event === null ? {} : { event }) },
          },
          signal,
        }),
      ),
    ),
    // Read again each time a form asks: an opt-out (a reply BAJA) or another campaign's sends change who is
    // reached and what the limit leaves, and no live event names an audience.
    staleTime: 0,
  });

export function useWhatsappCampaigns(storeId: StoreKeyId) {
  return useQuery(whatsappCampaignsQuery(storeId));
}

export function useWhatsappCampaign(storeId: StoreKeyId, campaignId: number) {
  return useQuery(whatsappCampaignQuery(storeId, campaignId));
}

/** The page on screen stays while the next one loads, so the list does not jump; `enabled` false before it sends. */
export function useWhatsappCampaignRecipients(
  storeId: StoreKeyId,
  campaignId: number,
  query: WhatsappCampaignRecipientsQuery,
  enabled = true,
) {
  return useQuery({ ...whatsappCampaignRecipientsQuery(storeId, campaignId, query), enabled, placeholderData: keepPreviousData });
}

/** The audience of the choices so far; the last answer stays on screen while another segment's is read. */
export function useWhatsappCampaignAudience(storeId: StoreKeyId, choices: CampaignChoices) {
  return useQuery({ ...whatsappCampaignAudienceQuery(storeId, choices), placeholderData: keepPreviousData });
}

/** Creates a campaign: its detail holds the answer, and the list reads its own again. */
export function useCreateWhatsappCampaign(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WhatsappCampaignInput) =>
      unwrap(await appClient.POST('/private/stores/{id}/whatsappCampaigns', { params: { path: { id: requireStoreId(storeId) } }, body })),
    onSuccess: (campaign) => {
      queryClient.setQueryData(whatsappCampaignKeys.detail(storeId, campaign.id), campaign);
      return queryClient.invalidateQueries({ queryKey: whatsappCampaignKeys.list(storeId) });
    },
  });
}

/** Deletes a campaign (SPEC §4): its detail and figures are gone for good; the list reads its own again. */
export function useDeleteWhatsappCampaign(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (campaignId: number) => {
      unwrap(
        await appClient.DELETE('/private/stores/{id}/whatsappCampaigns/{campaignId}', {
          params: { path: { id: requireStoreId(storeId), campaignId } },
        }),
      );
      return campaignId;
    },
    onSuccess: (campaignId) => queryClient.removeQueries({ queryKey: whatsappCampaignKeys.detail(storeId, campaignId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappCampaignKeys.list(storeId) }),
  });
}
