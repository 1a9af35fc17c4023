import { ID_PARAM } from '../../../lib/paths';
import { ALL_ROLES, type FeatureRoutes, lazyExport, type PageRoute, type Prefetch, pageTexts } from '../../../lib/routes';
import { CREATE_SEGMENT_PATH, SEGMENTS_PATH, segmentDetailPath, segmentEditPath } from './paths';
import { prefetchSegmentDetail, prefetchSegmentForm, prefetchSegments } from './prefetch-segments';

const page = { roles: ALL_ROLES, namespaces: pageTexts('segments', 'metrics', 'createSegment') } satisfies Partial<PageRoute>;

const form = lazyExport(() => import('./segment-form-route'), 'SegmentFormRoute');
const prefetchForm: Prefetch = (queryClient, { storeId, recordId }) => prefetchSegmentForm(queryClient, storeId, recordId);

/** The segments' pages (SPEC §2 Segments). */
export const segmentsRoutes: FeatureRoutes = {
  dataSection: SEGMENTS_PATH,
  routes: [
    {
      ...page,
      path: SEGMENTS_PATH,
      title: 'segments',
      page: lazyExport(() => import('./segments-route'), 'SegmentsRoute'),
      prefetch: (queryClient, { storeId }) => prefetchSegments(queryClient, storeId),
    },
    { ...page, path: CREATE_SEGMENT_PATH, title: 'createSegment', page: form, prefetch: prefetchForm },
    {
      ...page,
      path: segmentDetailPath(ID_PARAM),
      title: 'segment',
      page: lazyExport(() => import('./segment-detail-route'), 'SegmentDetailRoute'),
      prefetch: (queryClient, { storeId, recordId, search }) => {
        // Another page or order of the members depends on the address, which the page reads.
        if (recordId !== null && search.size === 0) prefetchSegmentDetail(queryClient, storeId, recordId);
      },
    },
    { ...page, path: segmentEditPath(ID_PARAM), title: 'editSegment', page: form, prefetch: prefetchForm },
  ],
};
