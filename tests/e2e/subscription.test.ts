import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { SERVER_WAIT, signUpInPage } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();

/** Next year's December, as the card form takes it (MM/AA). */
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Nombre del titular').fill('Josefa Pérez');
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Vencimiento').fill(EXPIRY);
  await page.getByLabel('Código de seguridad (CVC)').fill('123');
}

const subscriptionOf = (page: Page) =>
  page.evaluate(() =>
    fetch('/api/private/subscription').then(
      (response) => response.json() as Promise<{ subscription: { status: string; billing: string; planId: string } | null }>,
    ),
  );

it('a new merchant connects the store, starts the trial with a test card, moves to yearly, is refused an expired card and cancels', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const status = await signUpInPage(page, e2e.server.url, { name: 'Josefa Pérez', email: 'josefa@tienda.cl', password: 'clave-nueva-123' });
  expect(status).toBe(201);

  // Step 1: the store, with the Shopify sandbox's token.
  await page.goto(`${e2e.server.url}/dashboard`);
  await page.getByLabel('Nombre de la tienda').fill('Mi Tienda Nueva');
  await page.getByLabel('Dirección de la tienda').fill('recompra-demo.myshopify.com');
  await page.getByLabel('Token de acceso', { exact: true }).fill('shpat_sandbox_demo');
  await page.getByRole('button', { name: 'Conectar tienda' }).click();
  await expect.poll(async () => (await subscriptionOf(page)).subscription, { timeout: SERVER_WAIT }).toBeNull();

  // Step 2: a plan, with its free trial; the card goes to the card processor, never to us.
  await page.goto(`${e2e.server.url}/account/change-plan`);
  await page.getByRole('heading', { name: 'Elige tu plan' }).waitFor();
  const cardRequests: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.postData()?.includes('4242')) cardRequests.push(new URL(request.url()).pathname);
  });
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Comenzar prueba gratuita' }).click();
  await page.waitForURL(/\/dashboard/, { timeout: SERVER_WAIT });
  expect(cardRequests).toEqual(['/v1/payment_methods']);
  expect(await subscriptionOf(page)).toMatchObject({ subscription: { status: 'active', billing: 'monthly' } });

  // Account › Suscripción shows the trial, and the plan moves to yearly billing.
  await page.goto(`${e2e.server.url}/account`);
  await page.getByText('Prueba gratuita', { exact: true }).first().waitFor();
  await page.getByRole('link', { name: 'Cambiar plan' }).click();
  await page.getByRole('heading', { name: 'Cambiar plan' }).waitFor();
  await page.getByText('Anual: 2 meses gratis').click();
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect.poll(async () => (await subscriptionOf(page)).subscription?.billing, { timeout: SERVER_WAIT }).toBe('yearly');

  // An expired card is refused in Spanish, and the saved card stays.
  await page.goto(`${e2e.server.url}/account/payment-method`);
  await fillCard(page, '4000 0000 0000 0069');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await page.getByText('Tu tarjeta ha expirado.').first().waitFor({ timeout: SERVER_WAIT });

  // Cancel with a reason: the store is deleted when the trial ends.
  await page.goto(`${e2e.server.url}/account`);
  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await page.getByText('Es demasiado caro').click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
  await expect.poll(async () => (await subscriptionOf(page)).subscription?.status, { timeout: SERVER_WAIT }).toBe('canceled');
  await page
    .getByText(/Tu cuenta y los datos de tu tienda se eliminarán el/)
    .first()
    .waitFor();
  await context.close();
});

/**
 * Ticks the plan's terms box. Its text holds the links to the terms and the privacy policy, so a click
 * on the text could open one: the click goes to the box drawn over the native checkbox, as a person's would.
 */
async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }).check({ force: true });
}
