import { delay } from 'msw';
import type { components as Backend } from '../../src/shared/api/backend.gen';
import {
  connectedSandboxStore,
  integrationsStoreOnly,
  invalidKlaviyoKeyError,
  invalidShopAddressError,
  invalidStoreCredentialsError,
  klaviyoUnavailableError,
  missingKlaviyoPermissionsError,
  readOnlyKlaviyoKey,
  sandboxKlaviyoKey,
  sandboxStoreSettings,
  shopifyInstallStart,
  syncFinished,
  syncRunningError,
} from '../fixtures/integrations';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';

type Integrations = typeof integrationsStoreOnly;
type StoreSync = typeof syncFinished;
type ErrorBody = Backend['schemas']['Error'];
type ShopifyInstall = Backend['schemas']['ShopifyInstall'];

export const integrationsAnswer = (integrations: Integrations = integrationsStoreOnly) =>
  appHttp.get('/private/stores/{id}/integrations', ({ response }) => response(200).json(integrations));

export const integrationsFail = () =>
  appHttp.get('/private/stores/{id}/integrations', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const integrationsNeverAnswer = () =>
  appHttp.get('/private/stores/{id}/integrations', async ({ response }) => {
    await delay('infinite');
    return response(200).json(integrationsStoreOnly);
  });

export const storeSyncAnswer = (sync: StoreSync = syncFinished) =>
  appHttp.get('/private/stores/{id}/sync', ({ response }) => response(200).json(sync));

/** Answers each poll with the next state, staying on the last one. */
export const storeSyncSequence = (states: readonly StoreSync[]) => {
  let index = 0;
  return appHttp.get('/private/stores/{id}/sync', ({ response }) => response(200).json(states[Math.min(index++, states.length - 1)]!));
};

export const storeSyncRetryAnswer = (sync: StoreSync) =>
  appHttp.post('/private/stores/{id}/sync/retry', ({ response }) => response(202).json(sync));

/** "Sincronizar ahora" queues a refresh. */
export const storeSyncRefreshAnswer = (sync: StoreSync) =>
  appHttp.post('/private/stores/{id}/sync/refresh', ({ response }) => response(202).json(sync));

/** "Sincronizar ahora" while the import or another refresh runs. */
export const storeSyncRefreshBusy = () =>
  appHttp.post('/private/stores/{id}/sync/refresh', ({ response }) => response(409).json(syncRunningError));

/** `POST /me/stores/shopifySettings`: the sandbox store with its token connects, any other token is refused. */
export const createStoreAnswer = () =>
  backendHttp.post('/me/stores/shopifySettings', async ({ request, response }) => {
    const { store } = await request.json();
    if (store.accessToken !== sandboxStoreSettings.accessToken) return response(422).json(invalidStoreCredentialsError);
    return response(201).json({ ...connectedSandboxStore, name: store.name });
  });

export const updateShopifySettingsAnswer = () =>
  backendHttp.patch('/stores/{id}/shopifySettings', async ({ request, response }) => {
    const { shopifySettings } = await request.json();
    if (shopifySettings.accessToken !== sandboxStoreSettings.accessToken) {
      return response(422).json({
        ...invalidStoreCredentialsError,
        fieldErrors: [{ field: 'shopifySettings.accessToken', message: invalidStoreCredentialsError.message }],
      });
    }
    return response(200).json({ ...connectedSandboxStore, id: 1, name: shopifySettings.name, scrapingStatus: 'FINISHED' });
  });

/** `POST /me/stores/shopifyInstalls`: Shopify's consent page for a shop's address; anything else is refused as the server refuses it. */
export const startShopifyInstallAnswer = () =>
  backendHttp.post('/me/stores/shopifyInstalls', async ({ request, response }) => {
    const { url } = await request.json();
    if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(url.trim().toLowerCase())) return response(400).json(invalidShopAddressError);
    return response(200).json(shopifyInstallStart);
  });

/** The start refused: an address already connected (409) or not a shop's (400). */
export const startShopifyInstallRefused = (status: 400 | 409, error: ErrorBody) =>
  backendHttp.post('/me/stores/shopifyInstalls', ({ response }) => response(status).json(error));

/** The start never answers: the form stays on its way to Shopify. */
export const startShopifyInstallNeverAnswers = () =>
  backendHttp.post('/me/stores/shopifyInstalls', async ({ response }) => {
    await delay('infinite');
    return response(200).json(shopifyInstallStart);
  });

export const startShopifyReinstallAnswer = () =>
  backendHttp.post('/stores/{id}/shopifyInstalls', ({ response }) => response(200).json(shopifyInstallStart));

/** `GET /me/stores/shopifyInstalls/{installId}`: how the install the way back names ended. */
export const shopifyInstallAnswer = (install: ShopifyInstall) =>
  backendHttp.get('/me/stores/shopifyInstalls/{installId}', ({ response }) => response(200).json(install));

export const shopifyInstallNeverAnswers = (install: ShopifyInstall) =>
  backendHttp.get('/me/stores/shopifyInstalls/{installId}', async ({ response }) => {
    await delay('infinite');
    return response(200).json(install);
  });

/**
 * `PUT …/integrations/emailMarketing`: the sandbox's demo key connects, its read-only key lacks both
 * permissions, anything else is not a key Klaviyo knows; as the server answers after asking Klaviyo.
 */
export const connectEmailMarketingAnswer = () =>
  appHttp.put('/private/stores/{id}/integrations/emailMarketing', async ({ request, response }) => {
    const { apiKey } = await request.json();
    const key = apiKey.trim();
    if (key === sandboxKlaviyoKey) return response(200).json({ state: 'connected' });
    if (key === readOnlyKlaviyoKey) return response(422).json(missingKlaviyoPermissionsError);
    return response(422).json(invalidKlaviyoKeyError);
  });

/** Klaviyo failed (502), or the server did (500): the form says to try again later. */
export const connectEmailMarketingFails = (status: 500 | 502) =>
  appHttp.put('/private/stores/{id}/integrations/emailMarketing', ({ response }) =>
    status === 502 ? response(502).json(klaviyoUnavailableError) : response.untyped(Response.json(serverError, { status: 500 })),
  );

/** The key is still being checked with Klaviyo. */
export const connectEmailMarketingNeverAnswers = () =>
  appHttp.put('/private/stores/{id}/integrations/emailMarketing', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ state: 'connected' });
  });

export const disconnectEmailMarketingAnswer = () =>
  appHttp.delete('/private/stores/{id}/integrations/emailMarketing', ({ response }) => response(204).empty());

export const integrationsHandlers = [
  integrationsAnswer(),
  storeSyncAnswer(),
  createStoreAnswer(),
  updateShopifySettingsAnswer(),
  startShopifyInstallAnswer(),
  startShopifyReinstallAnswer(),
  connectEmailMarketingAnswer(),
  disconnectEmailMarketingAnswer(),
];
