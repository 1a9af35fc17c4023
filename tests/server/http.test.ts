import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, TEST_INDEX_HTML, type TestServer } from './harness.ts';

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

it('serves the web app for any page the browser navigates to, and JSON 404 under the APIs', async () => {
  const page = await fetch(`${base}/segments/12?tab=custom`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toBe(TEST_INDEX_HTML);
  const api = await fetch(`${base}/api/no-existe`, { headers: { accept: 'text/html' } });
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ code: 'not_found', message: 'No encontramos lo que buscas.' });
  const backend = await fetch(`${base}/backend/no-existe`);
  expect(backend.status).toBe(404);
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
