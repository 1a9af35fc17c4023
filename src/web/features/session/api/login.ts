import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { ApiError, errorBodyOf } from '../../../api/errors';

type LoginRequest = components['schemas']['LoginRequest'];
type SessionUser = components['schemas']['SessionUser'];

export async function login(body: LoginRequest): Promise<SessionUser> {
  const { data, error, response } = await appClient.POST('/auth/login', { body });
  if (!response.ok || data === undefined) throw new ApiError(response.status, errorBodyOf(error));
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
