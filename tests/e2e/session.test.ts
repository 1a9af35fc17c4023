import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchChromium, startServer, type RunningServer } from './server-process.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

it('the demo owner logs in, sees the store orders on the dashboard and logs out', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/dashboard`);
  // No session: the app sends the browser to the login screen, remembering where it was going.
  await page.waitForURL(`${server.url}/api/auth/login?returnTo=%2Fdashboard`);
  await signIn(page, 'demo@recompra.cl');
  await page.waitForURL(`${server.url}/dashboard`);
  // The demo store imports from the local Shopify sandbox on first start; once done, the figure is its order count.
  const sync = () => page.evaluate(() => fetch('/api/private/stores/1/sync').then((response) => response.json() as Promise<{ status: string }>));
  await expect.poll(async () => (await sync()).status, { timeout: 60_000, interval: 500 }).toBe('FINISHED');
  const { count } = await page.evaluate(() => fetch('/api/private/stores/1/ordersCount').then((response) => response.json() as Promise<{ count: number }>));
  expect(count).toBeGreaterThan(20_000);
  // The figure counts the orders that still stand (cancelled and refunded ones aside).
  const { totalOrders } = await page.evaluate(() => fetch('/backend/stores/1/stats').then((response) => response.json() as Promise<{ totalOrders: number }>));
  expect(totalOrders).toBeGreaterThan(count * 0.9);
  expect(totalOrders).toBeLessThanOrEqual(count);
  await page.reload();
  const figure = page.locator('article', { has: page.getByRole('heading', { level: 2, name: 'Pedidos totales' }) });
  await expect.poll(() => figure.textContent()).toBe(`Pedidos totales${new Intl.NumberFormat('es-CL').format(totalOrders)}`);

  await page.getByRole('link', { name: 'Cerrar sesión' }).click();
  await page.waitForURL(/\/api\/auth\/login/);
  const me = await page.evaluate(() => fetch('/api/auth/me').then((response) => response.status));
  expect(me).toBe(204);
  await page.close();
});

it('a collaborator cannot open /integrations and lands on /dashboard', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/api/auth/login?returnTo=%2Fintegrations`);
  await signIn(page, 'colaborador@recompra.cl');
  await page.waitForURL(`${server.url}/dashboard`);
  await expect.poll(() => page.getByRole('navigation').textContent()).not.toContain('Integraciones');
  await page.close();
});

it('rejects a wrong password with a Spanish message and stays on the login screen', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/api/auth/login`);
  await page.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect.poll(() => page.getByText('Correo o contraseña incorrectos.').count()).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/api/auth/login');
  await page.close();
});
