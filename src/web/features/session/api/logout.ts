import { useMutation } from '@tanstack/react-query';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

/** `POST /api/auth/logout`: the client adds the CSRF header, which another site cannot. */
export async function logout(): Promise<void> {
  unwrap(await appClient.POST('/auth/logout'));
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
