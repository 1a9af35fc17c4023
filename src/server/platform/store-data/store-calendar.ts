import dayjs from 'dayjs';
import type { IsoDate } from '../../../shared/date-ranges.ts';
import type { Queryable } from '../database/db.ts';

/*
 * A store's calendar: its days are its Shopify time zone's, so "today" and "the last 30 days" are the
 * merchant's, whoever asks and from wherever.
 */

export const DEFAULT_TIME_ZONE = 'America/Santiago';

/** The store's time zone, as Shopify reports it. */
export async function storeTimeZone(db: Queryable, storeId: number): Promise<string> {
  const [row] = await db.query<{ timezone: string | null }>('select timezone from shopify_connections where store_id = $1', [storeId]);
  return row?.timezone || DEFAULT_TIME_ZONE;
}

/** Today on the store's calendar, and the currency its money is in. */
export interface StoreCalendar {
  today: IsoDate;
  currency: string;
}

/** The calendar of a store whose Shopify connection gives `timeZone` and `currency` (either may be missing). */
export function calendarOf(timeZone: string | null | undefined, currency: string | null | undefined, now = new Date()): StoreCalendar {
  return { today: todayIn(timeZone || DEFAULT_TIME_ZONE, now), currency: currency ?? 'CLP' };
}

const todays = new Map<string, { day: IsoDate; until: number; format: Intl.DateTimeFormat }>();

/**
 * The calendar day in `timeZone` (en-CA writes YYYY-MM-DD). Every request asks, so the formatter is
 * built once per zone and the day kept until the next whole minute (zones change day only on one).
 */
function todayIn(timeZone: string, now: Date): IsoDate {
  const time = now.getTime();
  let today = todays.get(timeZone);
  if (!today) {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    todays.set(timeZone, (today = { day: '', until: -Infinity, format }));
  }
  if (time >= today.until || time < today.until - 60_000) {
    today.day = today.format.format(now);
    today.until = (Math.floor(time / 60_000) + 1) * 60_000;
  }
  return today.day;
}

/** First day of "the last `amount` `unit`s" ending today: the last 30 days are today and the 29 before. */
export const windowStart = (today: IsoDate, amount: number, unit: 'day' | 'week' | 'month' | 'year') =>
  dayjs(today)
    .subtract(unit === 'week' ? amount * 7 : amount, unit === 'week' ? 'day' : unit)
    .add(1, 'day')
    .format('YYYY-MM-DD');
