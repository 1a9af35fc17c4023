import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { accountKeys, collaboratorKeys, userKeys } from '../../../api/keys';

type AccountDetailsUpdate = components['schemas']['AccountDetailsUpdate'];

export const accountDetailsQueryOptions = queryOptions({
  queryKey: accountKeys.details(),
  queryFn: async ({ signal }) => unwrap(await appClient.GET('/private/me/account_details', { signal })),
});

export function useAccountDetails() {
  return useQuery(accountDetailsQueryOptions);
}

/**
 * The answer is the account as saved, so the page shows it at once; the other places that show the
 * name refresh: the session's user and the store's team, which lists the signed-in member by name.
 */
export function useUpdateAccountDetails(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccountDetailsUpdate) => unwrap(await appClient.PATCH('/private/me/account_details', { body })),
    onSuccess: (details) => {
      queryClient.setQueryData(accountKeys.details(), details);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.session() }),
        queryClient.invalidateQueries({ queryKey: collaboratorKeys.list(storeId) }),
      ]);
    },
  });
}
