import type { operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, signedIn } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { deleteOtherSessions } from '../../platform/security/sessions.ts';
import { passwordHashOf, replacePasswordHash, retireResetLinks } from './repository.ts';
import { admitSignIn } from './sign-in-throttle.ts';

type AccountSecurityOperations = Pick<operations, 'changePassword' | 'closeOtherSessions'>;

const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta.';

const wrongCurrentPassword = () =>
  new HttpError(400, 'wrong_password', WRONG_CURRENT_PASSWORD, [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);

/** The account page's password change and "Cerrar sesión en los demás dispositivos". */
export const accountSecurityHandlers: Handlers<AccountSecurityOperations> = {
  async changePassword(context) {
    const { body, db, request } = context;
    const auth = signedIn(context);
    if (body.newPassword === body.currentPassword)
      throw errors.invalidRequest([{ field: 'newPassword', message: 'La nueva contraseña debe ser distinta de la actual.' }]);
    const attempt = await admitSignIn(db, auth.email, request.ip, 'passwordChange');
    const currentHash = await passwordHashOf(db, auth.userId);
    if (!(await verifyPassword(currentHash, body.currentPassword))) throw wrongCurrentPassword();
    await attempt.succeeded();
    const newHash = await hashPassword(body.newPassword);
    const closed = await db.transaction(async (tx) => {
      // Only over the password just checked: a change that won a race in between makes this one's proof stale.
      if (!(await replacePasswordHash(tx, auth.userId, newHash, currentHash))) throw wrongCurrentPassword();
      // A reset link mailed before the change would otherwise still set a password over this one.
      await retireResetLinks(tx, auth.userId);
      // Whoever knew the old password is signed out everywhere else; the person changing it stays.
      return deleteOtherSessions(tx, auth.userId, auth.tokenHash);
    });
    return { status: 200, body: { closed } };
  },

  async closeOtherSessions(context) {
    const auth = signedIn(context);
    return { status: 200, body: { closed: await deleteOtherSessions(context.db, auth.userId, auth.tokenHash) } };
  },
};
