import { COLLABORATOR_LIMIT } from '../../../shared/constants.ts';

export const teamMessages = {
  limitReached: `Solo puedes agregar ${COLLABORATOR_LIMIT} colaboradores. Elimina uno para agregar otro.`,
  alreadyMember: 'Esa persona ya es parte de la tienda.',
  memberNotFound: 'Esa persona ya no es parte de la tienda.',
  invitationNotFound: 'Esa invitación ya no está pendiente.',
  cannotRemoveSelf: 'No puedes eliminarte de la tienda.',
  cannotRemoveOwner: 'No se puede eliminar a quien administra la tienda.',
  invitationInvalid: 'Esta invitación ya no es válida. Pide a quien administra la tienda que te invite de nuevo.',
  wrongPassword: 'La contraseña no es correcta.',
};
