import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import type { components as Backend } from '../../src/shared/api/backend.gen';
import {
  connectedSandboxStore,
  declinedPermissionsFacebookToken,
  integrationsStoreOnly,
  invalidKlaviyoKeyError,
  invalidShopAddressError,
  invalidStoreCredentialsError,
  klaviyoUnavailableError,
  messagingConnected,
  messagingNotConnected,
  metaAdAccountNotAdmin,
  metaAdAccountTermsPending,
  metaInvalidTokenError,
  metaMissingPermissionsError,
  metaNotAdminError,
  metaNotAnOptionError,
  metaOptions,
  metaOptionsFor,
  metaSettingsAccountOnly,
  metaSettingsConnected,
  metaSettingsNotConnected,
  metaTermsNotAcceptedError,
  missingKlaviyoPermissionsError,
  readOnlyKlaviyoKey,
  refusedFacebookToken,
  sandboxKlaviyoKey,
  sandboxStoreSettings,
  shopifyInstallStart,
  syncFinished,
  syncRunningError,
  whatsappNotAnOptionError,
  whatsappOptions,
  whatsappOptionsFor,
} from '../fixtures/integrations';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';
import { inTurn } from './mock-state';

type Integrations = typeof integrationsStoreOnly;
type StoreSync = typeof syncFinished;
type ErrorBody = Backend['schemas']['Error'];
type ShopifyInstall = Backend['schemas']['ShopifyInstall'];
type AppErrorBody = App['schemas']['Error'];
type MetaSettings = App['schemas']['MetaSettings'];
type MetaSettingsOptions = App['schemas']['MetaSettingsOptions'];
type MessagingIntegration = App['schemas']['MessagingIntegration'];
type WhatsappSettingsOptions = App['schemas']['WhatsappSettingsOptions'];

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
  const next = inTurn(states);
  return appHttp.get('/private/stores/{id}/sync', ({ response }) => response(200).json(next()));
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

/** `DELETE …/metaSettings`: the token and the chosen assets are forgotten; what was made in Meta stays. */
export const disconnectMetaAnswer = () => appHttp.delete('/private/stores/{id}/metaSettings', ({ response }) => response(204).empty());

export const disconnectMetaFails = () =>
  appHttp.delete('/private/stores/{id}/metaSettings', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const disconnectMetaNeverAnswers = () =>
  appHttp.delete('/private/stores/{id}/metaSettings', async ({ response }) => {
    await delay('infinite');
    return response(204).empty();
  });

/** `GET …/metaSettings`: the store's Meta connection. */
export const metaSettingsAnswer = (settings: MetaSettings = metaSettingsNotConnected) =>
  appHttp.get('/private/stores/{id}/metaSettings', ({ response }) => response(200).json(settings));

export const metaSettingsFail = () =>
  appHttp.get('/private/stores/{id}/metaSettings', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const metaSettingsNeverAnswers = () =>
  appHttp.get('/private/stores/{id}/metaSettings', async ({ response }) => {
    await delay('infinite');
    return response(200).json(metaSettingsNotConnected);
  });

/**
 * `POST …/metaSettings/accessToken`: the sandbox's refused token is not taken, the one with declined
 * permissions lacks them (named), any other is exchanged and the connection answers as `after`.
 */
export const exchangeMetaTokenAnswer = (after: MetaSettings = metaSettingsAccountOnly) =>
  appHttp.post('/private/stores/{id}/metaSettings/accessToken', async ({ request, response }) => {
    const { accessToken } = await request.json();
    if (accessToken === refusedFacebookToken) return response(422).json(metaInvalidTokenError);
    if (accessToken === declinedPermissionsFacebookToken) return response(422).json(metaMissingPermissionsError);
    return response(200).json(after);
  });

/** The exchange refused: the store not connected first (409) or Meta failing (502). */
export const exchangeMetaTokenRefused = (status: 409 | 502, error: AppErrorBody) =>
  appHttp.post('/private/stores/{id}/metaSettings/accessToken', ({ response }) => response(status).json(error));

/** The token is still being exchanged with Meta. */
export const exchangeMetaTokenNeverAnswers = () =>
  appHttp.post('/private/stores/{id}/metaSettings/accessToken', async ({ response }) => {
    await delay('infinite');
    return response(200).json(metaSettingsAccountOnly);
  });

/** `GET …/settingsOptions`: the assets of the business manager asked for (`businessId`), else the saved one's. */
export const metaOptionsAnswer = (options: (businessId: string | null) => MetaSettingsOptions = metaOptionsFor) =>
  appHttp.get('/private/stores/{id}/metaSettings/settingsOptions', ({ query, response }) =>
    response(200).json(options(query.get('businessId'))),
  );

/** Answers each read with the next options, staying on the last ones (the terms accepted in between). */
export const metaOptionsSequence = (answers: readonly MetaSettingsOptions[]) => {
  const next = inTurn(answers);
  return appHttp.get('/private/stores/{id}/metaSettings/settingsOptions', ({ response }) => response(200).json(next()));
};

/** Meta failed (502), or stopped taking the token (409). */
export const metaOptionsRefused = (status: 409 | 502, error: AppErrorBody) =>
  appHttp.get('/private/stores/{id}/metaSettings/settingsOptions', ({ response }) => response(status).json(error));

/** The options never come: the form stays loading them. */
export const metaOptionsNeverAnswer = () =>
  appHttp.get('/private/stores/{id}/metaSettings/settingsOptions', async ({ query, response }) => {
    await delay('infinite');
    return response(200).json(metaOptionsFor(query.get('businessId')));
  });

/** The saved business manager's options come; another one's never do (the form stays loading them). */
export const metaOptionsOnlyForSaved = () =>
  appHttp.get('/private/stores/{id}/metaSettings/settingsOptions', async ({ query, response }) => {
    const businessId = query.get('businessId');
    if (businessId !== null) await delay('infinite');
    return response(200).json(metaOptionsFor(businessId));
  });

/**
 * `PATCH …/metaSettings`: as the server checks the choice with Meta: an ad account without admin access,
 * one without the Custom Audience terms, a page the business does not offer; else saved.
 */
export const updateMetaSettingsAnswer = () =>
  appHttp.patch('/private/stores/{id}/metaSettings', async ({ request, response }) => {
    const choice = await request.json();
    if (choice.adAccountId === metaAdAccountNotAdmin.id) return response(422).json(metaNotAdminError);
    if (choice.adAccountId === metaAdAccountTermsPending.id) return response(422).json(metaTermsNotAcceptedError);
    if (!metaOptions.pages.some((page) => page.id === choice.pageId)) return response(422).json(metaNotAnOptionError);
    return response(200).json(metaSettingsConnected);
  });

/** Saving refused as a whole: Meta stopped taking the token (409) or failed (502). */
export const updateMetaSettingsRefused = (status: 409 | 502, error: AppErrorBody) =>
  appHttp.patch('/private/stores/{id}/metaSettings', ({ response }) => response(status).json(error));

export const updateMetaSettingsNeverAnswers = () =>
  appHttp.patch('/private/stores/{id}/metaSettings', async ({ response }) => {
    await delay('infinite');
    return response(200).json(metaSettingsConnected);
  });

/** `GET …/whatsappSettings`: the store's WhatsApp account and number. */
export const whatsappSettingsAnswer = (settings: MessagingIntegration = messagingNotConnected) =>
  appHttp.get('/private/stores/{id}/whatsappSettings', ({ response }) => response(200).json(settings));

/** `GET …/whatsappSettings/settingsOptions`: the numbers of the account asked for (`whatsappId`), else the saved one's. */
export const whatsappOptionsAnswer = (options: (whatsappId: string | null) => WhatsappSettingsOptions = whatsappOptionsFor) =>
  appHttp.get('/private/stores/{id}/whatsappSettings/settingsOptions', ({ query, response }) =>
    response(200).json(options(query.get('whatsappId'))),
  );

/** Meta failed (502), or a prerequisite is gone (409). */
export const whatsappOptionsRefused = (status: 409 | 502, error: AppErrorBody) =>
  appHttp.get('/private/stores/{id}/whatsappSettings/settingsOptions', ({ response }) => response(status).json(error));

/** The options never come: the form stays loading them. */
export const whatsappOptionsNeverAnswer = () =>
  appHttp.get('/private/stores/{id}/whatsappSettings/settingsOptions', async ({ response }) => {
    await delay('infinite');
    return response(200).json(whatsappOptions);
  });

/** `PATCH …/whatsappSettings`: a number the account does not offer is refused on its field; else saved. */
export const updateWhatsappSettingsAnswer = () =>
  appHttp.patch('/private/stores/{id}/whatsappSettings', async ({ request, response }) => {
    const choice = await request.json();
    const offered = whatsappOptionsFor(choice.whatsappId).phoneNumbers;
    if (!offered.some((phone) => phone.id === choice.whatsappPhoneNumberId)) return response(422).json(whatsappNotAnOptionError);
    return response(200).json(messagingConnected);
  });

/** Saving refused as a whole: a prerequisite gone (409) or Meta failing (502). */
export const updateWhatsappSettingsRefused = (status: 409 | 502, error: AppErrorBody) =>
  appHttp.patch('/private/stores/{id}/whatsappSettings', ({ response }) => response(status).json(error));

/** `DELETE …/whatsappSettings`: unsubscribed and forgotten. */
export const disconnectWhatsappAnswer = () =>
  appHttp.delete('/private/stores/{id}/whatsappSettings', ({ response }) => response(204).empty());

export const integrationsHandlers = [
  integrationsAnswer(),
  storeSyncAnswer(),
  createStoreAnswer(),
  updateShopifySettingsAnswer(),
  startShopifyInstallAnswer(),
  startShopifyReinstallAnswer(),
  connectEmailMarketingAnswer(),
  disconnectEmailMarketingAnswer(),
  metaSettingsAnswer(),
  disconnectMetaAnswer(),
  exchangeMetaTokenAnswer(),
  metaOptionsAnswer(),
  updateMetaSettingsAnswer(),
  whatsappSettingsAnswer(),
  whatsappOptionsAnswer(),
  updateWhatsappSettingsAnswer(),
  disconnectWhatsappAnswer(),
];
