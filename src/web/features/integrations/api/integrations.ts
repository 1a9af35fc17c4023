import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { integrationKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

export type Integrations = components['schemas']['Integrations'];

/** SPEC §7 data area "integrations" of the current store; waits until the session names the store. */
export const integrationsQueryOptions = (storeId: number | undefined) =>
  storeQuery(integrationKeys.detail(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/integrations', { params: { path: { id } }, signal }),
  );

/**
 * The card's import progress and health move as the live channel reports the store's sync (api/live.ts).
 * `enabled` false for a role that may not read them.
 */
export function useIntegrations(storeId: number | undefined, enabled = true) {
  return useQuery({ ...integrationsQueryOptions(storeId), enabled });
}
