import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyOAuthFor } from '../../../../../src/server/features/integrations/store/install.ts';
import { receivesWebhooks } from '../../../../../src/server/features/integrations/store/repository.ts';
import {
  SANDBOX_APP,
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { SUBSCRIBED_TOPICS } from '../../../../../src/server/integrations/shopify/types.ts';
import { loadConfig } from '../../../../../src/server/platform/config.ts';
import { type Caller, connectShopifyStore, deliverWebhook, signUp, startTestServer, type TestServer } from '../../../support/harness.ts';
import { BROWSER, decide, installer } from '../../../support/shopify-install.ts';

// "Conectar con Shopify": the install of our app by OAuth, run by @shopify/shopify-api itself against
// the sandbox's install page and token exchange, ending in a store connected exactly as the token form
// connects one. Every way back that is not the one this session began is refused.

const NOW = new Date('2026-03-01T00:00:00Z');

/** A sandbox on its own port and the app pointed at it, for the tests of one `describe`. */
function sandboxAndApp(options: Parameters<typeof startShopifySandbox>[0]) {
  const started: { sandbox?: StartedSandbox; server?: TestServer } = {};
  beforeAll(async () => {
    started.sandbox = await startShopifySandbox({ now: NOW, bulkDelayMs: 10, throttle: { restoreRate: 5000 }, ...options });
    started.server = await startTestServer({
      shopifyEndpoint: started.sandbox.endpoint,
      shopifyWebhookSecret: started.sandbox.webhookSecret,
    });
  });
  afterAll(async () => {
    await started.server?.close();
    await started.sandbox?.close();
  });
  return { sandbox: () => started.sandbox!, server: () => started.server! };
}

function exchange(sandbox: StartedSandbox, body: Record<string, string>) {
  return fetch(`${sandbox.url}/sandbox/shopify/${SANDBOX_SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function storesOf(server: TestServer, caller: Caller) {
  return server.db.query<{ id: number; name: string; install: string; status: string }>(
    `select s.id, s.name, c.install, y.status from stores s join shopify_connections c on c.store_id = s.id
       left join store_syncs y on y.store_id = s.id where s.created_by = $1 order by s.id`,
    [caller.user.id],
  );
}

describe('"Conectar con Shopify" against the sandbox', () => {
  const running = sandboxAndApp({ customers: 40, orders: 160 });
  let sandbox: StartedSandbox;
  let server: TestServer;
  beforeAll(() => {
    sandbox = running.sandbox();
    server = running.server();
  });
  const install = installer(running.server);

  it('installs our app, connects the store as the token form does, and imports it', async () => {
    const owner = await signUp(server.app, 'Marta Rojas', 'marta@tienda.cl');
    const started = await install.begin(owner);
    expect(started.authorizeUrl.startsWith(`${sandbox.url}/sandbox/shopify/${SANDBOX_SHOP}/admin/oauth/authorize?`)).toBe(true);
    expect(new URL(started.authorizeUrl).searchParams.get('client_id')).toBe(SANDBOX_APP.apiKey);
    expect(Object.keys(started.stateCookies).sort()).toEqual(['shopify_app_state', 'shopify_app_state.sig']);

    const callback = await decide(started.authorizeUrl);
    expect(callback.pathname).toBe('/backend/shopify/oauth/callback');
    expect([...callback.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);

    const back = await install.comeBack(owner, callback, started.stateCookies);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/integrations');
    expect(await install.result(owner, started.installId)).toEqual({
      id: started.installId,
      status: 'connected',
      url: SANDBOX_SHOP,
      error: null,
    });

    // The store is the shop's, named as Shopify names it, opened in this session.
    const [store] = await storesOf(server, owner);
    expect(store).toMatchObject({ name: 'Recompra Demo', install: 'oauth', status: 'NEEDS_SCRAPE' });
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', cookies: owner.cookies });
    expect(me.json()).toMatchObject({ store: store!.id, role: 'admin' });
    expect(await receivesWebhooks(server.db, store!.id)).toBe(true);

    await server.app.jobs.drain();
    const [imported] = await storesOf(server, owner);
    expect(imported!.status).toBe('FINISHED');
    const [{ count }] = (await server.db.query<{ count: number }>('select count(*)::integer as count from orders where store_id = $1', [
      store!.id,
    ])) as [{ count: number }];
    expect(count).toBeGreaterThan(0);
    // Our app's webhooks are signed with our secret, so the import subscribed to them.
    expect(sandbox.subscriptions().map((subscription) => subscription.topic)).toEqual([...SUBSCRIBED_TOPICS]);

    // The same shop again is refused before the merchant leaves for Shopify.
    const again = await install.start(owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'store_already_connected', fieldErrors: [{ field: 'url' }] });
  });

  it('reconnects a connected store by installing the app again, keeping its name', async () => {
    const owner = await signUp(server.app, 'Pía Soto', 'pia@tienda.cl');
    const created = await connectShopifyStore(server.app, owner, { name: 'Tienda de Pía', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN });
    expect(created.statusCode).toBe(201);
    const storeId = created.json<{ id: number }>().id;
    expect(await receivesWebhooks(server.db, storeId)).toBe(false);

    const started = await install.begin(owner, storeId);
    const back = await install.comeBack(owner, await decide(started.authorizeUrl), started.stateCookies);
    expect(back.headers.location).toBe('/integrations');
    expect(await storesOf(server, owner)).toMatchObject([{ id: storeId, name: 'Tienda de Pía', install: 'oauth' }]);
    expect(await receivesWebhooks(server.db, storeId)).toBe(true);
  });

  it('refuses a way back that does not carry the state of the install this browser began', async () => {
    const owner = await signUp(server.app, 'Inés Lagos', 'ines@tienda.cl');
    const first = await install.begin(owner);
    const firstBack = await decide(first.authorizeUrl);
    // A second start replaces the state cookie: the first way back no longer matches it.
    const second = await install.begin(owner);
    const back = await install.comeBack(owner, firstBack, second.stateCookies);
    expect(back.headers.location).toBe(`/integrations?shopifyInstall=${first.installId}`);
    expect((await install.result(owner, first.installId)).error).toMatchObject({ code: 'invalid_callback' });

    // Another account's browser cannot finish it either, even with its cookies.
    const other = await signUp(server.app, 'Otra Cuenta', 'otra@tienda.cl');
    const stolen = await install.comeBack(other, await decide(second.authorizeUrl), second.stateCookies);
    expect(stolen.headers.location).toBe('/integrations');
    expect((await install.result(owner, second.installId)).status).toBe('pending');
    expect(await storesOf(server, owner)).toEqual([]);
    expect(await storesOf(server, other)).toEqual([]);
  });

  it('refuses a way back whose HMAC was tampered with', async () => {
    const owner = await signUp(server.app, 'Rosa Pérez', 'rosa@tienda.cl');
    const started = await install.begin(owner);
    const callback = await decide(started.authorizeUrl);
    const hmac = callback.searchParams.get('hmac')!;
    callback.searchParams.set('hmac', `${hmac[0] === 'a' ? 'b' : 'a'}${hmac.slice(1)}`);
    const back = await install.comeBack(owner, callback, started.stateCookies);
    expect(back.headers.location).toBe(`/integrations?shopifyInstall=${started.installId}`);
    expect(await install.result(owner, started.installId)).toMatchObject({
      status: 'refused',
      error: {
        code: 'invalid_callback',
        message: 'No pudimos comprobar que la respuesta viniera de Shopify. Vuelve a conectar la tienda.',
      },
    });
    expect(await storesOf(server, owner)).toEqual([]);
  });

  it('takes a code once: a used code and a way back replayed are refused', async () => {
    const owner = await signUp(server.app, 'Tomás Vera', 'tomas@tienda.cl');
    const started = await install.begin(owner);
    const callback = await decide(started.authorizeUrl);
    const code = callback.searchParams.get('code')!;
    const credentials = { client_id: SANDBOX_APP.apiKey, client_secret: SANDBOX_APP.apiSecret };

    // Someone else exchanged it first: Shopify refuses it to our app.
    expect((await exchange(sandbox, { ...credentials, code })).status).toBe(200);
    const reused = await exchange(sandbox, { ...credentials, code });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });
    const back = await install.comeBack(owner, callback, started.stateCookies);
    expect(back.headers.location).toBe(`/integrations?shopifyInstall=${started.installId}`);
    expect((await install.result(owner, started.installId)).error).toMatchObject({ code: 'install_code_refused' });

    // A way back that already connected a store does nothing the second time.
    const next = await install.begin(owner);
    const nextBack = await decide(next.authorizeUrl);
    expect((await install.comeBack(owner, nextBack, next.stateCookies)).headers.location).toBe('/integrations');
    expect((await install.comeBack(owner, nextBack, next.stateCookies)).headers.location).toBe('/integrations');
    expect(await storesOf(server, owner)).toHaveLength(1);
  });

  it("answers a wrong client secret with Shopify's invalid_client", async () => {
    const response = await exchange(sandbox, { client_id: SANDBOX_APP.apiKey, client_secret: 'otro-secreto', code: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('says so when the merchant cancels the install', async () => {
    const owner = await signUp(server.app, 'Luz Díaz', 'luz@tienda.cl');
    const started = await install.begin(owner);
    const callback = await decide(started.authorizeUrl, 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const back = await install.comeBack(owner, callback, started.stateCookies);
    expect(back.headers.location).toBe(`/integrations?shopifyInstall=${started.installId}`);
    expect((await install.result(owner, started.installId)).error).toMatchObject({ code: 'install_denied' });
    expect(await storesOf(server, owner)).toEqual([]);
  });

  it('refuses an address that is not a shop, and sends a browser without a session to sign in', async () => {
    const owner = await signUp(server.app, 'Ema Ruiz', 'ema@tienda.cl');
    const response = await install.start(owner, { url: 'mitienda.cl', returnTo: '/dashboard' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [{ field: 'url', message: 'Ingresa la dirección de tu tienda en Shopify, por ejemplo mitienda.myshopify.com.' }],
    });
    const anonymous = await server.app.inject({ method: 'GET', url: '/backend/shopify/oauth/callback?code=x&state=y' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/api/auth/login?returnTo=%2Fintegrations');
  });
});

describe('"Conectar con Shopify" on a shop that does not grant every scope', () => {
  const running = sandboxAndApp({ customers: 20, orders: 50, scopes: ['read_products', 'write_orders'] });
  let server: TestServer;
  beforeAll(() => {
    server = running.server();
  });
  const install = installer(running.server);

  it('names the scopes Shopify did not grant, and creates nothing', async () => {
    const owner = await signUp(server.app, 'Marta Rojas', 'marta@tienda.cl');
    const started = await install.begin(owner);
    const back = await install.comeBack(owner, await decide(started.authorizeUrl), started.stateCookies);
    expect(back.headers.location).toBe(`/integrations?shopifyInstall=${started.installId}`);
    expect((await install.result(owner, started.installId)).error).toEqual({
      code: 'missing_scopes',
      message:
        'Shopify no concedió todos los permisos que Recompra necesita: read_customers (clientes), read_all_orders (pedidos de más de 60 días). ' +
        'Vuelve a conectar la tienda y acepta todos los permisos.',
    });
    expect(await storesOf(server, owner)).toEqual([]);
  });
});

describe("the webhooks of a store connected with its own app's token", () => {
  const running = sandboxAndApp({ customers: 20, orders: 50 });
  let server: TestServer;
  beforeAll(() => {
    server = running.server();
  });

  /** A REST Order as orders/create carries it (the fields we read). */
  const orderBody = (id: number) => ({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    created_at: '2026-03-02T10:15:00-03:00',
    updated_at: '2026-03-02T10:15:05-03:00',
    cancelled_at: null,
    currency: 'CLP',
    current_total_price: '21000.00',
    total_discounts: '0.00',
    financial_status: 'paid',
    fulfillment_status: null,
    customer: { id: 7_100_000_001, admin_graphql_api_id: 'gid://shopify/Customer/7100000001', email: 'ana@correo.cl' },
    line_items: [{ id: id * 10 + 1, product_id: null, title: 'Polera', quantity: 1, price: '21000.00', total_discount: '0.00' }],
  });
  const ordersOf = async (storeId: number) =>
    (await server.db.query<{ id: string }>('select external_id::text as id from orders where store_id = $1', [storeId])).map(
      (row) => row.id,
    );

  it("are checked with that app's secret and reach only the stores holding it", async () => {
    const withSecret = await signUp(server.app, 'Con Secreto', 'con-secreto@tienda.cl');
    const created = await server.app.inject({
      method: 'POST',
      url: '/backend/me/stores/shopifySettings',
      cookies: withSecret.cookies,
      headers: withSecret.headers,
      payload: { store: { name: 'Con secreto', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, webhookSecret: 'shpss_de-su-app' } },
    });
    expect(created.statusCode).toBe(201);
    const ownStore = created.json<{ id: number }>().id;
    const without = await signUp(server.app, 'Sin Secreto', 'sin-secreto@tienda.cl');
    const plain = await connectShopifyStore(server.app, without, { name: 'Sin secreto', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN });
    const plainStore = plain.json<{ id: number }>().id;
    // Without its app's secret nobody could check them, so the store does not subscribe (the nightly refresh brings its changes).
    expect(await receivesWebhooks(server.db, ownStore)).toBe(true);
    expect(await receivesWebhooks(server.db, plainStore)).toBe(false);

    const signedByItsApp = await deliverWebhook(server.app, {
      topic: 'orders/create',
      body: orderBody(7_300_000_001),
      secret: 'shpss_de-su-app',
    });
    expect(signedByItsApp.statusCode).toBe(200);
    expect(await ordersOf(ownStore)).toContain('7300000001');
    // Whoever holds a merchant's own secret can sign for that merchant's stores, never for another account's.
    expect(await ordersOf(plainStore)).not.toContain('7300000001');

    const forged = await deliverWebhook(server.app, { topic: 'orders/create', body: orderBody(7_300_000_002), secret: 'otro-secreto' });
    expect(forged.statusCode).toBe(401);
    expect(await ordersOf(ownStore)).not.toContain('7300000002');
  });
});

describe('our app in production', () => {
  it("sends the merchant to Shopify's own admin, whatever endpoint is configured", async () => {
    const app = { SHOPIFY_API_KEY: 'recompra-app-real', SHOPIFY_API_SECRET: 'shpss_de-la-app-real', PUBLIC_URL: 'https://app.recompra.cl' };
    const sandboxEndpoint = 'http://127.0.0.1:9/sandbox/shopify/{shop}/admin/api/{version}/graphql.json';
    const config = { ...loadConfig({ ...app, SHOPIFY_ENDPOINT: sandboxEndpoint }), production: true };
    const start = await shopifyOAuthFor(config).begin(SANDBOX_SHOP, {
      url: '/backend/me/stores/shopifyInstalls',
      headers: { 'user-agent': BROWSER },
    });
    const authorize = new URL(start.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`https://${SANDBOX_SHOP}/admin/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe('recompra-app-real');
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://app.recompra.cl/backend/shopify/oauth/callback');
    expect(authorize.searchParams.get('scope')).toBe('read_products,read_customers,read_orders,read_all_orders');
  });

  it('names the retired SHOPIFY_WEBHOOK_SECRET: the client secret has one name', () => {
    expect(() => loadConfig({ SHOPIFY_WEBHOOK_SECRET: 'shpss_x' })).toThrow(/SHOPIFY_WEBHOOK_SECRET ya no se usa/);
  });
});
