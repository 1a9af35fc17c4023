import type { IsoDate } from './date-ranges';

/*
 * The calendar every date a client sends must fall in: a segment's purchase periods, an ad campaign's
 * start and end, the dashboard's custom range, the year of a marketing investment. The forms and the
 * server's rules read it here; the contracts say the same (`CalendarDate`, `CalendarDateTime`,
 * `CalendarYear` in openapi/*.yaml: "… entre los años 2000 y 2100"), and
 * tests/server/platform/http/contract-parity holds the two sides together.
 *
 * Why 2000 to 2100: Shopify opened its first shop in 2006, so no order, customer or purchase period a
 * store can hold is older than that, and 2000 leaves room for histories imported from an older shop;
 * 2100 is further ahead than any campaign or plan. Outside it, dates reach the edges of what the
 * database and the browsers compute with (PostgreSQL has no year 0: a segment between 0000-01-01 and
 * today failed every build with "date/time field value out of range"), and mean nothing to a merchant.
 */
export const CALENDAR_YEARS = { first: 2000, last: 2100 } as const;

/** The first and last days a date may be, `YYYY-MM-DD`. */
export const FIRST_CALENDAR_DAY: IsoDate = `${CALENDAR_YEARS.first}-01-01`;
export const LAST_CALENDAR_DAY: IsoDate = `${CALENDAR_YEARS.last}-12-31`;

/** A date or a date-time written with a year of the calendar: the contracts' `pattern` for each. */
export const CALENDAR_YEAR_PATTERN = /^(20[0-9]{2}|2100)-/;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A whole year of the calendar. */
export const isCalendarYear = (year: number): boolean =>
  Number.isInteger(year) && year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;

/** A real day written `YYYY-MM-DD` (2026-02-29 is not one), whatever its year. */
export function isIsoDate(value: unknown): value is IsoDate {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real day `YYYY-MM-DD` within the calendar. */
export const isCalendarDate = (value: unknown): value is IsoDate => isIsoDate(value) && CALENDAR_YEAR_PATTERN.test(value);

/** A date-time (ISO 8601, as the contracts' `date-time`) whose year, as written, is of the calendar. */
export const isCalendarDateTime = (value: string): boolean => CALENDAR_YEAR_PATTERN.test(value);
