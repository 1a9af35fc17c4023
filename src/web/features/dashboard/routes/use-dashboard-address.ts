import { useSearchParams } from 'react-router-dom';
import {
  COMPARISONS,
  type Comparison,
  DATE_RANGE_PRESETS,
  type DateRangePreset,
  defaultGranularity,
  GRANULARITIES,
  type IsoDate,
  presetRange,
} from '../../../../shared/date-ranges';
import { isCalendarDate, isCalendarYear } from '../../../../shared/date-rules';
import type { DateRangeValue } from '../../../ui/date-range-picker';
import type { StatsDimension, StatsInRangeQuery, StatsTableQuery, StatsTableSort, StatsTableXlsxQuery } from '../api/store-stats';
import { STATS_DIMENSIONS } from '../stats-dimensions';

/** The columns the overview table sorts by, and the longest search the contract takes (`getStoreStatsTable`). */
export const TABLE_SORTS: readonly StatsTableSort[] = ['key', 'customers', 'orders', 'income'];
export const TABLE_SEARCH_MAX = 100;

/** The table's order: by income from the largest unless the address says otherwise; each column has its natural direction. */
export interface TableOrder {
  sort: StatsTableSort;
  order: 'asc' | 'desc';
}
export const DEFAULT_TABLE_ORDER: TableOrder = { sort: 'income', order: 'desc' };
export const naturalOrder = (sort: StatsTableSort): TableOrder['order'] => (sort === 'key' ? 'asc' : 'desc');

/** `?sort=…&order=…`; an unknown column falls back to the default order, a missing direction to the column's natural one. */
export function tableOrderFromSearch(search: URLSearchParams): TableOrder {
  const sort = oneOf(TABLE_SORTS, search.get('sort'));
  if (!sort) return DEFAULT_TABLE_ORDER;
  return { sort, order: oneOf(['asc', 'desc'] as const, search.get('order')) ?? naturalOrder(sort) };
}

/** A search the contract takes: no control characters, no spaces around it, at most `TABLE_SEARCH_MAX` characters. */
export function cleanSearch(text: string): string {
  const printable = [...text].filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, TABLE_SEARCH_MAX).trim();
}

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined => options.find((option) => option === value);

/**
 * The range in the address: `?from=…&to=…` when both are days the contract takes, in order; otherwise
 * the preset (`?preset=…`, the last 30 days by default). A link with a date out of range opens on the
 * preset rather than on an error.
 */
export function rangeFromSearch(search: URLSearchParams, today: IsoDate): DateRangeValue {
  const from = search.get('from');
  const to = search.get('to');
  const custom = isCalendarDate(from) && isCalendarDate(to) && from <= to ? { from, to } : null;
  const preset: DateRangePreset = oneOf(DATE_RANGE_PRESETS, search.get('preset')) ?? 'last30Days';
  const range = custom ?? presetRange(preset, today);
  return {
    range,
    preset: custom ? 'custom' : preset,
    granularity: oneOf(GRANULARITIES, search.get('granularity')) ?? defaultGranularity(range),
  };
}

/** What the range asks the server: the preset by name (resolved on the store's calendar), or the two days, and what to compare with. */
export function statsQueryOf(value: DateRangeValue, comparison: Comparison): StatsInRangeQuery {
  const compare = comparison === 'previousPeriod' ? {} : { comparison };
  return value.preset === 'custom'
    ? { from: value.range.from, to: value.range.to, granularity: value.granularity, ...compare }
    : { preset: value.preset, granularity: value.granularity, ...compare };
}

/** The acquisition cost's year in the address when the contract takes it (date-rules.ts); otherwise the current one. */
export function yearFromSearch(search: URLSearchParams, currentYear: number): number {
  const year = Number(search.get('year'));
  return isCalendarYear(year) ? year : currentYear;
}

/** What the address says the dashboard shows; defaults fill in what it leaves out. */
export interface DashboardView {
  range: DateRangeValue;
  /** What the range is compared with: the period before unless `?compare=samePeriodLastYear`. */
  comparison: Comparison;
  /** The range and comparison as the stats query asks for them. */
  query: StatsInRangeQuery;
  year: number;
  currentYear: number;
  dimension: StatsDimension;
  /** The overview table's page, from 1. */
  page: number;
  /** The overview table's order and search (trimmed; empty for none). */
  tableOrder: TableOrder;
  search: string;
  /** Back from checkout with a subscription that just started. */
  subscriptionSuccess: boolean;
}

/** The overview table's rows per page. */
export const TABLE_PAGE_SIZE = 10;

/** The view at an address; `today` is the store's, so presets count from its calendar. */
export function dashboardViewOf(search: URLSearchParams, today: IsoDate): DashboardView {
  const range = rangeFromSearch(search, today);
  const comparison = oneOf(COMPARISONS, search.get('compare')) ?? 'previousPeriod';
  const currentYear = Number(today.slice(0, 4));
  return {
    range,
    comparison,
    query: statsQueryOf(range, comparison),
    year: yearFromSearch(search, currentYear),
    currentYear,
    dimension: oneOf(STATS_DIMENSIONS, search.get('tab')) ?? 'products',
    page: Math.max(1, Number(search.get('page')) || 1),
    tableOrder: tableOrderFromSearch(search),
    search: cleanSearch(search.get('q') ?? ''),
    subscriptionSuccess: search.get('subscription') === 'success',
  };
}

/** The overview table's question for a view, without its page (the export takes every row). */
export function tableQueryOf(view: DashboardView): StatsTableXlsxQuery {
  const { sort, order } = view.tableOrder;
  return { dimension: view.dimension, sort, order, ...(view.search ? { q: view.search } : {}) };
}

/** The overview table's page for a view. */
export const tablePageQueryOf = (view: DashboardView): StatsTableQuery => ({
  ...tableQueryOf(view),
  page: view.page,
  pageSize: TABLE_PAGE_SIZE,
});

export interface DashboardAddress extends DashboardView {
  setRange: (value: DateRangeValue) => void;
  setComparison: (comparison: Comparison) => void;
  setYear: (year: number) => void;
  /** A new tab starts on its first page, unsearched (a product's name means nothing among places). */
  setDimension: (dimension: StatsDimension) => void;
  setPage: (page: number) => void;
  /** A new order or search starts on the first page. */
  setTableOrder: (order: TableOrder) => void;
  setSearch: (search: string) => void;
  dismissSubscriptionMessage: () => void;
}

/**
 * The range, granularity, comparison, tab, page, table order and search, and year live in the address, so a reload or a shared
 * link shows the same dashboard: `?preset=last12Months&granularity=week&compare=samePeriodLastYear` or
 * `?from=2026-01-01&to=2026-03-31`. Defaults stay out of it. `today` is the store's, so presets count from its calendar.
 */
export function useDashboardAddress(today: IsoDate): DashboardAddress {
  const [search, setSearchParams] = useSearchParams();
  const view = dashboardViewOf(search, today);
  const { currentYear } = view;

  /** Changes some of the address's parameters, keeping the rest. */
  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
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

  return {
    ...view,
    setRange: (value) =>
      update(
        value.preset === 'custom'
          ? { preset: null, from: value.range.from, to: value.range.to, granularity: value.granularity }
          : { preset: value.preset, from: null, to: null, granularity: value.granularity },
      ),
    setComparison: (value) => update({ compare: value === 'previousPeriod' ? null : value }),
    setYear: (year) => update({ year: year === currentYear ? null : String(year) }),
    setDimension: (dimension) => update({ tab: dimension === 'products' ? null : dimension, page: null, q: null }),
    setPage: (page) => update({ page: page === 1 ? null : String(page) }),
    setTableOrder: ({ sort, order }) =>
      update({
        sort: sort === DEFAULT_TABLE_ORDER.sort && order === DEFAULT_TABLE_ORDER.order ? null : sort,
        order: sort === DEFAULT_TABLE_ORDER.sort && order === DEFAULT_TABLE_ORDER.order ? null : order,
        page: null,
      }),
    setSearch: (text) => update({ q: cleanSearch(text) || null, page: null }),
    dismissSubscriptionMessage: () => update({ subscription: null }),
  };
}
