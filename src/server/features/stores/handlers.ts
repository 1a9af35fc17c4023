import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, inStore, signedIn } from '../../platform/api.ts';
import type { Queryable } from '../../platform/db.ts';
import { errors } from '../../platform/errors.ts';
import { type Auth, readSession, SESSION_COOKIE, sessionUser } from '../../platform/sessions.ts';
import { resolveStoreAccess } from '../../platform/tenancy.ts';

type StoreOperations = Pick<operations, 'getMe' | 'listStores' | 'switchStore' | 'streamLiveEvents'>;

/** A live stream ends this often, so the browser reconnects through the gate (a member removed stops hearing). */
export const LIVE_STREAM_MAX_AGE_MS = 5 * 60_000;

export const storeHandlers: Handlers<StoreOperations> = {
  async getMe(context) {
    const auth = signedIn(context);
    return { status: 200, body: { user: sessionUser(auth), stores: await storesOf(context.db, auth) } };
  },

  async listStores(context) {
    return { status: 200, body: await storesOf(context.db, signedIn(context)) };
  },

  async switchStore(context) {
    const auth = signedIn(context);
    const access = await resolveStoreAccess(context.db, auth, context.body.storeId);
    if (!access) throw errors.storeNotFound();
    await context.db.query('update sessions set current_store_id = $1 where token_hash = $2', [access.storeId, auth.tokenHash]);
    const token = context.request.cookies[SESSION_COOKIE]!;
    const updated = await readSession(context.db, token, context.sessionSecret);
    return { status: 200, body: sessionUser(updated!) };
  },

  async streamLiveEvents(context) {
    const store = inStore(context);
    // Browsers send back only the ids we gave; anything else counts as a new tab.
    const header = context.request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && /^[0-9]{1,15}$/.test(header) ? Number(header) : null;
    return {
      status: 200,
      events: {
        maxAgeMs: LIVE_STREAM_MAX_AGE_MS,
        open: (emit) => context.live.open(store.storeId, lastEventId, ({ seq, event }) => emit(String(seq), event)),
      },
    };
  },
};

/** The stores the user can open: every store for the provider's admins, their memberships otherwise. */
function storesOf(db: Queryable, auth: Auth) {
  return db.query<{ id: number; name: string }>(
    auth.isProviderAdmin
      ? 'select id, name from stores order by name, id'
      : 'select s.id, s.name from stores s join store_members m on m.store_id = s.id where m.user_id = $1 order by s.name, s.id',
    auth.isProviderAdmin ? [] : [auth.userId],
  );
}
