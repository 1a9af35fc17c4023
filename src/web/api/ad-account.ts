import { useQuery } from '@tanstack/react-query';
import type { components } from '../../shared/api/backend.gen';
import { backendClient } from './clients';
import { adAccountKeys } from './keys';
import { storeQuery } from './store-query';

export type MetaAdAccountProps = components['schemas']['MetaAdAccountProps'];

/**
 * The store's Meta ad account: its currency (campaign budgets and spend are in it, CLP while none is
 * saved) and the smallest daily budget Meta takes. Read by the campaigns, their wizard and the dashboard.
 */
export const adAccountPropsQueryOptions = (storeId: number | undefined) =>
  storeQuery(adAccountKeys.props(storeId), storeId, (id, signal) =>
    backendClient.GET('/stores/{id}/metaAdAccountProps', { params: { path: { id } }, signal }),
  );

export function useAdAccountProps(storeId: number | undefined, enabled = true) {
  return useQuery({ ...adAccountPropsQueryOptions(storeId), enabled });
}
