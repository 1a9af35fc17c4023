import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/backend.gen';
import { type ShopifySettingsInput, shopifySettingsSchema } from '../../../../shared/shopify-settings';
import { backendClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { storeKeys } from '../../../api/keys';

export type ConnectedStore = components['schemas']['ConnectedStore'];

/** Connects the user's first store (the welcome guide and the Integrations screen without a store). */
export async function createStoreWithShopify(input: ShopifySettingsInput): Promise<ConnectedStore> {
  const store = shopifySettingsSchema.parse(input);
  return unwrap(await backendClient.POST('/me/stores/shopifySettings', { body: { store } }));
}

export async function updateShopifySettings(storeId: number, input: ShopifySettingsInput): Promise<ConnectedStore> {
  const shopifySettings = shopifySettingsSchema.parse(input);
  return unwrap(
    await backendClient.PATCH('/stores/{id}/shopifySettings', { params: { path: { id: storeId } }, body: { shopifySettings } }),
  );
}

export function useCreateStore() {
  return useMutation({ mutationFn: createStoreWithShopify });
}

/** Changing the connection may restart the import: every view of the store refreshes. */
export function useUpdateShopifySettings(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopifySettingsInput) => updateShopifySettings(storeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}
