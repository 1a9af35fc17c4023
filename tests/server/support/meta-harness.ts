import { expect } from 'vitest';
import {
  type MetaSandboxOptions,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../src/server/integrations/meta/sandbox/index.ts';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { AD_ACCOUNT, facebookLogin } from '../integrations/meta/testing.ts';
import { type Caller, startTestServer, type TestServer } from './harness.ts';

/*
 * The app over HTTP with the Meta sandbox behind it: the sandbox's app knows the app's way back from
 * Facebook Login, and a store connects to Camila's assets as the Integrations page does.
 */

const ids = SANDBOX_META_IDS;

/** Where Facebook Login returns to, as the test server's public URL makes it. */
export const META_REDIRECT_URI = 'http://127.0.0.1:3999/integrations';

/** Who signs in at the sandbox's Facebook Login: Camila, admin of Tienda Demo's assets. */
export const CAMILA = { email: 'camila@tiendademo.cl', password: 'meta-demo' };

/** Camila's assets as the social ads form saves them: her business, main ad account, page, Instagram and pixel. */
export const META_SELECTION = {
  businessId: ids.businesses.tiendaDemo,
  adAccountId: AD_ACCOUNT,
  pageId: ids.pages.tiendaDemo,
  instagramAccountId: ids.instagramAccounts.tiendademo,
  pixelId: ids.pixels.tiendaDemo,
};

export interface MetaTestServer {
  meta: StartedMetaSandbox;
  server: TestServer;
}

/** A started Meta sandbox (its clock and limits as `options` say) and the test server pointed at it. */
export async function startServerWithMeta(options: Omit<MetaSandboxOptions, 'apps'> = {}): Promise<MetaTestServer> {
  const meta = await startMetaSandbox({ ...options, apps: [{ ...SANDBOX_META_APP, redirectUris: [META_REDIRECT_URI] }] });
  const defaults = loadConfig({ NODE_ENV: 'test' });
  const server = await startTestServer({
    publicUrl: 'http://127.0.0.1:3999',
    meta: { ...defaults.meta, graphUrl: meta.url, loginUrl: meta.loginUrl, businessUrl: meta.businessUrl },
  });
  return { meta, server };
}

/** Facebook Login in the sandbox as the app's dialog runs it: the short-lived token the browser receives. */
export const metaLoginToken = (meta: StartedMetaSandbox, decline: string[] = []) =>
  facebookLogin({ loginUrl: meta.loginUrl, appId: SANDBOX_META_APP.appId, redirectUri: META_REDIRECT_URI, ...CAMILA, decline });

/** The store connected to Meta as the Integrations page does it: Camila's token exchanged, her assets saved. */
export async function connectMeta({ meta, server }: MetaTestServer, caller: Caller, storeId: number): Promise<void> {
  const request = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    server.app.inject({ method, url, cookies: caller.cookies, headers: caller.headers, payload });
  const accessToken = await metaLoginToken(meta);
  expect((await request('POST', `/api/private/stores/${storeId}/metaSettings/accessToken`, { accessToken })).statusCode).toBe(200);
  expect((await request('PATCH', `/api/private/stores/${storeId}/metaSettings`, META_SELECTION)).statusCode).toBe(200);
}
