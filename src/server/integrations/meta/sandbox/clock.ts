/*
 * Times as the sandbox's ad accounts keep them. Their time zone is America/Santiago, taken as a fixed
 * UTC-3 (what `timezone_offset_hours_utc` answers): Chile's winter hour would move a day's edges by an
 * hour twice a year and buy nothing a test could notice. Graph writes times with the account's offset
 * (`2025-03-10T09:00:00-0300`) and takes ISO 8601 or Unix seconds.
 */

export const ACCOUNT_OFFSET_HOURS = -3;
const OFFSET_MS = ACCOUNT_OFFSET_HOURS * 3600_000;
export const DAY_MS = 86_400_000;

const two = (value: number) => String(value).padStart(2, '0');

/** `2025-03-10T09:00:00-0300`. */
export function graphTime(ms: number): string {
  const local = new Date(ms + OFFSET_MS);
  const sign = OFFSET_MS < 0 ? '-' : '+';
  const offset = Math.abs(ACCOUNT_OFFSET_HOURS);
  return `${local.toISOString().slice(0, 19)}${sign}${two(offset)}00`;
}

/** The account's day of an instant, `YYYY-MM-DD`. */
export const dayOf = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);

/** When the account's day begins, in ms; null for something that is not a date. */
export function dayStart(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms - OFFSET_MS;
}

/** The day after. */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** A time parameter as Graph reads it (ISO 8601 with or without a colon in its offset, or Unix seconds); null when it is neither. */
export function parseGraphTime(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{9,11}$/.test(trimmed)) return Number(trimmed) * 1000;
  const normalised = trimmed.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!/^\d{4}-\d{2}-\d{2}T/.test(normalised)) return null;
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? null : ms;
}
