import type { QueryClient } from '@tanstack/react-query';
import { segmentsQueryOptions } from '../../../api/segment-list';
import { productTypesQueryOptions } from '../api/segment-form';
import {
  DEFAULT_SEGMENT_CUSTOMERS_QUERY,
  segmentCustomersQueryOptions,
  segmentQueryOptions,
  segmentStatsQueryOptions,
  segmentSyncsQueryOptions,
  segmentsStatsQueryOptions,
} from '../api/segments';

/*
 * What the segments pages open with at their default view, asked while the app is still starting
 * (see `prefetchDashboard`): small, and apart from the pages' code.
 */

export function prefetchSegments(queryClient: QueryClient, storeId: number): void {
  void queryClient.prefetchQuery(segmentsQueryOptions(storeId));
  void queryClient.prefetchQuery(segmentsStatsQueryOptions(storeId));
  void queryClient.prefetchQuery(segmentSyncsQueryOptions(storeId));
}

/** A ready segment's figures and first page of members; one still building has none to show yet. */
export function prefetchSegmentDetail(queryClient: QueryClient, storeId: number, segmentId: number): void {
  void queryClient
    .fetchQuery(segmentQueryOptions(storeId, segmentId))
    .then((segment) => {
      if (segment.status !== 'ready') return;
      void queryClient.prefetchQuery(segmentStatsQueryOptions(storeId, segmentId));
      void queryClient.prefetchQuery(segmentCustomersQueryOptions(storeId, segmentId, DEFAULT_SEGMENT_CUSTOMERS_QUERY));
    })
    .catch(() => undefined);
}

/** The form's product types and, to edit, the segment's rules. */
export function prefetchSegmentForm(queryClient: QueryClient, storeId: number, segmentId: number | null): void {
  if (segmentId !== null) void queryClient.prefetchQuery(segmentQueryOptions(storeId, segmentId));
  void queryClient.prefetchQuery(productTypesQueryOptions(storeId));
}
