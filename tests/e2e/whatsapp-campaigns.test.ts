import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { SANDBOX_META_IDS } from '../../src/server/integrations/meta/sandbox/index.ts';
import {
  backToTemplates,
  badge,
  choose,
  chooseCard,
  connectMeta,
  connectWhatsapp,
  fillTemplateInfo,
  fitsWidth,
  REVIEW_WAIT,
  signIn,
  templateCard,
  writeGreetingByFirstName,
} from './meta-login.ts';
import { SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();

const TEMPLATE = 'novedades_frecuentes';
const SEGMENT = 'Clientes frecuentes';
const SEGMENT_KEY = 'frequentCustomers';
const countFormat = new Intl.NumberFormat('es-CL');

/** The campaign the journey sends, for the phone's look at it. */
let campaignPath = '';

const breadcrumbToWhatsapp = (page: Page) =>
  page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'WhatsApp' }).click();

/** A figure of the campaign's general metrics as a number; null while it is not on the page. */
async function figure(page: Page, label: string): Promise<number | null> {
  const kpi = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: label, exact: true }) });
  if ((await kpi.count()) !== 1) return null;
  const value = (await kpi.textContent())?.slice(label.length).replace(/\D/g, '');
  return value ? Number(value) : null;
}

/**
 * The demo store's whole history is in and the segment built from it: from then on its members and their consent
 * change only by what the journey does, so its counts can be compared.
 */
async function segmentSettled(page: Page): Promise<void> {
  const read = (path: string) => page.evaluate((address) => fetch(address).then((response) => response.json()), path);
  await expect
    .poll(
      async () => {
        const sync = (await read('/api/private/stores/1/sync')) as { status: string };
        const { segments } = (await read('/api/private/stores/1/segments')) as { segments: Array<{ key: string | null; status: string }> };
        return sync.status === 'FINISHED' && segments.find((segment) => segment.key === SEGMENT_KEY)?.status;
      },
      { timeout: SERVER_WAIT, interval: 500 },
    )
    .toBe('ready');
}

/** What the form says the chosen segment reaches: consented customers, and the segment's members. */
async function audienceOf(page: Page): Promise<{ consented: number; members: number }> {
  const line = page.getByText(/clientes con permiso para WhatsApp, de [\d.]+ en el segmento$/);
  await line.waitFor({ timeout: SERVER_WAIT });
  const [, consented, members] =
    /^([\d.]+) clientes con permiso para WhatsApp, de ([\d.]+) en el segmento$/.exec((await line.textContent()) ?? '') ?? [];
  return { consented: Number(consented?.replace(/\./g, '')), members: Number(members?.replace(/\./g, '')) };
}

/** This minute on the store's clock, as the form's day and hour fields take it (dd-mm-aaaa, hh:mm). */
function thisMinuteIn(timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.day}-${parts.month}-${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** Step 1 of the campaign form for a unique campaign to the segment, leaving now on the store's clock. */
async function fillUniqueCampaign(page: Page, name: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Nombre de la campaña' }).fill(name);
  await chooseCard(page, /^Única/);
  await page.getByRole('combobox', { name: 'Segmento' }).and(page.locator(':enabled')).waitFor({ timeout: SERVER_WAIT });
  await choose(page, 'Segmento', SEGMENT);
  await fillSendNow(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

/** The day and hour fields set to this minute, read in the store's time zone as the form names it. */
async function fillSendNow(page: Page): Promise<void> {
  const helper = await page
    .getByText(/^Hora de tu tienda \(/)
    .first()
    .textContent();
  const zone = /\((.+)\)/.exec(helper ?? '')?.[1];
  expect(zone).toBeTruthy();
  const now = thisMinuteIn(zone!);
  await page.getByRole('textbox', { name: 'Día de envío' }).fill(now.day);
  await page.getByRole('textbox', { name: 'Hora de envío' }).fill(now.time);
}

/**
 * Sends the form and lands on the new campaign's detail. A unique campaign is set to leave this minute: when the
 * minute turns while the merchant finishes, the form says the hour has passed, and the merchant types the new one.
 */
async function submitCampaign(page: Page, button: 'Programar campaña' | 'Crear campaña'): Promise<string> {
  const detail = /\/whatsapp\/campaigns\/\d+$/;
  const past = page.getByText('Esa hora ya pasó en tu tienda. Elige una hora futura.');
  const outcome = async () => (detail.test(new URL(page.url()).pathname) ? 'saved' : (await past.count()) > 0 ? 'past' : null);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByRole('button', { name: button }).click();
    await expect.poll(outcome, { timeout: SERVER_WAIT }).not.toBeNull();
    if ((await outcome()) === 'saved') return new URL(page.url()).pathname;
    await fillSendNow(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  throw new Error('the form kept refusing the hour of sending');
}

/** An hour, in seconds. */
const HOUR = 3600;

/**
 * The store's customers on WhatsApp, as the Meta sandbox plays them (its control, served under the app's origin):
 * when they read what arrives, what they write to the store's number, what the number sent them.
 */
function whatsappCustomers(serverUrl: string) {
  const sandbox = `${serverUrl}/sandbox/meta/whatsapp`;
  const phoneNumberId = SANDBOX_META_IDS.phoneNumbers.principal;
  const post = async (path: string, body?: object) => {
    const response = await fetch(`${sandbox}${path}`, {
      method: 'POST',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(200);
  };
  return {
    /** Each message is read `seconds` after it arrives (on Meta's clock), rather than Meta's usual moment later. */
    readAfter: (seconds: number) => post('/message-habits', { readAfterMs: seconds * 1000 }),
    /** Time goes by for Meta: what customers would have done meanwhile is done, and its webhooks fall due. */
    timePasses: (seconds: number) => post(`/advance?seconds=${seconds}`),
    writes: (phone: string, text: string) =>
      post(`/phone-numbers/${phoneNumberId}/customer-messages`, {
        from: phone.replace(/\D/g, ''),
        message: { type: 'text', text: { body: text } },
      }),
    /** The kinds of message the store's number sent to `phone`, oldest first. */
    async received(phone: string): Promise<string[]> {
      const response = await fetch(`${sandbox}/messages?to=${phone.replace(/\D/g, '')}&phoneNumberId=${phoneNumberId}`);
      return ((await response.json()) as { data: Array<{ type: string }> }).data.map((message) => message.type);
    },
  };
}

it('a merchant sends a WhatsApp campaign to a segment, watches it arrive, loses a customer to BAJA and sets up a cart reminder', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const customers = whatsappCustomers(e2e.server.url);
  await signIn(page, e2e.server.url);
  await connectMeta(page, e2e.server.url);
  await connectWhatsapp(page);

  // 1. A marketing template with the customer's first name, approved by Meta.
  await page.goto(`${e2e.server.url}/whatsapp`);
  // A mark on this very document: it is still there at the end, so nothing below reloads the page.
  await page.evaluate(() => Object.assign(window, { journeyMark: 'sin recargar' }));
  await page.getByRole('tab', { name: 'Plantillas' }).click();
  await page.getByRole('link', { name: 'Crear plantilla' }).first().click();
  await fillTemplateInfo(page, TEMPLATE, 'Marketing');
  await writeGreetingByFirstName(page, 'llegaron novedades a Tienda Demo y te guardamos un 10 % de descuento.');
  await page.getByRole('textbox', { name: /Ejemplo de «Nombre del cliente»/ }).fill('Camila');
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await backToTemplates(page);
  await badge(templateCard(page, TEMPLATE), 'Aprobada').waitFor({ timeout: REVIEW_WAIT });

  // 2. A unique campaign to the frequent customers, leaving now.
  await segmentSettled(page);
  await page.getByRole('tab', { name: 'Campañas' }).click();
  await page.getByRole('link', { name: 'Crear campaña' }).first().click();
  await page.waitForURL(/\/whatsapp\/campaigns\/create$/);
  await fillUniqueCampaign(page, 'Novedades para frecuentes');
  await chooseCard(page, new RegExp(`^${TEMPLATE}`));
  const audience = await audienceOf(page);
  expect(audience.consented).toBeGreaterThan(0);
  expect(audience.members).toBeGreaterThanOrEqual(audience.consented);
  // The preview greets a real consented customer of the segment by name.
  const sample = page.getByText(/^Con los datos de .+, un cliente real de tu tienda\.$/);
  await sample.waitFor({ timeout: SERVER_WAIT });
  const firstName = /^Con los datos de (\S+)/.exec((await sample.textContent()) ?? '')?.[1] ?? '';
  expect(await page.getByText(`Hola ${firstName}, llegaron novedades a Tienda Demo`).count()).toBeGreaterThan(0);
  // The customers read what arrives an hour later, so the page shows it delivered and unread first.
  await customers.readAfter(HOUR);
  campaignPath = await submitCampaign(page, 'Programar campaña');

  // 3. On its detail, the messages go out and arrive; an hour later (on Meta's clock) they have been read: the figures
  // move on the open page.
  await page.getByRole('heading', { level: 1, name: 'Novedades para frecuentes' }).waitFor({ timeout: SERVER_WAIT });
  // Its badge, and the date it was sent beside it.
  await badge(page.locator('main'), 'Enviada').first().waitFor({ timeout: SERVER_WAIT });
  await expect.poll(() => figure(page, 'Mensajes enviados'), { timeout: SERVER_WAIT }).toBe(audience.consented);
  await expect.poll(() => figure(page, 'Mensajes entregados'), { timeout: SERVER_WAIT }).toBeGreaterThan(0);
  const chats = page.getByRole('table', { name: 'Clientes que recibieron la campaña' });
  await chats.getByRole('row').nth(1).waitFor({ timeout: SERVER_WAIT });
  expect(await figure(page, 'Mensajes leídos')).toBe(0);
  expect(await chats.getByText('Leído', { exact: true }).count()).toBe(0);
  await customers.timePasses(HOUR);
  await expect.poll(() => figure(page, 'Mensajes leídos'), { timeout: SERVER_WAIT }).toBe(audience.consented);
  // A read message was delivered too, even when Meta's delivered notice never came or came after the read one.
  await expect.poll(() => figure(page, 'Mensajes entregados'), { timeout: SERVER_WAIT }).toBe(audience.consented);
  await expect.poll(() => chats.getByText('Leído', { exact: true }).count(), { timeout: SERVER_WAIT }).toBeGreaterThan(0);
  expect(await figure(page, 'Mensajes respondidos')).toBe(0);

  // 4. One of them answers BAJA from their phone.
  const row = chats.getByRole('row').nth(1);
  const phone = (await row.getByRole('cell').nth(1).textContent()) ?? '';
  expect(phone).toMatch(/^\+56\d{9}$/);
  expect(await row.getByRole('cell').nth(3).textContent()).toBe('No');
  await customers.writes(phone, 'BAJA');
  // Their answer counts on the open page, and they are told, once, that they will get no more.
  await expect.poll(() => figure(page, 'Mensajes respondidos'), { timeout: SERVER_WAIT }).toBe(1);
  const theirRow = chats.getByRole('row').filter({ hasText: phone });
  await expect.poll(() => theirRow.getByRole('cell').nth(3).textContent(), { timeout: SERVER_WAIT }).toBe('Sí');
  await expect.poll(() => customers.received(phone), { timeout: SERVER_WAIT }).toEqual(['template', 'text']);

  // 5. The next campaign to the same segment leaves them out.
  await breadcrumbToWhatsapp(page);
  await page.getByRole('link', { name: 'Crear campaña' }).first().click();
  await page.waitForURL(/\/whatsapp\/campaigns\/create$/);
  await fillUniqueCampaign(page, 'Segunda para frecuentes');
  await chooseCard(page, new RegExp(`^${TEMPLATE}`));
  await expect.poll(async () => (await audienceOf(page)).consented, { timeout: SERVER_WAIT }).toBe(audience.consented - 1);
  expect((await audienceOf(page)).members).toBe(audience.members);
  expect(await page.getByText(`${countFormat.format(audience.consented - 1)} clientes con permiso para WhatsApp`).count()).toBe(1);

  // 6. Instead, an automated reminder an hour after a customer leaves a cart.
  await page.getByRole('button', { name: 'Atrás' }).click();
  await page.getByRole('textbox', { name: 'Nombre de la campaña' }).fill('Carro olvidado');
  await chooseCard(page, /^Automatizada/);
  await chooseCard(page, /^Carro abandonado/);
  const delay = page.getByRole('checkbox', { name: 'Esperar antes de enviar' });
  await page.locator('label').filter({ has: delay }).click();
  await page.getByRole('textbox', { name: 'Cuánto esperar' }).fill('1');
  expect(await page.getByRole('combobox', { name: 'Unidad' }).textContent()).toContain('Horas');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  expect(await page.getByRole('radio', { name: new RegExp(`^${TEMPLATE}`) }).isChecked()).toBe(true);
  await submitCampaign(page, 'Crear campaña');
  await page.getByRole('heading', { level: 1, name: 'Carro olvidado' }).waitFor({ timeout: SERVER_WAIT });
  const main = page.locator('main');
  await badge(main, 'Activa').waitFor({ timeout: SERVER_WAIT });
  expect(await badge(main, 'Campaña automatizada').count()).toBe(1);
  expect(await main.getByText('El cliente abandona su carro', { exact: true }).count()).toBe(1);
  expect(await main.getByText('1 hora', { exact: true }).count()).toBe(1);

  // Listed, active, beside the sent one.
  await breadcrumbToWhatsapp(page);
  const listed = (name: string) => page.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
  await badge(listed('Carro olvidado'), 'Activa').waitFor({ timeout: SERVER_WAIT });
  expect(await listed('Carro olvidado').getByText('Evento: carro abandonado').count()).toBe(1);
  expect(await badge(listed('Novedades para frecuentes'), 'Enviada').count()).toBe(1);
  expect(await page.evaluate(() => (window as Window & { journeyMark?: string }).journeyMark)).toBe('sin recargar');
  await context.close();
});

it('on a phone, the campaign detail fits the screen', async () => {
  expect(campaignPath).toMatch(/^\/whatsapp\/campaigns\/\d+$/);
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, e2e.server.url);
  await page.goto(`${e2e.server.url}${campaignPath}`);
  await expect.poll(() => figure(page, 'Mensajes respondidos'), { timeout: SERVER_WAIT }).toBe(1);
  await page.getByRole('table', { name: 'Clientes que recibieron la campaña' }).getByRole('row').nth(1).waitFor();
  expect(await fitsWidth(page)).toBe(true);
  await context.close();
});
