import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdCampaignInput } from '../../../../shared/ad-campaigns';
import type { components } from '../../../../shared/api/app.gen';
import { MEDIA_FORMATS, MEDIA_LIMITS } from '../../../../shared/constants';
import { adAccountPropsQueryOptions } from '../../../api/ad-account';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { ApiError, type FetchResult, unwrap } from '../../../api/errors';
import { adCampaignKeys, integrationKeys, socialAdsKeys } from '../../../api/keys';
import { segmentsQueryOptions } from '../../../api/segment-list';
import { storeQuery, whenKnown } from '../../../api/store-query';
import { useSettled } from '../../../lib/use-settled';

type AdCampaign = components['schemas']['AdCampaign'];
type AdMedia = components['schemas']['AdMedia'];
type StoreKeyId = number | undefined;

/*
 * The Meta reads the wizard makes (SPEC §7 "ad settings and options", "product catalogs" and "regions") sit
 * under `socialAdsKeys`, so a renewed connection reads them again with the rest. The campaign itself and the
 * ad account's figures are read as the list and the detail read them (`./campaigns`). Meta's answers here
 * are not asked again on a failure: the step says what failed instead.
 */

/** How long a search waits for the merchant to stop typing. */
export const META_SEARCH_DEBOUNCE_MS = 300;
/** Meta's searches start at this many characters (the contract's `MetaSearchQuery`). */
export const META_SEARCH_MIN_LENGTH = 2;

/** The ad account's currency and minimum daily budget (CLP and 5.000 until one is saved), kept a few minutes while the wizard is open. */
export function useWizardAdAccountProps(storeId: StoreKeyId) {
  return useQuery({ ...adAccountPropsQueryOptions(storeId), staleTime: 5 * 60_000 });
}

/** The store's segments with their sizes (the same list, and query, as the segments page). */
export function useCampaignSegments(storeId: StoreKeyId) {
  return useQuery(segmentsQueryOptions(storeId));
}

/** The saved business manager's catalogs. */
export const productCatalogsQueryOptions = (storeId: StoreKeyId) => ({
  ...storeQuery(socialAdsKeys.catalogs(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/meta/productCatalogs', { params: { path: { id } }, signal }),
  ),
  retry: false,
});

/** Asked only for a retargeting campaign. */
export function useProductCatalogs(storeId: StoreKeyId, enabled: boolean) {
  return useQuery({ ...productCatalogsQueryOptions(storeId), enabled });
}

/** The chosen catalog's product sets; waits while none is chosen. */
export const productSetsQueryOptions = (storeId: StoreKeyId, catalogId: string | null) =>
  queryOptions({
    queryKey: socialAdsKeys.productSets(storeId, catalogId),
    queryFn: whenKnown([storeId, catalogId], async ([id, catalogId], signal) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/meta/productCatalogs/{catalogId}/productSets', {
          params: { path: { id, catalogId } },
          signal,
        }),
      ),
    ),
    retry: false,
  });

export function useProductSets(storeId: StoreKeyId, catalogId: string | null) {
  return useQuery(productSetsQueryOptions(storeId, catalogId));
}

/** One of Meta's searches, by name: kept a few minutes, as its answers change rarely. */
const metaSearchQuery = <T>(
  queryKey: readonly unknown[],
  storeId: StoreKeyId,
  request: (storeId: number, signal: AbortSignal) => Promise<FetchResult<T[]>>,
) => ({ ...storeQuery(queryKey, storeId, request), staleTime: 5 * 60_000, retry: false });

/** Chile's regions and cities whose name matches `q` (a campaign's location). */
export const locationSearchQueryOptions = (storeId: StoreKeyId, q: string) =>
  metaSearchQuery(socialAdsKeys.locations(storeId, q), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/meta/locations', { params: { path: { id }, query: { q } }, signal }),
  );

/** Meta's interests whose name matches `q`, with their audience sizes. */
export const interestSearchQueryOptions = (storeId: StoreKeyId, q: string) =>
  metaSearchQuery(socialAdsKeys.interests(storeId, q), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/meta/interests', { params: { path: { id }, query: { q } }, signal }),
  );

/**
 * What a search field needs: the query it is on, and its results (the last ones stay while the next come).
 * Nothing is asked until the merchant stops typing a query long enough for Meta.
 */
function useMetaSearch<T>(
  storeId: StoreKeyId,
  query: string,
  options: (storeId: StoreKeyId, q: string) => ReturnType<typeof metaSearchQuery<T>>,
) {
  const typed = query.trim();
  const settled = useSettled(typed, typed, META_SEARCH_DEBOUNCE_MS).value;
  const ready = settled.length >= META_SEARCH_MIN_LENGTH;
  const result = useQuery({ ...options(storeId, settled), enabled: ready, placeholderData: keepPreviousData });
  const typing = query.trim() !== settled;
  return {
    results: ready && query.trim().length >= META_SEARCH_MIN_LENGTH ? (result.data ?? []) : [],
    searching: query.trim().length >= META_SEARCH_MIN_LENGTH && (typing || result.isFetching),
    error: result.error,
  };
}

export function useLocationSearch(storeId: StoreKeyId, query: string) {
  return useMetaSearch(storeId, query, locationSearchQueryOptions);
}

export function useInterestSearch(storeId: StoreKeyId, query: string) {
  return useMetaSearch(storeId, query, interestSearchQueryOptions);
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
 * A saved campaign: its detail holds the answer, and the lists and the dashboard read theirs again. A 409 of
 * the Meta connection means it changed under the wizard: the connection and the renewal banner are read again.
 */
function useCampaignSaveCallbacks(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (campaign: AdCampaign) => {
      queryClient.setQueryData(adCampaignKeys.detail(storeId, campaign.id), campaign);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adCampaignKeys.lists(storeId) }),
        queryClient.invalidateQueries({ queryKey: adCampaignKeys.performance(storeId) }),
      ]);
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
