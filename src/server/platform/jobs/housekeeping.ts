import type { Database, Queryable } from '../database/db.ts';
import { type JobWorker, WORKER_GONE_AFTER_SECONDS } from './jobs.ts';
import { bookNextNight, bookNightly } from './nightly.ts';

/*
 * Every night at 04:00 Chile time (after the 03:00 store refresh) the tables that only grow are
 * pruned. What is kept, and why:
 * - rate-limit events: 1 day; the longest limit window is 60 minutes, so older events count for nothing.
 * - sessions: until they expire; an expired session never signs anyone in again.
 * - password resets: 1 day after they were used or expired, to answer "did I ask for this?".
 * - invitations: 30 days after they were accepted, canceled or expired.
 * - webhook deliveries: 7 days; they only dedupe replays, and the webhook handler refuses deliveries
 *   older than a few hours, so a week is ample.
 * - jobs: done ones 7 days, failed ones 30 days (long enough to look into a failure).
 * - mail: 30 days after it was sent; mail never sent (the local outbox of a development machine) stays.
 * - store events: 30 days, once every subscriber has handled them; one still waiting for a subscriber stays.
 *   Subscribers keep what they need in their own tables, so old events only help to look into a problem.
 * - Shopify tombstones: 30 days; they only keep late deliveries (refused after a few hours) and imports
 *   read before a deletion (hours at most) from bringing an erased customer or product back.
 * - live events: 1 day; they only let a tab that lost its stream catch up, and one away longer asks for
 *   everything again (platform/store-data/live.ts).
 * - job workers: gone after missing three heartbeats (platform/jobs/jobs.ts).
 */
export const RETENTION = {
  rateLimitEventHours: 24,
  passwordResetDays: 1,
  invitationDays: 30,
  webhookDeliveryDays: 7,
  doneJobDays: 7,
  failedJobDays: 30,
  sentMailDays: 30,
  storeEventDays: 30,
  tombstoneDays: 30,
  liveEventHours: 24,
} as const;

export const HOUSEKEEPING_QUEUE = 'housekeeping';
const HOUSEKEEPING_HOUR = 4;
/** Rows a statement deletes at most, so a big backlog never holds a long lock. */
const BATCH_SIZE = 10_000;

interface Prune {
  table: string;
  /** Which rows are past their retention; `$1` and up are `params`. */
  where: string;
  params: unknown[];
}

const PRUNES: Prune[] = [
  { table: 'rate_limit_events', where: 'happened_at < now() - make_interval(hours => $1)', params: [RETENTION.rateLimitEventHours] },
  { table: 'sessions', where: 'expires_at < now()', params: [] },
  {
    table: 'password_resets',
    where: 'coalesce(used_at, expires_at) < now() - make_interval(days => $1)',
    params: [RETENTION.passwordResetDays],
  },
  // An open invitation is settled when it expires; one accepted or canceled, when that happened.
  {
    table: 'store_invitations',
    where: 'coalesce(accepted_at, canceled_at, expires_at) < now() - make_interval(days => $1)',
    params: [RETENTION.invitationDays],
  },
  { table: 'webhook_deliveries', where: 'received_at < now() - make_interval(days => $1)', params: [RETENTION.webhookDeliveryDays] },
  {
    table: 'jobs',
    where: `(status = 'done' and finished_at < now() - make_interval(days => $1)) or (status = 'failed' and finished_at < now() - make_interval(days => $2))`,
    params: [RETENTION.doneJobDays, RETENTION.failedJobDays],
  },
  // Sent, or given up on: a mail never sent that is still being tried stays.
  { table: 'mail_outbox', where: 'coalesce(sent_at, failed_at) < now() - make_interval(days => $1)', params: [RETENTION.sentMailDays] },
  {
    table: 'store_events',
    where: `recorded_at < now() - make_interval(days => $1)
            and not exists (select 1 from store_event_deliveries d where d.event_id = store_events.id)`,
    params: [RETENTION.storeEventDays],
  },
  { table: 'platform_tombstones', where: 'erased_at < now() - make_interval(days => $1)', params: [RETENTION.tombstoneDays] },
  { table: 'live_events', where: 'published_at < now() - make_interval(hours => $1)', params: [RETENTION.liveEventHours] },
  { table: 'job_workers', where: 'seen_at < now() - make_interval(secs => $1)', params: [WORKER_GONE_AFTER_SECONDS] },
];

export interface HousekeepingOptions {
  batchSize?: number;
  /** Called between batches (the job extends its lease). */
  onBatch?: () => Promise<void>;
}

/** Deletes every row past its retention, a batch at a time; returns how many went, per table. */
export async function runHousekeeping(db: Queryable, options: HousekeepingOptions = {}): Promise<Record<string, number>> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const deleted: Record<string, number> = {};
  for (const { table, where, params } of PRUNES) {
    deleted[table] = 0;
    const limit = `$${params.length + 1}`;
    // PostgreSQL's delete takes no limit: pick a batch by physical row address (a TID scan), and
    // check the condition again in case a row changed in between.
    const sql = `with gone as (
        delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${limit})) and (${where}) returning 1
      ) select count(*)::integer as count from gone`;
    for (;;) {
      const [row] = await db.query<{ count: number }>(sql, [...params, batchSize]);
      const count = Number(row?.count ?? 0);
      deleted[table] += count;
      if (count < batchSize) break;
      await options.onBatch?.();
    }
  }
  return deleted;
}

/** Books the next night's housekeeping; once per night, however often it is called. */
export function scheduleHousekeeping(db: Queryable, now = new Date()): Promise<void> {
  return bookNightly(db, HOUSEKEEPING_QUEUE, HOUSEKEEPING_HOUR, now);
}

export function registerHousekeepingJob(worker: JobWorker, db: Database, log: (line: string) => void = console.log): void {
  worker.register(HOUSEKEEPING_QUEUE, {
    leaseSeconds: 300,
    handler: async (_job, context) => {
      await bookNextNight(db, HOUSEKEEPING_QUEUE, HOUSEKEEPING_HOUR);
      const deleted = await runHousekeeping(db, { onBatch: () => context.heartbeat() });
      const summary = Object.entries(deleted).filter(([, count]) => count > 0);
      if (summary.length > 0) log(`Limpieza nocturna: ${summary.map(([table, count]) => `${table} ${count}`).join(', ')}`);
    },
  });
}
