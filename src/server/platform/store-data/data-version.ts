import type { Queryable } from '../database/db.ts';

/*
 * The store's data version (migration 0010): a number that grows with every committed write to the
 * store's data. Call `bumpDataVersion` inside the transaction that writes, so the new version and
 * the new data become visible together to every server process.
 */

export async function bumpDataVersion(tx: Queryable, storeId: number): Promise<void> {
  await tx.query(
    `insert into store_data_versions (store_id, version) values ($1, 1)
       on conflict (store_id) do update set version = store_data_versions.version + 1`,
    [storeId],
  );
}

export async function readDataVersion(db: Queryable, storeId: number): Promise<number> {
  const [row] = await db.query<{ version: string }>('select version::text from store_data_versions where store_id = $1', [storeId]);
  return row ? Number(row.version) : 0;
}
