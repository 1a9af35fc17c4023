import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, SERVER_WAIT, signUpInPage } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();

const SANDBOX_URL = 'recompra-demo.myshopify.com';
const SANDBOX_TOKEN = 'shpat_sandbox_demo';

async function submitStoreForm(page: Page, accessToken: string): Promise<void> {
  await page.getByLabel('Nombre de la tienda').fill('Mi Tienda Nueva');
  await page.getByLabel('Dirección de la tienda').fill(SANDBOX_URL);
  await page.getByLabel('Token de acceso', { exact: true }).fill(accessToken);
  await page.getByRole('button', { name: 'Conectar tienda' }).click();
}

it('a new account connects the sandbox store from the welcome guide, watches the import and lands on its real order count', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const status = await signUpInPage(page, e2e.server.url, { name: 'Josefa Pérez', email: 'josefa@tienda.cl', password: 'clave-nueva-123' });
  expect(status).toBe(201);

  await page.goto(`${e2e.server.url}/dashboard`);
  await page.getByRole('heading', { name: 'Te damos la bienvenida a Recompra' }).waitFor();
  expect(await page.getByLabel('Dirección de la tienda').getAttribute('placeholder')).toBe('mitienda.myshopify.com');

  // Shopify (its local sandbox) refuses any other token.
  await submitStoreForm(page, 'shpat_equivocado');
  await page.getByText('Shopify rechazó estas credenciales: revisa la dirección de la tienda y el token de acceso.').waitFor();

  // The right token: the store is created and its first import starts, with a progress bar.
  await page.getByLabel('Token de acceso', { exact: true }).fill(SANDBOX_TOKEN);
  await page.getByRole('button', { name: 'Conectar tienda' }).click();
  await page
    .getByRole('heading', { name: 'Estamos descargando los datos de tu tienda' })
    .or(page.getByRole('heading', { name: 'Inicio' }))
    .waitFor({ timeout: SERVER_WAIT });

  // Its data opens with a plan or trial (step 2, whose screens subscription.test.ts walks through): started here
  // as the browser does it, the card tokenised at the card processor's sandbox and only its id sent to us.
  const subscribed = await page.evaluate(async () => {
    const card = await fetch('/v1/payment_methods', {
      method: 'POST',
      headers: { Authorization: 'Bearer pk_test_recompra_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2040&card[cvc]=123',
    }).then((response) => response.json() as Promise<{ id: string }>);
    const csrf = /(?:^|; )recompra_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/private/subscription', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
      body: JSON.stringify({ planId: 'escala', billing: 'monthly', paymentMethodId: card.id, termsAccepted: true }),
    });
    return response.status;
  });
  expect(subscribed).toBe(201);
  await page.reload();

  // Once the last year is in, the dashboard shows the store's real order count.
  const figure = page.locator('article', { has: page.getByRole('heading', { level: 2, name: 'Pedidos totales' }) });
  await figure.waitFor({ timeout: SERVER_WAIT });
  const me = await page.evaluate(() => fetch('/api/auth/me').then((response) => response.json() as Promise<{ store: number }>));
  const sync = () =>
    page.evaluate(
      (id) => fetch(`/api/private/stores/${id}/sync`).then((response) => response.json() as Promise<{ status: string }>),
      me.store,
    );
  await expect.poll(async () => (await sync()).status, { timeout: SERVER_WAIT, interval: 500 }).toBe('FINISHED');
  const { count } = await page.evaluate(
    (id) => fetch(`/api/private/stores/${id}/ordersCount`).then((response) => response.json() as Promise<{ count: number }>),
    me.store,
  );
  expect(count).toBeGreaterThan(20_000);
  // The figure counts the orders that still stand (cancelled and refunded ones aside).
  const { totalOrders } = await page.evaluate(
    (id) => fetch(`/backend/stores/${id}/stats`).then((response) => response.json() as Promise<{ totalOrders: number }>),
    me.store,
  );
  expect(totalOrders).toBeGreaterThan(count * 0.9);
  expect(totalOrders).toBeLessThanOrEqual(count);
  await page.reload();
  await expect
    .poll(() => figure.textContent(), { timeout: SERVER_WAIT })
    .toBe(`Pedidos totales${new Intl.NumberFormat('es-CL').format(totalOrders)}`);
  await context.close();
});

it('the demo owner sees the store connected on /integrations once its import has finished', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/api/auth/login?returnTo=%2Fintegrations`);
  await page.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${e2e.server.url}/integrations`);

  const card = page.locator('article', { has: page.getByRole('heading', { level: 2, name: 'Tienda: Shopify' }) });
  await card.getByText(SANDBOX_URL).waitFor();
  // The card follows the import by itself until its history is in.
  await card.getByText('Datos al día').waitFor({ timeout: SERVER_WAIT });
  expect(await card.getByText('Conectada', { exact: true }).count()).toBe(1);
  await context.close();
});
