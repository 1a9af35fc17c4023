import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DATE_RANGE_PRESETS, type DateRangePreset, defaultGranularity, GRANULARITIES, presetRange } from '../../../../shared/date-ranges';
import { loadableOf } from '../../../api/loadable';
import { sessionQueryOptions } from '../../../api/session';
import type { DateRangeValue } from '../../../ui/date-range-picker';
import { toaster } from '../../../ui/toast';
import { useAcquisitionCost, useSetMarketingInvestment } from '../api/acquisition-cost';
import { type StatsDimension, type StatsInRangeQuery, useStatsInRange, useStatsTable, useStoreStats } from '../api/store-stats';
import { DashboardScreen } from '../screens/dashboard-screen';
import { STATS_DIMENSIONS } from '../stats-dimensions';

const TABLE_PAGE_SIZE = 10;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined => options.find((option) => option === value);

/**
 * The range, granularity, tab, page and year live in the address, so a reload or a shared link shows
 * the same dashboard: `?preset=last12Months&granularity=week` or `?from=2026-01-01&to=2026-03-31`.
 */
function rangeFromSearch(search: URLSearchParams, today: string): DateRangeValue {
  const from = search.get('from');
  const to = search.get('to');
  const custom = from && to && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to ? { from, to } : null;
  const preset: DateRangePreset = oneOf(DATE_RANGE_PRESETS, search.get('preset')) ?? 'last30Days';
  const range = custom ?? presetRange(preset, today);
  return {
    range,
    preset: custom ? 'custom' : preset,
    granularity: oneOf(GRANULARITIES, search.get('granularity')) ?? defaultGranularity(range),
  };
}

export function DashboardRoute() {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { data: user } = useQuery(sessionQueryOptions);
  const storeId = user?.store ?? null;
  const stats = useStoreStats(storeId);
  // The store's own calendar once known; the browser's until then.
  const today = stats.data?.asOf ?? dayjs().format('YYYY-MM-DD');
  const range = rangeFromSearch(search, today);
  const query: StatsInRangeQuery =
    range.preset === 'custom'
      ? {
          from: range.range.from,
          to: range.range.to,
          granularity: range.granularity,
        }
      : { preset: range.preset, granularity: range.granularity };
  const inRange = useStatsInRange(storeId, query);
  const currentYear = Number(today.slice(0, 4));
  const year = Number(search.get('year')) || currentYear;
  const acquisition = useAcquisitionCost(storeId, year);
  const dimension: StatsDimension = oneOf(STATS_DIMENSIONS, search.get('tab')) ?? 'products';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const table = useStatsTable(storeId, dimension, page, TABLE_PAGE_SIZE);
  const setInvestment = useSetMarketingInvestment(storeId ?? 0);
  const [investmentOpen, setInvestmentOpen] = useState(false);

  /** Changes some of the address's parameters, keeping the rest. */
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <DashboardScreen
      hasStore={storeId !== null}
      subscriptionSuccess={search.get('subscription') === 'success'}
      onSubscriptionMessageDismiss={() => update({ subscription: null })}
      today={today}
      range={range.preset !== 'custom' && inRange.data?.preset === range.preset ? { ...range, range: inRange.data.range } : range}
      onRangeChange={(value) =>
        update(
          value.preset === 'custom'
            ? {
                preset: null,
                from: value.range.from,
                to: value.range.to,
                granularity: value.granularity,
              }
            : {
                preset: value.preset,
                from: null,
                to: null,
                granularity: value.granularity,
              },
        )
      }
      inRange={loadableOf(inRange)}
      onInRangeRetry={() => void inRange.refetch()}
      acquisition={{
        year,
        currentYear,
        onYearChange: (next) => update({ year: next === currentYear ? null : String(next) }),
        chart: loadableOf(acquisition),
        onRetry: () => void acquisition.refetch(),
        // The contract lets every role but collaborators set the investment (x-roles).
        canEditInvestment: user?.role !== 'colaborator',
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
        onDimensionChange: (next) => update({ tab: next === 'products' ? null : next, page: null }),
        page,
        pageSize: TABLE_PAGE_SIZE,
        onPageChange: (next) => update({ page: next === 1 ? null : String(next) }),
        table: loadableOf(table),
        onTableRetry: () => void table.refetch(),
      }}
      onCreateCampaign={() => void navigate('/campaigns/create')}
    />
  );
}
