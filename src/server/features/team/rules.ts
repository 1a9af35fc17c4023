import { COLLABORATOR_LIMIT, INVITATION_DAYS } from '../../../shared/constants.ts';
import type { InvitationProblem } from './repository.ts';

export const teamMessages = {
  limitReached: `Solo puedes agregar ${COLLABORATOR_LIMIT} colaboradores. Elimina uno para agregar otro.`,
  alreadyMember: 'Esa persona ya es parte de la tienda.',
  memberNotFound: 'Esa persona ya no es parte de la tienda.',
  invitationNotFound: 'Esa invitación ya no está pendiente.',
  cannotRemoveSelf: 'No puedes eliminarte de la tienda.',
  cannotRemoveOwner: 'No se puede eliminar a quien administra la tienda.',
  wrongPassword: 'La contraseña no es correcta.',
  tooManyLinkChecks: (wait: string) => `Se abrieron demasiados enlaces desde esta conexión. Inténtalo de nuevo en ${wait}.`,
};

/** Why an invitation link no longer works, in the words the invitation screen shows. */
export const invitationProblemMessages: Record<InvitationProblem, string> = {
  invitation_used: 'Esta invitación ya se usó. Si ya eres parte de la tienda, inicia sesión.',
  invitation_replaced: 'Te enviamos una invitación más reciente a este correo. Usa el enlace de ese correo: este ya no sirve.',
  invitation_canceled: 'La tienda canceló esta invitación. Si crees que es un error, habla con quien la administra.',
  invitation_expired: `Esta invitación venció: cada invitación vale por ${INVITATION_DAYS} días. Pide a quien administra la tienda que te invite de nuevo.`,
  invitation_invalid:
    'Este enlace de invitación no es válido. Revisa que esté completo o pide a quien administra la tienda que te invite de nuevo.',
};
