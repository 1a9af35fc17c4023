import type { components } from '../../../shared/api/app.gen.ts';
import type { SegmentRules } from '../../../shared/segments.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { errors } from '../../platform/http/errors.ts';

/*
 * The store's segments in SQL. Handlers (handlers.ts) decide; this module reads and writes the
 * `segments` rows, so every query on them has one home. Members and builds are membership.ts's.
 */

type Segment = components['schemas']['Segment'];
type SegmentInput = components['schemas']['SegmentInput'];

export interface SegmentRecord {
  id: string;
  key: Segment['key'];
  name: string | null;
  description: string | null;
  form: Segment['form'];
  rules: SegmentRules;
  status: Segment['status'];
  build_failure: string | null;
  customers: number | null;
  built_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SEGMENT_COLUMNS = 'id::text, key, name, description, form, rules, status, build_failure, customers, built_at, created_at, updated_at';

/** The six default segments' order in the list: as SPEC §3 names them. */
const DEFAULT_ORDER = ['highValueCustomers', 'frequentCustomers', 'asleepCustomers', 'newCustomers', 'offerCustomers', 'riskyCustomers'];

export const toSegment = (row: SegmentRecord): Segment => ({
  id: Number(row.id),
  key: row.key,
  name: row.name,
  description: row.description,
  form: row.form,
  rules: row.rules,
  status: row.status,
  buildFailure: row.build_failure,
  customers: row.customers,
  builtAt: row.built_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** One segment of the store; a 404 for any other. */
export async function segmentOf(db: Queryable, storeId: number, segmentId: number | string): Promise<SegmentRecord> {
  const [row] = await db.query<SegmentRecord>(`select ${SEGMENT_COLUMNS} from segments where store_id = $1 and id = $2`, [
    storeId,
    segmentId,
  ]);
  if (!row) throw errors.notFound();
  return row;
}

/** The store's segments, the defaults first in their order, then the newest. */
export function segmentsOf(db: Queryable, storeId: number): Promise<SegmentRecord[]> {
  return db.query<SegmentRecord>(
    `select ${SEGMENT_COLUMNS} from segments where store_id = $1
      order by key is null, array_position($2::text[], key), id desc`,
    [storeId, DEFAULT_ORDER],
  );
}

/** How many segments of its own the store has, its creations serialised (under a lock on the store until commit). */
export async function lockedCustomSegmentCount(tx: Queryable, storeId: number): Promise<number> {
  await tx.query('select 1 from stores where id = $1 for update', [storeId]);
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    'select count(*)::integer as count from segments where store_id = $1 and key is null',
    [storeId],
  );
  return count;
}

export async function insertSegment(tx: Queryable, storeId: number, input: SegmentInput): Promise<SegmentRecord> {
  const [created] = await tx.query<SegmentRecord>(
    `insert into segments (store_id, name, description, form, rules) values ($1, $2, $3, $4, $5)
     returning ${SEGMENT_COLUMNS}`,
    [storeId, input.name.trim(), input.description?.trim() ?? '', input.form, JSON.stringify(input.rules)],
  );
  return created!;
}

/** Saves a segment's fields; new rules start a new version of it, queued to be built again. */
export async function updateSegmentRow(
  tx: Queryable,
  storeId: number,
  segmentId: string,
  input: SegmentInput,
  rulesChanged: boolean,
): Promise<SegmentRecord> {
  const [updated] = await tx.query<SegmentRecord>(
    `update segments set name = $3, description = $4, form = $5, rules = $6, updated_at = now(),
            rules_version = rules_version + $7::integer, status = case when $7::integer = 1 then 'queued' else status end,
            build_failure = case when $7::integer = 1 then null else build_failure end
      where store_id = $1 and id = $2
     returning ${SEGMENT_COLUMNS}`,
    [storeId, segmentId, input.name.trim(), input.description?.trim() ?? '', input.form, JSON.stringify(input.rules), rulesChanged ? 1 : 0],
  );
  return updated!;
}

/** Its members go with it (on delete cascade). */
export async function deleteSegmentRow(tx: Queryable, segmentId: string): Promise<void> {
  await tx.query('delete from segments where id = $1', [segmentId]);
}
