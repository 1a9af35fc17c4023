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

/** The period of the same length that ends the day before `value` starts: the comparison base. */
export function previousPeriod(value: DateRange): DateRange {
  const length = rangeLength(value);
  const to = day(value.from).subtract(1, 'day');
  return range(to.subtract(length - 1, 'day'), to);
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

/**
 * The first day of each day, week (from Monday), month or year that a range touches, the first one
 * clipped to the range's start: the points of a series.
 */
export function bucketStarts(value: DateRange, granularity: Granularity): IsoDate[] {
  // Plain UTC arithmetic: a year by day is 366 steps, and a request should not spend milliseconds on them.
  const starts: IsoDate[] = [];
  const last = Date.parse(`${value.to}T00:00:00Z`);
  for (let current = new Date(`${value.from}T00:00:00Z`); current.getTime() <= last; ) {
    starts.push(current.toISOString().slice(0, 10));
    const [year, month, date] = [current.getUTCFullYear(), current.getUTCMonth(), current.getUTCDate()];
    if (granularity === 'day') current = new Date(Date.UTC(year, month, date + 1));
    else if (granularity === 'week') current = new Date(Date.UTC(year, month, date + 7 - ((current.getUTCDay() + 6) % 7)));
    else if (granularity === 'month') current = new Date(Date.UTC(year, month + 1, 1));
    else current = new Date(Date.UTC(year + 1, 0, 1));
  }
  return starts;
}
