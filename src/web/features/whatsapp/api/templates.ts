import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { WHATSAPP_TEMPLATE_MEDIA, type WhatsappTemplateInput } from '../../../../shared/whatsapp-templates';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { describeApiError, serverFieldErrorsOf, unwrap } from '../../../api/errors';
import { whatsappTemplateKeys } from '../../../api/keys';
import { whatsappTemplateQueryOptions, whatsappTemplatesQueryOptions } from './template-queries';

export type WhatsappTemplate = components['schemas']['WhatsappTemplate'];
export type WhatsappTemplateSummary = components['schemas']['WhatsappTemplateSummary'];
export type WhatsappTemplateMedia = components['schemas']['WhatsappTemplateMedia'];

type StoreKeyId = number | undefined;

/* SPEC §7 data area "messaging templates". Each query waits until the session names the store; every key
   comes from `whatsappTemplateKeys`. Meta's reviews arrive on the live channel (`LiveWhatsappTemplate`). */

export function useWhatsappTemplates(storeId: StoreKeyId) {
  return useQuery(whatsappTemplatesQueryOptions(storeId));
}

export function useWhatsappTemplate(storeId: StoreKeyId, templateId: number) {
  return useQuery(whatsappTemplateQueryOptions(storeId, templateId));
}

const refreshTemplates = (queryClient: QueryClient, storeId: StoreKeyId) =>
  queryClient.invalidateQueries({ queryKey: whatsappTemplateKeys.list(storeId) });

/** A saved template: its detail holds the answer, and the list reads its own again. */
function useTemplateSaveCallbacks(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (template: WhatsappTemplate) => {
      queryClient.setQueryData(whatsappTemplateKeys.detail(storeId, template.id), template);
      return refreshTemplates(queryClient, storeId);
    },
  };
}

export function useCreateWhatsappTemplate(storeId: StoreKeyId) {
  return useMutation({
    mutationFn: async (body: WhatsappTemplateInput) =>
      unwrap(await appClient.POST('/private/stores/{id}/whatsappTemplates', { params: { path: { id: requireStoreId(storeId) } }, body })),
    ...useTemplateSaveCallbacks(storeId),
  });
}

export function useUpdateWhatsappTemplate(storeId: StoreKeyId, templateId: number) {
  return useMutation({
    mutationFn: async (body: WhatsappTemplateInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/whatsappTemplates/{templateId}', {
          params: { path: { id: requireStoreId(storeId), templateId } },
          body,
        }),
      ),
    ...useTemplateSaveCallbacks(storeId),
  });
}

/** Deletes the template in Meta and here; its detail is gone for good. */
export function useDeleteWhatsappTemplate(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: number) => {
      unwrap(
        await appClient.DELETE('/private/stores/{id}/whatsappTemplates/{templateId}', {
          params: { path: { id: requireStoreId(storeId), templateId } },
        }),
      );
      return templateId;
    },
    onSuccess: (templateId) => queryClient.removeQueries({ queryKey: whatsappTemplateKeys.detail(storeId, templateId) }),
    onSettled: () => refreshTemplates(queryClient, storeId),
  });
}

type TemplateMediaType = NonNullable<WhatsappTemplateMedia['mimeType']>;

/** A header file's type as the contract takes it: the browser's, else the one its extension names. */
export function templateMediaTypeOf(file: File): TemplateMediaType {
  if (file.type) return file.type as TemplateMediaType;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  for (const { formats } of Object.values(WHATSAPP_TEMPLATE_MEDIA)) {
    const type = (formats as Record<string, TemplateMediaType>)[extension];
    if (type) return type;
  }
  return 'application/pdf';
}

/** Uploads a header's file as the request's whole body (`uploadWhatsappTemplateMedia`): the file, its type, its name. */
export async function uploadWhatsappTemplateMedia(storeId: number, file: File): Promise<WhatsappTemplateMedia> {
  return unwrap(
    await appClient.POST('/private/stores/{id}/whatsappTemplateMedia', {
      params: { path: { id: storeId }, query: { name: file.name } },
      // The contract types a binary body as a string; the file goes as it is, not as JSON.
      body: file as unknown as string,
      bodySerializer: (body) => body,
      headers: { 'Content-Type': templateMediaTypeOf(file) },
    }),
  );
}

/**
 * A header's file uploaded from a form (the template's, or the one a campaign sends instead): its id and address,
 * or an error in words the form shows, the server's for a file its rules refuse (named on the body, the field ''),
 * else `failed`.
 */
export async function uploadHeaderFile(storeId: StoreKeyId, file: File, failed: string): Promise<{ mediaId: number; url: string }> {
  try {
    const media = await uploadWhatsappTemplateMedia(requireStoreId(storeId), file);
    return { mediaId: media.id, url: media.url };
  } catch (error) {
    const described = describeApiError(error, { failed });
    throw new Error(serverFieldErrorsOf(error)[''] ?? described.message, { cause: error });
  }
}
