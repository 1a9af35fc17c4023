import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, type RunningServer, startServer } from './server-process.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The newest invitation link mailed to `email`, read from the local outbox. */
async function invitationLink(email: string): Promise<string> {
  const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
  const article = html.split('<article>').find((mail) => mail.includes(`Para ${email}`));
  const link = article && /href="([^"]*\/api\/auth\/invitation\?token=[^"]+)"/.exec(article)?.[1];
  if (!link) throw new Error(`no invitation for ${email} in the outbox`);
  return link.replace(/&#38;/g, '&');
}

async function openStoreTab(page: Page) {
  await page.goto(`${server.url}/account`);
  await page.getByRole('tab', { name: 'Tienda' }).click();
  await page.getByRole('heading', { name: 'Equipo de la tienda' }).waitFor();
}

it('signs up, then the owner invites a collaborator who joins, is kept out of integrations and is removed', async () => {
  // A new account from the sign-up screen lands on the dashboard, with no store yet.
  const newcomer = await browser.newContext();
  const signup = await newcomer.newPage();
  await signup.goto(`${server.url}/api/auth/login`);
  await signup.getByRole('link', { name: 'Crear una cuenta' }).click();
  await signup.waitForURL(`${server.url}/api/auth/signup`);
  await signup.getByLabel('Nombre').fill('Paula Reyes');
  await signup.getByLabel('Correo electrónico').fill('paula@tienda-e2e.cl');
  await signup.getByLabel('Contraseña', { exact: true }).fill('clave1234');
  await signup.getByRole('button', { name: 'Crear cuenta' }).click();
  await signup.waitForURL(`${server.url}/dashboard`);
  await newcomer.close();

  // The demo owner invites a collaborator from Account › Tienda.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(`${server.url}/api/auth/login?returnTo=%2Faccount`);
  await owner.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await owner.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await owner.getByRole('button', { name: 'Ingresar' }).click();
  await owner.waitForURL(`${server.url}/account`);
  await openStoreTab(owner);
  await owner.getByRole('button', { name: 'Agregar colaborador' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Agregar colaborador' });
  await dialog.getByLabel('Correo electrónico').fill('tomas@tienda-e2e.cl');
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await owner.getByText('Invitamos a tomas@tienda-e2e.cl.').waitFor();
  await owner.getByRole('cell', { name: 'tomas@tienda-e2e.cl', exact: true }).waitFor();

  // The invitee opens the mailed link in a fresh browser and creates an account.
  const link = await invitationLink('tomas@tienda-e2e.cl');
  const collaboratorContext = await browser.newContext();
  const collaborator = await collaboratorContext.newPage();
  await collaborator.goto(link);
  await collaborator.getByRole('heading', { name: /Únete a/ }).waitFor();
  await collaborator.getByLabel('Nombre').fill('Tomás Vidal');
  await collaborator.getByLabel('Contraseña', { exact: true }).fill('clave1234');
  await collaborator.getByRole('button', { name: 'Aceptar invitación' }).click();
  await collaborator.waitForURL(`${server.url}/dashboard`);
  // Collaborators have no integrations page.
  await collaborator.goto(`${server.url}/integrations`);
  await collaborator.waitForURL(`${server.url}/dashboard`);

  // The owner removes them; their session in the store ends.
  await openStoreTab(owner);
  await owner.getByRole('button', { name: 'Eliminar a Tomás Vidal' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await owner.getByText('Tomás Vidal ya no es parte de la tienda.').waitFor();
  await expect.poll(() => owner.getByRole('cell', { name: 'Tomás Vidal', exact: true }).count()).toBe(0);

  await collaborator.goto(`${server.url}/account`);
  await collaborator.waitForURL(/\/api\/auth\/login\?returnTo=%2Faccount$/);
  await ownerContext.close();
  await collaboratorContext.close();
});
