import type { components } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../../platform/db.ts';
import { enqueue } from '../../platform/jobs.ts';

/*
 * The store's import status (SPEC §2 scraping status), and every move between its states, in one
 * place: NEEDS_SCRAPE → IN_PROGRESS → FINISHED_ONE_YEAR → HISTORIC_IN_PROGRESS → FINISHED, or FAILED
 * from any of them. The import job (sync.ts) moves it forward; the store form and the retry button
 * send it back to where the import resumes.
 */

export type StoreSync = components['schemas']['StoreSync'];
export const SYNC_QUEUE = 'store-sync';

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
  }>(
    'select status, last_year_total, last_year_imported, history_total, history_imported, error, updated_at from store_syncs where store_id = $1',
    [storeId],
  );
  if (!row)
    return {
      status: 'NEEDS_SCRAPE',
      lastYear: { imported: 0, total: 0 },
      history: { imported: 0, total: 0 },
      error: null,
      updatedAt: new Date(0).toISOString(),
    };
  return {
    status: row.status,
    lastYear: { imported: row.last_year_imported, total: Math.max(row.last_year_total, row.last_year_imported) },
    history: { imported: row.history_imported, total: Math.max(row.history_total, row.history_imported) },
    error: row.error,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Writes some of the status row's columns (the import job's progress). */
export const setSync = (db: Queryable, storeId: number, fields: Record<string, unknown>) => {
  const names = Object.keys(fields);
  return db.query(
    `update store_syncs set ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')}, updated_at = now() where store_id = $1`,
    [storeId, ...names.map((name) => fields[name])],
  );
};

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
  return true;
}

/** Stores whose import has finished, so the nightly refresh keeps them current. */
export async function importedStores(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(`select store_id from store_syncs where phase = 'done' order by store_id`);
  return rows.map((row) => row.store_id);
}
