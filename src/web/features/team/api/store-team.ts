import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';

type CollaboratorInvitationRequest = components['schemas']['CollaboratorInvitationRequest'];

export const storeTeamQueryOptions = (storeId: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'members'],
    queryFn: async ({ signal }) =>
      unwrap(await appClient.GET('/private/stores/{id}/members', { params: { path: { id: storeId } }, signal })),
  });

export function useStoreTeam(storeId: number | null) {
  return useQuery({ ...storeTeamQueryOptions(storeId ?? 0), enabled: storeId !== null });
}

/** Every team change refreshes the list through the query's own key. */
function useTeamMutation<Input, Output>(storeId: number, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeTeamQueryOptions(storeId).queryKey }),
  });
}

export function useInviteCollaborator(storeId: number) {
  return useTeamMutation(storeId, async (body: CollaboratorInvitationRequest) =>
    unwrap(await appClient.POST('/private/stores/{id}/members', { params: { path: { id: storeId } }, body })),
  );
}

export function useRemoveStoreMember(storeId: number) {
  return useTeamMutation(storeId, async (userId: number) => {
    unwrap(await appClient.DELETE('/private/stores/{id}/members/{userId}', { params: { path: { id: storeId, userId } } }));
  });
}

export function useCancelInvitation(storeId: number) {
  return useTeamMutation(storeId, async (invitationId: number) => {
    unwrap(await appClient.DELETE('/private/stores/{id}/invitations/{invitationId}', { params: { path: { id: storeId, invitationId } } }));
  });
}
