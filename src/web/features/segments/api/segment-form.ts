import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components } from '../../../../shared/api/app.gen';
import type { SegmentRules } from '../../../../shared/segments';
import { appClient, backendClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { productTypeKeys, segmentKeys } from '../../../api/keys';
import { storeQuery, whenKnown } from '../../../api/store-query';
import { useSettled } from '../../../lib/use-settled';

type SegmentInput = components['schemas']['SegmentInput'];
type Segment = components['schemas']['Segment'];

/** How long the rules must stay still before the live count asks again. */
export const SEGMENT_COUNT_DEBOUNCE_MS = 400;

/** SPEC §7 "product types": the catalogue's types, suggested while typing them; they change rarely. */
export const productTypesQueryOptions = (storeId: number | undefined) => ({
  ...storeQuery(productTypeKeys.list(storeId), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/productTypes', { params: { path: { id } }, signal }),
  ),
  staleTime: 5 * 60_000,
});

export function useProductTypes(storeId: number | undefined) {
  return useQuery(productTypesQueryOptions(storeId));
}

/** How many customers meet `rules`; waits while they break a rule (null), so nothing is sent the server would refuse. */
export const segmentCountQueryOptions = (storeId: number | undefined, rules: SegmentRules | null) =>
  queryOptions({
    queryKey: segmentKeys.count(storeId, rules),
    queryFn: whenKnown([storeId, rules], async ([id, rules], signal) =>
      unwrap(await appClient.POST('/private/stores/{id}/segments/count', { params: { path: { id } }, body: { rules }, signal })),
    ),
    staleTime: 60_000,
  });

/** What the form's live count shows. */
export interface SegmentCountState {
  /** The rules cannot be counted yet (a field still breaks a rule). */
  incomplete: boolean;
  /** The last count known; null before the first. */
  customers: number | null;
  /** A newer count is on its way (the rules changed, or they are being counted). */
  updating: boolean;
  /** The last count asked for failed. */
  failed: boolean;
}

/**
 * "N clientes coinciden" while the merchant edits: the rules are counted once they stay still for
 * `SEGMENT_COUNT_DEBOUNCE_MS`, and the last count stays on screen meanwhile (no flicker back to empty).
 * `rules` is null while they break a rule.
 */
export function useSegmentCount(storeId: number | undefined, rules: SegmentRules | null): SegmentCountState {
  const key = rules === null ? null : JSON.stringify(rules);
  const settled = useSettled(rules, key, SEGMENT_COUNT_DEBOUNCE_MS);
  const query = useQuery({ ...segmentCountQueryOptions(storeId, settled.value), placeholderData: keepPreviousData });
  return useMemo(
    () => ({
      incomplete: rules === null,
      customers: query.data?.customers ?? null,
      updating: (key !== null && key !== settled.key) || query.isFetching,
      failed: query.isError && !query.isFetching,
    }),
    [rules, key, settled.key, query.data, query.isFetching, query.isError],
  );
}

/** A saved segment: its detail holds the answer, and the list and its figures are asked again. */
function useSegmentSaved(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return (segment: Segment) => {
    queryClient.setQueryData(segmentKeys.detail(storeId, segment.id), segment);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: segmentKeys.list(storeId) }),
      queryClient.invalidateQueries({ queryKey: segmentKeys.listStats(storeId) }),
      queryClient.invalidateQueries({ queryKey: segmentKeys.detail(storeId, segment.id), refetchType: 'none' }),
    ]);
  };
}

export function useCreateSegment(storeId: number | undefined) {
  const saved = useSegmentSaved(storeId);
  return useMutation({
    mutationFn: async (body: SegmentInput) =>
      unwrap(await appClient.POST('/private/stores/{id}/segments', { params: { path: { id: requireStoreId(storeId) } }, body })),
    onSuccess: saved,
  });
}

export function useUpdateSegment(storeId: number | undefined, segmentId: number) {
  const saved = useSegmentSaved(storeId);
  return useMutation({
    mutationFn: async (body: SegmentInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/segments/{segmentId}', {
          params: { path: { id: requireStoreId(storeId), segmentId } },
          body,
        }),
      ),
    onSuccess: saved,
  });
}
