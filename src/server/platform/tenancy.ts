import type { Queryable } from './db.ts';
import type { Role } from './contract.ts';
import type { Auth } from './sessions.ts';

/** The caller's standing in the store a call names. */
export interface StoreAccess {
  storeId: number;
  role: Role;
}

/**
 * Resolves the caller's membership in `storeId`: the provider's admins reach every store, members
 * reach theirs, everyone else gets null (answered as 404, so other stores' ids reveal nothing).
 */
export async function resolveStoreAccess(db: Queryable, auth: Auth, storeId: number): Promise<StoreAccess | null> {
  if (auth.isProviderAdmin) {
    const [store] = await db.query('select 1 from stores where id = $1', [storeId]);
    return store ? { storeId, role: 'recompraAdmin' } : null;
  }
  const [member] = await db.query<{ role: Role }>('select role from store_members where store_id = $1 and user_id = $2', [storeId, auth.userId]);
  return member ? { storeId, role: member.role } : null;
}
