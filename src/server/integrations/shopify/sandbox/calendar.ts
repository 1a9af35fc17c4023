/**
 * The demo store's clock and calendar: an absolute timeline (seconds since the store's first day)
 * and how busy a Chilean online shop is at each hour of it. Sales follow the year (CyberDay in June
 * and October, Black Friday and Cyber Monday, Christmas, the February holidays), the week (Mondays
 * busy, Saturdays quiet) and the day (nights empty, evenings full) in the shop's time zone, on a
 * store that grows over the years.
 *
 * Generators draw times uniformly in "busy time" and map them back through a warp, so more orders
 * and carts fall where the store is busier without holding a table of them.
 */

/** 2023-11-01T00:00:00Z: the store's first day. Times inside are seconds since then. */
export const TIMELINE_START_MS = Date.UTC(2023, 10, 1);
export const HOUR = 3600;
export const DAY = 86_400;
/** The span over which `customers` and `orders` are reached. */
export const TIMELINE_SECONDS = Math.round(3 * 365.25 * DAY);
/** How far the hourly tables reach; past it the last hour's pace carries on. */
const TABLE_DAYS = Math.round(12 * 365.25);
export const SHOP_TIME_ZONE = 'America/Santiago';

export const toIso = (seconds: number): string => new Date(TIMELINE_START_MS + seconds * 1000).toISOString().replace('.000Z', 'Z');

/** Orders by local hour (0 h to 23 h): quiet nights, a late-morning rise, the evening peak. */
const HOUR_PACE = [
  0.45, 0.25, 0.12, 0.07, 0.05, 0.06, 0.12, 0.3, 0.55, 0.8, 0.95, 1.05, 1.1, 1.0, 0.95, 0.95, 1.0, 1.05, 1.1, 1.2, 1.35, 1.4, 1.2, 0.8,
];
/** Orders by weekday (Sunday first). */
const WEEKDAY_PACE = [1.0, 1.12, 1.08, 1.04, 1.0, 0.94, 0.82];
/** Orders by month: summer holidays in January and February, gifts in December. */
const MONTH_PACE = [0.85, 0.68, 1.0, 0.95, 1.0, 1.0, 0.95, 0.95, 0.92, 1.0, 1.05, 1.22];

/** The named days that move sales, as the demo store's calendar knows them. */
export type SalesEvent = 'cyberday' | 'black-friday' | 'christmas' | 'mothers-day' | 'fiestas-patrias' | null;

export interface LocalDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

/** The n-th (1-based) `weekday` of a month, as a day of the month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}

/** How a day's sales compare with an ordinary day of its month, and the event behind it. */
export function dayPace(local: LocalDay): { pace: number; event: SalesEvent } {
  const { year, month, day } = local;
  if (month === 6 || month === 10) {
    // CyberDay: three days from the first Monday of June, and again in October.
    const start = nthWeekday(year, month, 1, 1);
    const offset = day - start;
    const peak = month === 6 ? [3.4, 2.6, 2.0] : [2.8, 2.2, 1.7];
    if (offset >= 0 && offset < 3) return { pace: peak[offset]!, event: 'cyberday' };
    // Shoppers wait for it the week before.
    if (offset >= -7 && offset < 0) return { pace: 0.85, event: null };
  }
  if (month === 11) {
    const thanksgiving = nthWeekday(year, 11, 4, 4);
    const offset = day - thanksgiving;
    const weekend = [1, 2.4, 1.6, 1.5, 2.0];
    if (offset >= 0 && offset < weekend.length) return { pace: weekend[offset]!, event: offset > 0 ? 'black-friday' : null };
  }
  if (month === 12) {
    if (day >= 8 && day <= 22) return { pace: 1.3 + ((day - 8) / 14) * 0.7, event: 'christmas' };
    if (day === 23) return { pace: 1.6, event: 'christmas' };
    if (day === 24) return { pace: 0.9, event: 'christmas' };
    if (day === 25) return { pace: 0.35, event: null };
    if (day > 25) return { pace: 0.8, event: null };
  }
  if (month === 1 && day === 1) return { pace: 0.4, event: null };
  if (month === 5) {
    // Mother's Day, the second Sunday of May: gifts the ten days before.
    const mothersDay = nthWeekday(year, 5, 0, 2);
    if (day < mothersDay && day >= mothersDay - 10) return { pace: 1.35, event: 'mothers-day' };
  }
  if (month === 9 && (day === 18 || day === 19)) return { pace: 0.5, event: 'fiestas-patrias' };
  return { pace: 1, event: null };
}

/** The store grows: three times busier at the end of the three years than at the start. */
const growth = (seconds: number) => 0.5 + seconds / TIMELINE_SECONDS;

/**
 * How many records of a sequence drawn uniformly in busy time (the k-th at about k × `spacing`) fall
 * at or before `now`: `timeOf` grows with the index.
 */
export function countUntil(timeOf: (k: number) => number, now: number, spacing: number, busy: Warp): number {
  let low = 0;
  let high = Math.ceil(busy.forward(now) / spacing) + 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (timeOf(middle) <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Busy time ↔ clock time: `forward` is monotone, `inverse` undoes it. */
export interface Warp {
  forward(seconds: number): number;
  inverse(busy: number): number;
}

export interface Calendar {
  /** With the store's growth: where new customers, guests and carts fall. */
  busy: Warp;
  /** Without growth: the pace of a customer's own repeat purchases. */
  rhythm: Warp;
  /** The local day of a moment, and the sales event on it. */
  localDay(seconds: number): LocalDay & { event: SalesEvent };
}

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function localAt(seconds: number): LocalDay & { hour: number } {
  const parts = Object.fromEntries(
    localParts.formatToParts(new Date(TIMELINE_START_MS + seconds * 1000)).map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    hour: Number(parts.hour),
  };
}

let shared: Calendar | null = null;

/** The calendar (built once per process: the same for every seed). */
export function calendar(): Calendar {
  shared ??= buildCalendar();
  return shared;
}

function buildCalendar(): Calendar {
  const hours = TABLE_DAYS * 24;
  const rhythmRate = new Float64Array(hours);
  const busyRate = new Float64Array(hours);
  // The shop's UTC offset changes only at midnight local time, so one lookup a day places its hours.
  const days: Array<LocalDay & { event: SalesEvent; pace: number; offsetHours: number }> = [];
  for (let d = 0; d < TABLE_DAYS; d++) {
    const noon = localAt(d * DAY + 12 * HOUR);
    days.push({ ...noon, ...dayPace(noon), offsetHours: noon.hour - 12 });
  }
  /** The local day and hour of an hour of the table. */
  const localOf = (hour: number) => {
    const utcDay = Math.floor(hour / 24);
    const localHour = (hour % 24) + days[utcDay]!.offsetHours;
    return localHour < 0 ? { day: days[Math.max(0, utcDay - 1)]!, hour: localHour + 24 } : { day: days[utcDay]!, hour: localHour };
  };
  for (let h = 0; h < hours; h++) {
    const { day, hour } = localOf(h);
    const pace = HOUR_PACE[hour]! * WEEKDAY_PACE[day.weekday]! * MONTH_PACE[day.month - 1]! * day.pace;
    rhythmRate[h] = pace;
    busyRate[h] = pace * growth(h * HOUR);
  }
  return {
    busy: warpOf(busyRate),
    rhythm: warpOf(rhythmRate),
    localDay: (seconds) => localOf(Math.min(hours - 1, Math.max(0, Math.floor(seconds / HOUR)))).day,
  };
}

/** A warp from hourly rates, scaled so the first three years last as long in busy time as on the clock. */
function warpOf(rates: Float64Array): Warp {
  const cumulative = new Float64Array(rates.length + 1);
  for (let h = 0; h < rates.length; h++) cumulative[h + 1] = cumulative[h]! + rates[h]! * HOUR;
  const scale = TIMELINE_SECONDS / valueAt(cumulative, rates, TIMELINE_SECONDS);
  for (let h = 0; h <= rates.length; h++) cumulative[h] = cumulative[h]! * scale;
  for (let h = 0; h < rates.length; h++) rates[h] = rates[h]! * scale;
  const lastHour = rates.length - 1;
  return {
    forward: (seconds) => (seconds <= 0 ? seconds : valueAt(cumulative, rates, seconds)),
    inverse(busy) {
      if (busy <= 0) return busy;
      if (busy >= cumulative[rates.length]!) return rates.length * HOUR + (busy - cumulative[rates.length]!) / rates[lastHour]!;
      let low = 0;
      let high = rates.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (cumulative[middle + 1]! <= busy) low = middle + 1;
        else high = middle;
      }
      return low * HOUR + (busy - cumulative[low]!) / rates[low]!;
    },
  };
}

function valueAt(cumulative: Float64Array, rates: Float64Array, seconds: number): number {
  const hour = Math.min(Math.floor(seconds / HOUR), rates.length - 1);
  return cumulative[hour]! + (seconds - hour * HOUR) * rates[hour]!;
}
