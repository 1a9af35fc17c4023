import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

type PasswordChange = components['schemas']['PasswordChange'];

/** The new password; the server ends the account's other sessions and answers how many were open. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PasswordChange) => unwrap(await appClient.PUT('/private/me/password', { body })),
  });
}

/** "Cerrar sesión en los demás dispositivos": answers how many other sessions were open. */
export function useCloseOtherSessions() {
  return useMutation({
    mutationFn: async () => unwrap(await appClient.DELETE('/private/me/other_sessions')),
  });
}
