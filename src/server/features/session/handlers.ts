import type { operations } from '../../../shared/api/app.gen.ts';
import type { Handlers } from '../../platform/api.ts';
import { errors, HttpError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { forgetEvents, isLimited, recordEvent } from '../../platform/rate-limit.ts';
import { beginSession, clearSessionCookies, deleteSession, SESSION_COOKIE, sessionUser } from '../../platform/sessions.ts';
import { passwordResetHandlers } from './password-reset.ts';

type SessionOperations = Pick<
  operations,
  'getSessionUser' | 'showLogin' | 'login' | 'logout' | 'showSignup' | 'signup' | 'showPasswordReset' | 'requestPasswordReset' | 'confirmPasswordReset'
>;

// Five wrong passwords lock an account for 15 minutes; twenty lock the address they came from.
const SIGN_IN_LIMIT = { perAccount: { max: 5, windowMinutes: 15 }, perAddress: { max: 20, windowMinutes: 15 } };
const SIGN_UP_LIMIT = { max: 10, windowMinutes: 60 };

export function sessionHandlers(spaIndex: () => Promise<string>): Handlers<SessionOperations> {
  const page = async () => ({ status: 200 as const, html: await spaIndex() });
  return {
    async getSessionUser({ auth, request, reply }) {
      if (!auth) {
        // A stale cookie would make the page believe someone is signed in.
        if (request.cookies[SESSION_COOKIE]) clearSessionCookies(request, reply);
        return { status: 204 };
      }
      return { status: 200, body: sessionUser(auth) };
    },

    showLogin: page,
    showSignup: page,
    showPasswordReset: page,

    async login(context) {
      const { body, db, request, auth } = context;
      const accountKey = `sign-in:email:${body.email.toLowerCase()}`;
      const addressKey = `sign-in:ip:${request.ip}`;
      if ((await isLimited(db, accountKey, SIGN_IN_LIMIT.perAccount)) || (await isLimited(db, addressKey, SIGN_IN_LIMIT.perAddress))) {
        throw new HttpError(429, 'locked_out', 'Demasiados intentos fallidos. Espera 15 minutos e inténtalo de nuevo.', undefined, { 'retry-after': String(15 * 60) });
      }
      const [user] = await db.query<{ id: number; password_hash: string | null }>('select id, password_hash from users where lower(email) = lower($1)', [body.email]);
      const valid = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !valid) {
        await recordEvent(db, accountKey, addressKey);
        throw errors.invalidCredentials();
      }
      await forgetEvents(db, accountKey);
      if (auth) await deleteSession(db, auth.tokenHash);
      return { status: 200, body: await beginSession(context, user.id) };
    },

    async signup(context) {
      const { body, db, request } = context;
      const addressKey = `sign-up:ip:${request.ip}`;
      if (await isLimited(db, addressKey, SIGN_UP_LIMIT)) throw errors.tooManyAttempts('Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en una hora.', 3600);
      await recordEvent(db, addressKey);
      const passwordHash = await hashPassword(body.password);
      const [user] = await db.query<{ id: number }>(
        'insert into users (email, name, password_hash) values ($1, $2, $3) on conflict (lower(email)) do nothing returning id',
        [body.email.trim().toLowerCase(), body.name.trim(), passwordHash],
      );
      if (!user) throw new HttpError(409, 'email_taken', 'Ya existe una cuenta con ese correo. Inicia sesión o recupera tu contraseña.');
      // The account has no store yet: the welcome guide's first step creates it.
      return { status: 201, body: await beginSession(context, user.id, null) };
    },

    async logout({ auth, db, request, reply }) {
      if (auth) await deleteSession(db, auth.tokenHash);
      clearSessionCookies(request, reply);
      return { status: 302, headers: { location: '/api/auth/login' } };
    },

    ...passwordResetHandlers,
  };
}
