import { setTimeout as wait } from 'node:timers/promises';
import type { components } from '../../../../shared/api/app.gen.ts';
import { DEFAULT_SEGMENT_NAMES } from '../../../../shared/segment-names.ts';
import { createKlaviyoClient, importBatches, type KlaviyoClient } from '../../../integrations/klaviyo/client.ts';
import {
  KlaviyoAuthError,
  KlaviyoNotFoundError,
  KlaviyoPermissionError,
  KlaviyoThrottledError,
} from '../../../integrations/klaviyo/errors.ts';
import { IMPORT_PROFILES_PER_JOB, LIST_NAME_MAX, normalizeEmail } from '../../../integrations/klaviyo/types.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import { enqueue, type JobContext, type JobWorker } from '../../../platform/jobs/jobs.ts';
import type { SecretBox } from '../../../platform/security/secrets.ts';
import { MARKETING_EMAIL_SQL } from '../../../platform/store-data/audiences.ts';
import { publishLive } from '../../../platform/store-data/live.ts';
import type { StoreEventKind, StoreEventSubscriber } from '../../../platform/store-data/store-events.ts';

/*
 * Segment → Klaviyo list sync. Each synced segment has one list in the merchant's Klaviyo account,
 * created (or found again by its name) the first time. What the list should hold is the segment's
 * members who gave email-marketing consent and have an email; what it holds from us is
 * `segment_sync_members`. Whatever may change the first (entering or leaving the segment, a consent or
 * an email changing, the sync turned on) marks those customers pending, and one job per segment
 * compares the two for them, removes who should go (1,000 a call) and imports who should come
 * (bulk profile imports of up to 10,000, which also add them to the list), then records the profile
 * ids Klaviyo gave them, so removing them later needs no lookup.
 *
 * Every step is recorded before the pending rows go, so a crash or a restart repeats work (Klaviyo's
 * adds, removes and imports are idempotent) and never loses any. A 429 that outlasts the client's
 * patience, or an import still running after a minute, puts the job off with a wake-up job; a key
 * Klaviyo no longer takes stops every sync of the store until the merchant saves a new one.
 *
 * An engine: reading and recording every step is its whole job, so its SQL stays here (the handlers'
 * is repository.ts').
 */

type SegmentSync = components['schemas']['SegmentSync'];
type SegmentKey = components['schemas']['SegmentKey'];
type SyncFailure = NonNullable<SegmentSync['failure']>;

export const KLAVIYO_SYNC_QUEUE = 'klaviyo-segment-sync';
/** Wakes a segment's sync later (after a long Retry-After, or an import still running). */
export const KLAVIYO_SYNC_LATER_QUEUE = 'klaviyo-segment-sync-later';
/** Customers compared per round: one import's worth. */
const PENDING_BATCH = IMPORT_PROFILES_PER_JOB;
/** How long before an import still running is looked at again, when the job's own polling gave up. */
const IMPORT_RECHECK_SECONDS = 30;

export interface KlaviyoAccess {
  /** A client for a private key (the form checks keys with it before saving). */
  clientFor(apiKey: string): KlaviyoClient;
  secrets: SecretBox;
  /** Waits (ms) before each look at an import under way. */
  importPollMs: readonly number[];
}

export function klaviyoAccess(baseUrl: string, secrets: SecretBox): KlaviyoAccess {
  return {
    clientFor: (apiKey) => createKlaviyoClient({ apiKey, baseUrl }),
    secrets,
    // The first look at once, about a minute in all; an import still running then is looked at later.
    importPollMs: [0, 500, 1000, 2000, 4000, 8000, 15_000, 30_000],
  };
}

/** The list's name in Klaviyo: the segment's, marked as ours; the id keeps two segments of one name apart. */
export const listNameFor = (segmentId: string, name: string) =>
  `Recompra · ${name}`.slice(0, LIST_NAME_MAX - 20) + ` (segmento ${segmentId})`;

export function queueSegmentSync(db: Queryable, storeId: number, segmentId: string): Promise<number | null> {
  return enqueue(db, KLAVIYO_SYNC_QUEUE, { storeId, segmentId }, { singletonKey: `klaviyo:${storeId}:${segmentId}`, rerunIfRunning: true });
}

function syncLater(db: Queryable, storeId: number, segmentId: string, seconds: number): Promise<number | null> {
  return enqueue(
    db,
    KLAVIYO_SYNC_LATER_QUEUE,
    { storeId, segmentId },
    { singletonKey: `klaviyo-later:${storeId}:${segmentId}`, runAt: new Date(Date.now() + seconds * 1000) },
  );
}

/** The store's key, opened, and whether Klaviyo has refused it since; null when Klaviyo is not connected. */
async function storeKey(db: Queryable, secrets: SecretBox, storeId: number): Promise<{ apiKey: string; refused: boolean } | null> {
  const [row] = await db.query<{ api_key_encrypted: string; failure: string | null }>(
    'select api_key_encrypted, failure from email_marketing_connections where store_id = $1',
    [storeId],
  );
  return row ? { apiKey: secrets.open(row.api_key_encrypted), refused: row.failure !== null } : null;
}

/** Every one of the segment's members and of the list's, to be compared again (a new list, an erased store). */
export async function markAllPending(db: Queryable, storeId: number, segmentId: string): Promise<void> {
  await db.query(
    `insert into segment_sync_pending (store_id, segment_id, customer_external_id)
     select $1, $2, customer_external_id from segment_members where store_id = $1 and segment_id = $2
     union select $1, $2, customer_external_id from segment_sync_members where store_id = $1 and segment_id = $2
     on conflict do nothing`,
    [storeId, segmentId],
  );
}

type Step = Pick<JobContext, 'heartbeat' | 'signal'>;

interface Run {
  db: Database;
  access: KlaviyoAccess;
  klaviyo: KlaviyoClient;
  storeId: number;
  segmentId: string;
  step: Step;
}

/**
 * Waits for the segment's imports under way and records what they did: a profile id for each member,
 * `refused` for what Klaviyo would not take. False when one is still running after the polling budget.
 */
async function finishImports(run: Run): Promise<boolean> {
  const { db, klaviyo, storeId, segmentId } = run;
  const jobs = await db.query<{ import_job_id: string }>(
    `select distinct import_job_id from segment_sync_members where store_id = $1 and segment_id = $2 and state = 'importing'`,
    [storeId, segmentId],
  );
  for (const { import_job_id: jobId } of jobs) {
    let status = 'queued';
    for (const ms of run.access.importPollMs) {
      if (ms > 0) await wait(ms, undefined, { signal: run.step.signal });
      status = (await klaviyo.importJob(jobId)).status;
      await run.step.heartbeat();
      if (status === 'complete' || status === 'cancelled') break;
    }
    if (status !== 'complete' && status !== 'cancelled') return false;
    const imported = status === 'complete' ? await klaviyo.importedProfiles(jobId) : [];
    await db.transaction(async (tx) => {
      await tx.query(
        `update segment_sync_members m set state = 'member', profile_id = p.id, import_job_id = null
           from json_to_recordset($4::json) as p(email text, id text)
          where m.store_id = $1 and m.segment_id = $2 and m.import_job_id = $3 and m.email = p.email`,
        [storeId, segmentId, jobId, JSON.stringify(imported.map((profile) => ({ email: normalizeEmail(profile.email), id: profile.id })))],
      );
      if (status === 'cancelled') {
        // Cancelled in Klaviyo: sent again with the next round.
        await tx.query(
          `insert into segment_sync_pending (store_id, segment_id, customer_external_id)
           select store_id, segment_id, customer_external_id from segment_sync_members where store_id = $1 and segment_id = $2 and import_job_id = $3
           on conflict do nothing`,
          [storeId, segmentId, jobId],
        );
        await tx.query('delete from segment_sync_members where store_id = $1 and segment_id = $2 and import_job_id = $3', [
          storeId,
          segmentId,
          jobId,
        ]);
      }
      // What the import did not write, Klaviyo refused (its import errors say why; the email is the usual reason).
      await tx.query(
        `update segment_sync_members set state = 'refused', import_job_id = null where store_id = $1 and segment_id = $2 and import_job_id = $3`,
        [storeId, segmentId, jobId],
      );
    });
  }
  return true;
}

/** The segment's list id, finding or creating the list the first time (found by name after a crash between the two). */
async function ensureList(run: Run, current: string | null, name: string): Promise<string> {
  if (current) return current;
  const list = (await run.klaviyo.findList(name)) ?? (await run.klaviyo.createList(name));
  await run.db.query('update segment_syncs set list_id = $3, updated_at = now() where store_id = $1 and segment_id = $2', [
    run.storeId,
    run.segmentId,
    list.id,
  ]);
  return list.id;
}

interface PendingRow {
  customer: string;
  wanted: string | null;
  first_name: string | null;
  last_name: string | null;
  sent: string | null;
  state: 'importing' | 'member' | 'refused' | null;
  profile_id: string | null;
}

/** One round over up to PENDING_BATCH pending customers; returns how many it looked at (0: none left). */
async function sendPending(run: Run, listId: string): Promise<number> {
  const { db, klaviyo, storeId, segmentId } = run;
  // What the list should hold for each pending customer (an email, when they are a consented member) and what it holds.
  const rows = await db.query<PendingRow>(
    `with pending as (
       select customer_external_id from segment_sync_pending where store_id = $1 and segment_id = $2
        order by customer_external_id limit $3)
     select p.customer_external_id::text as customer,
            case when s.customer_external_id is not null then ${MARKETING_EMAIL_SQL} end as wanted,
            c.first_name, c.last_name, m.email as sent, m.state, m.profile_id
       from pending p
       left join segment_members s on s.segment_id = $2 and s.customer_external_id = p.customer_external_id
       left join customers c on c.store_id = $1 and c.external_id = p.customer_external_id
       left join segment_sync_members m on m.store_id = $1 and m.segment_id = $2 and m.customer_external_id = p.customer_external_id`,
    [storeId, segmentId, PENDING_BATCH],
  );
  if (rows.length === 0) return 0;
  const changed = rows.filter((row) => row.state !== null && row.state !== 'importing' && row.sent !== row.wanted);
  const leaving = changed.filter((row) => row.state === 'member' && row.profile_id).map((row) => row.profile_id!);
  if (leaving.length > 0) await klaviyo.removeFromList(listId, leaving);
  if (changed.length > 0)
    await db.query(
      'delete from segment_sync_members where store_id = $1 and segment_id = $2 and customer_external_id = any($3::bigint[])',
      [storeId, segmentId, changed.map((row) => row.customer)],
    );

  const coming = rows
    .filter((row) => row.wanted !== null && (row.state === null || row.sent !== row.wanted))
    .map((row) => ({ customer: row.customer, email: row.wanted!, firstName: row.first_name, lastName: row.last_name }));
  for (const batch of importBatches(coming)) {
    const job = await klaviyo.startImport(listId, batch);
    await db.query(
      `insert into segment_sync_members (store_id, segment_id, customer_external_id, email, state, import_job_id)
       select $1, $2, r.customer, r.email, 'importing', $3 from json_to_recordset($4::json) as r(customer bigint, email text)
       on conflict (store_id, segment_id, customer_external_id) do update set email = excluded.email, state = 'importing',
         profile_id = null, import_job_id = excluded.import_job_id`,
      [storeId, segmentId, job.id, JSON.stringify(batch.map(({ customer, email }) => ({ customer, email })))],
    );
  }
  await db.query('delete from segment_sync_pending where store_id = $1 and segment_id = $2 and customer_external_id = any($3::bigint[])', [
    storeId,
    segmentId,
    rows.map((row) => row.customer),
  ]);
  return rows.length;
}

/** Klaviyo stopped taking the key: every sync of the store waits for a new one, and the card asks for it. */
async function keyRefused(db: Database, storeId: number, failure: Extract<SyncFailure, 'invalidKey' | 'missingPermissions'>) {
  await db.transaction(async (tx) => {
    await tx.query('update email_marketing_connections set failure = $2, updated_at = now() where store_id = $1', [storeId, failure]);
    await tx.query(`update segment_syncs set state = 'failed', failure = $2, updated_at = now() where store_id = $1 and enabled`, [
      storeId,
      failure,
    ]);
  });
}

/** Brings the segment's list in step with its consented members: the sync job. */
export async function syncSegment(db: Database, access: KlaviyoAccess, storeId: number, segmentId: string, step: Step): Promise<void> {
  const [sync] = await db.query<{ list_id: string | null; key: SegmentKey | null; name: string | null; segment: string | null }>(
    `select y.list_id, s.key, s.name, s.id::text as segment from segment_syncs y
       left join segments s on s.store_id = y.store_id and s.id = y.segment_id
      where y.store_id = $1 and y.segment_id = $2 and y.enabled and y.state <> 'failed'`,
    [storeId, segmentId],
  );
  if (!sync) return;
  if (!sync.segment) {
    // Deleted while its `segment_deleted` event was on its way: the event would stop it anyway.
    await db.query('delete from segment_syncs where store_id = $1 and segment_id = $2', [storeId, segmentId]);
    return;
  }
  const key = await storeKey(db, access.secrets, storeId);
  if (!key || key.refused) return;
  const run: Run = { db, access, klaviyo: access.clientFor(key.apiKey), storeId, segmentId, step };
  try {
    let listId = sync.list_id;
    for (;;) {
      const [still] = await db.query('select 1 from segment_syncs where store_id = $1 and segment_id = $2 and enabled', [
        storeId,
        segmentId,
      ]);
      if (!still) return;
      if (!(await finishImports(run))) {
        await syncLater(db, storeId, segmentId, IMPORT_RECHECK_SECONDS);
        return;
      }
      listId = await ensureList(run, listId, listNameFor(segmentId, sync.name ?? DEFAULT_SEGMENT_NAMES[sync.key!]));
      const looked = await sendPending(run, listId);
      await step.heartbeat();
      if (looked === 0) break;
    }
    await db.query(
      `update segment_syncs set state = 'synced', failure = null, synced_at = now(), updated_at = now(),
              members = (select count(*)::integer from segment_sync_members m
                          where m.store_id = $1 and m.segment_id = $2 and m.state = 'member')
        where store_id = $1 and segment_id = $2 and enabled
          and not exists (select 1 from segment_sync_pending p where p.store_id = $1 and p.segment_id = $2)`,
      [storeId, segmentId],
    );
  } catch (error) {
    if (error instanceof KlaviyoAuthError) return keyRefused(db, storeId, 'invalidKey');
    if (error instanceof KlaviyoPermissionError) return keyRefused(db, storeId, 'missingPermissions');
    if (error instanceof KlaviyoThrottledError) {
      await syncLater(db, storeId, segmentId, error.retryAfterSeconds);
      return;
    }
    if (error instanceof KlaviyoNotFoundError) {
      // The list (or an import) is gone from Klaviyo: a new list, and everyone sent again.
      await db.transaction(async (tx) => {
        await tx.query('update segment_syncs set list_id = null, members = 0 where store_id = $1 and segment_id = $2', [
          storeId,
          segmentId,
        ]);
        await tx.query('delete from segment_sync_members where store_id = $1 and segment_id = $2', [storeId, segmentId]);
        await markAllPending(tx, storeId, segmentId);
        await queueSegmentSync(tx, storeId, segmentId);
      });
      return;
    }
    throw error;
  }
}

export function registerKlaviyoSyncJobs(
  jobs: JobWorker,
  db: Database,
  access: KlaviyoAccess,
  log: (line: string) => void = console.log,
): void {
  jobs.register<{ storeId: number; segmentId: string }>(KLAVIYO_SYNC_QUEUE, {
    handler: (job, context) => syncSegment(db, access, job.payload.storeId, job.payload.segmentId, context),
    onFinalFailure: async (job, error) => {
      await db.query(
        `update segment_syncs set state = 'failed', failure = 'platformError', updated_at = now() where store_id = $1 and segment_id = $2 and enabled`,
        [job.payload.storeId, job.payload.segmentId],
      );
      log(`La sincronización con Klaviyo del segmento ${job.payload.segmentId} (tienda ${job.payload.storeId}) falló: ${String(error)}`);
    },
    // Synced, failed or waiting for Klaviyo: the list's toggles ask again.
    onFinished: (job) => publishLive(db, job.payload.storeId, { topic: 'segmentSyncs' }),
  });
  jobs.register<{ storeId: number; segmentId: string }>(KLAVIYO_SYNC_LATER_QUEUE, {
    handler: async (job) => {
      await queueSegmentSync(db, job.payload.storeId, job.payload.segmentId);
    },
  });
}

const KINDS: StoreEventKind[] = [
  'segment_entered',
  'segment_left',
  'segment_deleted',
  'customers_touched',
  'customer_erased',
  'store_erased',
];

/**
 * The sync's store-events subscriber: marks pending the customers whose place in a synced list may
 * have changed (entries, exits, consent or email changes, erasures) and queues those segments' jobs;
 * a deleted segment's sync ends (its list stays in Klaviyo).
 */
export function klaviyoSyncSubscriber(): StoreEventSubscriber {
  return {
    name: 'klaviyo-sync',
    kinds: KINDS,
    async handle({ tx, storeId, events }) {
      const deleted = events.filter((event) => event.kind === 'segment_deleted').map((event) => event.detail.segmentId);
      if (deleted.length > 0)
        await tx.query('delete from segment_syncs where store_id = $1 and segment_id = any($2::bigint[])', [storeId, deleted]);
      const synced = (
        await tx.query<{ segment_id: string }>('select segment_id::text from segment_syncs where store_id = $1 and enabled', [storeId])
      ).map((row) => row.segment_id);
      if (synced.length === 0) return;

      const bySegment = new Map<string, Set<string>>();
      const anywhere = new Set<string>();
      let erased = false;
      for (const event of events) {
        if (event.kind === 'segment_entered' || event.kind === 'segment_left') {
          const { segmentId } = event.detail;
          if (!synced.includes(segmentId)) continue;
          const customers = bySegment.get(segmentId) ?? new Set<string>();
          bySegment.set(segmentId, new Set([...customers, ...event.customers]));
        } else if (event.kind === 'store_erased') erased = true;
        else if (event.kind !== 'segment_deleted') for (const customer of event.customers) anywhere.add(customer);
      }

      const affected = new Set<string>();
      for (const [segmentId, customers] of bySegment) {
        await tx.query(
          `insert into segment_sync_pending (store_id, segment_id, customer_external_id)
           select $1, $2, unnest($3::bigint[]) on conflict do nothing`,
          [storeId, segmentId, [...customers]],
        );
        affected.add(segmentId);
      }
      for (const segmentId of synced) {
        if (erased) {
          await markAllPending(tx, storeId, segmentId);
          affected.add(segmentId);
        } else if (anywhere.size > 0) {
          // Only customers the segment or its list holds: a consent or email change elsewhere is none of this list's business.
          const marked = await tx.query(
            `insert into segment_sync_pending (store_id, segment_id, customer_external_id)
             select $1, $2, c from unnest($3::bigint[]) as c
              where exists (select 1 from segment_members s where s.segment_id = $2 and s.customer_external_id = c)
                 or exists (select 1 from segment_sync_members m where m.store_id = $1 and m.segment_id = $2 and m.customer_external_id = c)
             on conflict do nothing returning 1`,
            [storeId, segmentId, [...anywhere]],
          );
          if (marked.length > 0) affected.add(segmentId);
        }
      }
      for (const segmentId of affected) {
        await tx.query(
          `update segment_syncs set state = 'syncing', updated_at = now() where store_id = $1 and segment_id = $2 and state = 'synced'`,
          [storeId, segmentId],
        );
        await queueSegmentSync(tx, storeId, segmentId);
      }
      if (affected.size > 0) await publishLive(tx, storeId, { topic: 'segmentSyncs' });
    },
  };
}
