import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/backend.gen';
import { type Formattable, formatClp, formatCount, formatDate, formatDays, formatPercentage } from '../../../../shared/format';
import type { Loadable } from '../../../api/loadable';
import { useSettled } from '../../../lib/use-settled';
import { Button } from '../../../ui/button';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../ui/data-table';
import { TextInput } from '../../../ui/field';
import { Kpi, kpiStateOf } from '../../../ui/kpi';
import { Tabs } from '../../../ui/tabs';
import { STATS_DIMENSIONS } from '../stats-dimensions';
import { layout } from './layout';
import { MissingInvestmentNote } from './missing-investment-note';

type StoreStats = components['schemas']['StoreStats'];
type StatsDimension = components['schemas']['StatsDimension'];
type StatsTablePage = components['schemas']['StatsTablePage'];
type StatsTableRow = components['schemas']['StatsTableRow'];
type StatsTableSort = components['schemas']['StatsTableSort'];
type CustomerGroup = keyof StoreStats['customers'];

/** The table's order: a column and a direction. */
export interface StatsTableOrder {
  sort: StatsTableSort;
  order: 'asc' | 'desc';
}

/** How long typing pauses before the search runs, so each keystroke is not a request. */
export const SEARCH_DEBOUNCE_MS = 300;

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
  tableOrder: StatsTableOrder;
  /** A column clicked: the server sorts and the table goes back to its first page. */
  onTableOrderChange: (order: StatsTableOrder) => void;
  /** The search applied (trimmed); empty for none. */
  search: string;
  /** The typed search, once typing pauses (`SEARCH_DEBOUNCE_MS`). */
  onSearchChange: (search: string) => void;
  /** The XLSX of the open tab is downloading. */
  exporting: boolean;
  /** Downloads the open tab's rows (every page, this order and search) as XLSX. */
  onExport: () => void;
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

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '3' });
const searchBox = css({ flex: '1', maxWidth: 'sm' });

/** The table's header sort as the contract words it; a newly clicked column starts from its natural direction (figures from the largest). */
const directions = { ascending: 'asc', descending: 'desc' } as const;
function nextOrder(current: StatsTableOrder, clicked: DataTableSort): StatsTableOrder {
  const sort = clicked.key as StatsTableSort;
  if (sort !== current.sort) return { sort, order: sort === 'key' ? 'asc' : 'desc' };
  return { sort, order: directions[clicked.direction] };
}

/**
 * The search box's text: typed freely, sent once typing pauses (the clear button's empty box at once). A
 * search changed from outside (another tab, the address) replaces it; the echo of what this box sent does
 * not, since the merchant may have typed on meanwhile.
 */
function useSearchBox(search: string, onSearchChange: (search: string) => void) {
  const [draft, setDraft] = useState(search);
  const [cleared, setCleared] = useState(false);
  const typed = draft.trim();
  const settled = useSettled(typed, typed, cleared ? 0 : SEARCH_DEBOUNCE_MS);
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    if (search !== settled.value && typed !== search) setDraft(search);
  }
  // The search and callback of the last render: sending follows what settled, not the parent's re-renders.
  const latest = useRef({ search, onSearchChange });
  useEffect(() => {
    latest.current = { search, onSearchChange };
  });
  useEffect(() => {
    if (settled.value !== latest.current.search) latest.current.onSearchChange(settled.value);
  }, [settled]);
  const type = (text: string) => {
    setDraft(text);
    setCleared(false);
  };
  // Cleared at once, and settled at once, so a search the box held before is not taken for an echo.
  const clear = () => {
    setDraft('');
    setCleared(true);
    onSearchChange('');
  };
  return [draft, type, clear] as const;
}

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
  tableOrder,
  onTableOrderChange,
  search,
  onSearchChange,
  exporting,
  onExport,
  canEditInvestment,
  onSetInvestment,
}: StoreOverviewProps) {
  const { t } = useTranslation('metrics');
  const [draft, typeSearch, clearSearch] = useSearchBox(search, onSearchChange);
  const data = stats.status === 'success' ? stats.data : null;
  const tablePage = table.status === 'success' ? table.data : null;
  const columns: DataTableColumn<StatsTableRow>[] = [
    {
      key: 'key',
      sortable: true,
      header: t(`table.key.${dimension}`),
      cell: (row) => row.key || t(`table.noKey.${dimension}`),
    },
    {
      key: 'customers',
      sortable: true,
      header: t('table.customers'),
      align: 'end',
      cell: (row) => formatCount(row.customers),
    },
    {
      key: 'orders',
      sortable: true,
      header: t('table.orders'),
      align: 'end',
      cell: (row) => formatCount(row.orders),
    },
    {
      key: 'income',
      sortable: true,
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
              state={kpiStateOf(stats, (overview) => format(overview[key]))}
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
              state={kpiStateOf(stats, (overview) => formatCount(overview.customers[key]))}
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
                <div className={layout.group}>
                  <div className={toolbar}>
                    <div className={searchBox}>
                      <TextInput
                        type="search"
                        label={t(`table.search.${value}`)}
                        value={draft}
                        maxLength={100}
                        autoComplete="off"
                        onChange={(event) => typeSearch(event.target.value)}
                      />
                    </div>
                    <Button variant="outline" loading={exporting} disabled={tablePage?.totalRows === 0} onClick={onExport}>
                      {t('table.export')}
                    </Button>
                  </div>
                  <DataTable
                    caption={t(`table.tabs.${value}`)}
                    columns={columns}
                    rows={tablePage?.rows ?? []}
                    rowKey={(row) => row.key}
                    status={table.status === 'success' ? 'ready' : table.status}
                    errorCause={table.status === 'error' ? table.cause : undefined}
                    onRetry={onTableRetry}
                    loadingRows={pageSize}
                    sort={{ key: tableOrder.sort, direction: tableOrder.order === 'asc' ? 'ascending' : 'descending' }}
                    onSortChange={(clicked) => onTableOrderChange(nextOrder(tableOrder, clicked))}
                    empty={
                      search
                        ? {
                            title: t('table.noResultsTitle', { search }),
                            description: t('table.noResultsDescription'),
                            action: (
                              <Button variant="outline" onClick={clearSearch}>
                                {t('table.clearSearch')}
                              </Button>
                            ),
                          }
                        : {
                            // Nothing to clear or to try: say what the tab will show, and when.
                            title: t('table.emptyTitle'),
                            description: t(`table.emptyValue.${value}`),
                          }
                    }
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
                </div>
              ),
          }))}
        />
      </div>
    </section>
  );
}
