import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components as AppComponents } from '../../../../shared/api/app.gen';
import type { components as BackendComponents, operations as BackendOperations } from '../../../../shared/api/backend.gen';
import { appClient, backendClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { segmentKeys } from '../../../api/keys';
import { segmentsQueryOptions } from '../../../api/segment-list';
import { storeQuery } from '../../../api/store-query';
import { saveFile } from '../../../lib/save-file';

export type Segment = AppComponents['schemas']['Segment'];
export type SegmentList = AppComponents['schemas']['SegmentList'];
export type SegmentStatus = AppComponents['schemas']['SegmentStatus'];
export type SegmentKey = AppComponents['schemas']['SegmentKey'];
export type SegmentSync = AppComponents['schemas']['SegmentSync'];
export type SegmentSyncList = AppComponents['schemas']['SegmentSyncList'];
export type SegmentSyncFailure = AppComponents['schemas']['SegmentSyncFailure'];
export type SegmentsStats = BackendComponents['schemas']['SegmentsStats'];
export type SegmentSummaryStats = BackendComponents['schemas']['SegmentSummaryStats'];
export type SegmentStats = BackendComponents['schemas']['SegmentStats'];
export type SegmentCustomersPage = BackendComponents['schemas']['SegmentCustomersPage'];
export type SegmentCustomerRow = BackendComponents['schemas']['SegmentCustomerRow'];
export type SegmentCustomersQuery = NonNullable<BackendOperations['getSegmentCustomers']['parameters']['query']>;
export type SegmentCustomersXlsxQuery = NonNullable<BackendOperations['getSegmentCustomersXlsx']['parameters']['query']>;
export type SegmentCustomersSort = NonNullable<SegmentCustomersQuery['sort']>;

/** Whether a segment's members are still being computed (queued, in progress, processing data); not once failed. */
export function isBuilding(status: SegmentStatus): boolean {
  return status !== 'ready' && status !== 'failed';
}

/* SPEC §7 data areas "segments" and "segment detail and table and creation status". Each query waits
   until the session names the store; every key comes from `segmentKeys`. A build moving on, and members
   changing, refresh them through the live channel (api/live.ts). The list itself is read by the campaign
   wizard too: its options live in api/segment-list.ts. */

export function useSegments(storeId: number | undefined) {
  return useQuery(segmentsQueryOptions(storeId));
}

/** One segment with its rules (the edit form's starting point) and its build state. */
export const segmentQueryOptions = (storeId: number | undefined, segmentId: number) =>
  storeQuery(segmentKeys.detail(storeId, segmentId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/segments/{segmentId}', { params: { path: { id, segmentId } }, signal }),
  );

export function useSegment(storeId: number | undefined, segmentId: number) {
  return useQuery(segmentQueryOptions(storeId, segmentId));
}

/** The list's figures: each segment's size with the store's total customers to compare against. */
export const segmentsStatsQueryOptions = (storeId: number | undefined) =>
  storeQuery(segmentKeys.listStats(storeId), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/segments/stats', { params: { path: { id } }, signal }),
  );

export function useSegmentsStats(storeId: number | undefined) {
  return useQuery(segmentsStatsQueryOptions(storeId));
}

/** One segment's metrics (SPEC §3). */
export const segmentStatsQueryOptions = (storeId: number | undefined, segmentId: number) =>
  storeQuery(segmentKeys.stats(storeId, segmentId), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/segments/{segmentId}/stats', { params: { path: { id, segmentId } }, signal }),
  );

/** `enabled`: asked only once the segment is ready (before that its figures are all zero). */
export function useSegmentStats(storeId: number | undefined, segmentId: number, enabled: boolean) {
  return useQuery({ ...segmentStatsQueryOptions(storeId, segmentId), enabled });
}

/** The members table as a segment's page opens: the biggest buyers first, ten to a page. */
export const DEFAULT_SEGMENT_CUSTOMERS_QUERY = {
  sort: 'totalSpent',
  order: 'desc',
  page: 1,
  pageSize: 10,
} as const satisfies SegmentCustomersQuery;

/** One page of the segment's members, sorted and searched. */
export const segmentCustomersQueryOptions = (storeId: number | undefined, segmentId: number, query: SegmentCustomersQuery) =>
  storeQuery(segmentKeys.customers(storeId, segmentId, query), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/segments/{segmentId}/stats/table', { params: { path: { id, segmentId }, query }, signal }),
  );

/** The last page stays on screen while a new order, search or page loads, so the table does not flash empty. */
export function useSegmentCustomers(storeId: number | undefined, segmentId: number, query: SegmentCustomersQuery, enabled: boolean) {
  return useQuery({ ...segmentCustomersQueryOptions(storeId, segmentId, query), enabled, placeholderData: keepPreviousData });
}

/** Which segments are synced to Klaviyo, and whether Klaviyo is connected at all. */
export const segmentSyncsQueryOptions = (storeId: number | undefined) =>
  storeQuery(segmentKeys.syncs(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/emailMarketing/segmentSyncs', { params: { path: { id } }, signal }),
  );

export function useSegmentSyncs(storeId: number | undefined) {
  return useQuery(segmentSyncsQueryOptions(storeId));
}

/** Deleting a segment changes the list and its figures; its own detail is gone for good. */
export function useDeleteSegment(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (segmentId: number) => {
      unwrap(
        await appClient.DELETE('/private/stores/{id}/segments/{segmentId}', {
          params: { path: { id: requireStoreId(storeId), segmentId } },
        }),
      );
      return segmentId;
    },
    onSuccess: (segmentId) => queryClient.removeQueries({ queryKey: segmentKeys.detail(storeId, segmentId) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: segmentKeys.list(storeId) }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.listStats(storeId) }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.syncs(storeId) }),
      ]),
  });
}

export interface SetSegmentSyncInput {
  segmentId: number;
  enabled: boolean;
}

/** Turns a segment's Klaviyo sync on or off; the answer replaces that segment's sync in the cache at once. */
export function useSetSegmentSync(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ segmentId, enabled }: SetSegmentSyncInput) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/emailMarketing/segmentSyncs/{segmentId}', {
          params: { path: { id: requireStoreId(storeId), segmentId } },
          body: { enabled },
        }),
      ),
    onSuccess: (sync) =>
      queryClient.setQueryData(segmentSyncsQueryOptions(storeId).queryKey, (list) =>
        list ? { ...list, syncs: [...list.syncs.filter((other) => other.segmentId !== sync.segmentId), sync] } : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: segmentKeys.syncs(storeId) }),
  });
}

export interface SegmentXlsxRequest {
  segmentId: number;
  /** The name to save under when the answer names none (a backend on another host may not expose the header). */
  fileName: string;
  query?: SegmentCustomersXlsxQuery;
}

/** The segment's members as an XLSX file, with the name the server gives it, else `fileName`. */
export async function fetchSegmentXlsx(storeId: number, { segmentId, fileName, query = {} }: SegmentXlsxRequest) {
  const result = await backendClient.GET('/stores/{id}/segments/{segmentId}/stats/table/xlsx', {
    params: { path: { id: storeId, segmentId }, query },
    parseAs: 'blob',
  });
  const file = unwrap(result);
  const disposition = result.response.headers.get('content-disposition') ?? '';
  return { file, name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? fileName };
}

/** Downloads a segment's members; the caller tells the merchant when it fails. */
export function useDownloadSegmentXlsx(storeId: number | undefined) {
  return useMutation({
    mutationFn: async (request: SegmentXlsxRequest) => {
      const { file, name } = await fetchSegmentXlsx(requireStoreId(storeId), request);
      saveFile(file, name);
    },
  });
}
