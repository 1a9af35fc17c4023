import { fn } from 'storybook/test';
import { activeCampaignsPerformance } from '../../mocks/fixtures/ad-campaigns';
import { acquisitionCost, STORE_TODAY, statsInRange, statsTablePage, storeStats } from '../../mocks/fixtures/dashboard';
import { type DateRange, type DateRangePreset, defaultGranularity, type Granularity, presetRange } from '../../src/shared/date-ranges';
import type { DashboardScreenProps } from '../../src/web/features/dashboard/screens/dashboard-screen';
import type { StoreOverviewProps } from '../../src/web/features/dashboard/screens/store-overview';
import type { DateRangeValue } from '../../src/web/ui/date-range-picker';

/** The picker's value for a preset, or for a custom range when `range` is given. */
export function rangeValue(preset: DateRangePreset, granularity?: Granularity, range?: DateRange): DateRangeValue {
  const days = range ?? presetRange(preset, STORE_TODAY);
  return {
    range: days,
    preset: range ? 'custom' : preset,
    granularity: granularity ?? defaultGranularity(days),
  };
}

export const overviewArgs: StoreOverviewProps = {
  stats: { status: 'success', data: storeStats },
  onStatsRetry: fn(),
  dimension: 'products',
  onDimensionChange: fn(),
  page: 1,
  pageSize: 10,
  onPageChange: fn(),
  table: { status: 'success', data: statsTablePage('products') },
  onTableRetry: fn(),
  tableOrder: { sort: 'income', order: 'desc' },
  onTableOrderChange: fn(),
  search: '',
  onSearchChange: fn(),
  exporting: false,
  onExport: fn(),
  canEditInvestment: true,
  onSetInvestment: fn(),
};

/** A store two years into selling, on its last 30 days, its 2026 investment set. */
export const dashboardArgs: DashboardScreenProps = {
  hasStore: true,
  subscriptionSuccess: false,
  onSubscriptionMessageDismiss: fn(),
  today: STORE_TODAY,
  range: rangeValue('last30Days'),
  onRangeChange: fn(),
  onShowLast12Months: fn(),
  comparison: 'previousPeriod',
  onComparisonChange: fn(),
  inRange: { status: 'success', data: statsInRange },
  onInRangeRetry: fn(),
  onSetInvestment: fn(),
  acquisition: {
    year: 2026,
    currentYear: 2026,
    onYearChange: fn(),
    chart: { status: 'success', data: acquisitionCost },
    adAccountCurrency: 'CLP',
    onRetry: fn(),
    canEditInvestment: true,
    onEditInvestment: fn(),
  },
  investment: {
    open: false,
    year: 2026,
    amount: acquisitionCost.investment,
    submitting: false,
    onOpenChange: fn(),
    onSave: fn(),
  },
  overview: overviewArgs,
  activeCampaigns: {
    campaigns: { status: 'success', data: activeCampaignsPerformance },
    onRetry: fn(),
    campaignHref: (campaignId) => `/campaigns/${campaignId}`,
    listHref: '/campaigns',
  },
};
