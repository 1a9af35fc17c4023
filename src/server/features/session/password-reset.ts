import type { operations } from '../../../shared/api/app.gen.ts';
import type { Handlers } from '../../platform/api.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import { errors, HttpError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { isLimited, recordEvent } from '../../platform/rate-limit.ts';
import { beginSession } from '../../platform/sessions.ts';

type PasswordResetOperations = Pick<operations, 'requestPasswordReset' | 'confirmPasswordReset'>;

const LINK_MINUTES = 60;
const PER_ACCOUNT = { max: 3, windowMinutes: 60 };
const PER_ADDRESS = { max: 20, windowMinutes: 60 };

export const passwordResetHandlers: Handlers<PasswordResetOperations> = {
  async requestPasswordReset({ body, db, request, mailer, config }) {
    const addressKey = `reset:ip:${request.ip}`;
    if (await isLimited(db, addressKey, PER_ADDRESS)) throw errors.tooManyAttempts('Pediste demasiados enlaces. Inténtalo de nuevo en una hora.', 3600);
    await recordEvent(db, addressKey);
    const [user] = await db.query<{ id: number; name: string; email: string }>('select id, name, email from users where lower(email) = lower($1)', [body.email]);
    const accountKey = `reset:email:${body.email.toLowerCase()}`;
    // The answer is the same whether or not the account exists, so the form reveals no accounts.
    if (!user || (await isLimited(db, accountKey, PER_ACCOUNT))) return { status: 202 };
    await recordEvent(db, accountKey);
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      await tx.query(`insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`, [user.id, hash, LINK_MINUTES]);
      await mailer.send(tx, {
        to: user.email,
        subject: 'Cambia tu contraseña de Recompra',
        text: `Hola, ${user.name}:\n\nPara elegir una contraseña nueva, abre este enlace (vale por ${LINK_MINUTES} minutos y sirve una sola vez):\n\n${config.publicUrl}/api/auth/reset-password?token=${token}\n\nSi no lo pediste, ignora este correo: tu contraseña sigue igual.\n`,
      });
    });
    return { status: 202 };
  },

  async confirmPasswordReset(context) {
    const { body, db } = context;
    const passwordHash = await hashPassword(body.password);
    const userId = await db.transaction(async (tx) => {
      const [reset] = await tx.query<{ id: number; user_id: number }>(
        `update password_resets set used_at = now()
          where token_hash = $1 and used_at is null and expires_at > now()
          returning id, user_id`,
        [hashToken(body.token)],
      );
      if (!reset) return null;
      await tx.query('update users set password_hash = $1 where id = $2', [passwordHash, reset.user_id]);
      // Whoever knew the old password is signed out everywhere.
      await tx.query('delete from sessions where user_id = $1', [reset.user_id]);
      await tx.query('update password_resets set used_at = now() where user_id = $1 and used_at is null', [reset.user_id]);
      return reset.user_id;
    });
    if (userId === null) throw new HttpError(410, 'reset_link_invalid', 'El enlace para cambiar tu contraseña venció o ya se usó. Pide uno nuevo.');
    return { status: 200, body: await beginSession(context, userId) };
  },
};
