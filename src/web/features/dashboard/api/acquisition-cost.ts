import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { storeStatsKey } from './store-stats';

export type AcquisitionCostChart = components['schemas']['AcquisitionCostChart'];
type MarketingInvestmentRequest = components['schemas']['MarketingInvestmentRequest'];

/** SPEC §7 data area "acquisition costs", one year at a time. */
export const acquisitionCostQueryOptions = (storeId: number, year: number) =>
  queryOptions({
    queryKey: ['stores', storeId, 'acquisitionCosts', year] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/stats/charts/acquisitionCost', {
          params: { path: { id: storeId }, query: { year } },
          signal,
        }),
      ),
  });

export function useAcquisitionCost(storeId: number | null, year: number) {
  return useQuery({
    ...acquisitionCostQueryOptions(storeId ?? 0, year),
    enabled: storeId !== null,
  });
}

/** A new yearly investment moves every acquisition cost: the chart's and the indicators'. */
export function useSetMarketingInvestment(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketingInvestmentRequest) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/monthlyInversion', {
          params: { path: { id: storeId } },
          body,
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['stores', storeId, 'acquisitionCosts'],
        }),
        queryClient.invalidateQueries({ queryKey: storeStatsKey(storeId) }),
      ]),
  });
}
