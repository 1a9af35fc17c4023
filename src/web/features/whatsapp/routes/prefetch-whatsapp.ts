import type { QueryClient } from '@tanstack/react-query';
import { whatsappTemplateQueryOptions, whatsappTemplatesQueryOptions } from '../api/template-queries';

/*
 * What the WhatsApp pages open with, asked while the app is still starting (see `prefetchDashboard`):
 * the templates list, or the template being opened.
 */

export function prefetchWhatsapp(queryClient: QueryClient, storeId: number): void {
  void queryClient.prefetchQuery(whatsappTemplatesQueryOptions(storeId));
}

export function prefetchTemplate(queryClient: QueryClient, storeId: number, templateId: number | null): void {
  if (templateId !== null) void queryClient.prefetchQuery(whatsappTemplateQueryOptions(storeId, templateId));
}
