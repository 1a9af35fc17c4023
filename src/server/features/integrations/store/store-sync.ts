import type { components } from '../../../../shared/api/app.gen.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { enqueue } from '../../../platform/jobs/jobs.ts';
import { publishLive } from '../../../platform/store-data/live.ts';

/*
 * The store's import status (SPEC §2 scraping status), and every move between its states, in one
 * place: NEEDS_SCRAPE → IN_PROGRESS → FINISHED_ONE_YEAR → HISTORIC_IN_PROGRESS → FINISHED, or FAILED
 * from any of them. The import job (sync.ts) moves it forward; the store form and the retry button
 * send it back to where the import resumes. Every move, and every failure recorded, tells the store's
 * open tabs (`syncMoved`). It is the one home of `store_syncs`, its SQL included.
 */

export type StoreSync = components['schemas']['StoreSync'];
export type SyncFailureCode = components['schemas']['SyncFailure']['code'];
export const SYNC_QUEUE = 'store-sync';
/** "Sincronizar ahora": what changed since the last refresh, on demand. */
export const REFRESH_QUEUE = 'store-refresh';
/** The failures the card shows: the latest few, recent enough to still matter. */
const FAILURES_SHOWN = 3;
const FAILURES_DAYS = 7;

/** The store's open tabs ask again where its import stands. */
export function syncMoved(db: Queryable, storeId: number): Promise<void> {
  return publishLive(db, storeId, { topic: 'storeSync' });
}

/** Queues the store's import (or its continuation); one at a time per store. */
export async function queueSync(db: Queryable, storeId: number): Promise<void> {
  await enqueue(db, SYNC_QUEUE, { storeId }, { singletonKey: String(storeId), maxAttempts: 5 });
}

export async function readSync(db: Queryable, storeId: number): Promise<StoreSync> {
  const [row] = await db.query<{
    status: StoreSync['status'];
    last_year_total: number;
    last_year_imported: number;
    history_total: number;
    history_imported: number;
    error: string | null;
    updated_at: Date;
    last_synced_at: Date | null;
    syncing: boolean;
  }>(
    `select status, last_year_total, last_year_imported, history_total, history_imported, error, updated_at,
            greatest(finished_at, refreshed_at, (select max(received_at) from webhook_deliveries w where w.store_id = y.store_id)) as last_synced_at,
            exists (select 1 from jobs j where j.queue in ($2, $3) and j.singleton_key = $4 and j.status in ('pending', 'running')) as syncing
       from store_syncs y where store_id = $1`,
    [storeId, SYNC_QUEUE, REFRESH_QUEUE, String(storeId)],
  );
  if (!row)
    return {
      status: 'NEEDS_SCRAPE',
      lastYear: { imported: 0, total: 0 },
      history: { imported: 0, total: 0 },
      error: null,
      updatedAt: new Date(0).toISOString(),
      lastSyncedAt: null,
      syncing: false,
      failures: [],
    };
  const failures = await db.query<{ code: SyncFailureCode; occurred_at: Date }>(
    `select code, occurred_at from store_sync_failures
      where store_id = $1 and occurred_at > now() - make_interval(days => $2)
      order by occurred_at desc, id desc limit $3`,
    [storeId, FAILURES_DAYS, FAILURES_SHOWN],
  );
  return {
    status: row.status,
    lastYear: { imported: row.last_year_imported, total: Math.max(row.last_year_total, row.last_year_imported) },
    history: { imported: row.history_imported, total: Math.max(row.history_total, row.history_imported) },
    error: row.error,
    updatedAt: row.updated_at.toISOString(),
    lastSyncedAt: row.last_synced_at?.toISOString() ?? null,
    syncing: row.syncing,
    failures: failures.map((failure) => ({ code: failure.code, at: failure.occurred_at.toISOString() })),
  };
}

/** Records why fetching the store's data failed, for the card's recent failures. */
export async function recordSyncFailure(db: Queryable, storeId: number, code: SyncFailureCode): Promise<void> {
  await db.query('insert into store_sync_failures (store_id, code) values ($1, $2)', [storeId, code]);
  await syncMoved(db, storeId);
}

export type RefreshRequest = 'queued' | 'running' | 'notImported';

/**
 * "Sincronizar ahora": queues a refresh of a fully imported store, unless the import or a refresh is
 * already queued or running (two at once would fetch the same changes twice).
 */
export async function requestRefresh(db: Queryable, storeId: number): Promise<RefreshRequest> {
  const [row] = await db.query<{ phase: string; busy: boolean }>(
    `select phase, exists (select 1 from jobs j where j.queue in ($2, $3) and j.singleton_key = $4 and j.status in ('pending', 'running')) as busy
       from store_syncs where store_id = $1`,
    [storeId, SYNC_QUEUE, REFRESH_QUEUE, String(storeId)],
  );
  if (row?.busy) return 'running';
  if (row?.phase !== 'done') return 'notImported';
  // The singleton key settles a race between two clicks: the second adds nothing.
  const id = await enqueue(db, REFRESH_QUEUE, { storeId }, { singletonKey: String(storeId), maxAttempts: 1 });
  if (id === null) return 'running';
  await syncMoved(db, storeId);
  return 'queued';
}

/** Writes some of the status row's columns. */
async function setSync(db: Queryable, storeId: number, fields: Record<string, unknown>): Promise<void> {
  const names = Object.keys(fields);
  await db.query(
    `update store_syncs set ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')}, updated_at = now() where store_id = $1`,
    [storeId, ...names.map((name) => fields[name])],
  );
  await syncMoved(db, storeId);
}

/**
 * Credentials saved for the store: a new store or another shop starts from the beginning; the same
 * shop with a new token resumes a failed import where it stopped (a refused token is usually what it
 * was waiting for) and leaves any other state as it is.
 */
export async function syncAfterConnecting(tx: Queryable, storeId: number, sameShop: boolean): Promise<void> {
  await tx.query('insert into store_syncs (store_id) values ($1) on conflict do nothing', [storeId]);
  await tx.query(
    sameShop
      ? `update store_syncs set status = case when status = 'FAILED' then (case phase when 'history' then 'FINISHED_ONE_YEAR' else 'NEEDS_SCRAPE' end) else status end, error = null where store_id = $1`
      : `update store_syncs set status = 'NEEDS_SCRAPE', phase = 'lastYear', last_year_from = null, catalogue_done = false, resume_after = null, error = null where store_id = $1`,
    [storeId],
  );
  await queueSync(tx, storeId);
  await syncMoved(tx, storeId);
}

/** The retry button: a failed import goes back to where it resumes. False when it had not failed. */
export async function retryFailedSync(db: Queryable, storeId: number): Promise<boolean> {
  const [row] = await db.query(
    `update store_syncs set status = case phase when 'history' then 'FINISHED_ONE_YEAR' else 'NEEDS_SCRAPE' end, error = null, updated_at = now()
      where store_id = $1 and status = 'FAILED' returning store_id`,
    [storeId],
  );
  if (!row) return false;
  await queueSync(db, storeId);
  await syncMoved(db, storeId);
  return true;
}

/** Stores whose import has finished and whose shop still has the app installed, so the nightly refresh keeps them current. */
export async function importedStores(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(
    `select y.store_id from store_syncs y join shopify_connections c on c.store_id = y.store_id
      where y.phase = 'done' and c.uninstalled_at is null order by y.store_id`,
  );
  return rows.map((row) => row.store_id);
}

/** The import's plan: where the last year begins and how many orders each phase will bring. */
export function planImport(
  db: Queryable,
  storeId: number,
  plan: { lastYearFrom: Date; lastYearTotal: number; historyTotal: number; startedAt: Date },
) {
  return setSync(db, storeId, {
    last_year_from: plan.lastYearFrom,
    last_year_total: plan.lastYearTotal,
    history_total: plan.historyTotal,
    started_at: plan.startedAt,
  });
}

/** A phase begins (or resumes): IN_PROGRESS for the last year, HISTORIC_IN_PROGRESS for the rest. */
export function startPhase(db: Queryable, storeId: number, phase: 'lastYear' | 'history') {
  return setSync(db, storeId, { status: phase === 'lastYear' ? 'IN_PROGRESS' : 'HISTORIC_IN_PROGRESS', error: null });
}

export function markCatalogueDone(db: Queryable, storeId: number) {
  return setSync(db, storeId, { catalogue_done: true });
}

/** The last year is in: the dashboard opens, and the import goes on with the history. */
export function finishLastYear(db: Queryable, storeId: number) {
  return setSync(db, storeId, { status: 'FINISHED_ONE_YEAR', phase: 'history', resume_after: null });
}

export function finishImport(db: Queryable, storeId: number, now: Date) {
  return setSync(db, storeId, { status: 'FINISHED', phase: 'done', resume_after: null, finished_at: now, refreshed_at: now });
}

/** The nightly refresh fetched what changed up to `now`. */
export function markRefreshed(db: Queryable, storeId: number, now: Date) {
  return setSync(db, storeId, { refreshed_at: now });
}

/** The import stopped for good, with the reason the merchant reads. */
export function failSync(db: Queryable, storeId: number, reason: string) {
  return setSync(db, storeId, { status: 'FAILED', error: reason });
}
