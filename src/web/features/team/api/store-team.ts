import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { collaboratorKeys } from '../../../api/keys';

type CollaboratorInvitationRequest = components['schemas']['CollaboratorInvitationRequest'];

/** SPEC §7 data area "collaborators": members and pending invitations; waits until the session names the store. */
export const storeTeamQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: collaboratorKeys.list(storeId),
    queryFn:
      storeId === undefined
        ? skipToken
        : async ({ signal }) => unwrap(await appClient.GET('/private/stores/{id}/members', { params: { path: { id: storeId } }, signal })),
  });

export function useStoreTeam(storeId: number | undefined) {
  return useQuery(storeTeamQueryOptions(storeId));
}

/** Every team change refreshes the list through the collaborators' key. */
function useTeamMutation<Input, Output>(storeId: number | undefined, mutationFn: (storeId: number, input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => mutationFn(requireStoreId(storeId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaboratorKeys.list(storeId) }),
  });
}

export function useInviteCollaborator(storeId: number | undefined) {
  return useTeamMutation(storeId, async (id, body: CollaboratorInvitationRequest) =>
    unwrap(await appClient.POST('/private/stores/{id}/members', { params: { path: { id } }, body })),
  );
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
