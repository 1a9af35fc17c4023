import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { SANDBOX_META_APP } from '../../src/server/integrations/meta/sandbox/index.ts';
import { META_API_VERSION } from '../../src/server/integrations/meta/types.ts';
import { choose, logInAtFacebook, metaCard, signIn } from './meta-login.ts';
import { SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();

it('the owner connects Meta, accepts the Custom Audience terms, and renews the connection once Facebook revokes it', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  // The way back from Facebook carries the token in the address's fragment, for a moment.
  const tokens = new Set<string>();
  page.on('framenavigated', (frame) => {
    const token = new URLSearchParams(new URL(frame.url()).hash.slice(1)).get('access_token');
    if (token) tokens.add(token);
  });
  await signIn(page, e2e.server.url);

  await metaCard(page).getByRole('button', { name: 'Conectar Meta' }).click();
  await page.getByRole('button', { name: 'Conectar con Facebook' }).click();
  await logInAtFacebook(page, `${e2e.server.url}/integrations`);
  // The token leaves the address bar at once and never reaches the page's history.
  await page.getByRole('combobox', { name: 'Cuenta publicitaria' }).waitFor({ timeout: SERVER_WAIT });
  expect(page.url()).toBe(`${e2e.server.url}/integrations`);
  await expect.poll(() => page.getByText('Camila Rojas').count()).toBeGreaterThan(0);

  // The new ad account still lacks the Custom Audience terms: accepted in Business Suite, then checked again.
  await choose(page, 'Cuenta publicitaria', /Tienda Demo — Campañas nuevas/);
  const terms = page.getByRole('link', { name: /Aceptar los términos en Meta/ });
  await terms.waitFor();
  const businessSuite = await context.newPage();
  await businessSuite.goto((await terms.getAttribute('href'))!);
  await businessSuite.getByRole('button', { name: 'Aceptar' }).click();
  await businessSuite
    .getByRole('status')
    .getByText(/Aceptaste las condiciones/)
    .waitFor();
  await businessSuite.close();
  await page.getByRole('button', { name: 'Ya los acepté, revisar de nuevo' }).click();
  await expect.poll(() => terms.count(), { timeout: SERVER_WAIT }).toBe(0);

  await choose(page, 'Página de Facebook', 'Tienda Demo');
  await choose(page, 'Cuenta de Instagram', 'tiendademo');
  await choose(page, 'Píxel', 'Píxel Tienda Demo');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await metaCard(page).getByText('Conectada').waitFor({ timeout: SERVER_WAIT });
  const settings = await page.evaluate(() => fetch('/api/private/stores/1/metaSettings').then((response) => response.json()));
  expect(settings).toMatchObject({ state: 'connected', selection: { adAccount: { name: 'Tienda Demo — Campañas nuevas' } } });
  const [token] = [...tokens];
  expect(JSON.stringify(settings)).not.toContain(token!);
  const minimum = await page.evaluate(() => fetch('/backend/stores/1/metaAdAccountProps').then((response) => response.json()));
  expect(minimum).toEqual({ currency: 'CLP', minDailyBudget: 2000 });

  // Camila removes Recompra from her Facebook account (DELETE /me/permissions, as Facebook's settings do).
  expect(tokens.size).toBe(1);
  const graph = new URL(`${e2e.server.url}/sandbox/meta/graph/${META_API_VERSION}/me/permissions`);
  graph.searchParams.set('appsecret_proof', createHmac('sha256', SANDBOX_META_APP.appSecret).update(token!).digest('hex'));
  const removed = await fetch(graph, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  expect(await removed.json()).toEqual({ success: true });

  // The next call to Meta for the store trips on it: the connection asks to be renewed, and the shell says so.
  await page.reload();
  await metaCard(page).getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('button', { name: 'Volver a conectar con Facebook' }).waitFor({ timeout: SERVER_WAIT });
  // The banner shows everywhere but on the page its link leads to.
  await page.goto(`${e2e.server.url}/dashboard`);
  const banner = page.getByText('Tu conexión con Meta venció. Renuévala para que tus campañas sigan funcionando.');
  await banner.waitFor({ timeout: SERVER_WAIT });
  await page.getByRole('link', { name: 'Renovar conexión' }).click();
  await page.waitForURL(`${e2e.server.url}/integrations`);

  await metaCard(page).getByRole('button', { name: 'Renovar conexión' }).click();
  await page.getByRole('button', { name: 'Volver a conectar con Facebook' }).click();
  await logInAtFacebook(page, `${e2e.server.url}/integrations`);
  await page.getByRole('combobox', { name: 'Cuenta publicitaria' }).waitFor({ timeout: SERVER_WAIT });
  await expect
    .poll(async () => (await page.evaluate(() => fetch('/api/private/stores/1/metaSettings').then((r) => r.json()))).state)
    .toBe('connected');
  await page.goto(`${e2e.server.url}/dashboard`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await banner.count()).toBe(0);
  await context.close();
});
