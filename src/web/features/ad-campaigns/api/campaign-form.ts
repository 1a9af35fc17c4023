import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdCampaignInput } from '../../../../shared/ad-campaigns';
import type { components } from '../../../../shared/api/app.gen';
import { MEDIA_FORMATS, MEDIA_LIMITS } from '../../../../shared/constants';
import { adAccountPropsQueryOptions } from '../../../api/ad-account';
import { appClient } from '../../../api/clients';
import { requireStoreId, whenStore } from '../../../api/current-store';
import { ApiError, unwrap } from '../../../api/errors';
import { adCampaignKeys, integrationKeys, segmentKeys, socialAdsKeys } from '../../../api/keys';
import { useSettled } from '../../../lib/use-settled';

type AdCampaign = components['schemas']['AdCampaign'];
type AdMedia = components['schemas']['AdMedia'];
type StoreKeyId = number | undefined;

/**
 * The Meta reads the wizard makes under SPEC §7 "ad settings and options", "product catalogs" and "regions":
 * they sit under the social ads prefix, so a renewed connection reads them again with the rest. The campaign
 * itself and the ad account's figures are read as the list and the detail read them (`./campaigns`).
 */
export const campaignFormKeys = {
  catalogs: (storeId: StoreKeyId) => [...socialAdsKeys.all(storeId), 'productCatalogs'] as const,
  productSets: (storeId: StoreKeyId, catalogId: string) => [...campaignFormKeys.catalogs(storeId), catalogId, 'productSets'] as const,
  locations: (storeId: StoreKeyId, query: string) => [...socialAdsKeys.all(storeId), 'locations', query] as const,
  interests: (storeId: StoreKeyId, query: string) => [...socialAdsKeys.all(storeId), 'interests', query] as const,
};

/** How long a search waits for the merchant to stop typing. */
export const META_SEARCH_DEBOUNCE_MS = 300;
/** Meta's searches start at this many characters (the contract's `MetaSearchQuery`). */
export const META_SEARCH_MIN_LENGTH = 2;

/** The ad account's currency and minimum daily budget (CLP and 5.000 until one is saved), kept a few minutes while the wizard is open. */
export function useWizardAdAccountProps(storeId: StoreKeyId) {
  return useQuery({ ...adAccountPropsQueryOptions(storeId), staleTime: 5 * 60_000 });
}

/** The store's segments with their sizes (the same list, and key, as the segments page). */
export const campaignSegmentsQueryOptions = (storeId: StoreKeyId) =>
  queryOptions({
    queryKey: segmentKeys.list(storeId),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(await appClient.GET('/private/stores/{id}/segments', { params: { path: { id: storeId } }, signal })),
    ),
  });

export function useCampaignSegments(storeId: StoreKeyId) {
  return useQuery(campaignSegmentsQueryOptions(storeId));
}

/** The saved business manager's catalogs; asked only for a retargeting campaign. */
export function useProductCatalogs(storeId: StoreKeyId, enabled: boolean) {
  return useQuery({
    queryKey: campaignFormKeys.catalogs(storeId),
    queryFn:
      storeId === undefined || !enabled
        ? skipToken
        : async ({ signal }) =>
            unwrap(await appClient.GET('/private/stores/{id}/meta/productCatalogs', { params: { path: { id: storeId } }, signal })),
    retry: false,
  });
}

export function useProductSets(storeId: StoreKeyId, catalogId: string | null) {
  return useQuery({
    queryKey: campaignFormKeys.productSets(storeId, catalogId ?? ''),
    queryFn:
      storeId === undefined || catalogId === null
        ? skipToken
        : async ({ signal }) =>
            unwrap(
              await appClient.GET('/private/stores/{id}/meta/productCatalogs/{catalogId}/productSets', {
                params: { path: { id: storeId, catalogId } },
                signal,
              }),
            ),
    retry: false,
  });
}

/** What a search field needs: the query it is on, and its results (the last ones stay while the next come). */
function useMetaSearch<T>(
  storeId: StoreKeyId,
  query: string,
  key: (storeId: StoreKeyId, query: string) => readonly unknown[],
  search: (storeId: number, q: string, signal: AbortSignal) => Promise<T[]>,
) {
  const typed = query.trim();
  const settled = useSettled(typed, typed, META_SEARCH_DEBOUNCE_MS).value;
  const ready = settled.length >= META_SEARCH_MIN_LENGTH;
  const result = useQuery({
    queryKey: key(storeId, settled),
    queryFn: storeId === undefined || !ready ? skipToken : ({ signal }) => search(storeId, settled, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const typing = query.trim() !== settled;
  return {
    results: ready && query.trim().length >= META_SEARCH_MIN_LENGTH ? (result.data ?? []) : [],
    searching: query.trim().length >= META_SEARCH_MIN_LENGTH && (typing || result.isFetching),
    error: result.error,
  };
}

/** Chile's regions and cities whose name matches (a campaign's location). */
export function useLocationSearch(storeId: StoreKeyId, query: string) {
  return useMetaSearch(storeId, query, campaignFormKeys.locations, async (id, q, signal) =>
    unwrap(await appClient.GET('/private/stores/{id}/meta/locations', { params: { path: { id }, query: { q } }, signal })),
  );
}

/** Meta's interests whose name matches, with their audience sizes. */
export function useInterestSearch(storeId: StoreKeyId, query: string) {
  return useMetaSearch(storeId, query, campaignFormKeys.interests, async (id, q, signal) =>
    unwrap(await appClient.GET('/private/stores/{id}/meta/interests', { params: { path: { id }, query: { q } }, signal })),
  );
}

/** A file's type as the contract takes it: the browser's, else the one its extension names (MOV often has none). */
export function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  return MEDIA_FORMATS[extension as keyof typeof MEDIA_FORMATS] ?? 'application/octet-stream';
}

/** Uploads waiting for one of the places the server gives a store's files (`MEDIA_LIMITS.uploadsAtOnce`). */
const waitingUploads: (() => void)[] = [];
let uploadsSending = 0;

/** Runs `send` once a place is free: files chosen together go up a few at a time, never refused as too many. */
async function inTurn<T>(send: () => Promise<T>): Promise<T> {
  if (uploadsSending < MEDIA_LIMITS.uploadsAtOnce) uploadsSending += 1;
  else await new Promise<void>((resolve) => waitingUploads.push(resolve));
  try {
    return await send();
  } finally {
    // The place passes straight to the next in line, so no newcomer takes it in between.
    const next = waitingUploads.shift();
    if (next) next();
    else uploadsSending -= 1;
  }
}

/** Uploads one image or video as the request's whole body (`uploadAdMedia`): the file, its type, its name. */
export function uploadAdMedia(storeId: number, file: File): Promise<AdMedia> {
  return inTurn(async () =>
    unwrap(
      await appClient.POST('/private/stores/{id}/adMedia', {
        params: { path: { id: storeId }, query: { name: file.name } },
        // The contract types a binary body as a string; the file goes as it is, not as JSON.
        body: file as unknown as string,
        bodySerializer: (body) => body,
        headers: { 'Content-Type': contentTypeOf(file) },
      }),
    ),
  );
}

export function useUploadAdMedia(storeId: StoreKeyId) {
  return useMutation({ mutationFn: (file: File) => uploadAdMedia(requireStoreId(storeId), file) });
}

/**
 * A saved campaign: its detail holds the answer, and the list and the dashboard read theirs again. A 409 of
 * the Meta connection means it changed under the wizard: the connection and the renewal banner are read again.
 */
function useCampaignSaveCallbacks(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (campaign: AdCampaign) => {
      queryClient.setQueryData(adCampaignKeys.detail(storeId, campaign.id), campaign);
      return queryClient.invalidateQueries({
        queryKey: adCampaignKeys.all(storeId),
        predicate: (query) => query.queryKey[3] !== 'detail' || query.queryKey[4] !== campaign.id,
      });
    },
    onError: (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.code?.startsWith('social_ads_')) return;
      void queryClient.invalidateQueries({ queryKey: socialAdsKeys.settings(storeId) });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.detail(storeId) });
    },
  };
}

export function useCreateAdCampaign(storeId: StoreKeyId) {
  return useMutation({
    mutationFn: async (body: AdCampaignInput) =>
      unwrap(await appClient.POST('/private/stores/{id}/adCampaigns', { params: { path: { id: requireStoreId(storeId) } }, body })),
    ...useCampaignSaveCallbacks(storeId),
  });
}

export function useUpdateAdCampaign(storeId: StoreKeyId, campaignId: number) {
  return useMutation({
    mutationFn: async (body: AdCampaignInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/adCampaigns/{campaignId}', {
          params: { path: { id: requireStoreId(storeId), campaignId } },
          body,
        }),
      ),
    ...useCampaignSaveCallbacks(storeId),
  });
}
