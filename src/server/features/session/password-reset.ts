import type { components, operations } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import type { Handlers } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { hashToken, newToken } from '../../platform/security/crypto.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import { admitAttempt, type WindowLimit, waitInWords } from '../../platform/security/rate-limit.ts';
import { beginSession, deleteUserSessions } from '../../platform/security/sessions.ts';
import { passwordResetMail } from './mail.ts';
import { accountByEmail, insertResetLink, resetLinkOf, retireResetLinks, setPasswordHash, takeResetLink } from './repository.ts';
import { forgetSignInFailures } from './sign-in-throttle.ts';

type PasswordResetOperations = Pick<operations, 'requestPasswordReset' | 'checkPasswordResetLink' | 'confirmPasswordReset'>;
type ResetLinkProblem = components['schemas']['ResetLinkGoneError']['code'];

const LINK_MINUTES = 60;
// A few links an hour cover a lost email; more would let anyone flood someone's inbox.
const PER_ACCOUNT: WindowLimit = { kind: 'window', max: 3, windowMinutes: 60 };
const PER_ADDRESS: WindowLimit = { kind: 'window', max: 20, windowMinutes: 60 };
// Opening a link takes one check, a few with reloads; tokens cannot be guessed, so this only caps the load.
const CHECKS_PER_ADDRESS: WindowLimit = { kind: 'window', max: 30, windowMinutes: 15 };

const problemMessages: Record<ResetLinkProblem, string> = {
  reset_link_used: 'Este enlace ya se usó. Si necesitas cambiar tu contraseña otra vez, pide un enlace nuevo.',
  reset_link_expired: `Este enlace venció. Cada enlace vale por ${LINK_MINUTES} minutos: pide uno nuevo.`,
  reset_link_invalid: 'Este enlace no es válido. Revisa que esté completo o pide uno nuevo.',
};

/** Why the link no longer works, or null while it works. Reads only the link, never its account. */
async function resetLinkProblem(db: Queryable, token: string): Promise<ResetLinkProblem | null> {
  const link = await resetLinkOf(db, hashToken(token));
  if (!link) return 'reset_link_invalid';
  if (link.used) return 'reset_link_used';
  return link.expired ? 'reset_link_expired' : null;
}

const linkGone = (problem: ResetLinkProblem) => new HttpError(410, problem, problemMessages[problem]);

export const passwordResetHandlers: Handlers<PasswordResetOperations> = {
  async requestPasswordReset({ body, db, request, mailer, config }) {
    const fromAddress = await admitAttempt(db, [{ subject: `reset:ip:${request.ip}`, limit: PER_ADDRESS }]);
    if (!fromAddress.allowed) {
      const wait = fromAddress.retryAfterSeconds;
      throw errors.tooManyAttempts(`Pediste demasiados enlaces. Inténtalo de nuevo en ${waitInWords(wait)}.`, wait);
    }
    // The answer is the same whether or not the account exists, and so is the work before it: the email's
    // own bound is counted for any address, and the mail only goes into the outbox (mail.ts sends it later).
    const forAccount = await admitAttempt(db, [{ subject: `reset:email:${body.email.toLowerCase()}`, limit: PER_ACCOUNT }]);
    const user = await accountByEmail(db, body.email);
    if (!user || !forAccount.allowed) return { status: 202 };
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      await insertResetLink(tx, user.id, hash, LINK_MINUTES);
      await mailer.send(
        tx,
        passwordResetMail({ to: user.email, name: user.name, publicUrl: config.publicUrl, token, minutes: LINK_MINUTES }),
      );
    });
    return { status: 202 };
  },

  async checkPasswordResetLink({ query, db, request }) {
    const admission = await admitAttempt(db, [{ subject: `reset-link:ip:${request.ip}`, limit: CHECKS_PER_ADDRESS }]);
    if (!admission.allowed) {
      const wait = admission.retryAfterSeconds;
      throw errors.tooManyAttempts(`Se abrieron demasiados enlaces desde esta conexión. Inténtalo de nuevo en ${waitInWords(wait)}.`, wait);
    }
    const problem = await resetLinkProblem(db, query.token);
    if (problem) throw linkGone(problem);
    return { status: 204 };
  },

  async confirmPasswordReset(context) {
    const { body, db } = context;
    const passwordHash = await hashPassword(body.password);
    const userId = await db.transaction(async (tx) => {
      const reset = await takeResetLink(tx, hashToken(body.token));
      if (!reset) return null;
      // The link proved the owner: failed sign-ins from anywhere no longer hold them back.
      await forgetSignInFailures(tx, reset.email);
      await setPasswordHash(tx, reset.user_id, passwordHash);
      // Whoever knew the old password is signed out everywhere.
      await deleteUserSessions(tx, reset.user_id);
      await retireResetLinks(tx, reset.user_id);
      return reset.user_id;
    });
    // Used or expired since the screen checked it (another tab, a slow form): say which.
    if (userId === null) throw linkGone((await resetLinkProblem(db, body.token)) ?? 'reset_link_used');
    return { status: 200, body: await beginSession(context, userId) };
  },
};
