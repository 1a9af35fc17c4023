import type { Database, Queryable } from '../../platform/database/db.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  admitAttempt,
  forgetEvents,
  type GrowingDelay,
  type WindowLimit,
  waitInWords,
  withdrawAttempt,
} from '../../platform/security/rate-limit.ts';

// Per account and address: the owner's typos pass at once; a guesser there slows down, not the owner elsewhere.
export const SIGN_IN_PER_PAIR: GrowingDelay = {
  kind: 'growingDelay',
  free: 5,
  windowMinutes: 15,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
};
// Per address across accounts: one place trying a common password on many accounts.
export const SIGN_IN_PER_ADDRESS: WindowLimit = { kind: 'window', max: 20, windowMinutes: 15 };
// Per account from every address: a distributed guesser; high, and the emailed reset link still lets the owner in.
export const SIGN_IN_PER_ACCOUNT: WindowLimit = { kind: 'window', max: 50, windowMinutes: 60 };

// The contract's email format has no spaces, so the space keeps the pair's two parts apart.
const accountSubject = (email: string) => `sign-in:email:${email.toLowerCase()}`;
const pairPrefix = (email: string) => `sign-in:pair:${email.toLowerCase()} `;

export interface AdmittedSignIn {
  /** The password was right: the attempt was no failure, and the pair's earlier failures are forgiven. */
  succeeded(): Promise<void>;
}

/** Where the password is typed: the sign-in form, or the account page's password change (signed in already). */
export type PasswordCheck = 'signIn' | 'passwordChange';

/**
 * Counts a sign-in attempt as a failure before its password is checked, so parallel guesses cannot
 * outrun the count; throws 429 when a rule refuses it. The subjects come from the typed email, so an
 * unknown email is throttled exactly like a known one. A password change checks the same secret, so
 * it counts against the same subjects: a session cannot be used to guess the password faster.
 */
export async function admitSignIn(db: Database, email: string, address: string, check: PasswordCheck = 'signIn'): Promise<AdmittedSignIn> {
  const pair = pairPrefix(email) + address;
  const account = accountSubject(email);
  const admission = await admitAttempt(db, [
    { subject: pair, limit: SIGN_IN_PER_PAIR },
    { subject: `sign-in:ip:${address}`, limit: SIGN_IN_PER_ADDRESS },
    { subject: account, limit: SIGN_IN_PER_ACCOUNT },
  ]);
  if (!admission.allowed) {
    const wait = waitInWords(admission.retryAfterSeconds);
    const message =
      check === 'passwordChange'
        ? `Hubo demasiados intentos con una contraseña actual incorrecta. Espera ${wait} e inténtalo de nuevo.`
        : admission.refusedBy.some((refusal) => refusal.subject === account)
          ? `Hubo demasiados intentos fallidos en esta cuenta. Usa «¿Olvidaste tu contraseña?» para recibir un enlace por correo y entrar ahora, o espera ${wait}.`
          : `Demasiados intentos fallidos. Espera ${wait} e inténtalo de nuevo.`;
    throw new HttpError(429, 'locked_out', message, undefined, { 'retry-after': String(admission.retryAfterSeconds) });
  }
  return {
    async succeeded() {
      await withdrawAttempt(db, admission.eventIds);
      await forgetEvents(db, [pair]);
    },
  };
}

/** After a password reset: the account's failures, from everywhere, count no more. */
export async function forgetSignInFailures(db: Queryable, email: string): Promise<void> {
  await forgetEvents(db, [accountSubject(email)], [pairPrefix(email)]);
}
