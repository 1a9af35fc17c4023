import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Queryable } from '../database/db.ts';
import { enqueue } from './jobs.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Nightly work is booked on Chile's clock, when the stores we serve are quiet. */
export const CHILE_TIME_ZONE = 'America/Santiago';

/**
 * The next moment after `now` when Chile's clocks read `hour`:`minute`. Each candidate is read on
 * the wall clock of its own day, so a change to or from summer time in between does not shift it
 * by an hour (Chile changes its clocks at midnight, so every hour from 01:00 on exists each day).
 */
export function nextTimeInChile(now: Date, hour: number, minute = 0): Date {
  const today = chileDay(now);
  const at = (day: string) => dayjs.tz(`${day} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, CHILE_TIME_ZONE);
  const candidate = at(today);
  return (candidate.isAfter(now) ? candidate : at(dayjs.utc(today).add(1, 'day').format('YYYY-MM-DD'))).toDate();
}

/** The calendar day in Chile of `moment`, as YYYY-MM-DD. */
export function chileDay(moment: Date): string {
  return dayjs(moment).tz(CHILE_TIME_ZONE).format('YYYY-MM-DD');
}

/**
 * Books `queue` for the next `hour`:00 in Chile, once per night however often it is called: keyed
 * by the night, so a running job books the next one while it still holds its own key.
 */
export async function bookNightly(db: Queryable, queue: string, hour: number, now = new Date()): Promise<void> {
  const runAt = nextTimeInChile(now, hour);
  await enqueue(db, queue, {}, { runAt, singletonKey: `night-${chileDay(runAt)}` });
}

/** What a nightly job's handler calls first, so a failure tonight does not end the series. */
export function bookNextNight(db: Queryable, queue: string, hour: number): Promise<void> {
  // An hour ahead, so a job that starts a moment early by this clock does not book its own night again.
  return bookNightly(db, queue, hour, new Date(Date.now() + 60 * 60 * 1000));
}
