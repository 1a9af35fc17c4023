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
import type { DateRangeValue } from '../../../ui/date-range-picker';
import type { StatsDimension, StatsInRangeQuery } from '../api/store-stats';
import { STATS_DIMENSIONS } from '../stats-dimensions';

/** The contract's calendar: dates and years from 2000 to 2100 (`getStoreStatsInRange`, `getAcquisitionCostChart`). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined => options.find((option) => option === value);

/** A calendar day the contract takes: `YYYY-MM-DD`, a real date, in the years 2000 to 2100. */
export function isAddressDate(value: string | null): value is IsoDate {
  const match = value === null ? null : ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The range in the address: `?from=…&to=…` when both are days the contract takes, in order; otherwise
 * the preset (`?preset=…`, the last 30 days by default). A link with a date out of range opens on the
 * preset rather than on an error.
 */
export function rangeFromSearch(search: URLSearchParams, today: IsoDate): DateRangeValue {
  const from = search.get('from');
  const to = search.get('to');
  const custom = isAddressDate(from) && isAddressDate(to) && from <= to ? { from, to } : null;
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

/** The acquisition cost's year in the address when the contract takes it (2000 to 2100); otherwise the current one. */
export function yearFromSearch(search: URLSearchParams, currentYear: number): number {
  const year = Number(search.get('year'));
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR ? year : currentYear;
}

export interface DashboardAddress {
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
  /** Back from checkout with a subscription that just started. */
  subscriptionSuccess: boolean;
  setRange: (value: DateRangeValue) => void;
  setComparison: (comparison: Comparison) => void;
  setYear: (year: number) => void;
  /** A new tab starts on its first page. */
  setDimension: (dimension: StatsDimension) => void;
  setPage: (page: number) => void;
  dismissSubscriptionMessage: () => void;
}

/**
 * The range, granularity, comparison, tab, page and year live in the address, so a reload or a shared
 * link shows the same dashboard: `?preset=last12Months&granularity=week&compare=samePeriodLastYear` or
 * `?from=2026-01-01&to=2026-03-31`. Defaults stay out of it. `today` is the store's, so presets count from its calendar.
 */
export function useDashboardAddress(today: IsoDate): DashboardAddress {
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, today);
  const comparison = oneOf(COMPARISONS, search.get('compare')) ?? 'previousPeriod';
  const currentYear = Number(today.slice(0, 4));

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

  return {
    range,
    comparison,
    query: statsQueryOf(range, comparison),
    year: yearFromSearch(search, currentYear),
    currentYear,
    dimension: oneOf(STATS_DIMENSIONS, search.get('tab')) ?? 'products',
    page: Math.max(1, Number(search.get('page')) || 1),
    subscriptionSuccess: search.get('subscription') === 'success',
    setRange: (value) =>
      update(
        value.preset === 'custom'
          ? { preset: null, from: value.range.from, to: value.range.to, granularity: value.granularity }
          : { preset: value.preset, from: null, to: null, granularity: value.granularity },
      ),
    setComparison: (value) => update({ compare: value === 'previousPeriod' ? null : value }),
    setYear: (year) => update({ year: year === currentYear ? null : String(year) }),
    setDimension: (dimension) => update({ tab: dimension === 'products' ? null : dimension, page: null }),
    setPage: (page) => update({ page: page === 1 ? null : String(page) }),
    dismissSubscriptionMessage: () => update({ subscription: null }),
  };
}
