import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { SANDBOX_META_IDS } from '../../src/server/integrations/meta/sandbox/index.ts';
import { databaseUrlOf, onServer } from '../scratch-database.ts';
import {
  backToTemplates,
  badge,
  choose,
  connectMeta,
  connectWhatsapp,
  fillTemplateInfo,
  REVIEW_WAIT,
  signIn,
  templateBody,
  templateCard,
} from './meta-login.ts';
import { type RunningServer, SERVER_WAIT, startServer } from './server-process.ts';
import { useBrowser } from './use-server.ts';

const e2e = useBrowser();

const TEMPLATE = 'aviso_retiro';
const CUSTOMER = { phone: '+56987654321', name: 'Valentina Rojas' };
const QUESTION = '¿Les queda café en grano de Colombia?';
const REPLY = 'Sí, nos quedan tres bolsas. ¿Te guardo una?';
const MINUTE = 60;
/** Meta says a reply delivered five minutes after it went, and read five minutes later, on its clock (the server's). */
const DELIVERED_AFTER = 5 * MINUTE;
const READ_AFTER = 10 * MINUTE;
const WINDOW_CLOSED = 'Ventana de 24 horas cerrada';

/** Where each tab works, which process hosts the Meta sandbox both use (and receives its webhooks), and every process. */
interface Servers {
  tab1: string;
  tab2: string;
  meta: string;
  all: string[];
}

/** The Meta sandbox's WhatsApp control, at the process that hosts it. */
function whatsappSandbox(metaHost: string) {
  const base = `${metaHost}/sandbox/meta/whatsapp`;
  const phoneNumberId = SANDBOX_META_IDS.phoneNumbers.principal;
  const post = async (path: string, body: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
  return {
    /** Statuses one at a time, in order, each when the clock reaches it: every tick can be seen. */
    statusesAfter: (delivered: number, read: number) =>
      post('/message-habits', { awkward: false, deliveredAfterMs: delivered * 1000, readAfterMs: read * 1000 }),
    /** The customer writes to the store's number; Meta's id of the message. */
    customerWrites: async (text: string) =>
      String(
        (
          await post(`/phone-numbers/${phoneNumberId}/customer-messages`, {
            from: CUSTOMER.phone.replace(/\D/g, ''),
            message: { type: 'text', text: { body: text }, profileName: CUSTOMER.name },
          })
        ).id,
      ),
    /** The kinds of message the store's number sent the customer, oldest first. */
    received: async () =>
      (
        await get<{ data: Array<{ type: string }> }>(`/messages?to=${CUSTOMER.phone.replace(/\D/g, '')}&phoneNumberId=${phoneNumberId}`)
      ).data.map((message) => message.type),
    readReceipts: async () => (await get<{ data: string[] }>(`/read-receipts?phoneNumberId=${phoneNumberId}`)).data,
  };
}

/** Time passes for every process (and so for Meta, whose clock is the server's). */
async function timePasses(servers: Servers, seconds: number): Promise<void> {
  for (const url of servers.all) {
    const response = await fetch(`${url}/sandbox/clock/advance?seconds=${seconds}`, { method: 'POST' });
    expect(response.status).toBe(200);
  }
}

const inbox = (page: Page) => page.getByRole('region', { name: 'Conversaciones' });
const conversationItem = (page: Page) => inbox(page).getByRole('button', { name: new RegExp(QUESTION.replace(/[?¿]/g, '.')) });
const messages = (page: Page) => page.getByRole('log', { name: `Mensajes con ${CUSTOMER.name}` });
/** A message of the conversation by its text, with its time and ticks (the newest: a send shows before its answer). */
const bubble = (page: Page, text: string) => messages(page).getByText(text, { exact: true }).last().locator('..');
/** The delivery tick a message shows, by its name ("Enviado", "Entregado", "Leído"). */
const tick = (page: Page, text: string, status: string) => bubble(page, text).getByText(status, { exact: true });

/** What is left of the window, as the composer says it; null once it is closed. */
async function minutesLeft(page: Page): Promise<number | null> {
  const note = page.getByText(/^Puedes escribirle libremente por /);
  if ((await note.count()) === 0) return null;
  const text = (await note.textContent()) ?? '';
  const hours = Number(/(\d+) horas?/.exec(text)?.[1] ?? 0);
  const minutes = Number(/(\d+) minutos?/.exec(text)?.[1] ?? 0);
  return hours * 60 + minutes;
}

/** An approved utility template with no variables, made on the WhatsApp page and reviewed by Meta's sandbox. */
async function approvedTemplate(page: Page, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/whatsapp?tab=templates`);
  await page.getByRole('link', { name: 'Crear plantilla' }).first().click();
  await fillTemplateInfo(page, TEMPLATE, 'Utilidad');
  await templateBody(page).fill('Tu pedido está listo para retiro en Tienda Demo.');
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await backToTemplates(page);
  await badge(templateCard(page, TEMPLATE), 'Aprobada').waitFor({ timeout: REVIEW_WAIT });
}

/**
 * Issue 43's journey: a customer writes; the merchant answers; the reply shows sent, delivered, read; 24 hours pass;
 * free text is refused and nothing reaches Meta; a template goes. Tab 2 sees each step as it happens.
 */
async function chatJourney(browser: Browser, servers: Servers): Promise<void> {
  const context = await browser.newContext();
  const [tab1, tab2] = [await context.newPage(), await context.newPage()];
  const sandbox = whatsappSandbox(servers.meta);
  // Meta's login and the WhatsApp number are the sandbox's: connected on its process. One sign-in serves both tabs.
  await signIn(tab2, servers.meta);
  await connectMeta(tab2, servers.meta);
  await connectWhatsapp(tab2);
  await approvedTemplate(tab2, servers.meta);
  await sandbox.statusesAfter(DELIVERED_AFTER, READ_AFTER);

  await tab1.goto(`${servers.tab1}/chat`);
  await tab2.goto(`${servers.tab2}/chat`);
  for (const tab of [tab1, tab2]) {
    await inbox(tab).getByText('Aún no tienes conversaciones').waitFor();
    // A mark on this very document: it is still there at the end, so nothing below reloads the page.
    await tab.evaluate(() => Object.assign(window, { journeyMark: 'sin recargar' }));
  }

  // 1. The customer writes: both inboxes and both sidebars show it unread.
  const wamid = await sandbox.customerWrites(QUESTION);
  for (const tab of [tab1, tab2]) {
    await conversationItem(tab).getByRole('img', { name: '1 mensaje sin leer' }).waitFor({ timeout: SERVER_WAIT });
    await tab.getByRole('link', { name: /1 conversación sin leer/ }).waitFor();
  }

  // 2. Tab 1 opens it: read here, in tab 2 and in WhatsApp (Meta's read receipt).
  await conversationItem(tab1).click();
  await messages(tab1).getByText(QUESTION, { exact: true }).waitFor();
  await expect.poll(sandbox.readReceipts).toContain(wamid);
  for (const tab of [tab1, tab2]) {
    await expect
      .poll(() =>
        conversationItem(tab)
          .getByRole('img', { name: /sin leer/ })
          .count(),
      )
      .toBe(0);
    await expect.poll(() => tab.getByRole('link', { name: /sin leer/ }).count()).toBe(0);
  }
  await conversationItem(tab2).click();
  await messages(tab2).getByText(QUESTION, { exact: true }).waitFor();
  // Just written: the whole day is left (counted down to the minute).
  expect(await minutesLeft(tab1)).toBeGreaterThan(23 * 60);

  // 3. Tab 1 answers; both tabs follow the reply: sent, delivered, read, as Meta's clock gets there.
  await tab1.getByRole('textbox', { name: 'Mensaje' }).fill(REPLY);
  await tab1.getByRole('button', { name: 'Enviar', exact: true }).click();
  for (const tab of [tab1, tab2]) await tick(tab, REPLY, 'Enviado').waitFor({ timeout: SERVER_WAIT });
  expect(await sandbox.received()).toEqual(['text']);
  await timePasses(servers, DELIVERED_AFTER);
  for (const tab of [tab1, tab2]) await tick(tab, REPLY, 'Entregado').waitFor({ timeout: SERVER_WAIT });
  await timePasses(servers, READ_AFTER - DELIVERED_AFTER);
  for (const tab of [tab1, tab2]) await tick(tab, REPLY, 'Leído').waitFor({ timeout: SERVER_WAIT });
  // The screens count on the server's clock, ten minutes on: not the browser's, which says a day is still left.
  for (const tab of [tab1, tab2]) await expect.poll(() => minutesLeft(tab)).toBeLessThanOrEqual(24 * 60 - READ_AFTER / MINUTE);

  // 4. A day and a minute after the customer wrote, the window is closed: both composers offer only templates.
  await timePasses(servers, 24 * 60 * MINUTE + MINUTE - READ_AFTER);
  for (const tab of [tab1, tab2]) {
    await tab.getByText(WINDOW_CLOSED).waitFor({ timeout: SERVER_WAIT });
    expect(await tab.getByRole('textbox', { name: 'Mensaje' }).count()).toBe(0);
  }

  // Free text straight to the API, as a stale screen would send it, is refused: nothing reaches Meta.
  const conversationId = new URL(tab1.url()).searchParams.get('c');
  const csrf = (await context.cookies(servers.tab1)).find((cookie) => cookie.name === 'recompra_csrf')?.value ?? '';
  const refused = await tab1.request.post(`${servers.tab1}/api/private/stores/1/conversations/${conversationId}/messages`, {
    headers: { 'x-csrf-token': csrf },
    data: { clientId: crypto.randomUUID(), text: '¿Sigues ahí?' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: 'chat_window_closed',
    message:
      'Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo permite enviarle una plantilla aprobada. El mensaje no se envió.',
  });
  expect(await sandbox.received()).toEqual(['text']);

  // 5. Tab 1 sends the approved template; it reaches the customer, and tab 2 sees it go.
  await choose(tab1, 'Plantilla', TEMPLATE);
  await tab1.getByText('Esta plantilla no tiene variables: se envía tal como está.').waitFor();
  await tab1.getByRole('button', { name: 'Enviar plantilla' }).click();
  await expect.poll(sandbox.received).toEqual(['text', 'template']);
  for (const tab of [tab1, tab2]) {
    const sent = messages(tab).getByText(`Plantilla «${TEMPLATE}»`, { exact: true }).locator('..');
    await sent.getByText(/^(Enviado|Entregado|Leído)$/).waitFor({ timeout: SERVER_WAIT });
    expect(await tab.evaluate(() => (window as Window & { journeyMark?: string }).journeyMark)).toBe('sin recargar');
  }
  await context.close();
}

it('a customer writes, the merchant answers, a day passes and only a template goes; a second tab follows', async () => {
  const server = await startServer();
  try {
    await chatJourney(e2e.browser, { tab1: server.url, tab2: server.url, meta: server.url, all: [server.url] });
  } finally {
    await server.stop();
  }
});

/** The PostgreSQL server the journey makes its database on (it answers before the test starts). */
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

it('the same with two server processes on one PostgreSQL database, a tab on each', async (context) => {
  const name = `recompra_chat_e2e_${process.pid}_${Date.now()}`;
  try {
    await onServer(POSTGRES, `create database ${name}`);
  } catch (error) {
    const note = `PostgreSQL does not answer at ${POSTGRES} (${(error as Error).message}): the two-process chat journey is skipped`;
    // Said in the run's output too, where a skipped test's note does not show.
    console.warn(note);
    context.skip(note);
  }
  const started: RunningServer[] = [];
  try {
    const databaseUrl = databaseUrlOf(POSTGRES, name);
    // B first: it migrates and seeds the database, hosts the Meta sandbox both use and receives its webhooks.
    const b = await startServer({ databaseUrl });
    started.push(b);
    const a = await startServer({ databaseUrl, env: { META_GRAPH_URL: `${b.url}/sandbox/meta/graph` } });
    started.push(a);
    await chatJourney(e2e.browser, { tab1: a.url, tab2: b.url, meta: b.url, all: [a.url, b.url] });
  } finally {
    for (const server of started) await server.stop();
    await onServer(POSTGRES, `drop database if exists ${name} with (force)`);
  }
});
