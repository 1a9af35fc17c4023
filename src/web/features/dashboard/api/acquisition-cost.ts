import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { acquisitionCostKeys, statsKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

export type AcquisitionCostChart = components['schemas']['AcquisitionCostChart'];
type MarketingInvestmentRequest = components['schemas']['MarketingInvestmentRequest'];

/** SPEC §7 data area "acquisition costs", one year at a time; waits until the session names the store. */
export const acquisitionCostQueryOptions = (storeId: number | undefined, year: number) =>
  storeQuery(acquisitionCostKeys.year(storeId, year), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/stats/charts/acquisitionCost', { params: { path: { id }, query: { year } }, signal }),
  );

export function useAcquisitionCost(storeId: number | undefined, year: number) {
  return useQuery(acquisitionCostQueryOptions(storeId, year));
}

/** A new yearly investment moves every acquisition cost: the chart's and the indicators'. */
export function useSetMarketingInvestment(storeId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketingInvestmentRequest) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/monthlyInversion', {
          params: { path: { id: requireStoreId(storeId) } },
          body,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: acquisitionCostKeys.all(storeId) }),
        queryClient.invalidateQueries({ queryKey: statsKeys.all(storeId) }),
      ]),
  });
}
