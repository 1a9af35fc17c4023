import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, type RunningServer, SERVER_WAIT, startServer } from './server-process.ts';

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
  const sync = () =>
    page.evaluate(() => fetch('/api/private/stores/1/sync').then((response) => response.json() as Promise<{ status: string }>));
  await expect.poll(async () => (await sync()).status, { timeout: SERVER_WAIT, interval: 500 }).toBe('FINISHED');
  const { count } = await page.evaluate(() =>
    fetch('/api/private/stores/1/ordersCount').then((response) => response.json() as Promise<{ count: number }>),
  );
  expect(count).toBeGreaterThan(20_000);
  // The figure counts the orders that still stand (cancelled and refunded ones aside).
  const { totalOrders } = await page.evaluate(() =>
    fetch('/backend/stores/1/stats').then((response) => response.json() as Promise<{ totalOrders: number }>),
  );
  expect(totalOrders).toBeGreaterThan(count * 0.9);
  expect(totalOrders).toBeLessThanOrEqual(count);
  await page.reload();
  const figure = page.locator('article', { has: page.getByRole('heading', { level: 2, name: 'Pedidos totales' }) });
  // The page reads the subscription before the store's figures: on a busy machine that takes a few seconds.
  await expect
    .poll(() => figure.textContent(), { timeout: SERVER_WAIT })
    .toBe(`Pedidos totales${new Intl.NumberFormat('es-CL').format(totalOrders)}`);

  // The person's menu names them; its link opens the sign-out page, which posts the sign-out with the
  // CSRF token and then loads the login screen.
  await page.getByRole('button', { name: 'Cuenta de Dueña Demo' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await page.waitForURL(/\/api\/auth\/login/);
  const me = await page.evaluate(() => fetch('/api/auth/me').then((response) => response.status));
  expect(me).toBe(204);
  await page.close();
});

it("the demo owner changes the range, sets the year's investment and reads every overview tab", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/api/auth/login?returnTo=${encodeURIComponent('/dashboard?preset=last12Months&granularity=month')}`);
  await signIn(page, 'demo@recompra.cl');
  await page.waitForURL(/\/dashboard\?/);
  const api = <T>(path: string) => page.evaluate((url) => fetch(url).then((response) => response.json()), path) as Promise<T>;
  type Totals = { totals: { income: number; orders: number; acquisitionCostPerCustomer: number | null } };
  const kpi = (name: string) => page.locator('article', { has: page.getByRole('heading', { level: 2, name, exact: true }) }).first();
  const clp = (amount: number) =>
    new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(Math.round(amount));

  const year = await api<Totals>('/backend/stores/1/statsInRange?preset=last12Months&granularity=month');
  await expect.poll(() => kpi('Ingresos').textContent()).toContain(clp(year.totals.income));

  // A preset from the picker changes the address and the figures.
  await page.getByRole('button', { name: /^Últimos 12 meses/ }).click();
  await page.getByRole('button', { name: 'Últimos 7 días' }).click();
  await page.waitForURL(/preset=last7Days/);
  const week = await api<Totals>('/backend/stores/1/statsInRange?preset=last7Days&granularity=day');
  await expect.poll(() => kpi('Pedidos').textContent()).toContain(new Intl.NumberFormat('es-CL').format(week.totals.orders));
  await page.keyboard.press('Escape');

  // The year's investment: the acquisition cost follows it.
  const investmentButton = page.getByRole('button', { name: /^(Definir|Actualizar) inversión$/ }).first();
  await investmentButton.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Inversión anual/).fill('48000000');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect.poll(() => page.getByText(/^Inversión en marketing de \d{4}: \$48\.000\.000$/).count()).toBe(1);
  const invested = await api<Totals>('/backend/stores/1/statsInRange?preset=last7Days&granularity=day');
  expect(invested.totals.acquisitionCostPerCustomer).not.toBeNull();
  await expect
    .poll(() => kpi('Costo de adquisición por cliente').textContent())
    .toContain(clp(invested.totals.acquisitionCostPerCustomer!));

  // Every tab of the overview table answers, the products tab over several pages.
  for (const tab of ['Ubicación del comprador', 'Método de despacho', 'Método de pago', 'Descuentos', 'Productos']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect.poll(() => page.getByRole('tabpanel').locator('tbody tr').count()).toBeGreaterThan(0);
  }
  await expect.poll(() => page.getByText(/^Página 1 de [\d.]+$/).count()).toBe(1);
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await page.waitForURL(/page=2/);
  await expect.poll(() => page.getByText(/^Página 2 de [\d.]+$/).count()).toBe(1);
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
