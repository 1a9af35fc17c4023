import type { Queryable } from '../database/db.ts';

/** The store's shop address (`{host}.myshopify.com`), where its checkouts and carts live; null before it is connected. */
export async function shopDomainOf(db: Queryable, storeId: number): Promise<string | null> {
  const [row] = await db.query<{ shop_domain: string }>(`select shop_domain from shopify_connections where store_id = $1`, [storeId]);
  return row?.shop_domain ?? null;
}
