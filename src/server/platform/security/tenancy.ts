import type { Queryable } from '../database/db.ts';
import type { Role } from '../http/contract.ts';
import type { Auth } from './sessions.ts';

/** The caller's standing in the store a call names, and what store-scoped caches are keyed by. */
export interface StoreAccess {
  storeId: number;
  role: Role;
  /** The store's data version (data-version.ts), read before any of the store's data. */
  dataVersion: number;
  /** The store's time zone and currency as its Shopify connection gives them; null before it has one. */
  timeZone: string | null;
  currency: string | null;
  /** The store is on a plan or its trial, which its data needs (SPEC §1); past due still counts until it is deleted. */
  hasPlan: boolean;
}

/** The columns `storeAccessOf` reads, prefixed so they can sit beside the session's in one row. */
export interface StoreAccessRow {
  access_store_id: number | null;
  access_role: Role | null;
  access_data_version: string | null;
  access_time_zone: string | null;
  access_currency: string | null;
  access_has_plan: boolean | null;
}

/**
 * The store `storeId` (an SQL expression) as user `userId` (another) sees it: one row, or none when
 * the store does not exist. The gate joins it to the session's query (sessions.ts), so a store-scoped
 * call costs one round trip before its handler.
 */
export const storeAccessQuery = (storeId: string, userId: string) => `
  select st.id as access_store_id, m.role as access_role, coalesce(v.version, 0)::text as access_data_version,
         c.timezone as access_time_zone, c.currency as access_currency,
         coalesce(p.status in ('trialing', 'active', 'past_due'), false) as access_has_plan
    from stores st
    left join store_members m on m.store_id = st.id and m.user_id = ${userId}
    left join store_data_versions v on v.store_id = st.id
    left join shopify_connections c on c.store_id = st.id
    left join store_subscriptions p on p.store_id = st.id
   where st.id = ${storeId}`;

/**
 * The caller's membership, from a row of `storeAccessQuery`: the provider's admins reach every store,
 * members reach theirs, everyone else gets null (answered as 404, so other stores' ids reveal nothing).
 */
export function storeAccessOf(auth: Pick<Auth, 'isProviderAdmin'>, row: StoreAccessRow | undefined): StoreAccess | null {
  if (!row?.access_store_id) return null;
  const role: Role | null = auth.isProviderAdmin ? 'recompraAdmin' : row.access_role;
  if (!role) return null;
  return {
    storeId: row.access_store_id,
    role,
    dataVersion: Number(row.access_data_version ?? 0),
    timeZone: row.access_time_zone,
    currency: row.access_currency,
    hasPlan: row.access_has_plan === true,
  };
}

export async function resolveStoreAccess(db: Queryable, auth: Auth, storeId: number): Promise<StoreAccess | null> {
  const [row] = await db.query<StoreAccessRow>(storeAccessQuery('$1', '$2'), [storeId, auth.userId]);
  return storeAccessOf(auth, row);
}
