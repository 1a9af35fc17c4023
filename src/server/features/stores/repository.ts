import type { Queryable } from '../../platform/database/db.ts';
import type { Auth } from '../../platform/security/sessions.ts';

/*
 * The stores a user may open, in SQL. Handlers (handlers.ts) decide; this module reads, so every query
 * of this feature has one home. Which store a session works in is the platform's (platform/security/sessions.ts).
 */

/** The stores the user can open: every store for the provider's admins, their memberships otherwise. */
export function storesOf(db: Queryable, auth: Auth): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>(
    auth.isProviderAdmin
      ? 'select id, name from stores order by name, id'
      : 'select s.id, s.name from stores s join store_members m on m.store_id = s.id where m.user_id = $1 order by s.name, s.id',
    auth.isProviderAdmin ? [] : [auth.userId],
  );
}
