import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { type MessagingInput, messagingSchema } from '../../../../shared/messaging';
import { appClient } from '../../../api/clients';
import { ApiError, unwrap } from '../../../api/errors';
import { integrationKeys, messagingKeys, storeKeys } from '../../../api/keys';

export type MessagingIntegration = components['schemas']['MessagingIntegration'];
export type WhatsappSettingsOptions = components['schemas']['WhatsappSettingsOptions'];

export async function fetchWhatsappSettings(storeId: number, signal?: AbortSignal): Promise<MessagingIntegration> {
  return unwrap(await appClient.GET('/private/stores/{id}/whatsappSettings', { params: { path: { id: storeId } }, signal }));
}

export const whatsappSettingsQueryOptions = (storeId: number) =>
  queryOptions({ queryKey: messagingKeys.settings(storeId), queryFn: ({ signal }) => fetchWhatsappSettings(storeId, signal) });

/** The store's WhatsApp account and number, as Meta last described them. */
export function useWhatsappSettings(storeId: number) {
  return useQuery(whatsappSettingsQueryOptions(storeId));
}

/** What the social ads business offers now; `whatsappId` null: the saved account, else the first. */
export async function fetchWhatsappSettingsOptions(
  storeId: number,
  whatsappId: string | null,
  signal?: AbortSignal,
): Promise<WhatsappSettingsOptions> {
  return unwrap(
    await appClient.GET('/private/stores/{id}/whatsappSettings/settingsOptions', {
      params: { path: { id: storeId }, query: whatsappId === null ? {} : { whatsappId } },
      signal,
    }),
  );
}

export const whatsappSettingsOptionsQueryOptions = (storeId: number, whatsappId: string | null) =>
  queryOptions({
    queryKey: messagingKeys.options(storeId, whatsappId),
    queryFn: ({ signal }) => fetchWhatsappSettingsOptions(storeId, whatsappId, signal),
  });

/** Waits (`enabled` false) until the store and social ads are connected; the accounts stay on screen while another one's numbers load. */
export function useWhatsappSettingsOptions(storeId: number, whatsappId: string | null, enabled: boolean) {
  return useQuery({ ...whatsappSettingsOptionsQueryOptions(storeId, whatsappId), enabled, placeholderData: keepPreviousData });
}

/** Saves the account and number; the server subscribes Recompra to the account's webhooks. */
export async function updateWhatsappSettings(storeId: number, input: MessagingInput): Promise<MessagingIntegration> {
  const body = messagingSchema.parse(input);
  return unwrap(await appClient.PATCH('/private/stores/{id}/whatsappSettings', { params: { path: { id: storeId } }, body }));
}

/** The card, the form and the shell's banner follow the saved choice; a 409 (a prerequisite gone) reads the cards again. */
export function useUpdateWhatsappSettings(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessagingInput) => updateWhatsappSettings(storeId, input),
    onSuccess: (settings) => {
      queryClient.setQueryData(messagingKeys.settings(storeId), settings);
      return queryClient.invalidateQueries({ queryKey: integrationKeys.detail(storeId) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) });
    },
  });
}

/** Unsubscribes Recompra from the account's webhooks and forgets the choice. */
export async function disconnectWhatsapp(storeId: number): Promise<void> {
  unwrap(await appClient.DELETE('/private/stores/{id}/whatsappSettings', { params: { path: { id: storeId } } }));
}

/** The card, the form, the WhatsApp pages and the shell's banner all follow the connection: the store's views refresh. */
export function useDisconnectWhatsapp(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectWhatsapp(storeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}
