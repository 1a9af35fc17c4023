import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../shared/api/backend.gen';
import { backendClient } from './clients';
import { whenStore } from './current-store';
import { unwrap } from './errors';
import { adAccountKeys } from './keys';

export type MetaAdAccountProps = components['schemas']['MetaAdAccountProps'];

/**
 * The store's Meta ad account: its currency (campaign budgets and spend are in it, CLP while none is
 * saved) and the smallest daily budget Meta takes. Read by the campaigns, their wizard and the dashboard.
 */
export const adAccountPropsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: adAccountKeys.props(storeId),
    queryFn: whenStore(storeId, async (storeId, signal) =>
      unwrap(await backendClient.GET('/stores/{id}/metaAdAccountProps', { params: { path: { id: storeId } }, signal })),
    ),
  });

export function useAdAccountProps(storeId: number | undefined, enabled = true) {
  return useQuery({ ...adAccountPropsQueryOptions(storeId), enabled });
}
