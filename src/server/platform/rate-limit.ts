import type { Queryable } from './db.ts';

export interface Limit {
  /** Events allowed within the window. */
  max: number;
  windowMinutes: number;
}

/** True when `subject` already used up `limit` within its window. */
export async function isLimited(db: Queryable, subject: string, limit: Limit): Promise<boolean> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::integer as count from rate_limit_events where subject = $1 and happened_at > now() - make_interval(mins => $2)`,
    [subject, limit.windowMinutes],
  );
  return (row?.count ?? 0) >= limit.max;
}

export async function recordEvent(db: Queryable, ...subjects: string[]): Promise<void> {
  await db.query('insert into rate_limit_events (subject) select unnest($1::text[])', [subjects]);
}

export async function forgetEvents(db: Queryable, subject: string): Promise<void> {
  await db.query('delete from rate_limit_events where subject = $1', [subject]);
}

/** Old events count for nothing; dropped now and then so the table stays small. */
export async function pruneEvents(db: Queryable): Promise<void> {
  await db.query(`delete from rate_limit_events where happened_at < now() - interval '1 day'`);
}
