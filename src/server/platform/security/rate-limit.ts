import type { Database, Queryable } from '../database/db.ts';

/** At most `max` recorded events per subject within the last `windowMinutes`. */
export interface WindowLimit {
  kind: 'window';
  max: number;
  windowMinutes: number;
}

/**
 * The first `free` events within the last `windowMinutes` pass at once; after that each attempt
 * waits `firstDelaySeconds`, doubling with every further event, capped at `maxDelaySeconds`,
 * counted from the subject's newest event.
 */
export interface GrowingDelay {
  kind: 'growingDelay';
  free: number;
  windowMinutes: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export type Limit = WindowLimit | GrowingDelay;

/** What is limited and for whom, e.g. "sign-in:ip:127.0.0.1", under which rule. */
export interface Check {
  subject: string;
  limit: Limit;
}

export type Admission =
  /** Recorded: `eventIds` are the events this attempt added, to take back with `withdrawAttempt`. */
  | { allowed: true; eventIds: string[] }
  /** Nothing recorded, so retrying early does not lengthen the wait. */
  | { allowed: false; retryAfterSeconds: number; refusedBy: Check[] };

/**
 * Checks every rule and, only when all allow it, records the attempt against every subject, as one
 * step: concurrent attempts on a subject queue on an advisory lock, so each one sees the events of
 * those before it and no more attempts pass than the rules allow, however many arrive at once.
 */
export async function admitAttempt(db: Database, checks: readonly Check[]): Promise<Admission> {
  // One lock order for every caller, so two attempts sharing subjects cannot deadlock.
  const sorted = [...checks].sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
  const subjects = sorted.map((check) => check.subject);
  return db.transaction(async (tx) => {
    await tx.query(
      'select pg_advisory_xact_lock(hashtextextended(subject, 0)) from unnest($1::text[]) with ordinality as locks (subject, position) order by position',
      [subjects],
    );
    // A statement of its own after the locks: its snapshot then holds every event of those we waited for.
    // Only the newest events matter: the max-th newest for a window; for a growing delay, the newest
    // and the count up to where the delay stops growing.
    const rows = await tx.query<{ subject: string; age: number }>(
      `select checks.subject, extract(epoch from statement_timestamp() - events.happened_at)::float8 as age
         from unnest($1::text[], $2::integer[], $3::integer[]) as checks (subject, window_minutes, enough)
         cross join lateral (
           select happened_at from rate_limit_events
            where subject = checks.subject and happened_at > statement_timestamp() - make_interval(mins => checks.window_minutes)
            order by happened_at desc
            limit checks.enough
         ) as events
        order by events.happened_at desc`,
      [subjects, sorted.map((check) => check.limit.windowMinutes), sorted.map((check) => eventsNeeded(check.limit))],
    );
    const refusals = sorted
      .map((check) => ({
        check,
        waitSeconds: secondsToWait(
          check.limit,
          rows.filter((row) => row.subject === check.subject).map((row) => Number(row.age)),
        ),
      }))
      .filter((refusal) => refusal.waitSeconds > 0);
    if (refusals.length > 0) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(...refusals.map((refusal) => Math.ceil(refusal.waitSeconds))),
        refusedBy: refusals.map((refusal) => refusal.check),
      };
    }
    // statement_timestamp(), not now(): a transaction that waited on the locks must not record itself
    // as older than the events it waited for.
    const inserted = await tx.query<{ id: string }>(
      'insert into rate_limit_events (subject, happened_at) select unnest($1::text[]), statement_timestamp() returning id::text as id',
      [subjects],
    );
    return { allowed: true, eventIds: inserted.map((row) => row.id) };
  });
}

function eventsNeeded(limit: Limit): number {
  return limit.kind === 'window' ? limit.max : limit.free + Math.ceil(Math.log2(limit.maxDelaySeconds / limit.firstDelaySeconds)) + 1;
}

/** Seconds until `limit` allows one more attempt, given the ages of the newest events (newest first); 0 or less: now. */
function secondsToWait(limit: Limit, ages: number[]): number {
  if (limit.kind === 'window') {
    // Allowed again once the max-th newest event leaves the window.
    return ages.length < limit.max ? 0 : limit.windowMinutes * 60 - ages[limit.max - 1]!;
  }
  if (ages.length === 0 || ages.length < limit.free) return 0;
  const delay = Math.min(limit.firstDelaySeconds * 2 ** (ages.length - limit.free), limit.maxDelaySeconds);
  return delay - ages[0]!;
}

/** Takes back the events of an attempt that turned out not to count (a sign-in that succeeded). */
export async function withdrawAttempt(db: Queryable, eventIds: readonly string[]): Promise<void> {
  await db.query('delete from rate_limit_events where id = any($1::bigint[])', [eventIds]);
}

/** Forgets every event of these subjects, and of every subject that starts with one of `prefixes`. */
export async function forgetEvents(db: Queryable, subjects: readonly string[], prefixes: readonly string[] = []): Promise<void> {
  await db.query(
    `delete from rate_limit_events
      where subject = any($1::text[])
         or exists (select 1 from unnest($2::text[]) as prefix where left(subject, length(prefix)) = prefix)`,
    [subjects, prefixes],
  );
}

/** A wait as a person reads it: "8 segundos", "15 minutos", "2 horas". */
export function waitInWords(seconds: number): string {
  const unit = (count: number, singular: string, plural: string) => `${count} ${count === 1 ? singular : plural}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return unit(whole, 'segundo', 'segundos');
  if (whole <= 90 * 60) return unit(Math.ceil(whole / 60), 'minuto', 'minutos');
  return unit(Math.ceil(whole / 3600), 'hora', 'horas');
}
