import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';

dayjs.extend(quarterOfYear);

/** A calendar date as `YYYY-MM-DD`: ranges are whole days, free of time zones. */
export type IsoDate = string;

/** Both ends included. */
export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

/** The time ranges of SPEC §9, in the order the picker lists them. */
export const DATE_RANGE_PRESETS = [
  'last7Days',
  'last30Days',
  'last12Weeks',
  'last12Months',
  'previousMonth',
  'previousYear',
  'weekToDate',
  'monthToDate',
  'quarterToDate',
  'yearToDate',
] as const;

export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** The granularities of SPEC §9, finest first. */
export const GRANULARITIES = ['day', 'week', 'month', 'year'] as const;

export type Granularity = (typeof GRANULARITIES)[number];

const FORMAT = 'YYYY-MM-DD';

/** Weeks start on Monday, as the Spanish locale says. */
function day(date: IsoDate): Dayjs {
  return dayjs(date).locale('es');
}

function toIso(date: Dayjs): IsoDate {
  return date.format(FORMAT);
}

function range(from: Dayjs, to: Dayjs): DateRange {
  return { from: toIso(from), to: toIso(to) };
}

/**
 * The range a preset stands for on `today`. The "last N" presets end on `today` and count it, so
 * "last 7 days" is today and the six days before it; the "to date" presets start at the beginning
 * of the current week (Monday), month, quarter or year.
 */
export function presetRange(preset: DateRangePreset, today: IsoDate): DateRange {
  const end = day(today);
  switch (preset) {
    case 'last7Days':
      return range(end.subtract(6, 'day'), end);
    case 'last30Days':
      return range(end.subtract(29, 'day'), end);
    case 'last12Weeks':
      return range(end.subtract(12 * 7 - 1, 'day'), end);
    case 'last12Months':
      return range(end.subtract(12, 'month').add(1, 'day'), end);
    case 'previousMonth': {
      const month = end.subtract(1, 'month');
      return range(month.startOf('month'), month.endOf('month'));
    }
    case 'previousYear': {
      const year = end.subtract(1, 'year');
      return range(year.startOf('year'), year.endOf('year'));
    }
    case 'weekToDate':
      return range(end.startOf('week'), end);
    case 'monthToDate':
      return range(end.startOf('month'), end);
    case 'quarterToDate':
      return range(end.startOf('quarter'), end);
    case 'yearToDate':
      return range(end.startOf('year'), end);
  }
}

/** Number of days in a range, both ends counted. */
export function rangeLength(value: DateRange): number {
  return day(value.to).diff(day(value.from), 'day') + 1;
}

/** What a range is compared with (the contract's `Comparison`), in the order the picker lists them. */
export const COMPARISONS = ['previousPeriod', 'samePeriodLastYear'] as const;

export type Comparison = (typeof COMPARISONS)[number];

/** Whole calendar months a custom range covers exactly (from a 1st to a month's last day), or null. */
function wholeMonths(value: DateRange): number | null {
  const from = day(value.from);
  const to = day(value.to);
  if (from.date() !== 1 || !to.isSame(to.endOf('month'), 'day')) return null;
  return (to.year() - from.year()) * 12 + to.month() - from.month() + 1;
}

/**
 * `value` moved `months` calendar months back. An end on its month's last day stays on the last day
 * (a whole month stays whole); any other day keeps its number, or the month's last day when the
 * month is shorter (31 March → 28 February).
 */
function monthsBack(value: DateRange, months: number): DateRange {
  const to = day(value.to);
  const movedTo = to.subtract(months, 'month');
  return range(day(value.from).subtract(months, 'month'), to.isSame(to.endOf('month'), 'day') ? movedTo.endOf('month') : movedTo);
}

/** Calendar months the calendar presets step back by: their period before is the same days that many months earlier. */
const CALENDAR_MONTHS: Partial<Record<DateRangePreset, number>> = {
  previousMonth: 1,
  previousYear: 12,
  monthToDate: 1,
  quarterToDate: 3,
  yearToDate: 12,
};

/**
 * The period before `value`, of the same kind (the contract's `Comparison` `previousPeriod`): the
 * calendar period before for the calendar presets (the same days of the previous week, month, quarter
 * or year for the "to date" ones), the same number of whole months before for a custom range of whole
 * months, and otherwise the same number of days just before. `preset` is the preset `value` came from
 * (or was moved from), null for a custom range.
 */
export function periodBefore(value: DateRange, preset: DateRangePreset | null): DateRange {
  const months = preset ? CALENDAR_MONTHS[preset] : wholeMonths(value);
  if (months) return monthsBack(value, months);
  const days = preset === 'weekToDate' ? 7 : rangeLength(value);
  return range(day(value.from).subtract(days, 'day'), day(value.to).subtract(days, 'day'));
}

/** The period `value` is compared with. */
export function comparisonRange(value: DateRange, preset: DateRangePreset | null, comparison: Comparison): DateRange {
  return comparison === 'samePeriodLastYear' ? monthsBack(value, 12) : periodBefore(value, preset);
}

/** The preset whose range on `today` is exactly `value`, or `custom`. */
export function matchPreset(value: DateRange, today: IsoDate): DateRangePreset | 'custom' {
  const found = DATE_RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today);
    return candidate.from === value.from && candidate.to === value.to;
  });
  return found ?? 'custom';
}

/**
 * Granularities that make a readable chart for a range: at least two points and at most about a
 * hundred (daily points over a year would be unreadable, yearly ones over a month meaningless).
 */
export function granularitiesFor(value: DateRange): Granularity[] {
  const days = rangeLength(value);
  return GRANULARITIES.filter((granularity) => {
    switch (granularity) {
      case 'day':
        return days <= 92;
      case 'week':
        return days >= 14 && days <= 731;
      case 'month':
        return days >= 56;
      case 'year':
        return days >= 366;
    }
  });
}

/** The granularity a range opens with: the finest readable one. */
export function defaultGranularity(value: DateRange): Granularity {
  return granularitiesFor(value)[0] ?? 'day';
}

/** A point of a series: its first day (clipped to the range), and whether it covers only part of its period. */
export interface Bucket {
  period: IsoDate;
  /** The range cuts its day, week, month or year, or it is not over yet (it holds `today` or later). */
  partial: boolean;
}

/**
 * The first day of each day, week (from Monday), month or year that a range touches, the first one
 * clipped to the range's start: the points of a series.
 */
export function bucketStarts(value: DateRange, granularity: Granularity): IsoDate[] {
  return buckets(value, granularity, '9999-12-31').map((bucket) => bucket.period);
}

/** The points of a series over `value`, each marked partial when the range cuts it or `today` is not past it. */
export function buckets(value: DateRange, granularity: Granularity, today: IsoDate): Bucket[] {
  // Plain UTC arithmetic: a year by day is 366 steps, and a request should not spend milliseconds on them.
  const found: Bucket[] = [];
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const last = Date.parse(`${value.to}T00:00:00Z`);
  let current = new Date(`${value.from}T00:00:00Z`);
  while (current.getTime() <= last) {
    const [year, month, date] = [current.getUTCFullYear(), current.getUTCMonth(), current.getUTCDate()];
    // Where the point's whole day, week, month or year starts and where the next one does.
    let start = current;
    let next: Date;
    if (granularity === 'day') next = new Date(Date.UTC(year, month, date + 1));
    else if (granularity === 'week') {
      const sinceMonday = (current.getUTCDay() + 6) % 7;
      start = new Date(Date.UTC(year, month, date - sinceMonday));
      next = new Date(Date.UTC(year, month, date + 7 - sinceMonday));
    } else if (granularity === 'month') {
      start = new Date(Date.UTC(year, month, 1));
      next = new Date(Date.UTC(year, month + 1, 1));
    } else {
      start = new Date(Date.UTC(year, 0, 1));
      next = new Date(Date.UTC(year + 1, 0, 1));
    }
    const end = iso(new Date(next.getTime() - 86_400_000));
    found.push({ period: iso(current), partial: start.getTime() < current.getTime() || end > value.to || end >= today });
    current = next;
  }
  return found;
}
