import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, inStore, signedIn } from '../../platform/http/api.ts';
import { errors } from '../../platform/http/errors.ts';
import { readSession, SESSION_COOKIE, sessionUser, setCurrentStore } from '../../platform/security/sessions.ts';
import { resolveStoreAccess } from '../../platform/security/tenancy.ts';
import { storesOf } from './repository.ts';

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
    await setCurrentStore(context.db, auth.tokenHash, access.storeId);
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
