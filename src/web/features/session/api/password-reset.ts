import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { passwordResetKeys } from '../../../api/keys';
import { emailedLinkQuery, linkProblemOf } from './link-problem';

type PasswordResetRequest = components['schemas']['PasswordResetRequest'];
type PasswordResetConfirmation = components['schemas']['PasswordResetConfirmation'];
export type ResetLinkProblem = components['schemas']['ResetLinkGoneError']['code'];

const RESET_LINK_PROBLEMS: Record<ResetLinkProblem, true> = {
  reset_link_used: true,
  reset_link_expired: true,
  reset_link_invalid: true,
};

/** Why the server refused the link (its 410, from the check or the confirmation); null for any other failure. */
export const resetLinkProblemOf = (error: unknown): ResetLinkProblem | null => linkProblemOf(error, RESET_LINK_PROBLEMS);

export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  unwrap(await appClient.POST('/auth/password-reset', { body }));
}

/** Resolves while the link works; a link that no longer does fails with the server's 410 and its reason. */
export const resetLinkQueryOptions = (token: string) =>
  emailedLinkQuery(passwordResetKeys.link(token), token, async (token, signal) => {
    unwrap(await appClient.GET('/auth/password-reset/link', { params: { query: { token } }, signal }));
    return 'works' as const;
  });

export function useResetLink(token: string) {
  return useQuery(resetLinkQueryOptions(token));
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
