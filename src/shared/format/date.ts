import { EMPTY_VALUE } from './number';
import { onFirstUse } from './on-first-use';

/** Dates are shown in the store's country. */
export const TIME_ZONE = 'America/Santiago';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dateOptions = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const zonedFormat = onFirstUse(() => new Intl.DateTimeFormat('es-CL', { ...dateOptions, timeZone: TIME_ZONE }));
// A calendar date (`YYYY-MM-DD`) names a day, not an instant: read and written in UTC so no zone shifts it.
const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('es-CL', { ...dateOptions, timeZone: 'UTC' }));

export type DateInput = Date | string | null | undefined;

function parse(value: DateInput): { date: Date; format: Intl.DateTimeFormat } | null {
  if (value === null || value === undefined || value === '') return null;
  const dayOnly = typeof value === 'string' && DAY_ONLY.test(value);
  const date = typeof value === 'string' ? new Date(dayOnly ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return null;
  return { date, format: dayOnly ? dayFormat() : zonedFormat() };
}

/** 15 mar 2026. Accepts a `YYYY-MM-DD` day, an ISO instant or a Date. */
export function formatDate(value: DateInput): string {
  const parsed = parse(value);
  return parsed ? parsed.format.format(parsed.date) : EMPTY_VALUE;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormat = (timeZone: string) => {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-CL', { ...dateOptions, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
};

/**
 * 15 mar 2026, 09:30 in the store's country, or in `timeZone` (IANA) when the answer names the store's own.
 * Accepts an ISO instant or a Date.
 */
export function formatDateTime(value: DateInput, timeZone: string = TIME_ZONE): string {
  const parsed = parse(value);
  return parsed ? dateTimeFormat(timeZone).format(parsed.date) : EMPTY_VALUE;
}

/** 1–15 mar 2026, 14 feb – 15 mar 2026: shared parts written once, as Intl does. */
export function formatDateRange(from: DateInput, to: DateInput): string {
  const start = parse(from);
  const end = parse(to);
  if (!start || !end) return EMPTY_VALUE;
  return start.format.formatRange(start.date, end.date);
}

const periodFormats = {
  day: onFirstUse(() => new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'short', timeZone: 'UTC' })),
  week: onFirstUse(() => new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'short', timeZone: 'UTC' })),
  month: onFirstUse(() => new Intl.DateTimeFormat('es-CL', { month: 'short', year: 'numeric', timeZone: 'UTC' })),
  year: onFirstUse(() => new Intl.DateTimeFormat('es-CL', { year: 'numeric', timeZone: 'UTC' })),
  /** A month where the year goes without saying (a chart of one year): ene. */
  monthOfYear: onFirstUse(() => new Intl.DateTimeFormat('es-CL', { month: 'short', timeZone: 'UTC' })),
} as const;

/**
 * A point of a series by the first day of its period (`YYYY-MM-DD`): 15 mar (a day, or the week
 * that starts on it), mar 2026, 2026; or just mar within a year.
 */
export function formatPeriod(period: string, granularity: keyof typeof periodFormats): string {
  const parsed = parse(period);
  return parsed ? periodFormats[granularity]().format(parsed.date) : EMPTY_VALUE;
}
