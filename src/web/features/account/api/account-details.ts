import { queryOptions, useQuery } from '@tanstack/react-query';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { accountKeys } from '../../../api/keys';

export const accountDetailsQueryOptions = queryOptions({
  queryKey: accountKeys.details(),
  queryFn: async ({ signal }) => unwrap(await appClient.GET('/private/me/account_details', { signal })),
});

export function useAccountDetails() {
  return useQuery(accountDetailsQueryOptions);
}
