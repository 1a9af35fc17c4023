import type { components } from '../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../platform/db.ts';

/** A store's all-time metrics. Every order the platform reported counts, whatever its payment state. */
export async function storeStats(db: Queryable, storeId: number): Promise<components['schemas']['StoreStats']> {
  const [row] = await db.query<{ total_orders: number }>('select count(*)::integer as total_orders from orders where store_id = $1', [storeId]);
  return { totalOrders: row?.total_orders ?? 0 };
}
