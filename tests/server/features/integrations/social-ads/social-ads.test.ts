import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_TOKEN_CHECK_QUEUE } from '../../../../../src/server/features/integrations/social-ads/token-check.ts';
import {
  appSecretProof,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
} from '../../../../../src/server/integrations/meta/sandbox/index.ts';
import { META_API_VERSION } from '../../../../../src/server/integrations/meta/types.ts';
import { enqueue } from '../../../../../src/server/platform/jobs/jobs.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../../support/harness.ts';
import { META_REDIRECT_URI, META_SELECTION, metaLoginToken, startServerWithMeta } from '../../../support/meta-harness.ts';

/*
 * The social ads integration over HTTP against the Meta sandbox: Facebook Login's token exchanged and
 * sealed, the assets checked with Meta as the person sees them (admin access, Custom Audience terms),
 * Meta's failures in Spanish, and a dead token marking the connection for renewal until Facebook Login
 * runs again, whether a call trips on it or the nightly check finds it.
 */

const ids = SANDBOX_META_IDS;

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let collaborator: Caller;
let store: number;

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta());
  owner = await signIn(server.app, 'demo@recompra.cl');
  collaborator = await signIn(server.app, 'colaborador@recompra.cl');
  store = owner.user.store!;
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, caller: Caller = owner, payload?: object) =>
  server.app.inject({ method, url: path, cookies: caller.cookies, headers: caller.headers, ...(payload === undefined ? {} : { payload }) });
const settingsPath = (id = store) => `/api/private/stores/${id}/metaSettings`;

const exchange = async (accessToken: string, caller = owner, id = store) =>
  call('POST', `${settingsPath(id)}/accessToken`, caller, { accessToken });

const socialAdsState = async () => (await call('GET', `/api/private/stores/${store}/integrations`)).json().socialAds.state;

describe('connecting Meta', () => {
  it('starts not connected, with where Facebook Login begins and the permissions it asks for', async () => {
    const response = await call('GET', settingsPath());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      state: 'notConnected',
      account: null,
      tokenExpiresAt: null,
      selection: null,
      login: {
        dialogUrl: `${meta.loginUrl}/${META_API_VERSION}/dialog/oauth`,
        clientId: SANDBOX_META_APP.appId,
        scope: expect.arrayContaining(['ads_management', 'business_management', 'pages_show_list', 'catalog_management']),
        redirectUri: META_REDIRECT_URI,
      },
    });
    expect(await socialAdsState()).toBe('notConnected');
    const adAccount = await call('GET', `/backend/stores/${store}/metaAdAccountProps`);
    expect(adAccount.json()).toEqual({ currency: 'CLP', minDailyBudget: 5000 });
  });

  it('needs the store integration first', async () => {
    const bare = await addStore(server.db, 'Tienda sin Shopify');
    await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [bare, owner.user.id]);
    const response = await exchange(await metaLoginToken(meta), owner, bare);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'store_integration_required', message: expect.stringContaining('tienda de Shopify') });
  });

  it('refuses a token Meta does not take, and one without every permission, naming those declined', async () => {
    const forged = await exchange('EAAGforgedtoken123');
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ code: 'invalid_access_token', fieldErrors: [{ field: 'accessToken' }] });

    const declined = await exchange(await metaLoginToken(meta, ['ads_management', 'catalog_management']));
    expect(declined.statusCode).toBe(422);
    expect(declined.json().code).toBe('missing_permissions');
    expect(declined.json().message).toContain('ads_management, catalog_management');

    const empty = await exchange('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual([{ field: 'accessToken', message: 'Este campo es obligatorio.' }]);
    expect((await call('GET', settingsPath())).json().account).toBeNull();
  });

  it('exchanges the token for a long-lived one, sealed at rest and never sent back', async () => {
    const shortLived = await metaLoginToken(meta);
    const response = await exchange(shortLived);
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toMatchObject({ state: 'notConnected', account: { id: ids.users.camila, name: 'Camila Rojas' }, selection: null });
    const days = (Date.parse(settings.tokenExpiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
    const [row] = await server.db.query<{ access_token_encrypted: string }>(
      'select access_token_encrypted from meta_connections where store_id = $1',
      [store],
    );
    const longLived = meta.sandbox
      .tokensOf(ids.users.camila)
      .filter((token) => token.kind === 'long')
      .at(-1)?.token;
    expect(longLived).toBeDefined();
    expect(row!.access_token_encrypted).not.toContain(longLived!);
    expect(response.body).not.toContain(longLived!);
    expect(response.body).not.toContain(shortLived);
  });

  it("offers the person's business managers and one business's assets, marking admin access and the terms", async () => {
    const response = await call('GET', `${settingsPath()}/settingsOptions`);
    expect(response.statusCode).toBe(200);
    const options = response.json();
    expect(options.businesses.map((business: { name: string }) => business.name)).toEqual(['Tienda Demo SpA', 'Agencia Sin Activos']);
    expect(options.businessId).toBe(ids.businesses.tiendaDemo);
    expect(options.adAccounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: ids.adAccounts.principal, admin: true, termsAccepted: true, currency: 'CLP' }),
        expect.objectContaining({ id: ids.adAccounts.campanasNuevas, admin: true, termsAccepted: false }),
        expect.objectContaining({ id: ids.adAccounts.agencia, admin: false }),
      ]),
    );
    const terms = options.adAccounts.find((account: { id: string }) => account.id === ids.adAccounts.campanasNuevas);
    expect(terms.termsUrl).toBe(`${meta.businessUrl}/ads/manage/customaudiences/tos/?act=${ids.adAccounts.campanasNuevas.slice(4)}`);
    expect(options.pages.map((page: { name: string }) => page.name)).toEqual(expect.arrayContaining(['Tienda Demo', 'Tienda Demo Outlet']));
    expect(options.instagramAccounts).toEqual([{ id: ids.instagramAccounts.tiendademo, name: 'tiendademo' }]);
    expect(options.pixels).toEqual([{ id: ids.pixels.tiendaDemo, name: 'Píxel Tienda Demo' }]);

    const empty = (await call('GET', `${settingsPath()}/settingsOptions?businessId=${ids.businesses.sinActivos}`)).json();
    expect(empty).toMatchObject({ businessId: ids.businesses.sinActivos, adAccounts: [], pages: [], instagramAccounts: [], pixels: [] });
  });

  it('refuses each choice Meta would not allow on its field', async () => {
    const notAdmin = await call('PATCH', settingsPath(), owner, { ...META_SELECTION, adAccountId: ids.adAccounts.agencia });
    expect(notAdmin.statusCode).toBe(422);
    expect(notAdmin.json()).toMatchObject({
      code: 'ad_account_not_admin',
      fieldErrors: [{ field: 'adAccountId', message: expect.stringContaining('acceso de administrador') }],
    });

    const terms = await call('PATCH', settingsPath(), owner, { ...META_SELECTION, adAccountId: ids.adAccounts.campanasNuevas });
    expect(terms.statusCode).toBe(422);
    expect(terms.json()).toMatchObject({ code: 'terms_not_accepted', fieldErrors: [{ field: 'adAccountId' }] });

    const stale = await call('PATCH', settingsPath(), owner, {
      ...META_SELECTION,
      pageId: '1010000000000999',
      pixelId: '9100000000000999',
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().fieldErrors).toEqual([
      { field: 'pageId', message: 'Elige una opción de la lista.' },
      { field: 'pixelId', message: 'Elige una opción de la lista.' },
    ]);

    const foreignBusiness = await call('PATCH', settingsPath(), owner, { ...META_SELECTION, businessId: '1500000000000999' });
    expect(foreignBusiness.json()).toMatchObject({ code: 'not_an_option', fieldErrors: [{ field: 'businessId' }] });

    const blank = await call('PATCH', settingsPath(), owner, { ...META_SELECTION, pixelId: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([{ field: 'pixelId', message: 'Este campo es obligatorio.' }]);
    expect(await socialAdsState()).toBe('notConnected');
  });

  it('saves a choice once the terms are accepted in Meta, with the ad account’s currency and minimum budget', async () => {
    meta.sandbox.setTermsAccepted(ids.adAccounts.campanasNuevas, true);
    const saved = await call('PATCH', settingsPath(), owner, { ...META_SELECTION, adAccountId: ids.adAccounts.campanasNuevas });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      state: 'connected',
      selection: {
        business: { id: ids.businesses.tiendaDemo, name: 'Tienda Demo SpA' },
        adAccount: { id: ids.adAccounts.campanasNuevas, name: 'Tienda Demo — Campañas nuevas' },
        instagramAccount: { name: 'tiendademo' },
        pixel: { name: 'Píxel Tienda Demo' },
      },
    });
    const principal = await call('PATCH', settingsPath(), owner, META_SELECTION);
    expect(principal.json().selection.adAccount.name).toBe('Tienda Demo — Principal');
    expect(await socialAdsState()).toBe('connected');
    // The Integrations card names what is connected from the same saved choice.
    const card = (await call('GET', `/api/private/stores/${store}/integrations`)).json().socialAds;
    expect(card.selection).toEqual(principal.json().selection);
    const adAccount = await call('GET', `/backend/stores/${store}/metaAdAccountProps`);
    expect(adAccount.json()).toEqual({ currency: 'CLP', minDailyBudget: 2000 });
  });

  it("lists the saved business's product catalogs, and says so when Meta fails", async () => {
    const response = await call('GET', `/api/private/stores/${store}/meta/productCatalogs`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: ids.catalogs.tiendaDemo, name: 'Catálogo Tienda Demo', productCount: 240 },
      { id: ids.catalogs.temporada, name: 'Catálogo de temporada', productCount: 36 },
    ]);
    meta.sandbox.failNext(5, 500);
    const failed = await call('GET', `/api/private/stores/${store}/meta/productCatalogs`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'catalogs_unavailable',
      message: 'No pudimos obtener los catálogos de productos de tu cuenta de Meta. Inténtalo de nuevo más tarde.',
    });
  });

  it("serves the campaign forms' searches from Meta: Chile's places, interests and a catalog's product sets", async () => {
    const places = await call('GET', `/api/private/stores/${store}/meta/locations?q=valpara`);
    expect(places.statusCode).toBe(200);
    expect(places.json()).toEqual([
      { key: '2346', name: 'Valparaíso', type: 'region', region: null },
      expect.objectContaining({ name: 'Valparaíso', type: 'city', region: 'Valparaíso' }),
    ]);
    const interests = (await call('GET', `/api/private/stores/${store}/meta/interests?q=zapat`)).json();
    expect(interests).toEqual([
      { id: '6003255640088', name: 'Zapatillas', audienceSizeLowerBound: expect.any(Number), audienceSizeUpperBound: expect.any(Number) },
    ]);
    expect(interests[0].audienceSizeLowerBound).toBeLessThan(interests[0].audienceSizeUpperBound);
    const sets = await call('GET', `/api/private/stores/${store}/meta/productCatalogs/${ids.catalogs.tiendaDemo}/productSets`);
    expect(sets.json()).toEqual([
      { id: ids.productSets.todos, name: 'Todos los productos', productCount: 240 },
      { id: ids.productSets.zapatillas, name: 'Zapatillas', productCount: 48 },
      { id: ids.productSets.ofertas, name: 'Ofertas', productCount: 30 },
    ]);
    expect((await call('GET', `/api/private/stores/${store}/meta/productCatalogs/7000000000000999/productSets`)).statusCode).toBe(404);
    const short = await call('GET', `/api/private/stores/${store}/meta/interests?q=z`);
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual([{ field: 'q', message: 'Debe tener al menos 2 caracteres.' }]);
  });

  it('is for those who manage integrations, of their own stores', async () => {
    expect((await call('GET', settingsPath(), collaborator)).statusCode).toBe(403);
    expect((await call('PATCH', settingsPath(), collaborator, META_SELECTION)).statusCode).toBe(403);
    expect((await exchange('EAAGtoken', collaborator)).statusCode).toBe(403);
    const foreign = await addStore(server.db, 'Tienda Ajena');
    expect((await call('GET', settingsPath(foreign))).statusCode).toBe(404);
    expect((await call('GET', `/backend/stores/${foreign}/metaAdAccountProps`)).statusCode).toBe(404);
  });
});

describe('a token Meta no longer takes', () => {
  it('marks the connection for renewal when a call trips on it; Facebook Login again renews it and keeps the assets', async () => {
    meta.sandbox.revoke(ids.users.camila);
    const options = await call('GET', `${settingsPath()}/settingsOptions`);
    expect(options.statusCode).toBe(409);
    expect(options.json().code).toBe('social_ads_renewal_required');
    expect(await socialAdsState()).toBe('needsAttention');
    // Nothing more goes to Meta for the store meanwhile.
    expect((await call('GET', `/api/private/stores/${store}/meta/productCatalogs`)).json().code).toBe('social_ads_renewal_required');
    expect((await call('GET', `/api/private/stores/${store}/meta/interests?q=moda`)).json().code).toBe('social_ads_renewal_required');
    expect((await call('GET', settingsPath())).json()).toMatchObject({
      state: 'needsAttention',
      selection: { pixel: { name: 'Píxel Tienda Demo' } },
    });

    const renewed = await exchange(await metaLoginToken(meta));
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ state: 'connected', selection: { adAccount: { id: ids.adAccounts.principal } } });
    expect(await socialAdsState()).toBe('connected');
  });

  it('asks to be renewed when the person takes back a permission Recompra needs in Facebook', async () => {
    const token = meta.sandbox
      .tokensOf(ids.users.camila)
      .filter((candidate) => candidate.kind === 'long')
      .at(-1)!.token;
    const url = new URL(`${meta.url}/${META_API_VERSION}/me/permissions/business_management`);
    url.searchParams.set('appsecret_proof', appSecretProof(token, SANDBOX_META_APP.appSecret));
    expect(await (await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ success: true });
    expect((await call('GET', `${settingsPath()}/settingsOptions`)).json().code).toBe('social_ads_renewal_required');
    expect(await socialAdsState()).toBe('needsAttention');
    await exchange(await metaLoginToken(meta));
    expect(await socialAdsState()).toBe('connected');
  });

  it('is found by the nightly check (debug_token) before a campaign trips on it', async () => {
    meta.sandbox.expireTokens(ids.users.camila);
    // Only the check runs: the demo store's import (queued by the harness) is beside the point here.
    await server.db.query(`delete from jobs where status = 'pending'`);
    await enqueue(server.db, META_TOKEN_CHECK_QUEUE, {});
    while ((await server.app.jobs.drain()) > 0) {}
    expect(await socialAdsState()).toBe('needsAttention');
    const [row] = await server.db.query<{ renewal_reason: string }>('select renewal_reason from meta_connections where store_id = $1', [
      store,
    ]);
    expect(row!.renewal_reason).toBe('expired');
    await exchange(await metaLoginToken(meta));
    expect(await socialAdsState()).toBe('connected');
  });

  it('answers Meta’s throttling as a Spanish 502 with when to try again', async () => {
    meta.sandbox.failNext(
      1,
      400,
      { message: 'User request limit reached', type: 'OAuthException', code: 17 },
      {
        'x-business-use-case-usage': JSON.stringify({
          [ids.businesses.tiendaDemo]: [
            { type: 'ads_management', call_count: 100, total_cputime: 40, total_time: 60, estimated_time_to_regain_access: 30 },
          ],
        }),
      },
    );
    const response = await call('GET', `${settingsPath()}/settingsOptions`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('limitando');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
    expect(await socialAdsState()).toBe('connected');
  });

  it('disconnects on request, forgetting the token and the assets', async () => {
    expect((await call('DELETE', settingsPath())).statusCode).toBe(204);
    expect((await call('GET', settingsPath())).json()).toMatchObject({ state: 'notConnected', account: null, selection: null });
    expect((await call('GET', `/api/private/stores/${store}/integrations`)).json().socialAds).toEqual({
      state: 'notConnected',
      selection: null,
    });
    expect((await call('GET', `${settingsPath()}/settingsOptions`)).json().code).toBe('social_ads_not_connected');
  });
});
