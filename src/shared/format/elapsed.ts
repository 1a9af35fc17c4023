/** How long ago something happened, in the largest whole unit a merchant reads at a glance. */
export type Elapsed = { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Under a minute (or a clock slightly ahead of ours) is "just now"; then minutes, hours and days. */
export function elapsedSince(instant: string | Date, now: number = Date.now()): Elapsed {
  const ms = now - (typeof instant === 'string' ? Date.parse(instant) : instant.getTime());
  if (!(ms >= MINUTE)) return { unit: 'justNow' };
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / DAY) };
}
