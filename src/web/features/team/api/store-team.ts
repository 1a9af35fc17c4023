import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { collaboratorKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

type CollaboratorInvitationRequest = components['schemas']['CollaboratorInvitationRequest'];
type StoreInvitation = components['schemas']['StoreInvitation'];

/** SPEC §7 data area "collaborators": members and pending invitations; waits until the session names the store. */
export const storeTeamQueryOptions = (storeId: number | undefined) =>
  storeQuery(collaboratorKeys.list(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/members', { params: { path: { id } }, signal }),
  );

export function useStoreTeam(storeId: number | undefined) {
  return useQuery(storeTeamQueryOptions(storeId));
}

/**
 * Every team change refreshes the list through the collaborators' key, and so does a refusal: it
 * usually means someone else changed the team meanwhile (the limit reached, a member gone).
 */
function useTeamMutation<Input, Output>(storeId: number | undefined, mutationFn: (storeId: number, input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => mutationFn(requireStoreId(storeId), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collaboratorKeys.list(storeId) }),
  });
}

export interface InvitationSent {
  invitation: StoreInvitation;
  /** The email had a pending invitation, sent again with a new link (200) instead of a second invitation (201). */
  resent: boolean;
}

export function useInviteCollaborator(storeId: number | undefined) {
  return useTeamMutation(storeId, async (id, body: CollaboratorInvitationRequest): Promise<InvitationSent> => {
    const result = await appClient.POST('/private/stores/{id}/members', { params: { path: { id } }, body });
    return { invitation: unwrap(result), resent: result.response.status === 200 };
  });
}

export function useRemoveStoreMember(storeId: number | undefined) {
  return useTeamMutation(storeId, async (id, userId: number) => {
    unwrap(await appClient.DELETE('/private/stores/{id}/members/{userId}', { params: { path: { id, userId } } }));
  });
}

export function useCancelInvitation(storeId: number | undefined) {
  return useTeamMutation(storeId, async (id, invitationId: number) => {
    unwrap(await appClient.DELETE('/private/stores/{id}/invitations/{invitationId}', { params: { path: { id, invitationId } } }));
  });
}
