import type { Queryable } from '../database/db.ts';

/**
 * Every table holding rows of a store, read from the database itself so a table added later is never
 * forgotten: those whose `store_id` has no foreign key (the imported data and the event tables keep none,
 * for speed) are emptied first, then the store's row, whose foreign keys take the rest with it.
 */
async function storeTables(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select c.table_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = 'store_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  return rows.map((row) => row.table_name);
}

/**
 * Deletes a store and everything it holds: its data, members, connections (and their sealed tokens),
 * segments, events and its jobs. Sessions that had it as their current store
 * keep going without one. People's sign-in accounts stay: they may belong to other stores, or come back.
 */
export async function eraseStore(db: Queryable, storeId: number): Promise<void> {
  for (const table of await storeTables(db)) {
    if (table === 'stores') continue;
    // A table name read from the catalogue, quoted as an identifier.
    await db.query(`delete from "${table.replaceAll('"', '""')}" where store_id = $1`, [storeId]);
  }
  // A running job (this erasure's own, for one) ends by itself and finds no store.
  await db.query(`delete from jobs where status <> 'running' and payload->>'storeId' = $1::text`, [storeId]);
  await db.query('delete from stores where id = $1', [storeId]);
}

/** Rows of `storeId` left anywhere (the erasure's own check, and its test's), but the record of the job that erased it. */
export async function rowsLeftOf(db: Queryable, storeId: number, erasedByQueue?: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const table of await storeTables(db)) {
    const [row] = await db.query<{ count: number }>(
      `select count(*)::integer as count from "${table.replaceAll('"', '""')}" where store_id = $1`,
      [storeId],
    );
    if (row && row.count > 0) left[table] = row.count;
  }
  const [store] = await db.query<{ count: number }>('select count(*)::integer as count from stores where id = $1', [storeId]);
  if (store && store.count > 0) left.stores = store.count;
  const [jobs] = await db.query<{ count: number }>(
    `select count(*)::integer as count from jobs
      where status <> 'running' and payload->>'storeId' = $1::text and not (queue = $2 and status = 'done')`,
    [storeId, erasedByQueue ?? ''],
  );
  if (jobs && jobs.count > 0) left.jobs = jobs.count;
  return left;
}
