import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../../../shared/format/count';
import { sessionQueryOptions } from '../../../api/session';
import type { KpiState } from '../../../ui/kpi';
import { useStoreStats } from '../api/store-stats';
import { DashboardScreen } from '../screens/dashboard-screen';

export function DashboardRoute() {
  const { data: user } = useQuery(sessionQueryOptions);
  const storeId = user?.store ?? null;
  const stats = useStoreStats(storeId);

  const totalOrders: KpiState | null =
    storeId === null
      ? null
      : stats.isPending
        ? { status: 'loading' }
        : stats.isError
          ? stats.isFetching
            ? { status: 'loading' }
            : { status: 'error' }
          : { status: 'success', value: formatCount(stats.data.totalOrders) };

  return <DashboardScreen totalOrders={totalOrders} onRetry={() => void stats.refetch()} />;
}
