import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SANDBOX_META_USERS } from '../../src/server/integrations/meta/sandbox/index.ts';
import { DEMO_PASSWORD, SERVER_WAIT } from './server-process.ts';

const [CAMILA] = SANDBOX_META_USERS;

/** Meta's review of a template (10 s in the sandbox) and its webhook (every 2 s), with room for a loaded machine. */
export const REVIEW_WAIT = 45_000;

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

/** The WhatsApp card on /integrations. */
export const messagingCard = (page: Page) => page.getByRole('article').filter({ hasText: 'Mensajería: WhatsApp' });

/** From Integrations, once Meta is connected: WhatsApp from the same business portfolio, Tienda Demo's main number. */
export async function connectWhatsapp(page: Page): Promise<void> {
  await messagingCard(page).getByRole('button', { name: 'Conectar WhatsApp' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Cuenta de WhatsApp Business (WhatsApp ID)' }).waitFor({ timeout: SERVER_WAIT });
  await choose(page, 'Cuenta de WhatsApp Business (WhatsApp ID)', 'Tienda Demo');
  await choose(page, 'Número de teléfono', /\+56 9 2345 6701/);
  // Playwright's own wait, not the test runner's: `npm run bench:chat` connects WhatsApp this way too.
  await dialog.getByText('Calidad: Alta').waitFor({ timeout: SERVER_WAIT });
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await messagingCard(page).getByText('+56 9 2345 6701').waitFor({ timeout: SERVER_WAIT });
}

/** A template's card in the WhatsApp page's list, by its name. */
export const templateCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
/** A status badge within `scope`, by its exact words. */
export const badge = (scope: Locator, status: string) => scope.getByText(status, { exact: true });
/** The template form's message. */
export const templateBody = (page: Page) => page.getByRole('textbox', { name: 'Mensaje', exact: true });

/** Step 1 of the template form: the name and the category. */
export async function fillTemplateInfo(page: Page, name: string, category: 'Marketing' | 'Utilidad'): Promise<void> {
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await chooseCard(page, new RegExp(`^${category}`));
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await templateBody(page).waitFor();
}

/**
 * The template's message as a merchant writes it: "Hola , " and the rest first (Meta asks for text around each
 * variable), then the customer's first name put in after "Hola " from the variables menu.
 */
export async function writeGreetingByFirstName(page: Page, rest: string): Promise<void> {
  await templateBody(page).fill(`Hola , ${rest}`);
  await templateBody(page).press('Control+Home');
  for (let step = 0; step < 'Hola '.length; step++) await templateBody(page).press('ArrowRight');
  await page.getByRole('button', { name: 'Insertar variable' }).click();
  await page.getByRole('menuitem', { name: /^Nombre del cliente/ }).click();
  expect(await templateBody(page).inputValue()).toBe(`Hola {{client_first_name}}, ${rest}`);
}

/** From a template's detail, its breadcrumb back to the list (a move inside the app, no reload). */
export async function backToTemplates(page: Page): Promise<void> {
  await page.waitForURL(/\/whatsapp\/templates\/\d+$/, { timeout: SERVER_WAIT });
  await page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'WhatsApp' }).click();
  await page.waitForURL(/\/whatsapp\?tab=templates$/);
}

/** The page is no wider than its window: nothing to scroll sideways. */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
