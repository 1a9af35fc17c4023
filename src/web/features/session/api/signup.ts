import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

type SignupRequest = components['schemas']['SignupRequest'];

export async function signup(body: SignupRequest) {
  return unwrap(await appClient.POST('/auth/signup', { body }));
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
