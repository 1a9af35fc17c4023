import type { operations } from '../../../shared/api/app.gen.ts';
import type { Handlers, Services } from '../../platform/api.ts';
import { errors } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { clearSessionCookies, createSession, deleteSession, readSession, SESSION_COOKIE, setSessionCookies } from '../../platform/sessions.ts';
import { sessionUser } from './session-user.ts';

type SessionOperations = Pick<operations, 'getSessionUser' | 'showLogin' | 'login' | 'logout'>;

export function sessionHandlers(spaIndex: () => Promise<string>): Handlers<SessionOperations> {
  return {
    async getSessionUser({ auth, request, reply }) {
      if (!auth) {
        // A stale cookie would make the page believe someone is signed in.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookies(request, reply);
        return { status: 204 };
      }
      return { status: 200, body: sessionUser(auth) };
    },

    async showLogin() {
      return { status: 200, html: await spaIndex() };
    },

    async login({ body, db, sessionSecret, request, reply, auth }) {
      const [user] = await db.query<{ id: number; password_hash: string | null }>('select id, password_hash from users where lower(email) = lower($1)', [body.email]);
      const valid = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !valid) throw errors.invalidCredentials();
      if (auth) await deleteSession(db, auth.tokenHash);
      const token = await createSession(db, user.id, await defaultStoreId(db, user.id));
      setSessionCookies(request, reply, token, sessionSecret);
      const session = await readSession(db, token, sessionSecret);
      return { status: 200, body: sessionUser(session!) };
    },

    async logout({ auth, db, request, reply }) {
      if (auth) await deleteSession(db, auth.tokenHash);
      clearSessionCookies(request, reply);
      return { status: 302, headers: { location: '/api/auth/login' } };
    },
  };
}

/** The store a new session opens in: the user's first store, or the first store for the provider's admins. */
async function defaultStoreId(db: Services['db'], userId: number): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `select s.id from stores s
      where exists (select 1 from users u where u.id = $1 and u.is_provider_admin)
         or exists (select 1 from store_members m where m.store_id = s.id and m.user_id = $1)
      order by (select m.created_at from store_members m where m.store_id = s.id and m.user_id = $1) nulls last, s.id
      limit 1`,
    [userId],
  );
  return row?.id ?? null;
}
