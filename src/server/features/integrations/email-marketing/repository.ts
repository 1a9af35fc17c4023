import type { components } from '../../../../shared/api/app.gen.ts';
import type { Queryable } from '../../../platform/database/db.ts';

/*
 * The email-marketing integration in SQL: the store's Klaviyo connection and each segment's sync
 * toggle. Handlers (handlers.ts) decide; this module reads and writes. The sync itself
 * (klaviyo-sync.ts) is an engine that keeps its own SQL: what it sends and records is its whole job.
 */

type SegmentSync = components['schemas']['SegmentSync'];

export interface SegmentSyncRow {
  segment_id: string;
  enabled: boolean;
  state: SegmentSync['state'];
  list_id: string | null;
  members: number;
  synced_at: Date | null;
  failure: NonNullable<SegmentSync['failure']> | null;
}

const SYNC_COLUMNS = 'segment_id::text, enabled, state, list_id, members, synced_at, failure';

/** The store's Klaviyo connection and why Klaviyo refused its key since (null: it did not); undefined when not connected. */
export async function emailMarketingConnectionOf(db: Queryable, storeId: number): Promise<{ failure: string | null } | undefined> {
  const [row] = await db.query<{ failure: string | null }>('select failure from email_marketing_connections where store_id = $1', [
    storeId,
  ]);
  return row;
}

export async function isEmailMarketingConnected(db: Queryable, storeId: number): Promise<boolean> {
  return (await emailMarketingConnectionOf(db, storeId)) !== undefined;
}

/**
 * Whether the store has the segment, locked until `tx` commits, so a deletion cannot slip between the
 * check and the sync's row (it waits, and its `segment_deleted` event then stops the sync).
 */
export async function lockSegment(tx: Queryable, storeId: number, segmentId: number): Promise<boolean> {
  const [row] = await tx.query('select 1 from segments where store_id = $1 and id = $2 for share', [storeId, segmentId]);
  return Boolean(row);
}

/** Saves the store's key (sealed), clearing any refusal of the one before. */
export async function saveEmailMarketingKey(tx: Queryable, storeId: number, sealedKey: string): Promise<void> {
  await tx.query(
    `insert into email_marketing_connections (store_id, api_key_encrypted) values ($1, $2)
     on conflict (store_id) do update set api_key_encrypted = excluded.api_key_encrypted, failure = null, updated_at = now()`,
    [storeId, sealedKey],
  );
}

/** Every sync turned on goes back to syncing, failure forgotten; answers their segments. */
export async function resumeSegmentSyncs(tx: Queryable, storeId: number): Promise<string[]> {
  const resumed = await tx.query<{ segment_id: string }>(
    `update segment_syncs set state = 'syncing', failure = null, updated_at = now()
      where store_id = $1 and enabled returning segment_id::text`,
    [storeId],
  );
  return resumed.map((row) => row.segment_id);
}

/** The key goes, the pending comparisons with it, and every toggle goes off (the lists stay in Klaviyo). */
export async function deleteEmailMarketingConnection(tx: Queryable, storeId: number): Promise<void> {
  await tx.query('delete from email_marketing_connections where store_id = $1', [storeId]);
  await tx.query('delete from segment_sync_pending where store_id = $1', [storeId]);
  await tx.query(`update segment_syncs set enabled = false, updated_at = now() where store_id = $1 and enabled`, [storeId]);
}

/** The store's segment syncs, by segment. */
export function segmentSyncRows(db: Queryable, storeId: number): Promise<SegmentSyncRow[]> {
  return db.query<SegmentSyncRow>(`select ${SYNC_COLUMNS} from segment_syncs where store_id = $1 order by segment_id`, [storeId]);
}

/** Turns the segment's sync off and forgets what it had pending; null when it was never turned on. */
export async function stopSegmentSync(tx: Queryable, storeId: number, segmentId: number): Promise<SegmentSyncRow | null> {
  await tx.query('delete from segment_sync_pending where store_id = $1 and segment_id = $2', [storeId, segmentId]);
  const [stopped] = await tx.query<SegmentSyncRow>(
    `update segment_syncs set enabled = false, updated_at = now() where store_id = $1 and segment_id = $2 returning ${SYNC_COLUMNS}`,
    [storeId, segmentId],
  );
  return stopped ?? null;
}

/** Turns the segment's sync on (again), syncing from now. */
export async function startSegmentSync(tx: Queryable, storeId: number, segmentId: number): Promise<SegmentSyncRow> {
  const [started] = await tx.query<SegmentSyncRow>(
    `insert into segment_syncs (store_id, segment_id) values ($1, $2)
     on conflict (store_id, segment_id) do update set enabled = true, state = 'syncing', failure = null, updated_at = now()
     returning ${SYNC_COLUMNS}`,
    [storeId, segmentId],
  );
  return started!;
}
