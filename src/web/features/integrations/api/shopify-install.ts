import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/backend.gen';
import { type ShopifyInstallInput, shopifyInstallSchema } from '../../../../shared/shopify-settings';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { shopifyInstallKeys } from '../../../api/keys';
import { whenKnown } from '../../../api/store-query';

export type ShopifyInstallStart = components['schemas']['ShopifyInstallStart'];
/** The app's page Shopify sends the merchant back to. */
export type InstallReturnPage = components['schemas']['ShopifyInstallRequest']['returnTo'];

/** The query parameter the way back from Shopify carries when the install was refused. */
export const INSTALL_RESULT_PARAM = 'shopifyInstall';

/** Begins "Conectar con Shopify": a new store without `storeId`, the store's connection renewed with it. */
export async function startShopifyInstall(
  storeId: number | null,
  input: ShopifyInstallInput,
  returnTo: InstallReturnPage,
): Promise<ShopifyInstallStart> {
  const body = { ...shopifyInstallSchema.parse(input), returnTo };
  return unwrap(
    storeId === null
      ? await backendClient.POST('/me/stores/shopifyInstalls', { body })
      : await backendClient.POST('/stores/{id}/shopifyInstalls', { params: { path: { id: storeId } }, body }),
  );
}

/** The browser leaves for Shopify once it has the address, so a success stays "pending" to the screen. */
export function useStartShopifyInstall(storeId: number | null, returnTo: InstallReturnPage) {
  return useMutation({ mutationFn: (input: ShopifyInstallInput) => startShopifyInstall(storeId, input, returnTo) });
}

export const shopifyInstallQueryOptions = (installId: number | null) =>
  queryOptions({
    queryKey: shopifyInstallKeys.detail(installId ?? 0),
    queryFn: whenKnown([installId], async ([installId], signal) =>
      unwrap(await backendClient.GET('/me/stores/shopifyInstalls/{installId}', { params: { path: { installId } }, signal })),
    ),
  });

/** How the install the way back names ended; waits when there is none. */
export function useShopifyInstall(installId: number | null) {
  return useQuery(shopifyInstallQueryOptions(installId));
}

/** The install id a way back from Shopify carries (`?shopifyInstall=12`), or null. */
export function installIdOf(search: URLSearchParams): number | null {
  const value = Number(search.get(INSTALL_RESULT_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}
