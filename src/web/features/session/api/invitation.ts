import { useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { invitationKeys } from '../../../api/keys';
import { emailedLinkQuery, linkProblemOf } from './link-problem';

type InvitationAcceptance = components['schemas']['InvitationAcceptance'];
export type InvitationProblem = components['schemas']['InvitationGoneError']['code'];

const INVITATION_PROBLEMS: Record<InvitationProblem, true> = {
  invitation_used: true,
  invitation_replaced: true,
  invitation_canceled: true,
  invitation_expired: true,
  invitation_invalid: true,
};

/** Why the server refused the link (its 410, from the details or the acceptance); null for any other failure. */
export const invitationProblemOf = (error: unknown): InvitationProblem | null => linkProblemOf(error, INVITATION_PROBLEMS);

/** The invitation behind the link; a link that no longer works fails with its reason (410). */
export const invitationQueryOptions = (token: string) =>
  emailedLinkQuery(invitationKeys.detail(token), token, async (token, signal) =>
    unwrap(await appClient.GET('/auth/invitation/details', { params: { query: { token } }, signal })),
  );

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export async function acceptInvitation(body: InvitationAcceptance) {
  return unwrap(await appClient.POST('/auth/invitation/accept', { body }));
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
