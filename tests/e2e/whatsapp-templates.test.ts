import { expect, it } from 'vitest';
import { pngImage } from '../server/integrations/meta/testing.ts';
import {
  backToTemplates,
  badge,
  choose,
  connectMeta,
  connectWhatsapp,
  fillTemplateInfo,
  fitsWidth,
  messagingCard,
  REVIEW_WAIT,
  signIn,
  templateBody,
  templateCard,
  writeGreetingByFirstName,
} from './meta-login.ts';
import { SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();

it('a new merchant connects WhatsApp, sends two templates to review and fixes the one Meta rejects', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url);
  await connectMeta(page, e2e.server.url);

  // 1. WhatsApp, from the same business portfolio.
  await connectWhatsapp(page);
  const card = messagingCard(page);
  expect(await card.getByText('Alta', { exact: true }).count()).toBe(1);
  expect(await card.getByText('2.000 clientes cada 24 h').count()).toBe(1);

  // 2. A marketing template with an image, the customer's first name and two buttons.
  await page.goto(`${e2e.server.url}/whatsapp`);
  // A mark on this very document: it is still there at the end, so nothing below reloads the page.
  await page.evaluate(() => Object.assign(window, { journeyMark: 'sin recargar' }));
  await page.getByRole('tab', { name: 'Plantillas' }).click();
  await page.getByRole('link', { name: 'Crear plantilla' }).first().click();
  await fillTemplateInfo(page, 'oferta_semana', 'Marketing');

  await choose(page, 'Tipo de encabezado', 'Imagen');
  await page.locator('input[type="file"]').setInputFiles({ name: 'oferta.png', mimeType: 'image/png', buffer: pngImage(800, 418) });
  // Uploaded to Meta before the template can go: a file still on its way stops the sending.
  await page.getByText('Subido', { exact: true }).waitFor({ timeout: SERVER_WAIT });

  // Meta asks for text around each variable: the message first, then the name put in after "Hola ".
  await writeGreetingByFirstName(page, 'esta semana tu café favorito tiene 20 % de descuento en Tienda Demo.');
  await page.getByRole('textbox', { name: /Ejemplo de «Nombre del cliente»/ }).fill('Camila');

  await page.getByRole('button', { name: 'Agregar botón' }).click();
  await page.getByRole('menuitem', { name: 'Enlace a un sitio web' }).click();
  await page.getByRole('textbox', { name: 'Texto del botón' }).nth(0).fill('Ver ofertas');
  await page.getByRole('textbox', { name: 'Dirección del sitio web' }).fill('https://tiendademo.cl/ofertas');
  await page.getByRole('button', { name: 'Agregar botón' }).click();
  await page.getByRole('menuitem', { name: 'Llamar a un teléfono' }).click();
  await page.getByRole('textbox', { name: 'Texto del botón' }).nth(1).fill('Llamar a la tienda');
  await page.getByRole('textbox', { name: 'Número de teléfono' }).fill('223456701');
  // The preview shows the example in place of the variable.
  await expect.poll(() => page.getByText(/Hola Camila, esta semana/).count()).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await backToTemplates(page);
  const offer = templateCard(page, 'oferta_semana');
  await badge(offer, 'En revisión').waitFor({ timeout: SERVER_WAIT });
  // Meta's verdict arrives on the live channel: the list changes without being read again.
  await badge(offer, 'Aprobada').waitFor({ timeout: REVIEW_WAIT });

  // 3. A utility template Meta finds promotional.
  await page.getByRole('link', { name: 'Crear plantilla' }).click();
  await fillTemplateInfo(page, 'aviso_despacho', 'Utilidad');
  await templateBody(page).fill('Tu pedido ya salió de nuestra bodega y llega en dos días hábiles. #rechazar:PROMOTIONAL');
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await backToTemplates(page);
  const notice = templateCard(page, 'aviso_despacho');
  await badge(notice, 'En revisión').waitFor({ timeout: SERVER_WAIT });
  await badge(notice, 'Rechazada').waitFor({ timeout: REVIEW_WAIT });
  expect(await notice.getByText('Motivo: Meta la considera promocional para la categoría elegida.').count()).toBe(1);

  // Opened, fixed and sent again.
  await notice.getByRole('link', { name: 'aviso_despacho' }).click();
  await page.getByRole('link', { name: 'Editar plantilla' }).click();
  await page.getByText(/Meta rechazó esta plantilla\. Motivo: Meta la considera promocional/).waitFor({ timeout: SERVER_WAIT });
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await templateBody(page).fill('Tu pedido ya salió de nuestra bodega y llega en dos días hábiles.');
  await page.getByRole('button', { name: 'Guardar y enviar a revisión' }).click();
  await backToTemplates(page);
  await badge(notice, 'En revisión').waitFor({ timeout: SERVER_WAIT });
  await badge(notice, 'Aprobada').waitFor({ timeout: REVIEW_WAIT });
  expect(await page.evaluate(() => (window as Window & { journeyMark?: string }).journeyMark)).toBe('sin recargar');
  await context.close();
});

it('on a phone, the templates list and the form fit the screen', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, e2e.server.url);
  await page.goto(`${e2e.server.url}/whatsapp?tab=templates`);
  await badge(templateCard(page, 'oferta_semana'), 'Aprobada').waitFor({ timeout: SERVER_WAIT });
  await badge(templateCard(page, 'aviso_despacho'), 'Aprobada').waitFor();
  expect(await fitsWidth(page)).toBe(true);

  await page.getByRole('link', { name: 'Crear plantilla' }).click();
  await fillTemplateInfo(page, 'recordatorio_carro', 'Marketing');
  expect(await fitsWidth(page)).toBe(true);
  await writeGreetingByFirstName(page, 'te guardamos tu carro en Tienda Demo por unos días.');
  expect(await fitsWidth(page)).toBe(true);
  await page.getByRole('button', { name: 'Atrás' }).click();
  expect(await page.getByRole('textbox', { name: 'Nombre', exact: true }).inputValue()).toBe('recordatorio_carro');
  await context.close();
});
