import { INVITATION_DAYS } from '../../../shared/constants.ts';
import type { Mail } from '../../platform/mail/mail.ts';

/** The invitation to collaborate on a store: who invites, to which store, and the link that accepts it. */
export function invitationMail(invitation: {
  to: string;
  inviter: { name: string; email: string };
  storeName: string;
  publicUrl: string;
  token: string;
}): Mail {
  const { inviter, storeName, publicUrl, token } = invitation;
  return {
    to: invitation.to,
    subject: `${inviter.name} te invitó a ${storeName} en Recompra`,
    text: `Hola:\n\n${inviter.name} (${inviter.email}) te invitó a colaborar en la tienda ${storeName} en Recompra.\n\nAcepta la invitación con este enlace (vale por ${INVITATION_DAYS} días):\n\n${publicUrl}/api/auth/invitation?token=${token}\n\nSi no esperabas esta invitación, ignora este correo.\n`,
    secrets: [token],
  };
}
