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

it('signs in, reads the session and signs out over HTTP', async () => {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'demo@recompra.cl', password: 'clave-de-prueba' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  expect(await me.json()).toMatchObject({ email: 'demo@recompra.cl', role: 'admin' });
  const logout = await fetch(`${base}/api/auth/logout`, { headers: { cookie }, redirect: 'manual' });
  expect(logout.status).toBe(302);
  expect((await fetch(`${base}/api/auth/me`, { headers: { cookie } })).status).toBe(204);
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
  expect(await docs.text()).toContain('/api/docs/backend.yaml');
  const app = await fetch(`${base}/api/docs/app.yaml`);
  expect(await app.text()).toContain('operationId: login');
  const ui = await fetch(`${base}/api/docs/ui/swagger-ui-bundle.js`);
  expect(ui.status).toBe(200);
});
