import type { Database } from '../../platform/db.ts';
import { refreshRollups } from './rollups.ts';
import { rebuildStatsTable } from './stats-table.ts';

/**
 * Every metric rollup and the overview table rebuilt whole from the store's data, in one transaction
 * (an import phase's end, the nightly refresh). Then the planner learns the new tables' shape: PGlite
 * has no autovacuum to do it.
 */
export async function rebuildStoreMetrics(db: Database, storeId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await refreshRollups(tx, storeId);
    await rebuildStatsTable(tx, storeId);
  });
  await db.query('analyze customer_stats, cart_only_customers, store_daily_stats, store_customer_days, store_stats_table');
}
