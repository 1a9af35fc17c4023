import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { components } from '../../../../shared/api/backend.gen';
import type { ShopifySettingsInput } from '../../../../shared/shopify-settings';
import { describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { INTEGRATIONS_PATH } from '../../../lib/paths';
import { type InstallReturnPage, installIdOf, useShopifyInstall, useStartShopifyInstall } from '../api/shopify-install';
import { useCreateStore, useUpdateShopifySettings } from '../api/store-settings';
import {
  type InstallFormError,
  type ShopifyInstallProps,
  type StoreFormError,
  type StoreFormField,
  StoreFormScreen,
} from '../screens/store-form-screen';

type ErrorBody = components['schemas']['Error'];

const FIELDS: readonly StoreFormField[] = ['name', 'url', 'accessToken', 'webhookSecret'];
const INSTALL_FIELDS = ['url'] as const;

/**
 * The server's refusal on the form: its message, and its words beside each field of the form it named
 * (by their path in the body: `store.url`, `shopifySettings.accessToken`). A server error gets ours.
 */
export function toStoreFormError(error: unknown, texts: { network: string; failed: string }): StoreFormError {
  const { message } = describeApiError(error, texts);
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(FIELDS)) };
}

/** "Conectar con Shopify" refused before leaving (a failed call) or on the way back (the install's error). */
export function toInstallFormError(error: unknown, texts: { network: string; failed: string }): InstallFormError {
  const { message } = describeApiError(error, texts);
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(INSTALL_FIELDS)) };
}

function installErrorOf(body: ErrorBody): InstallFormError {
  return { message: body.message, fieldErrors: serverFieldErrorsOf(body, lastNameIn(INSTALL_FIELDS)) };
}

export type StoreFormRouteProps =
  /** No store yet: connecting creates it, then the app starts over on `afterCreate` with it in the session. */
  | { storeId: null; afterCreate: InstallReturnPage; onCancel?: () => void }
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

/**
 * "Conectar con Shopify": the browser leaves for Shopify's consent page and comes back to `returnTo`,
 * with `?shopifyInstall={id}` when the install was refused, whose reason is read and shown.
 */
function useShopifyInstallForm(storeId: number | null, returnTo: InstallReturnPage, defaultUrl?: string): ShopifyInstallProps {
  const { t } = useTranslation('integrations');
  const fallback = useFallbackMessages();
  const [search] = useSearchParams();
  const start = useStartShopifyInstall(storeId, returnTo);
  const result = useShopifyInstall(installIdOf(search));
  // A new attempt speaks for itself; until then, how the last one ended.
  const returned: InstallFormError | null = result.isError
    ? { message: t('storeForm.install.resultFailed'), fieldErrors: {} }
    : result.data?.status === 'refused' && result.data.error
      ? installErrorOf(result.data.error)
      : null;
  return {
    onInstall: (values) => start.mutate(values, { onSuccess: ({ authorizeUrl }) => pageNavigation.assign(authorizeUrl) }),
    // Leaving the page: it stays busy until the browser is gone.
    redirecting: start.isPending || start.isSuccess,
    checking: result.isLoading,
    error: start.isError ? toInstallFormError(start.error, fallback) : start.isIdle ? returned : null,
    defaultUrl: result.data?.url ?? defaultUrl,
  };
}

function CreateStoreForm({ afterCreate, onCancel }: { afterCreate: InstallReturnPage; onCancel?: (() => void) | undefined }) {
  const create = useCreateStore();
  const fallback = useFallbackMessages();
  const install = useShopifyInstallForm(null, afterCreate);
  return (
    <StoreFormScreen
      // Read once the way back is known, so the address it names fills the field.
      key={install.checking ? 'checking' : 'ready'}
      mode="create"
      install={install}
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
  const install = useShopifyInstallForm(storeId, INTEGRATIONS_PATH, defaultValues.url);
  return (
    <StoreFormScreen
      key={install.checking ? 'checking' : 'ready'}
      mode="edit"
      install={install}
      defaultValues={defaultValues}
      onCancel={onCancel}
      onSubmit={(values) => update.mutate(values, { onSuccess: onSaved })}
      saving={update.isPending}
      error={update.isError ? toStoreFormError(update.error, fallback) : null}
    />
  );
}
