import { delay } from 'msw';
import {
  connectedSandboxStore,
  integrationsStoreOnly,
  invalidStoreCredentialsError,
  sandboxStoreSettings,
  syncFinished,
} from '../fixtures/integrations';
import { serverError } from '../fixtures/session';
import { appHttp, backendHttp } from './clients';

type Integrations = typeof integrationsStoreOnly;
type StoreSync = typeof syncFinished;

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

export const integrationsHandlers = [integrationsAnswer(), storeSyncAnswer(), createStoreAnswer(), updateShopifySettingsAnswer()];
