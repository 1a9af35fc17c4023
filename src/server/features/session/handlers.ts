import type { operations } from '../../../shared/api/app.gen.ts';
import type { Handlers } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { admitAttempt, type WindowLimit, waitInWords } from '../../platform/security/rate-limit.ts';
import { beginSession, clearSessionCookies, deleteSession, SESSION_COOKIE, sessionUser } from '../../platform/security/sessions.ts';
import { passwordResetHandlers } from './password-reset.ts';
import { accountByEmail, insertAccount } from './repository.ts';
import { admitSignIn } from './sign-in-throttle.ts';

type SessionOperations = Pick<
  operations,
  | 'getSessionUser'
  | 'showLogin'
  | 'login'
  | 'showLogout'
  | 'logout'
  | 'showSignup'
  | 'signup'
  | 'showPasswordReset'
  | 'requestPasswordReset'
  | 'checkPasswordResetLink'
  | 'confirmPasswordReset'
>;

// Sign-in rules live in sign-in-throttle.ts. Ten accounts an hour from one address is more than any
// shop's staff creates, and slows down mass sign-ups.
const SIGN_UP_LIMIT: WindowLimit = { kind: 'window', max: 10, windowMinutes: 60 };

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
    // A page, not the sign-out itself: it posts to `logout` with the CSRF token, which no other site can send.
    showLogout: page,

    async login(context) {
      const { body, db, request, auth } = context;
      // Only admitted attempts reach the password check; an unknown email takes the same path.
      const attempt = await admitSignIn(db, body.email, request.ip);
      const user = await accountByEmail(db, body.email);
      const valid = await verifyPassword(user?.password_hash ?? null, body.password);
      if (!user || !valid) throw errors.invalidCredentials();
      await attempt.succeeded();
      if (auth) await deleteSession(db, auth.tokenHash);
      return { status: 200, body: await beginSession(context, user.id) };
    },

    async signup(context) {
      const { body, db, request } = context;
      const admission = await admitAttempt(db, [{ subject: `sign-up:ip:${request.ip}`, limit: SIGN_UP_LIMIT }]);
      if (!admission.allowed) {
        const wait = admission.retryAfterSeconds;
        throw errors.tooManyAttempts(
          `Se crearon demasiadas cuentas desde esta conexión. Inténtalo de nuevo en ${waitInWords(wait)}.`,
          wait,
        );
      }
      const passwordHash = await hashPassword(body.password);
      const user = await insertAccount(db, { email: body.email.trim().toLowerCase(), name: body.name.trim(), passwordHash });
      if (!user) throw new HttpError(409, 'email_taken', 'Ya existe una cuenta con ese correo. Inicia sesión o recupera tu contraseña.');
      // The account has no store yet: the welcome guide's first step creates it.
      return { status: 201, body: await beginSession(context, user.id, null) };
    },

    async logout({ auth, db, request, reply }) {
      if (auth) await deleteSession(db, auth.tokenHash);
      clearSessionCookies(request, reply);
      return { status: 204 };
    },

    ...passwordResetHandlers,
  };
}
