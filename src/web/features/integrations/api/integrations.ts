import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { whenStore } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { integrationKeys } from '../../../api/keys';

export type Integrations = components['schemas']['Integrations'];

export async function fetchIntegrations(storeId: number, signal?: AbortSignal): Promise<Integrations> {
  return unwrap(await appClient.GET('/private/stores/{id}/integrations', { params: { path: { id: storeId } }, signal }));
}

/** SPEC §7 data area "integrations" of the current store; waits until the session names the store. */
export const integrationsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: integrationKeys.detail(storeId),
    queryFn: whenStore(storeId, (storeId, signal) => fetchIntegrations(storeId, signal)),
  });

/** The card's import progress and health move as the live channel reports the store's sync (api/live.ts). */
export function useIntegrations(storeId: number | undefined) {
  return useQuery(integrationsQueryOptions(storeId));
}
