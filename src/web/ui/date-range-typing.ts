import type { DateRange, IsoDate } from '../../shared/date-ranges';

/** A day as the merchant types it, dd-mm-aaaa (15-03-2026); a slash or a dot between the parts is read too. */
const TYPED_DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** `YYYY-MM-DD` as the picker's inputs show it: 15-03-2026. */
export function formatTypedDay(day: IsoDate): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** The day a text names, `YYYY-MM-DD`, or null when it is not a real dd-mm-aaaa date (31-02-2026 is not). */
export function parseTypedDay(text: string): IsoDate | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31-02 over to March and reads years below 100 as 19xx: a real day reads back the same.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The texts of the picker's two inputs, Desde and Hasta. */
export interface TypedRange {
  from: string;
  to: string;
}

export type TypedEnd = keyof TypedRange;

/** What can be wrong with a typed day; each is a text of the `dates` group (`typedErrors.*`). */
export type TypedDayError = 'required' | 'invalid' | 'future' | 'beforeMin' | 'endBeforeStart';

/** The days that can be chosen: `max` is the merchant's today, `min` the first day the data covers, if any. */
export interface DayLimits {
  min?: IsoDate | undefined;
  max: IsoDate;
}

export interface TypedRangeCheck {
  /** Each end's day when it is a valid day on its own, even if the two are out of order. */
  days: { from: IsoDate | null; to: IsoDate | null };
  errors: Partial<Record<TypedEnd, TypedDayError>>;
  /** The range, when both ends are valid and in order. */
  range: DateRange | null;
}

function checkDay(text: string, limits: DayLimits): IsoDate | TypedDayError {
  if (text.trim() === '') return 'required';
  const day = parseTypedDay(text);
  if (!day) return 'invalid';
  if (day > limits.max) return 'future';
  if (limits.min && day < limits.min) return 'beforeMin';
  return day;
}

const isError = (result: IsoDate | TypedDayError): result is TypedDayError => !/^\d/.test(result);

/** Reads and checks both typed ends: each a real day within the limits, and Hasta not before Desde. */
export function checkTypedRange(typed: TypedRange, limits: DayLimits): TypedRangeCheck {
  const from = checkDay(typed.from, limits);
  const to = checkDay(typed.to, limits);
  const days = { from: isError(from) ? null : from, to: isError(to) ? null : to };
  const errors: TypedRangeCheck['errors'] = {};
  if (isError(from)) errors.from = from;
  if (isError(to)) errors.to = to;
  else if (days.from && days.from > to) errors.to = 'endBeforeStart';
  const range = days.from && days.to && !errors.to ? { from: days.from, to: days.to } : null;
  return { days, errors, range };
}
