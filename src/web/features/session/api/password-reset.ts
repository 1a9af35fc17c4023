import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

type PasswordResetRequest = components['schemas']['PasswordResetRequest'];
type PasswordResetConfirmation = components['schemas']['PasswordResetConfirmation'];

export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  unwrap(await appClient.POST('/auth/password-reset', { body }));
}

export async function confirmPasswordReset(body: PasswordResetConfirmation) {
  return unwrap(await appClient.POST('/auth/password-reset/confirm', { body }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
