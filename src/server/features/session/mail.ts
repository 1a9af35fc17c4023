import type { Mail } from '../../platform/mail/mail.ts';

/** The link that lets someone choose a new password; it works once, for `minutes`. */
export function passwordResetMail(reset: { to: string; name: string; publicUrl: string; token: string; minutes: number }): Mail {
  return {
    to: reset.to,
    subject: 'Cambia tu contraseña de Recompra',
    text: `Hola, ${reset.name}:\n\nPara elegir una contraseña nueva, abre este enlace (vale por ${reset.minutes} minutos y sirve una sola vez):\n\n${reset.publicUrl}/api/auth/reset-password?token=${reset.token}\n\nSi no lo pediste, ignora este correo: tu contraseña sigue igual.\n`,
    secrets: [reset.token],
  };
}
