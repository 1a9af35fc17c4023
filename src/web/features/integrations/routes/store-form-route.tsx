import { useTranslation } from 'react-i18next';
import type { ShopifySettingsInput } from '../../../../shared/shopify-settings';
import { describeApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { useCreateStore, useUpdateShopifySettings } from '../api/store-settings';
import { type StoreFormError, type StoreFormField, StoreFormScreen } from '../screens/store-form-screen';

const FIELDS: readonly StoreFormField[] = ['name', 'url', 'accessToken'];

/**
 * The server's refusal on the form: its message, and its words beside each field of the form it named
 * (by their path in the body: `store.url`, `shopifySettings.accessToken`). A server error gets ours.
 */
export function toStoreFormError(error: unknown, texts: { network: string; failed: string }): StoreFormError {
  const { message, fieldErrors } = describeApiError(error, texts);
  const onForm: StoreFormError['fieldErrors'] = {};
  for (const field of FIELDS) {
    const fieldMessage = fieldErrors[field];
    if (fieldMessage !== undefined) onForm[field] = fieldMessage;
  }
  return { message, fieldErrors: onForm };
}

export type StoreFormRouteProps =
  /** No store yet: connecting creates it, then the app starts over on `afterCreate` with it in the session. */
  | { storeId: null; afterCreate: string; onCancel?: () => void }
  | { storeId: number; defaultValues: Partial<ShopifySettingsInput>; onSaved: () => void; onCancel?: () => void };

export function StoreFormRoute(props: StoreFormRouteProps) {
  return props.storeId === null ? (
    <CreateStoreForm afterCreate={props.afterCreate} onCancel={props.onCancel} />
  ) : (
    <EditStoreForm storeId={props.storeId} defaultValues={props.defaultValues} onSaved={props.onSaved} onCancel={props.onCancel} />
  );
}

function useFallbackMessages() {
  const { t } = useTranslation('integrations');
  return { network: t('storeForm.network'), failed: t('storeForm.failed') };
}

function CreateStoreForm({ afterCreate, onCancel }: { afterCreate: string; onCancel?: (() => void) | undefined }) {
  const create = useCreateStore();
  const fallback = useFallbackMessages();
  return (
    <StoreFormScreen
      mode="create"
      onCancel={onCancel}
      // A full page load: the session now carries the new store.
      onSubmit={(values) => create.mutate(values, { onSuccess: () => pageNavigation.assign(afterCreate) })}
      saving={create.isPending || create.isSuccess}
      error={create.isError ? toStoreFormError(create.error, fallback) : null}
    />
  );
}

interface EditStoreFormProps {
  storeId: number;
  defaultValues: Partial<ShopifySettingsInput>;
  onSaved: () => void;
  onCancel?: (() => void) | undefined;
}

function EditStoreForm({ storeId, defaultValues, onSaved, onCancel }: EditStoreFormProps) {
  const update = useUpdateShopifySettings(storeId);
  const fallback = useFallbackMessages();
  return (
    <StoreFormScreen
      mode="edit"
      defaultValues={defaultValues}
      onCancel={onCancel}
      onSubmit={(values) => update.mutate(values, { onSuccess: onSaved })}
      saving={update.isPending}
      error={update.isError ? toStoreFormError(update.error, fallback) : null}
    />
  );
}
