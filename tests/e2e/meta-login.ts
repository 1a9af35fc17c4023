import type { Page } from 'playwright-core';
import { SANDBOX_META_USERS } from '../../src/server/integrations/meta/sandbox/index.ts';

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

/** The Meta card on /integrations. */
export const metaCard = (page: Page) => page.getByRole('article').filter({ hasText: 'Anuncios: Meta' });
