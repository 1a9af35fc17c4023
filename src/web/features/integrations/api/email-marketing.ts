import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../shared/api/app.gen';
import { type EmailMarketingInput, emailMarketingSchema } from '../../../../shared/email-marketing';
import { appClient } from '../../../api/clients';
import { unwrap } from '../../../api/errors';
import { storeKeys } from '../../../api/keys';

export type SimpleIntegration = components['schemas']['SimpleIntegration'];

/** Connects Klaviyo with a private key; the server checks it with Klaviyo before saving it. */
export async function connectEmailMarketing(storeId: number, input: EmailMarketingInput): Promise<SimpleIntegration> {
  const body = emailMarketingSchema.parse(input);
  return unwrap(await appClient.PUT('/private/stores/{id}/integrations/emailMarketing', { params: { path: { id: storeId } }, body }));
}

export async function disconnectEmailMarketing(storeId: number): Promise<void> {
  unwrap(await appClient.DELETE('/private/stores/{id}/integrations/emailMarketing', { params: { path: { id: storeId } } }));
}

/** The integrations card and the segments' sync toggles both change with the connection: the store's views refresh. */
export function useConnectEmailMarketing(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailMarketingInput) => connectEmailMarketing(storeId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}

export function useDisconnectEmailMarketing(storeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectEmailMarketing(storeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
}
