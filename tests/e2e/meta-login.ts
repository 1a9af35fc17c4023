import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SANDBOX_META_USERS } from '../../src/server/integrations/meta/sandbox/index.ts';
import { DEMO_PASSWORD, SERVER_WAIT } from './server-process.ts';

const [CAMILA] = SANDBOX_META_USERS;

/** Facebook Login's stand-in dialog, as Camila fills it in; back on `returnTo` with the token. */
export async function logInAtFacebook(page: Page, returnTo: string): Promise<void> {
  await page.waitForURL(/\/sandbox\/meta\/www\/v\d+\.0\/dialog\/oauth/);
  await page.getByLabel('Correo electrónico').fill(CAMILA!.email);
  await page.getByLabel('Contraseña').fill(CAMILA!.password);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(returnTo);
}

/** Picks an option of one of the app's selects by its label. */
export async function choose(page: Page, field: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Chooses a card as a merchant does, by clicking it: its radio button is Ark's, hidden inside the card. */
export async function chooseCard(page: Page, name: RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  expect(await radio.isChecked()).toBe(true);
}

/** The Meta card on /integrations. */
export const metaCard = (page: Page) => page.getByRole('article').filter({ hasText: 'Anuncios: Meta' });

/** The demo owner signs in and lands on Integrations. */
export async function signIn(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/api/auth/login?returnTo=%2Fintegrations`);
  await page.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${serverUrl}/integrations`);
}

/** From Integrations: Meta connected with Camila's main ad account (its terms accepted), page, Instagram and pixel. */
export async function connectMeta(page: Page, serverUrl: string): Promise<void> {
  await metaCard(page).getByRole('button', { name: 'Conectar Meta' }).click();
  await page.getByRole('button', { name: 'Conectar con Facebook' }).click();
  await logInAtFacebook(page, `${serverUrl}/integrations`);
  await page.getByRole('combobox', { name: 'Cuenta publicitaria' }).waitFor({ timeout: SERVER_WAIT });
  await choose(page, 'Cuenta publicitaria', /Tienda Demo — Principal/);
  await choose(page, 'Página de Facebook', 'Tienda Demo');
  await choose(page, 'Cuenta de Instagram', 'tiendademo');
  await choose(page, 'Píxel', 'Píxel Tienda Demo');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await metaCard(page).getByText('Conectada').waitFor({ timeout: SERVER_WAIT });
}
