import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { campaignForSegmentPath } from '../../../lib/paths';
import { toaster } from '../../../ui/toaster';
import {
  DEFAULT_SEGMENT_CUSTOMERS_QUERY,
  type SegmentCustomersSort,
  useDownloadSegmentXlsx,
  useSegment,
  useSegmentCustomers,
  useSegmentStats,
} from '../api/segments';
import { type SegmentCustomersOrder, type SegmentDetailItem, SegmentDetailScreen } from '../screens/segment-detail-screen';
import { useSegmentTexts } from '../screens/segment-texts';
import { SEGMENTS_PATH, segmentEditPath } from './paths';
import { exportFileName, RouterLink } from './segments-route';

const SORTS: readonly SegmentCustomersSort[] = ['name', 'email', 'orders', 'totalSpent', 'lastOrderAt'];
const DEFAULT_ORDER: SegmentCustomersOrder = { sort: DEFAULT_SEGMENT_CUSTOMERS_QUERY.sort, order: DEFAULT_SEGMENT_CUSTOMERS_QUERY.order };

/** The table's page, order and search, from the address: a link opens the same view. */
function useCustomersAddress() {
  const [params, setParams] = useSearchParams();
  const sort = SORTS.find((value) => value === params.get('sort')) ?? DEFAULT_ORDER.sort;
  const orderParam = params.get('order');
  const order: SegmentCustomersOrder = {
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : sort === 'name' || sort === 'email' ? 'asc' : 'desc',
  };
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const search = params.get('q')?.trim() ?? '';
  // Any change but the page's own goes back to the first page.
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') current.delete(key);
          else current.set(key, value);
        }
        if (!('page' in changes)) current.delete('page');
        return current;
      },
      { replace: true },
    );
  return {
    order,
    page,
    search,
    setOrder: (next: SegmentCustomersOrder) => update({ sort: next.sort, order: next.order }),
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
    setSearch: (next: string) => update({ q: next }),
  };
}

export function SegmentDetailRoute() {
  const { t } = useTranslation('toasts');
  const { nameOf } = useSegmentTexts();
  const { storeId } = useCurrentStore();
  const { id } = useParams();
  const segmentId = Number(id);
  const validId = Number.isInteger(segmentId) && segmentId > 0;
  const segment = useSegment(validId ? storeId : undefined, validId ? segmentId : 0);
  const ready = segment.data?.status === 'ready';
  const stats = useSegmentStats(storeId, segmentId, validId && ready);
  const address = useCustomersAddress();
  const query = {
    sort: address.order.sort,
    order: address.order.order,
    page: address.page,
    pageSize: DEFAULT_SEGMENT_CUSTOMERS_QUERY.pageSize,
    ...(address.search ? { q: address.search } : {}),
  };
  const customers = useSegmentCustomers(storeId, segmentId, query, validId && ready);
  const download = useDownloadSegmentXlsx(storeId);

  const loaded = loadableOf(segment);
  const notFound = !validId || (segment.error instanceof ApiError && segment.error.status === 404);
  const item: Loadable<SegmentDetailItem | null> = notFound
    ? { status: 'success', data: null }
    : loaded.status === 'success'
      ? { status: 'success', data: loaded.data }
      : loaded;
  const data = segment.data;

  return (
    <SegmentDetailScreen
      segment={item}
      onRetry={() => void segment.refetch()}
      stats={loadableOf(stats)}
      onStatsRetry={() => void stats.refetch()}
      customers={{
        customers: loadableOf(customers),
        onRetry: () => void customers.refetch(),
        page: address.page,
        pageSize: DEFAULT_SEGMENT_CUSTOMERS_QUERY.pageSize,
        onPageChange: address.setPage,
        order: address.order,
        onOrderChange: address.setOrder,
        search: address.search,
        onSearchChange: address.setSearch,
      }}
      downloading={download.isPending}
      onDownload={() => {
        if (!data) return;
        const { sort, order, q } = query;
        download.mutate(
          { segmentId, fileName: exportFileName(nameOf(data)), query: { sort, order, ...(q ? { q } : {}) } },
          { onError: () => toaster.show({ status: 'error', message: t('segmentDownloadFailed') }) },
        );
      }}
      listHref={SEGMENTS_PATH}
      editHref={data && data.key === null ? segmentEditPath(segmentId) : undefined}
      campaignHref={campaignForSegmentPath(segmentId)}
      linkComponent={RouterLink}
    />
  );
}
