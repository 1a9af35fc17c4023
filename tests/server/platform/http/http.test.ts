import { mkdir, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CarriedAnswer } from '../../../../src/shared/first-answers.ts';
import { startTestServer, TEST_INDEX_HTML, type TestServer } from '../../support/harness.ts';

// The same app through a real port, as a browser or curl reaches it.
let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

it('answers /api/auth/me with 204 without a cookie', async () => {
  const response = await fetch(`${base}/api/auth/me`);
  expect(response.status).toBe(204);
});

/** Signs in over HTTP: the cookie header a browser would send back, and the CSRF token the page echoes. */
async function signInOverHttp(): Promise<{ cookie: string; csrf: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'demo@recompra.cl', password: 'clave-de-prueba' }),
  });
  expect(login.status).toBe(200);
  const pairs = login.headers.getSetCookie().map((header) => header.split(';')[0]!);
  const csrf = pairs.find((pair) => pair.startsWith('recompra_csrf='))!.slice('recompra_csrf='.length);
  return { cookie: pairs.join('; '), csrf };
}

const sessionStatus = async (cookie: string) => (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).status;

it('signs in, reads the session and signs out over HTTP', async () => {
  const { cookie, csrf } = await signInOverHttp();
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  expect(await me.json()).toMatchObject({ email: 'demo@recompra.cl', role: 'admin' });
  const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: base, 'x-csrf-token': csrf } });
  expect(logout.status).toBe(204);
  expect(logout.headers.getSetCookie().map((header) => header.split(';')[0])).toEqual(['recompra_session=', 'recompra_csrf=']);
  expect(await sessionStatus(cookie)).toBe(204);
});

it('clears the cookies of an expired session, which has no token left to check', async () => {
  const { cookie } = await signInOverHttp();
  await server.db.query(`update sessions set expires_at = now() - interval '1 minute' where expires_at > now()`);
  const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: base } });
  expect(logout.status).toBe(204);
  expect(logout.headers.getSetCookie().map((header) => header.split(';')[0])).toEqual(['recompra_session=', 'recompra_csrf=']);
});

it('keeps the session when another site sends the browser to the sign-out address', async () => {
  const { cookie } = await signInOverHttp();
  // A link or an image on another site: a top-level GET carries the Lax cookie, and now only gets the page that signs out.
  const page = await fetch(`${base}/api/auth/logout`, { headers: { cookie, accept: 'text/html', 'sec-fetch-site': 'cross-site' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toBe(TEST_INDEX_HTML);
  expect(page.headers.getSetCookie()).toEqual([]);
  expect(await sessionStatus(cookie)).toBe(200);

  // A form on another site posting here is refused by its origin; a post without the page's token, by the CSRF check.
  for (const headers of [
    { cookie, origin: 'https://otro-sitio.example' },
    { cookie, origin: base },
  ]) {
    const post = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers });
    expect(post.status).toBe(403);
    expect((await post.json()).code).toBe('csrf_failed');
  }
  expect(await sessionStatus(cookie)).toBe(200);
});

/** The answers an entry page carries (platform/pages/first-answers.ts), and the element's raw text. */
const FIRST_ANSWERS = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s;
/** Where the store's live stream stood when the page was made (platform/store-data/live.ts). */
const LIVE_POSITION = /<script type="application\/json" id="live-position">(.*?)<\/script>/s;

async function pageAt(path: string, headers: Record<string, string>) {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html', ...headers } });
  const html = await response.text();
  const raw = FIRST_ANSWERS.exec(html)?.[1];
  return { response, html, raw, answers: raw === undefined ? {} : (JSON.parse(raw) as Record<string, CarriedAnswer>) };
}

it('opens the web app at the address the server prints, signed in or out', async () => {
  const signedIn = await signInOverHttp();
  for (const headers of [{}, { cookie: signedIn.cookie }] as Record<string, string>[]) {
    const root = await pageAt('/', headers);
    expect(root.response.status).toBe(200);
    expect(root.html.replace(FIRST_ANSWERS, '').replace(LIVE_POSITION, '')).toBe(TEST_INDEX_HTML);
  }
});

it("carries a signed-in browser's first data in its page, the API's own answers, and nobody else's", async () => {
  const { cookie, csrf } = await signInOverHttp();
  const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { store: number };
  const dashboard = await pageAt('/dashboard', { cookie });
  expect(Object.keys(dashboard.answers)).toEqual(
    expect.arrayContaining([
      '/api/auth/me',
      `/api/private/stores/${me.store}/sync`,
      `/backend/stores/${me.store}/statsInRange?preset=last30Days&granularity=day`,
    ]),
  );
  // Each is what the API answers the browser itself; the header names only code.
  for (const [address, answer] of Object.entries(dashboard.answers)) {
    const own = await fetch(`${base}${address}`, { headers: { cookie } });
    expect(own.status, address).toBe(answer.status);
    expect(await own.json(), address).toEqual(answer.body);
  }
  expect(dashboard.response.headers.get('link') ?? '').not.toContain('as=fetch');
  // And where the store's live stream stood, for the tab to resume from it.
  const cursor = await server.db.query<{ seq: string }>('select seq::text from live_cursors where store_id = $1', [me.store]);
  expect(JSON.parse(LIVE_POSITION.exec(dashboard.html)?.[1] ?? 'null')).toEqual({ storeId: me.store, lastEventId: cursor[0]?.seq ?? '0' });
  // A page with someone's data is kept by no cache.
  expect(dashboard.response.headers.get('cache-control')).toBe('no-store');
  // Nothing in an answer can close the element: a name written to do so stays a name.
  const hostile = 'Ana </script><script>alert(1)</script><!--';
  const renamed = await fetch(`${base}/api/private/me/account_details`, {
    method: 'PATCH',
    headers: { cookie, origin: base, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ name: hostile }),
  });
  expect(renamed.status).toBe(200);
  const withName = await pageAt('/dashboard', { cookie });
  expect(withName.raw).not.toContain('<');
  expect((withName.answers['/api/auth/me']?.body as { name: string }).name).toBe(hostile);
  // A page's answer is the API's, refusals included: the campaigns list without Meta is its 409.
  const campaigns = await pageAt('/campaigns', { cookie });
  const list = await fetch(`${base}/api/private/stores/${me.store}/adCampaigns`, { headers: { cookie } });
  expect(campaigns.answers[`/api/private/stores/${me.store}/adCampaigns`]).toEqual({ status: list.status, body: await list.json() });
  // Elsewhere, or at a view the address chooses, only what the shell shows comes with the page.
  const integrations = await pageAt('/integrations', { cookie });
  expect(Object.keys(integrations.answers)).toContain('/api/auth/me');
  expect(Object.keys(integrations.answers).some((address) => address.includes('/stats'))).toBe(false);
  expect(Object.keys((await pageAt('/dashboard?preset=last7Days', { cookie })).answers).some((address) => address.includes('/stats'))).toBe(
    false,
  );
  for (const headers of [{}, { cookie: 'recompra_session=caducada' }] as Record<string, string>[]) {
    const page = await pageAt('/dashboard', headers);
    expect(page.raw).toBeUndefined();
    expect(LIVE_POSITION.test(page.html)).toBe(false);
    expect(page.response.headers.get('cache-control')).toBe('no-cache');
  }
});

it('serves the web app for any page the browser navigates to, and JSON 404 under the APIs', async () => {
  // The terms and the privacy policy too, signed out: sign-up and the plan's checkbox open them in a new tab.
  for (const path of ['/segments/12?tab=custom', '/terms', '/privacy']) {
    const page = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(TEST_INDEX_HTML);
  }
  const api = await fetch(`${base}/api/no-existe`, { headers: { accept: 'text/html' } });
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ code: 'not_found', message: 'No encontramos lo que buscas.' });
  const backend = await fetch(`${base}/backend/no-existe`);
  expect(backend.status).toBe(404);
});

it('sends built files precompressed and API answers compressed, as the browser accepts', async () => {
  const asset = 'x'.repeat(4000);
  await mkdir(join(server.webDir, 'assets'), { recursive: true });
  await writeFile(join(server.webDir, 'assets', 'app.js'), asset);
  await writeFile(join(server.webDir, 'assets', 'app.js.br'), brotliCompressSync(asset));
  await writeFile(join(server.webDir, 'assets', 'app.js.gz'), gzipSync(asset));
  for (const encoding of ['br', 'gzip'] as const) {
    const response = await request(`${base}/assets/app.js`, { headers: { 'accept-encoding': encoding } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect((encoding === 'br' ? brotliDecompressSync : gunzipSync)(response.body).toString()).toBe(asset);
  }
  const plain = await request(`${base}/assets/app.js`, {});
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(asset);
  const { cookie } = await signInOverHttp();
  const series = await request(`${base}/backend/stores/1/statsInRange?preset=last12Months&granularity=day`, {
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(series.headers['content-encoding']).toBe('br');
  // A year by day: 365 or 366 points, a few KB of JSON sent in far fewer bytes.
  expect(JSON.parse(brotliDecompressSync(series.body).toString()).series.length).toBeGreaterThanOrEqual(365);
});

it('serves a readable reference of both contracts at /api/docs', async () => {
  const docs = await fetch(`${base}/api/docs`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('/api/docs/start.js');
  expect(await (await fetch(`${base}/api/docs/start.js`)).text()).toContain('/api/docs/backend.yaml');
  const app = await fetch(`${base}/api/docs/app.yaml`);
  expect(await app.text()).toContain('operationId: login');
  const ui = await fetch(`${base}/api/docs/ui/swagger-ui-bundle.js`);
  expect(ui.status).toBe(200);
});

/** A GET whose body comes back as sent (fetch would decompress it and hide the encoding). */
function request(url: string, options: { headers?: Record<string, string> }): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
