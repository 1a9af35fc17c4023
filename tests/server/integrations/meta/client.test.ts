import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetaClient, type MetaClientOptions } from '../../../../src/server/integrations/meta/client.ts';
import {
  MetaNotFoundError,
  MetaPermissionError,
  MetaRequestError,
  MetaThrottledError,
  MetaTokenError,
  MetaUnavailableError,
} from '../../../../src/server/integrations/meta/errors.ts';
import {
  LONG_LIVED_SECONDS,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { REQUIRED_PERMISSIONS } from '../../../../src/server/integrations/meta/types.ts';

// The real client against the sandbox over HTTP on a free local port, with the sandbox's clock in the test's hands.
const ids = SANDBOX_META_IDS;
const START = Date.UTC(2025, 2, 10, 12, 0, 0);
let clock = START;
let meta: StartedMetaSandbox;
beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => clock });
});
afterAll(() => meta.close());

let waits: number[] = [];
beforeEach(() => {
  waits = [];
});

const client = (overrides: Partial<MetaClientOptions> = {}) =>
  createMetaClient({
    appId: SANDBOX_META_APP.appId,
    appSecret: SANDBOX_META_APP.appSecret,
    graphUrl: meta.url,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });

const camila = (options: Parameters<StartedMetaSandbox['sandbox']['issueToken']>[1] = {}) =>
  client().forUser(meta.sandbox.issueToken(ids.users.camila, { longLived: true, ...options }));

/** The rejection of `promise`, which must fail. */
async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  );
}

describe('tokens', () => {
  it('exchanges a short-lived token from Facebook Login for a 60-day one that works', async () => {
    const shortLived = meta.sandbox.issueToken(ids.users.camila);
    const long = await client().exchangeToken(shortLived);
    expect(long.expiresIn).toBe(LONG_LIVED_SECONDS);
    expect(long.accessToken).not.toBe(shortLived);
    expect(await client().forUser(long.accessToken).me()).toEqual({ id: ids.users.camila, name: 'Camila Rojas' });
  });

  it('refuses the exchange with the wrong app secret or a token that is not one', async () => {
    const shortLived = meta.sandbox.issueToken(ids.users.camila);
    const wrongSecret = await failure(client({ appSecret: 'not-the-secret' }).exchangeToken(shortLived));
    expect(wrongSecret).toBeInstanceOf(MetaRequestError);
    expect(wrongSecret).toMatchObject({ status: 400, code: 101, message: expect.stringContaining('Error validating client secret.') });
    expect(await failure(client().exchangeToken('EAAnotatoken'))).toBeInstanceOf(MetaTokenError);
  });

  it('describes a valid token with its person, expiry and granted permissions', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila, { longLived: true, declined: ['catalog_management'] });
    const info = await client().debugToken(token);
    expect(info).toEqual({
      isValid: true,
      userId: ids.users.camila,
      expiresAt: Math.floor(clock / 1000) + LONG_LIVED_SECONDS,
      scopes: expect.arrayContaining(['public_profile', 'ads_management', 'business_management']),
    });
    expect(info.scopes).not.toContain('catalog_management');
  });

  it('tells an expired token (463) and a revoked one (458), in debug_token and on any call', async () => {
    const shortLived = meta.sandbox.issueToken(ids.users.camila);
    clock += 2 * 3600_000;
    expect(await client().debugToken(shortLived)).toMatchObject({ isValid: false, userId: ids.users.camila });
    const expired = await failure(client().forUser(shortLived).me());
    expect(expired).toBeInstanceOf(MetaTokenError);
    expect(expired).toMatchObject({ code: 190, subcode: 463 });

    const diego = meta.sandbox.issueToken(ids.users.diego, { longLived: true });
    meta.sandbox.revoke(ids.users.diego);
    expect((await client().debugToken(diego)).isValid).toBe(false);
    expect(await failure(client().forUser(diego).me())).toMatchObject({ name: 'MetaTokenError', code: 190, subcode: 458 });
    expect((await client().debugToken('EAAgarbage')).isValid).toBe(false);
  });

  it('signs every user call with appsecret_proof: the wrong app secret is refused', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila, { longLived: true });
    const refused = await failure(client({ appSecret: 'recompra-otra-clave' }).forUser(token).businesses());
    expect(refused).toBeInstanceOf(MetaRequestError);
    expect(refused).toMatchObject({ code: 100, message: expect.stringContaining('Invalid appsecret_proof provided in the API argument') });
  });
});

describe('what the person can choose from', () => {
  it('reads the person and the answer they gave each permission', async () => {
    const user = camila({
      granted: REQUIRED_PERMISSIONS.filter((permission) => permission !== 'catalog_management'),
      declined: ['catalog_management'],
    });
    expect(await user.me()).toEqual({ id: ids.users.camila, name: 'Camila Rojas' });
    const permissions = await user.permissions();
    expect(permissions).toContainEqual({ permission: 'public_profile', status: 'granted' });
    expect(permissions).toContainEqual({ permission: 'ads_management', status: 'granted' });
    expect(permissions).toContainEqual({ permission: 'catalog_management', status: 'declined' });
    // A declined permission is Meta's #200 on what needs it.
    const refused = await failure(user.productCatalogs(ids.businesses.tiendaDemo));
    expect(refused).toBeInstanceOf(MetaPermissionError);
    expect(refused).toMatchObject({ code: 200 });
  });

  it('lists the businesses (none for a person without any)', async () => {
    expect(await camila().businesses()).toEqual([
      { id: ids.businesses.tiendaDemo, name: 'Tienda Demo SpA' },
      { id: ids.businesses.sinActivos, name: 'Agencia Sin Activos' },
    ]);
    expect(await client().forUser(meta.sandbox.issueToken(ids.users.diego)).businesses()).toEqual([]);
  });

  it('lists owned and client ad accounts with admin access, currency, minimum budget and the Custom Audience terms', async () => {
    const accounts = await camila().adAccounts(ids.businesses.tiendaDemo);
    expect(accounts).toEqual([
      {
        id: ids.adAccounts.principal,
        accountId: ids.adAccounts.principal.replace('act_', ''),
        name: 'Tienda Demo — Principal',
        currency: 'CLP',
        accountStatus: 1,
        minDailyBudget: 2000,
        userTasks: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'],
        customAudienceTermsAccepted: true,
      },
      expect.objectContaining({
        id: ids.adAccounts.campanasNuevas,
        userTasks: expect.arrayContaining(['MANAGE']),
        customAudienceTermsAccepted: false,
      }),
      expect.objectContaining({ id: ids.adAccounts.agencia, name: 'Cuenta de la agencia', userTasks: ['ADVERTISE', 'ANALYZE'] }),
    ]);
  });

  it('reads one ad account, by act_ id or number, and sees its terms change', async () => {
    const user = camila();
    const bare = ids.adAccounts.campanasNuevas.replace('act_', '');
    expect(await user.adAccount(bare)).toEqual(await user.adAccount(ids.adAccounts.campanasNuevas));
    meta.sandbox.setTermsAccepted(ids.adAccounts.campanasNuevas, true);
    expect((await user.adAccount(ids.adAccounts.campanasNuevas)).customAudienceTermsAccepted).toBe(true);
    meta.sandbox.setTermsAccepted(ids.adAccounts.campanasNuevas, false);
    expect((await user.adAccount(ids.adAccounts.campanasNuevas)).customAudienceTermsAccepted).toBe(false);
  });

  it('lists pages (owned and client), Instagram accounts, pixels and catalogs', async () => {
    const user = camila();
    const business = ids.businesses.tiendaDemo;
    expect(await user.pages(business)).toEqual([
      { id: ids.pages.tiendaDemo, name: 'Tienda Demo' },
      { id: ids.pages.outlet, name: 'Tienda Demo Outlet' },
    ]);
    expect(await user.instagramAccounts(business)).toEqual([{ id: ids.instagramAccounts.tiendademo, username: 'tiendademo' }]);
    expect(await user.pixels(business)).toEqual([{ id: ids.pixels.tiendaDemo, name: 'Píxel Tienda Demo' }]);
    expect(await user.productCatalogs(business)).toEqual([
      { id: ids.catalogs.tiendaDemo, name: 'Catálogo Tienda Demo', productCount: 240 },
      { id: ids.catalogs.temporada, name: 'Catálogo de temporada', productCount: 36 },
    ]);
  });

  it('finds nothing to choose in a business without assets', async () => {
    const user = camila();
    const empty = ids.businesses.sinActivos;
    const lists = await Promise.all([
      user.adAccounts(empty),
      user.pages(empty),
      user.instagramAccounts(empty),
      user.pixels(empty),
      user.productCatalogs(empty),
    ]);
    expect(lists).toEqual([[], [], [], [], []]);
  });

  it('follows the after cursor across pages', async () => {
    // A person of its own with a business of 230 pages, so the demo stays as the other tests read it.
    const person = meta.sandbox.store.addUser({ name: 'Paula Muñoz', email: 'paula@muchaspaginas.cl', password: 'meta-demo' });
    const business = meta.sandbox.store.addBusiness({ name: 'Muchas Páginas Ltda.', people: [person.id] });
    for (let index = 1; index <= 230; index += 1) meta.sandbox.store.addPage(business.id, { name: `Página ${index}` });
    const user = client().forUser(meta.sandbox.issueToken(person.id));
    const pages = await user.pages(business.id);
    expect(pages).toHaveLength(230);
    expect(pages.at(-1)?.name).toBe('Página 230');
    expect(new Set(pages.map((page) => page.id)).size).toBe(230);
    // One account a page gives the same list as one page of all.
    const onePerPage = client({ pageSize: 1 }).forUser(meta.sandbox.issueToken(ids.users.camila));
    expect(await onePerPage.adAccounts(ids.businesses.tiendaDemo)).toEqual(await camila().adAccounts(ids.businesses.tiendaDemo));
  });

  it('tells an ad account that does not exist or cannot be seen', async () => {
    const missing = await failure(camila().adAccount('act_999'));
    expect(missing).toBeInstanceOf(MetaNotFoundError);
    expect(missing).toMatchObject({ code: 100, subcode: 33 });
    // The agency's business is not Camila's.
    expect(await failure(camila().pages(ids.businesses.agenciaDigital))).toBeInstanceOf(MetaNotFoundError);
  });
});

describe("Meta's failures", () => {
  const graphError = (code: number, message: string, extra: Record<string, unknown> = {}) => ({
    code,
    message,
    type: 'OAuthException',
    ...extra,
  });

  it('a dead token is MetaTokenError, a missing permission MetaPermissionError', async () => {
    meta.sandbox.failNext(1, 400, graphError(190, 'Error validating access token: Session has expired.', { error_subcode: 463 }));
    expect(await failure(camila().me())).toMatchObject({ name: 'MetaTokenError', subcode: 463 });
    meta.sandbox.failNext(1, 400, graphError(200, '(#200) Requires business_management permission to manage the object'));
    const refused = await failure(camila().businesses());
    expect(refused).toBeInstanceOf(MetaPermissionError);
    expect(refused).toMatchObject({ status: 400, code: 200 });
    expect(waits).toEqual([]);
  });

  it('waits out a throttle its headers say is short, and gives up on a long one', async () => {
    const throttle = graphError(80004, '(#80004) There have been too many calls to this ad-account.', { error_subcode: 2446079 });
    meta.sandbox.failNext(1, 400, throttle, {
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 100, reset_time_duration: 5, ads_api_access_tier: 'standard_access' }),
    });
    expect((await camila().adAccount(ids.adAccounts.principal)).name).toBe('Tienda Demo — Principal');
    expect(waits).toEqual([5000]);

    waits = [];
    meta.sandbox.failNext(1, 400, throttle, {
      'x-business-use-case-usage': JSON.stringify({
        [ids.businesses.tiendaDemo]: [
          { type: 'ads_management', call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 2 },
        ],
      }),
    });
    const throttled = await failure(camila().adAccount(ids.adAccounts.principal));
    expect(throttled).toBeInstanceOf(MetaThrottledError);
    expect(throttled).toMatchObject({ code: 80004, retryAfterSeconds: 120 });
    expect(waits).toEqual([]);
  });

  it('retries a 500 and a transient error, and gives up after serverRetries', async () => {
    meta.sandbox.failNext(1, 500);
    expect(await camila().me()).toMatchObject({ name: 'Camila Rojas' });
    expect(waits).toEqual([500]);

    waits = [];
    meta.sandbox.failNext(
      1,
      400,
      graphError(2, 'An unexpected error has occurred. Please retry your request later.', { is_transient: true }),
    );
    expect(await camila().businesses()).toHaveLength(2);
    expect(waits).toEqual([500]);

    waits = [];
    meta.sandbox.failNext(3, 500);
    const unavailable = await failure(camila().me());
    expect(unavailable).toBeInstanceOf(MetaUnavailableError);
    expect(unavailable).toMatchObject({ status: 500, code: 2 });
    expect(waits).toEqual([500, 1000]);
  });

  it('maps code 100 by subcode: 33 is not found, anything else a bad request', async () => {
    meta.sandbox.failNext(1, 400, {
      ...graphError(100, "Unsupported get request. Object with ID 'x' does not exist"),
      type: 'GraphMethodException',
      error_subcode: 33,
    });
    expect(await failure(camila().me())).toBeInstanceOf(MetaNotFoundError);
    meta.sandbox.failNext(1, 400, graphError(100, '(#100) Invalid parameter'));
    const invalid = await failure(camila().me());
    expect(invalid).toBeInstanceOf(MetaRequestError);
    expect(invalid).toMatchObject({ code: 100, subcode: null, userMessage: '(#100) Invalid parameter' });
    expect(waits).toEqual([]);
  });

  it('is unavailable when nothing answers or the answer is not JSON', async () => {
    const html = createServer((_request, response) =>
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'),
    );
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    const { port } = html.address() as AddressInfo;
    const proxy = await failure(
      client({ graphUrl: `http://127.0.0.1:${port}`, serverRetries: 1 })
        .forUser('EAAtoken')
        .me(),
    );
    expect(proxy).toBeInstanceOf(MetaUnavailableError);
    expect(proxy).toMatchObject({ status: 502 });
    await new Promise((resolve) => html.close(resolve));

    // The port is free again: the connection is refused.
    const nobody = await failure(client({ graphUrl: `http://127.0.0.1:${port}` }).debugToken('EAAtoken'));
    expect(nobody).toBeInstanceOf(MetaUnavailableError);
    expect(nobody).toMatchObject({ status: 0 });
    expect(waits).toEqual([500, 500, 1000]);
  });
});

describe('usage and rate limits', () => {
  it("reads the answer's throttling headers into lastUsage()", async () => {
    const user = camila();
    expect(user.lastUsage()).toBeNull();
    await user.adAccount(ids.adAccounts.principal);
    const usage = user.lastUsage();
    expect(usage?.businessUseCase[ids.businesses.tiendaDemo]).toEqual([
      { callCount: expect.any(Number), totalCputime: expect.any(Number), totalTime: expect.any(Number), estimatedTimeToRegainAccess: 0 },
    ]);
    expect(usage?.adAccount).toEqual({ utilPct: expect.any(Number), resetTimeDuration: 0 });
    expect(usage?.app).toMatchObject({ callCount: expect.any(Number) });
    // A call about the person only carries the app's usage.
    await user.me();
    expect(user.lastUsage()).toMatchObject({ businessUseCase: {}, adAccount: null });
  });

  it('waits before a call when the last answer said the allowance is spent, rather than earn a refusal', async () => {
    let now = Date.UTC(2025, 2, 10, 12, 0, 0);
    const limited = await startMetaSandbox({ now: () => now, rateLimits: { businessCalls: 3, windowSeconds: 60 } });
    try {
      const slept: number[] = [];
      const limitedClient = (maxWaitSeconds: number) =>
        createMetaClient({
          appId: SANDBOX_META_APP.appId,
          appSecret: SANDBOX_META_APP.appSecret,
          graphUrl: limited.url,
          maxWaitSeconds,
          // The sandbox's clock moves as the client waits.
          sleep: async (ms) => {
            slept.push(ms);
            now += ms;
          },
        }).forUser(limited.sandbox.issueToken(ids.users.camila, { longLived: true }));
      const user = limitedClient(60);
      for (let call = 0; call < 3; call += 1) await user.adAccount(ids.adAccounts.principal);
      expect(user.lastUsage()?.businessUseCase[ids.businesses.tiendaDemo]?.[0]).toMatchObject({
        callCount: 100,
        estimatedTimeToRegainAccess: 1,
      });
      expect(slept).toEqual([]);
      // The fourth waits the minute out first, and goes through in the next window.
      expect((await user.adAccount(ids.adAccounts.principal)).name).toBe('Tienda Demo — Principal');
      expect(slept).toEqual([60_000]);

      // A client with less patience waits what it may, and is then told when to come back.
      const hasty = limitedClient(10);
      slept.length = 0;
      for (let call = 0; call < 2; call += 1) await hasty.adAccount(ids.adAccounts.principal);
      const refused = await failure(hasty.adAccount(ids.adAccounts.principal));
      expect(slept).toEqual([10_000]);
      expect(refused).toBeInstanceOf(MetaThrottledError);
      expect(refused).toMatchObject({ code: 80004, subcode: 2446079, retryAfterSeconds: 60 });
    } finally {
      await limited.close();
    }
  });
});
