import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/backend.gen';
import { type Formattable, formatClp, formatCount, formatDate, formatDays, formatPercentage } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Kpi, type KpiState } from '../../../ui/kpi';
import { Tabs } from '../../../ui/tabs';
import { STATS_DIMENSIONS } from '../stats-dimensions';
import { layout } from './layout';
import { MissingInvestmentNote } from './missing-investment-note';

type StoreStats = components['schemas']['StoreStats'];
type StatsDimension = components['schemas']['StatsDimension'];
type StatsTablePage = components['schemas']['StatsTablePage'];
type StatsTableRow = components['schemas']['StatsTableRow'];
type CustomerGroup = keyof StoreStats['customers'];

export interface StoreOverviewProps {
  stats: Loadable<StoreStats>;
  onStatsRetry: () => void;
  dimension: StatsDimension;
  onDimensionChange: (dimension: StatsDimension) => void;
  /** The page of the table shown, from 1. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  table: Loadable<StatsTablePage>;
  onTableRetry: () => void;
  /** Collaborators see why the acquisition cost is unknown, but cannot set the investment. */
  canEditInvestment: boolean;
  onSetInvestment: (year: number) => void;
}

type GeneralKey = Exclude<keyof StoreStats, 'customers' | 'currency' | 'asOf' | 'acquisitionCostMissingYears'>;

/** SPEC §3's store metrics, with how each reads. */
const GENERAL: readonly {
  key: GeneralKey;
  format: (value: Formattable) => string;
}[] = [
  { key: 'totalOrders', format: formatCount },
  { key: 'totalIncome', format: formatClp },
  { key: 'ordersAvgIncome', format: formatClp },
  { key: 'activeCustomers', format: formatCount },
  {
    key: 'newCustomersRate',
    format: formatPercentage,
  },
  {
    key: 'recurrentCustomersRate',
    format: formatPercentage,
  },
  { key: 'avgPurchaseFrequency', format: formatDays },
  { key: 'avgDaysUntilNextOrder', format: formatDays },
  { key: 'acquisitionCost', format: formatClp },
];

/** SPEC §9's kinds of customer. */
const GROUPS: readonly CustomerGroup[] = ['total', 'active', 'star', 'asleep', 'new', 'risky', 'highValue', 'offer'];

/** Overview metrics: the store's figures of all time, its customers by kind, and the table by product, place, dispatch, payment and discount. */
export function StoreOverview({
  stats,
  onStatsRetry,
  dimension,
  onDimensionChange,
  page,
  pageSize,
  onPageChange,
  table,
  onTableRetry,
  canEditInvestment,
  onSetInvestment,
}: StoreOverviewProps) {
  const { t } = useTranslation('metrics');
  const data = stats.status === 'success' ? stats.data : null;
  const stateOf = (value: () => string): KpiState =>
    data ? { status: 'success', value: value() } : { status: stats.status === 'error' ? 'error' : 'loading' };
  const tablePage = table.status === 'success' ? table.data : null;
  const columns: DataTableColumn<StatsTableRow>[] = [
    {
      key: 'key',
      header: t(`table.key.${dimension}`),
      cell: (row) => row.key || t(`table.noKey.${dimension}`),
    },
    {
      key: 'customers',
      header: t('table.customers'),
      align: 'end',
      cell: (row) => formatCount(row.customers),
    },
    {
      key: 'orders',
      header: t('table.orders'),
      align: 'end',
      cell: (row) => formatCount(row.orders),
    },
    {
      key: 'income',
      header: t('table.income'),
      align: 'end',
      cell: (row) => formatClp(row.income),
    },
  ];

  return (
    <section className={layout.page} aria-labelledby="store-overview-title">
      <header className={layout.heading}>
        <h2 id="store-overview-title" className={layout.title}>
          {t('title')}
        </h2>
        {data ? <p className={layout.note}>{t('description', { date: formatDate(data.asOf) })}</p> : null}
      </header>
      <div className={layout.group}>
        <h3 className={layout.groupTitle}>{t('general.title')}</h3>
        <div className={layout.figures}>
          {GENERAL.map(({ key, format }) => (
            <Kpi
              key={key}
              label={t(`general.${key}.label`)}
              help={t(`general.${key}.help`)}
              state={stateOf(() => format(data?.[key]))}
              onRetry={onStatsRetry}
              note={
                key === 'acquisitionCost' && data && data.acquisitionCostMissingYears.length > 0 ? (
                  <MissingInvestmentNote years={data.acquisitionCostMissingYears} canEdit={canEditInvestment} onSet={onSetInvestment} />
                ) : undefined
              }
            />
          ))}
        </div>
      </div>
      <div className={layout.group}>
        <h3 className={layout.groupTitle}>{t('groups.title')}</h3>
        <div className={layout.figures}>
          {GROUPS.map((key) => (
            <Kpi
              key={key}
              label={t(`groups.${key}.label`)}
              help={t(`groups.${key}.help`)}
              state={stateOf(() => formatCount(data?.customers[key]))}
              onRetry={onStatsRetry}
            />
          ))}
        </div>
      </div>
      <div className={layout.group}>
        <h3 className={layout.groupTitle}>{t('table.title')}</h3>
        <p className={layout.note}>
          {t('table.nightly')} {tablePage?.updatedAt ? t('table.updatedAt', { date: formatDate(tablePage.updatedAt) }) : null}
        </p>
        <Tabs
          id="store-overview-tabs"
          label={t('table.tabsLabel')}
          value={dimension}
          onValueChange={(value) => onDimensionChange(value as StatsDimension)}
          items={STATS_DIMENSIONS.map((value) => ({
            value,
            label: t(`table.tabs.${value}`),
            // One page is loaded at a time: only the open tab shows it.
            content:
              value !== dimension ? null : (
                <DataTable
                  caption={t(`table.tabs.${value}`)}
                  columns={columns}
                  rows={tablePage?.rows ?? []}
                  rowKey={(row) => row.key}
                  status={table.status === 'success' ? 'ready' : table.status}
                  onRetry={onTableRetry}
                  loadingRows={pageSize}
                  empty={{
                    title: t('table.emptyTitle'),
                    description: t('table.emptyDescription'),
                  }}
                  pagination={
                    tablePage
                      ? {
                          count: tablePage.totalRows,
                          pageSize,
                          page,
                          onPageChange,
                        }
                      : undefined
                  }
                />
              ),
          }))}
        />
      </div>
    </section>
  );
}
