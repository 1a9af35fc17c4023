import { useQuery } from '@tanstack/react-query';
import { type Role, type SessionUser, sessionQueryOptions } from './session';

export interface CurrentStore {
  /** The signed-in user; undefined while the session loads, and without a session. */
  user: SessionUser | undefined;
  role: Role | undefined;
  /**
   * The store the user works in; undefined while the session loads and while the user has none yet.
   * Queries take it as is and wait until it is known (`storeQuery`, api/store-query.ts).
   */
  storeId: number | undefined;
  /** The session has not answered yet: whether there is a store is still unknown. */
  isPending: boolean;
}

/** The current store, from the session: the one lookup every container shares. */
export function useCurrentStore(): CurrentStore {
  const session = useQuery(sessionQueryOptions);
  const user = session.data ?? undefined;
  return { user, role: user?.role, storeId: user?.store ?? undefined, isPending: session.isPending };
}

/**
 * The store a change is for. Actions that change a store only show once it is known, so reaching
 * this without one is a bug; it fails like any other call and the container reports it.
 */
export function requireStoreId(storeId: number | undefined): number {
  if (storeId === undefined) throw new Error('No current store: the session has not named one.');
  return storeId;
}
