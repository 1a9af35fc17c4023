import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { type SocialAdsInput, socialAdsSchema } from '../../../../shared/social-ads';
import { appClient } from '../../../api/clients';
import { ApiError, unwrap } from '../../../api/errors';
import { integrationKeys, socialAdsKeys, storeKeys } from '../../../api/keys';

export type MetaSettings = components['schemas']['MetaSettings'];
export type MetaSettingsOptions = components['schemas']['MetaSettingsOptions'];

export async function fetchMetaSettings(storeId: number, signal?: AbortSignal): Promise<MetaSettings> {
  return unwrap(await appClient.GET('/private/stores/{id}/metaSettings', { params: { path: { id: storeId } }, signal }));
}

export const metaSettingsQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: socialAdsKeys.settings(storeId),
    queryFn: ({ signal }) => fetchMetaSettings(storeId, signal),
  });

/** The store's Meta connection: who is connected, what is saved, and where Facebook Login starts. */
export function useMetaSettings(storeId: number) {
  return useQuery(metaSettingsQueryOptions(storeId));
}

/** What the connected person can pick now; `businessId` null: the saved business manager, else the first. */
export async function fetchMetaSettingsOptions(
  storeId: number,
  businessId: string | null,
  signal?: AbortSignal,
): Promise<MetaSettingsOptions> {
  return unwrap(
    await appClient.GET('/private/stores/{id}/metaSettings/settingsOptions', {
      params: { path: { id: storeId }, query: businessId === null ? {} : { businessId } },
      signal,
    }),
  );
}

export const metaSettingsOptionsQueryOptions = (storeId: number, businessId: string | null) =>
  queryOptions({
    queryKey: socialAdsKeys.options(storeId, businessId),
    queryFn: ({ signal }) => fetchMetaSettingsOptions(storeId, businessId, signal),
  });

/**
 * Waits (`enabled` false) until a person is connected whose token Meta still takes. The business managers
 * stay on screen while another one's assets load.
 */
export function useMetaSettingsOptions(storeId: number, businessId: string | null, enabled: boolean) {
  return useQuery({ ...metaSettingsOptionsQueryOptions(storeId, businessId), enabled, placeholderData: keepPreviousData });
}

/**
 * A 409 from Meta's calls means the connection changed under the form (Meta stopped taking the token,
 * or it was never saved): the connection, the card and the shell's renewal banner read it again.
 */
export function refreshWhenConnectionChanged(queryClient: QueryClient, storeId: number, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 409) return;
  void queryClient.invalidateQueries({ queryKey: socialAdsKeys.settings(storeId) });
  void queryClient.invalidateQueries({ queryKey: integrationKeys.detail(storeId) });
}

/** Hands the short-lived token Facebook Login gave the browser to the server, which keeps a long-lived one. */
export async function exchangeMetaAccessToken(storeId: number, accessToken: string): Promise<MetaSettings> {
  return unwrap(
    await appClient.POST('/private/stores/{id}/metaSettings/accessToken', {
      params: { path: { id: storeId } },
      body: { accessToken },
    }),
  );
}

/** Saves the business manager, ad account, page, Instagram account and pixel the store's campaigns use. */
export async function updateMetaSettings(storeId: number, input: SocialAdsInput): Promise<MetaSettings> {
  const body = socialAdsSchema.parse(input);
  return unwrap(await appClient.PATCH('/private/stores/{id}/metaSettings', { params: { path: { id: storeId } }, body }));
}

/** The connection as the server answered it, then every view of the store read again. */
function useTakeConnection(storeId: number) {
  const queryClient = useQueryClient();
  return (settings: MetaSettings) => {
    queryClient.setQueryData(socialAdsKeys.settings(storeId), settings);
    return queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) });
  };
}

/** Connecting (or renewing) changes what the card, the renewal banner and the options say. */
export function useExchangeMetaAccessToken(storeId: number) {
  const onSuccess = useTakeConnection(storeId);
  return useMutation({ mutationFn: (accessToken: string) => exchangeMetaAccessToken(storeId, accessToken), onSuccess });
}

/** The campaigns, the card and the ad settings follow the saved choice. */
export function useUpdateMetaSettings(storeId: number) {
  const queryClient = useQueryClient();
  const onSuccess = useTakeConnection(storeId);
  return useMutation({
    mutationFn: (input: SocialAdsInput) => updateMetaSettings(storeId, input),
    onSuccess,
    onError: (error) => refreshWhenConnectionChanged(queryClient, storeId, error),
  });
}

/** Forgets the store's Meta token and chosen assets; what was made in Meta stays there. */
export async function disconnectMeta(storeId: number): Promise<void> {
  unwrap(await appClient.DELETE('/private/stores/{id}/metaSettings', { params: { path: { id: storeId } } }));
}

/** The card, the form, the campaigns and the shell's banners all follow the connection: the store's views refresh. */
export function useDisconnectMeta(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectMeta(storeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}
