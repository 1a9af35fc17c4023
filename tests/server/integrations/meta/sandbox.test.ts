import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerMetaSandbox,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  SANDBOX_META_USERS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import { customAudienceTermsUrl, META_API_VERSION, REQUIRED_PERMISSIONS } from '../../../../src/server/integrations/meta/types.ts';
import { type DialogSubmission, facebookLogin, pngImage, submitDialog as submitLoginDialog } from './testing.ts';

// Raw HTTP against the sandbox, with the payloads of Meta's own guides: what a browser and curl see.
const ids = SANDBOX_META_IDS;
const REDIRECT_URI = 'https://app.recompra.test/integrations';
const APP = SANDBOX_META_APP;
const [CAMILA] = SANDBOX_META_USERS;
let clock = Date.UTC(2025, 2, 10, 12, 0, 0);
let meta: StartedMetaSandbox;
beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => clock, apps: [{ ...APP, redirectUris: [REDIRECT_URI] }] });
});
afterAll(() => meta.close());

const proofOf = (token: string) => createHmac('sha256', APP.appSecret).update(token).digest('hex');

/** A Graph call as a server makes it: the token in the header, appsecret_proof in the query. */
function graph(path: string, token: string | null, init: RequestInit & { proof?: boolean } = {}) {
  const url = new URL(`${meta.url}/${META_API_VERSION}${path}`);
  if (token && init.proof !== false) url.searchParams.set('appsecret_proof', proofOf(token));
  return fetch(url, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers } });
}

const errorOf = async (response: Response) => ((await response.json()) as { error: Record<string, unknown> }).error;

const dialogUrl = (params: Record<string, string>) =>
  `${meta.loginUrl}/${META_API_VERSION}/dialog/oauth?${new URLSearchParams({ client_id: APP.appId, redirect_uri: REDIRECT_URI, ...params })}`;

function submitDialog(
  fields: Omit<DialogSubmission, 'loginUrl' | 'appId' | 'redirectUri' | 'email' | 'password'> & { email?: string; pass?: string },
) {
  const { pass, ...rest } = fields;
  return submitLoginDialog({
    loginUrl: meta.loginUrl,
    appId: APP.appId,
    redirectUri: REDIRECT_URI,
    email: CAMILA.email,
    password: pass ?? CAMILA.password,
    ...rest,
  });
}

const loginToken = (granted: readonly string[] = REQUIRED_PERMISSIONS) =>
  facebookLogin({
    loginUrl: meta.loginUrl,
    appId: APP.appId,
    redirectUri: REDIRECT_URI,
    email: CAMILA.email,
    password: CAMILA.password,
    decline: REQUIRED_PERMISSIONS.filter((permission) => !granted.includes(permission)),
  });

describe("Facebook Login's dialog", () => {
  it('shows the sign-in form with each permission asked for, checked', async () => {
    const response = await fetch(dialogUrl({ state: 'st4te', response_type: 'token', scope: REQUIRED_PERMISSIONS.join(',') }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const page = await response.text();
    expect(page).toContain('Iniciar sesión con Facebook (sandbox)');
    expect(page).toMatch(/<label for="email">[^<]+<\/label><input id="email" name="email"/);
    expect(page).toMatch(/<label for="pass">[^<]+<\/label><input id="pass" name="pass" type="password"/);
    for (const permission of REQUIRED_PERMISSIONS) expect(page).toContain(`name="granted" value="${permission}" checked`);
    expect(page).toContain('>Continuar</button>');
    expect(page).toContain('>Cancelar</button>');
  });

  it('refuses an unknown app and a redirect_uri the app does not list', async () => {
    const unknownApp = await fetch(
      `${meta.loginUrl}/${META_API_VERSION}/dialog/oauth?client_id=1&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
    );
    expect(unknownApp.status).toBe(400);
    expect(await unknownApp.text()).toContain('ID de app no válido');
    const blocked = await fetch(dialogUrl({ redirect_uri: 'https://evil.test/integrations', response_type: 'token' }));
    expect(blocked.status).toBe(400);
    expect(await blocked.text()).toContain('URL bloqueada');
    // Strict mode compares the address without its query.
    expect((await fetch(dialogUrl({ redirect_uri: `${REDIRECT_URI}?from=menu`, response_type: 'token' }))).status).toBe(200);
  });

  it('sends the token back in the fragment, and it works with the token in the query string too', async () => {
    const response = await submitDialog({ decision: 'continue' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('access_token')).toMatch(/^EAA[A-Za-z0-9]+$/);
    expect(fragment.get('expires_in')).toBe('5400');
    expect(fragment.get('state')).toBe('st4te');
    expect(Number(fragment.get('data_access_expiration_time'))).toBe(Math.floor(clock / 1000) + 90 * 86_400);
    const token = fragment.get('access_token')!;
    const me = await fetch(`${meta.url}/${META_API_VERSION}/me?access_token=${token}&appsecret_proof=${proofOf(token)}`);
    expect(await me.json()).toEqual({ name: 'Camila Rojas', id: ids.users.camila });
  });

  it('shows the form again after wrong credentials', async () => {
    const response = await submitDialog({ decision: 'continue', pass: 'otra-clave' });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain(`value="${CAMILA.email}"`);
  });

  it('sends a cancelled login back with error=access_denied', async () => {
    const response = await submitDialog({ decision: 'cancel', pass: '' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `${REDIRECT_URI}?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=st4te#_=_`,
    );
  });

  it('records an unchecked permission as declined, and Graph refuses what needs it with #200', async () => {
    const token = await loginToken(REQUIRED_PERMISSIONS.filter((permission) => permission !== 'business_management'));
    const permissions = (await (await graph('/me/permissions', token)).json()) as { data: unknown[] };
    expect(permissions.data).toContainEqual({ permission: 'business_management', status: 'declined' });
    expect(permissions.data).toContainEqual({ permission: 'ads_management', status: 'granted' });
    const businesses = await graph('/me/businesses', token);
    expect(businesses.status).toBe(400);
    expect(await errorOf(businesses)).toMatchObject({
      code: 200,
      type: 'OAuthException',
      message: '(#200) Requires business_management permission to manage the object',
    });
  });

  it('lists the ad accounts a person reaches at /me/adaccounts, with ads_read or ads_management', async () => {
    const token = await loginToken(REQUIRED_PERMISSIONS);
    const accounts = (await (await graph('/me/adaccounts?fields=account_id,name,currency', token)).json()) as {
      data: { id: string; account_id: string; currency: string }[];
    };
    expect(accounts.data.length).toBeGreaterThan(0);
    for (const account of accounts.data) expect(account.id).toBe(`act_${account.account_id}`);
    const without = await loginToken(
      REQUIRED_PERMISSIONS.filter((permission) => permission !== 'ads_management' && permission !== 'ads_read'),
    );
    expect(await errorOf(await graph('/me/adaccounts', without))).toMatchObject({
      code: 200,
      message: '(#200) Requires ads_read or ads_management permission to manage the object',
    });
  });

  it('gives a code for response_type=code, exchanged once for a token', async () => {
    const response = await submitDialog({ decision: 'continue', responseType: 'code', state: 'c0de' });
    const location = new URL(response.headers.get('location')!);
    expect(location.hash).toBe('#_=_');
    expect(location.searchParams.get('state')).toBe('c0de');
    const code = location.searchParams.get('code')!;
    const exchange = () =>
      fetch(
        `${meta.url}/${META_API_VERSION}/oauth/access_token?${new URLSearchParams({ client_id: APP.appId, redirect_uri: REDIRECT_URI, client_secret: APP.appSecret, code })}`,
      );
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer', expires_in: 5400 });
    const again = await exchange();
    expect(await errorOf(again)).toMatchObject({ code: 100, error_subcode: 36009 });
  });
});

describe('tokens and their refusals', () => {
  it('answers Meta error objects with fbtrace_id, the trace header and WWW-Authenticate', async () => {
    const missing = await graph('/me', null);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('www-authenticate')).toBe(
      'OAuth "Facebook Platform" "invalid_request" "An access token is required to request this resource."',
    );
    const error = await errorOf(missing);
    expect(error).toEqual({
      message: 'An access token is required to request this resource.',
      type: 'OAuthException',
      code: 104,
      fbtrace_id: missing.headers.get('x-fb-trace-id'),
    });

    const garbage = await graph('/me', 'EAAnotatoken');
    expect(garbage.headers.get('www-authenticate')).toBe(
      'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token - Cannot parse access token"',
    );
    expect(await errorOf(garbage)).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('requires appsecret_proof, and the right one', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const without = await graph('/me', token, { proof: false });
    expect(await errorOf(without)).toMatchObject({
      code: 100,
      type: 'GraphMethodException',
      message: 'API calls from the server require an appsecret_proof argument',
    });
    const wrong = await fetch(`${meta.url}/${META_API_VERSION}/me?appsecret_proof=${proofOf('another-token')}`, {
      headers: { authorization: `OAuth ${token}` },
    });
    expect(await errorOf(wrong)).toMatchObject({
      code: 100,
      type: 'GraphMethodException',
      message: 'Invalid appsecret_proof provided in the API argument',
    });
  });

  it('expires short-lived tokens after an hour and a half (190/463), and long-lived ones live 60 days', async () => {
    const shortLived = meta.sandbox.issueToken(ids.users.diego);
    const exchanged = await fetch(
      `${meta.url}/${META_API_VERSION}/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: APP.appId, client_secret: APP.appSecret, fb_exchange_token: shortLived })}`,
    );
    const long = (await exchanged.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(long).toMatchObject({ token_type: 'bearer', expires_in: 5_184_000 });
    clock += 5401 * 1000;
    const expired = await graph('/me', shortLived);
    expect(expired.headers.get('www-authenticate')).toContain('"invalid_token"');
    expect(await errorOf(expired)).toMatchObject({
      code: 190,
      error_subcode: 463,
      message: expect.stringMatching(/^Error validating access token: Session has expired on /),
    });
    expect((await graph('/me', long.access_token)).status).toBe(200);

    const debug = await fetch(`${meta.url}/${META_API_VERSION}/debug_token?input_token=${shortLived}`, {
      headers: { authorization: `Bearer ${APP.appId}|${APP.appSecret}` },
    });
    expect(debug.status).toBe(200);
    expect(((await debug.json()) as { data: unknown }).data).toMatchObject({
      app_id: APP.appId,
      type: 'USER',
      is_valid: false,
      user_id: ids.users.diego,
      error: { code: 190, subcode: 463 },
    });
  });

  it('refuses the exchange with the wrong client secret', async () => {
    const response = await fetch(
      `${meta.url}/${META_API_VERSION}/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: APP.appId, client_secret: 'nope', fb_exchange_token: 'EAAx' })}`,
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 101, type: 'OAuthException', message: 'Error validating client secret.' });
  });

  it('describes an unknown token in debug_token without refusing the call', async () => {
    const response = await fetch(
      `${meta.url}/${META_API_VERSION}/debug_token?input_token=EAAgarbage&access_token=${APP.appId}|${APP.appSecret}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }, is_valid: false, scopes: [] },
    });
  });

  it('revokes every token of the person when they remove the app (DELETE /me/permissions)', async () => {
    const token = meta.sandbox.issueToken(ids.users.diego, { longLived: true });
    const other = meta.sandbox.issueToken(ids.users.diego, { longLived: true });
    const removed = await graph('/me/permissions', token, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ success: true });
    const after = await graph('/me', other);
    expect(await errorOf(after)).toMatchObject({
      code: 190,
      error_subcode: 458,
      message: `Error validating access token: The user has not authorized application ${APP.appId}.`,
    });
  });

  it('keeps a token working after a restart, with the permissions it was issued under, as Meta’s outlive us', async () => {
    const token = await loginToken(REQUIRED_PERMISSIONS.filter((permission) => permission !== 'catalog_management'));
    const restarted = await startMetaSandbox({ now: () => clock, apps: [{ ...APP, redirectUris: [REDIRECT_URI] }] });
    try {
      const url = new URL(`${restarted.url}/${META_API_VERSION}/me/permissions`);
      url.searchParams.set('appsecret_proof', proofOf(token));
      const permissions = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { permission: string; status: string }[];
      };
      expect(permissions.data).toContainEqual({ permission: 'ads_management', status: 'granted' });
      expect(permissions.data.some((grant) => grant.permission === 'catalog_management' && grant.status === 'granted')).toBe(false);
      // A token whose signature is not the app's is nobody's.
      const forged = `${token.slice(0, -4)}0000`;
      const refused = new URL(`${restarted.url}/${META_API_VERSION}/me`);
      refused.searchParams.set('appsecret_proof', proofOf(forged));
      expect(await errorOf(await fetch(refused, { headers: { authorization: `Bearer ${forged}` } }))).toMatchObject({ code: 190 });
    } finally {
      await restarted.close();
    }
  });
});

describe('Graph objects', () => {
  it("names Graph's version and revision on every answer", async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const response = await fetch(`${meta.url}/${META_API_VERSION}/me?appsecret_proof=${proofOf(token)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('facebook-api-version')).toBe(META_API_VERSION);
    expect(response.headers.get('x-fb-rev')).toMatch(/^\d+$/);
    expect(JSON.parse(response.headers.get('x-app-usage')!)).toEqual({
      call_count: expect.any(Number),
      total_cputime: expect.any(Number),
      total_time: expect.any(Number),
    });
  });

  it("retires versions on Meta's schedule: the Graph API answers as its oldest served version, the Marketing API refuses", async () => {
    // A token of the sandbox's day, issued at each call (the clock moves below).
    const call = (path: string) => {
      const token = meta.sandbox.issueToken(ids.users.camila);
      return fetch(`${meta.url}${path}?appsecret_proof=${proofOf(token)}`, { headers: { authorization: `Bearer ${token}` } });
    };
    // March 10, 2025: the Graph API still serves v17.0 and answers older versions as v17.0…
    const upgraded = await call('/v12.0/me');
    expect(upgraded.status).toBe(200);
    expect(upgraded.headers.get('facebook-api-version')).toBe('v17.0');
    // …while the Marketing API retired v19.0 on February 4, 2025 and still serves v20.0.
    expect(await errorOf(await call(`/v19.0/${ids.adAccounts.principal}`))).toMatchObject({
      code: 2635,
      message: expect.stringContaining('deprecated version of the Ads API'),
    });
    expect((await call(`/v20.0/${ids.adAccounts.principal}`)).status).toBe(200);

    const before = clock;
    clock = Date.UTC(2026, 10, 29, 12, 0, 0);
    try {
      // November 29, 2026: Graph v18.0 to v20.0 are gone (v21.0 answers), and so is Marketing v24.0.
      expect((await call('/v18.0/me')).headers.get('facebook-api-version')).toBe('v21.0');
      expect(await errorOf(await call('/v24.0/search'))).toMatchObject({ code: 2635 });
      expect(await errorOf(await call(`/v24.0/${ids.adAccounts.principal}/campaigns`))).toMatchObject({ code: 2635 });
      // Pixels, catalogs and product sets are the Marketing API's too.
      for (const node of [ids.pixels.tiendaDemo, ids.catalogs.tiendaDemo, ids.productSets.todos]) {
        expect(await errorOf(await call(`/v24.0/${node}`))).toMatchObject({ code: 2635 });
        expect((await call(`/${META_API_VERSION}/${node}`)).status).toBe(200);
      }
      expect((await call(`/${META_API_VERSION}/${ids.adAccounts.principal}/campaigns`)).status).toBe(200);
    } finally {
      clock = before;
    }
  });

  it('answers the default fields, or those `fields=` names with the id, and refuses a field the type lacks', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    expect(await (await graph(`/${ids.adAccounts.principal}`, token)).json()).toEqual({
      account_id: '2400000000000001',
      id: ids.adAccounts.principal,
    });
    const named = await graph(`/${ids.adAccounts.campanasNuevas}?fields=name,currency,min_daily_budget,tos_accepted`, token);
    expect(await named.json()).toEqual({
      name: 'Tienda Demo — Campañas nuevas',
      currency: 'CLP',
      min_daily_budget: 2000,
      id: ids.adAccounts.campanasNuevas,
    });
    expect(JSON.parse(named.headers.get('x-ad-account-usage')!)).toMatchObject({
      acc_id_util_pct: expect.any(Number),
      reset_time_duration: 0,
    });
    expect(Object.keys(JSON.parse(named.headers.get('x-business-use-case-usage')!))).toEqual([ids.businesses.tiendaDemo]);
    const wrong = await graph(`/${ids.adAccounts.principal}?fields=name,colour`, token);
    expect(await errorOf(wrong)).toMatchObject({
      code: 100,
      message: '(#100) Tried accessing nonexisting field (colour) on node type (AdAccount)',
    });
  });

  it('answers an id the person cannot see as one that does not exist', async () => {
    const token = meta.sandbox.issueToken(ids.users.diego);
    const response = await graph(`/${ids.businesses.tiendaDemo}`, token);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: 100,
      error_subcode: 33,
      type: 'GraphMethodException',
      message: `Unsupported get request. Object with ID '${ids.businesses.tiendaDemo}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    });
  });

  it('pages with cursors whose next and previous links work as they are', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    type Page = {
      data: Array<{ id: string; name: string }>;
      paging?: { cursors: { before: string; after: string }; next?: string; previous?: string };
    };
    const first = (await (await graph(`/${ids.businesses.tiendaDemo}/owned_product_catalogs?fields=name&limit=1`, token)).json()) as Page;
    expect(first.data).toEqual([{ name: 'Catálogo Tienda Demo', id: ids.catalogs.tiendaDemo }]);
    expect(first.paging?.previous).toBeUndefined();
    // Followed verbatim, with no header: Meta writes the token into the link.
    const second = (await (await fetch(first.paging!.next!)).json()) as Page;
    expect(second.data).toEqual([{ name: 'Catálogo de temporada', id: ids.catalogs.temporada }]);
    expect(second.paging?.next).toBeUndefined();
    const back = (await (await fetch(second.paging!.previous!)).json()) as Page;
    expect(back.data).toEqual(first.data);
    const after = await graph(`/${ids.businesses.tiendaDemo}/owned_product_catalogs?after=${second.paging!.cursors.after}`, token);
    expect(await after.json()).toEqual({ data: [] });
  });

  it('throttles a business past its allowance with 80004, and the app past its own with 4', async () => {
    const limited = await startMetaSandbox({ now: () => clock, rateLimits: { businessCalls: 2, appCalls: 5 } });
    try {
      const token = limited.sandbox.issueToken(ids.users.camila);
      const call = (path: string) =>
        fetch(`${limited.url}/${META_API_VERSION}${path}?appsecret_proof=${proofOf(token)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
      await call(`/${ids.adAccounts.principal}`);
      await call(`/${ids.adAccounts.principal}`);
      const refused = await call(`/${ids.adAccounts.principal}`);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({
        code: 80004,
        error_subcode: 2446079,
        type: 'OAuthException',
        message: expect.stringContaining('There have been too many calls to this ad-account. Wait a bit and try again.'),
      });
      const usage = JSON.parse(refused.headers.get('x-business-use-case-usage')!)[ids.businesses.tiendaDemo][0];
      expect(usage).toMatchObject({ type: 'ads_management', call_count: 150 });
      expect(usage.estimated_time_to_regain_access).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(refused.headers.get('x-ad-account-usage')!).reset_time_duration).toBeGreaterThan(0);
      // Calls about the person are not the business's: only the app's allowance is left to spend.
      await call('/me');
      await call('/me');
      const app = await call('/me');
      expect(await errorOf(app)).toMatchObject({ code: 4, message: '(#4) Application request limit reached', is_transient: true });
      expect(JSON.parse(app.headers.get('x-app-usage')!).call_count).toBeGreaterThanOrEqual(100);
    } finally {
      await limited.close();
    }
  });

  it('answers a queued failure as Meta does: 500 with code 2, transient', async () => {
    meta.sandbox.failNext(1, 500);
    const response = await graph('/me', meta.sandbox.issueToken(ids.users.camila));
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toMatchObject({ code: 2, is_transient: true, type: 'OAuthException' });
  });
});

describe('Marketing API payloads as Meta documents them', () => {
  const account = ids.adAccounts.principal;

  it('creates a campaign from curl -F fields, quoted as the reference quotes them', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const form = new FormData();
    form.set('name', '"Recompra — Tráfico"');
    form.set('objective', '"OUTCOME_TRAFFIC"');
    form.set('status', '"PAUSED"');
    form.set('special_ad_categories', '[]');
    const created = await graph(`/${account}/campaigns`, token, { method: 'POST', body: form });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect(JSON.parse(created.headers.get('x-ad-account-usage')!)).toMatchObject({ acc_id_util_pct: expect.any(Number) });
    const read = await graph(`/${id}?fields=name,objective,status,effective_status,special_ad_categories`, token);
    expect(await read.json()).toEqual({
      name: 'Recompra — Tráfico',
      objective: 'OUTCOME_TRAFFIC',
      status: 'PAUSED',
      effective_status: 'PAUSED',
      special_ad_categories: [],
      id,
    });
    const missing = await graph(`/${account}/campaigns`, token, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Sin categorías', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED' }),
    });
    expect(await errorOf(missing)).toMatchObject({ code: 100, message: '(#100) The parameter special_ad_categories is required' });
  });

  it('creates an ad set from a form-encoded POST with JSON-encoded targeting, and answers its budget as a string', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const campaign = await graph(`/${account}/campaigns`, token, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ventas', objective: 'OUTCOME_SALES', status: 'PAUSED', special_ad_categories: '[]' }),
    });
    const campaignId = ((await campaign.json()) as { id: string }).id;
    const body = new URLSearchParams({
      name: 'Santiago y Viña',
      campaign_id: campaignId,
      daily_budget: '2000',
      billing_event: 'IMPRESSIONS',
      optimization_goal: 'REACH',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
      start_time: String(Math.floor(clock / 1000)),
      targeting: JSON.stringify({
        geo_locations: { regions: [{ key: '2347' }], cities: [{ key: '2673671', radius: 12, distance_unit: 'kilometer' }] },
        age_min: 18,
        age_max: 65,
        publisher_platforms: ['instagram'],
        instagram_positions: ['stream', 'story'],
      }),
      status: 'PAUSED',
    });
    const created = await graph(`/${account}/adsets`, token, { method: 'POST', body });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = (await (await graph(`/${id}?fields=daily_budget,targeting{geo_locations},effective_status`, token)).json()) as Record<
      string,
      unknown
    >;
    expect(read).toMatchObject({ daily_budget: '2000', effective_status: 'PAUSED', id });
    expect(read.targeting).toMatchObject({ geo_locations: { regions: [{ key: '2347', name: 'Región Metropolitana de Santiago' }] } });
    const listed = (await (await graph(`/${campaignId}/adsets?fields=name`, token)).json()) as { data: unknown[] };
    expect(listed.data).toEqual([{ name: 'Santiago y Viña', id }]);

    body.set('daily_budget', '500');
    const tooLow = await graph(`/${account}/adsets`, token, { method: 'POST', body });
    expect(await errorOf(tooLow)).toMatchObject({
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      error_subcode: 1885272,
      is_transient: false,
      error_user_title: 'Your Budget Is Too Low',
      error_user_msg: expect.stringContaining('CLP2,000'),
    });
  });

  it("uploads an image with -F 'filename=@…' and answers it under the file's name", async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const form = new FormData();
    form.set('filename', new Blob([new Uint8Array(pngImage(800, 800))], { type: 'image/png' }), 'oferta.png');
    const uploaded = await graph(`/${account}/adimages`, token, { method: 'POST', body: form });
    const { images } = (await uploaded.json()) as { images: Record<string, { hash: string; url: string }> };
    expect(Object.keys(images)).toEqual(['oferta.png']);
    const { hash } = images['oferta.png']!;
    const read = await graph(
      `/${account}/adimages?hashes=${encodeURIComponent(JSON.stringify([hash]))}&fields=hash,width,height,name`,
      token,
    );
    expect(((await read.json()) as { data: unknown[] }).data).toEqual([{ hash, width: 800, height: 800, name: 'oferta.png' }]);
  });

  it('searches places and interests as targeting search answers them', async () => {
    const token = meta.sandbox.issueToken(ids.users.camila);
    const places = await graph(
      `/search?type=adgeolocation&location_types=${encodeURIComponent('["city"]')}&q=vi%C3%B1a&country_code=CL`,
      token,
    );
    expect(((await places.json()) as { data: unknown[] }).data).toEqual([
      {
        key: '2673671',
        name: 'Viña del Mar',
        type: 'city',
        country_code: 'CL',
        country_name: 'Chile',
        region: 'Valparaíso',
        region_id: 2346,
        supports_region: true,
        supports_city: true,
      },
    ]);
    const interests = await graph('/search?type=adinterest&q=running', token);
    expect(((await interests.json()) as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ id: '6003384248805', name: 'Running', path: ['Intereses', 'Fitness y bienestar', 'Running'] }),
    ]);
  });
});

describe("Business Suite's Custom Audience terms", () => {
  it('shows the account, and "Aceptar" accepts the terms for it', async () => {
    const account = ids.adAccounts.campanasNuevas;
    const token = meta.sandbox.issueToken(ids.users.camila);
    const terms = async () =>
      ((await (await graph(`/${account}?fields=tos_accepted`, token)).json()) as { tos_accepted?: unknown }).tos_accepted;
    expect(await terms()).toBeUndefined();

    const url = customAudienceTermsUrl(meta.businessUrl, account);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Tienda Demo — Campañas nuevas');
    expect(html).toContain('>Aceptar</button>');
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    const accepted = await fetch(new URL(action, url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ act: account.replace('act_', '') }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('Aceptaste las condiciones');
    expect(await terms()).toEqual({ custom_audience_tos: 1 });
    expect(await (await fetch(url)).text()).toContain('Ya aceptaste');
    meta.sandbox.setTermsAccepted(account, false);
  });

  it('does not know an ad account that does not exist', async () => {
    expect((await fetch(customAudienceTermsUrl(meta.businessUrl, 'act_1'))).status).toBe(404);
  });
});

describe('mounted in the app', () => {
  it("keeps its form parsing and error pages to itself: the app's own routes still take JSON only", async () => {
    const app = Fastify({ logger: false });
    app.removeContentTypeParser('text/plain');
    app.post('/api/echo', async (request) => ({ received: request.body }));
    // As the app's static files answer every other GET, leaving what they do not hold to the app's 404.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ app: 'not found' }));
    app.get('/*', (_request, reply) => reply.callNotFound());
    registerMetaSandbox(app, { apps: [{ ...APP, redirectUris: [REDIRECT_URI] }] });
    await app.ready();
    try {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect((await app.inject({ method: 'POST', url: '/api/echo', headers: form, payload: 'a=1' })).statusCode).toBe(415);
      expect((await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } })).json()).toEqual({ received: { a: 1 } });
      const cancelled = await app.inject({
        method: 'POST',
        url: `/sandbox/meta/www/${META_API_VERSION}/dialog/oauth`,
        headers: form,
        payload: new URLSearchParams({
          client_id: APP.appId,
          redirect_uri: REDIRECT_URI,
          response_type: 'token',
          decision: 'cancel',
        }).toString(),
      });
      expect(cancelled.statusCode).toBe(302);
      expect(cancelled.headers.location).toContain('error=access_denied');
      expect((await app.inject({ method: 'GET', url: '/api/nothing-here' })).json()).toEqual({ app: 'not found' });
      // What the sandbox does not serve answers as Facebook does, never with the app's words.
      const unknown = await app.inject({ method: 'GET', url: '/sandbox/meta/somewhere/else' });
      expect([unknown.statusCode, unknown.headers['content-type']]).toEqual([404, expect.stringContaining('text/html')]);
      expect(unknown.body).toContain('Esta página no está disponible');
      expect((await app.inject({ method: 'GET', url: `/sandbox/meta/graph/${META_API_VERSION}/me` })).json()).toMatchObject({
        error: { code: 104 },
      });
    } finally {
      await app.close();
    }
  });
});

describe("the sandbox's own clock (not Meta's)", () => {
  it('moves on by whole days at /clock/advance, as the hooks do, and refuses anything else', async () => {
    const base = meta.url.replace(/\/graph$/, '');
    const before = (await (await fetch(`${base}/clock`)).json()) as { now: string };
    expect(Date.parse(before.now)).toBe(meta.sandbox.now());
    const moved = await fetch(`${base}/clock/advance?days=2`, { method: 'POST' });
    expect(moved.status).toBe(200);
    expect(Date.parse(((await moved.json()) as { now: string }).now)).toBe(Date.parse(before.now) + 2 * 86_400_000);
    for (const days of ['0', '1.5', 'x', '366'])
      expect((await fetch(`${base}/clock/advance?days=${days}`, { method: 'POST' })).status).toBe(400);
    meta.sandbox.advanceDays(-2);
  });
});
