import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { loadableOf } from '../../../api/loadable';
import { toaster } from '../../../ui/toaster';
import { useAcquisitionCost, useSetMarketingInvestment } from '../api/acquisition-cost';
import { useStatsInRange, useStatsTable, useStoreStats } from '../api/store-stats';
import { DashboardScreen } from '../screens/dashboard-screen';
import { useDashboardAddress } from './use-dashboard-address';

const TABLE_PAGE_SIZE = 10;

export function DashboardRoute() {
  const { t } = useTranslation('toasts');
  const { role, storeId } = useCurrentStore();
  const stats = useStoreStats(storeId);
  // The store's own calendar once known; the browser's until then.
  const today = stats.data?.asOf ?? dayjs().format('YYYY-MM-DD');
  const address = useDashboardAddress(today);
  const { range, year, currentYear, dimension, page } = address;
  const inRange = useStatsInRange(storeId, address.query);
  const acquisition = useAcquisitionCost(storeId, year);
  const table = useStatsTable(storeId, dimension, page, TABLE_PAGE_SIZE);
  const setInvestment = useSetMarketingInvestment(storeId);
  const [investmentOpen, setInvestmentOpen] = useState(false);
  // A cost that cannot be known without a year's investment opens the modal on that year.
  const openInvestment = (investmentYear: number) => {
    address.setYear(investmentYear);
    setInvestmentOpen(true);
  };

  return (
    <DashboardScreen
      hasStore={storeId !== undefined}
      subscriptionSuccess={address.subscriptionSuccess}
      onSubscriptionMessageDismiss={address.dismissSubscriptionMessage}
      today={today}
      // A preset shows the days the server resolved it to, on the store's calendar.
      range={range.preset !== 'custom' && inRange.data?.preset === range.preset ? { ...range, range: inRange.data.range } : range}
      onRangeChange={address.setRange}
      comparison={address.comparison}
      onComparisonChange={address.setComparison}
      inRange={loadableOf(inRange)}
      onInRangeRetry={() => void inRange.refetch()}
      onSetInvestment={openInvestment}
      acquisition={{
        year,
        currentYear,
        onYearChange: address.setYear,
        chart: loadableOf(acquisition),
        onRetry: () => void acquisition.refetch(),
        canEditInvestment: can(role, 'setMarketingInvestment'),
        onEditInvestment: () => setInvestmentOpen(true),
      }}
      investment={{
        open: investmentOpen,
        year,
        amount: acquisition.data?.investment ?? null,
        submitting: setInvestment.isPending,
        onOpenChange: setInvestmentOpen,
        onSave: (values) =>
          setInvestment.mutate(values, {
            onSuccess: () => {
              setInvestmentOpen(false);
              toaster.show({
                status: 'success',
                message: t('investmentUpdated', { year: values.year }),
              });
            },
            onError: () =>
              toaster.show({
                status: 'error',
                message: t('investmentUpdateFailed'),
              }),
          }),
      }}
      overview={{
        stats: loadableOf(stats),
        onStatsRetry: () => void stats.refetch(),
        dimension,
        onDimensionChange: address.setDimension,
        page,
        pageSize: TABLE_PAGE_SIZE,
        onPageChange: address.setPage,
        table: loadableOf(table),
        onTableRetry: () => void table.refetch(),
        canEditInvestment: can(role, 'setMarketingInvestment'),
        onSetInvestment: openInvestment,
      }}
    />
  );
}
