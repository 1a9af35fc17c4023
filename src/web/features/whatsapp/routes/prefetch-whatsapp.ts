import type { QueryClient } from '@tanstack/react-query';
import { whatsappCampaignQuery, whatsappCampaignsQuery } from '../api/campaigns';
import { whatsappTemplateQueryOptions, whatsappTemplatesQueryOptions } from '../api/template-queries';

/*
 * What the WhatsApp pages open with, asked while the app is still starting (see `prefetchDashboard`):
 * the campaigns and templates lists (the campaigns tab needs both), the template being opened, or the campaign
 * being opened (its chats wait for its state); the dashboard asks for the campaigns list.
 */

export function prefetchWhatsapp(queryClient: QueryClient, storeId: number): void {
  prefetchWhatsappCampaigns(queryClient, storeId);
  void queryClient.prefetchQuery(whatsappTemplatesQueryOptions(storeId));
}

/** The campaigns list alone: the dashboard shows those sending now. */
export function prefetchWhatsappCampaigns(queryClient: QueryClient, storeId: number): void {
  void queryClient.prefetchQuery(whatsappCampaignsQuery(storeId));
}

export function prefetchTemplate(queryClient: QueryClient, storeId: number, templateId: number | null): void {
  if (templateId !== null) void queryClient.prefetchQuery(whatsappTemplateQueryOptions(storeId, templateId));
}

export function prefetchWhatsappCampaign(queryClient: QueryClient, storeId: number, campaignId: number | null): void {
  if (campaignId !== null) void queryClient.prefetchQuery(whatsappCampaignQuery(storeId, campaignId));
}
