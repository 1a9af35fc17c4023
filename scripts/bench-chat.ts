/**
 * A 5,000-message conversation on a phone: the chat as a merchant opens it on a 390-px phone whose processor is
 * four times slower than this machine's (Chromium's throttling), served by the production build and the real
 * server on PostgreSQL, WhatsApp connected through the Meta sandbox and the conversation written straight into
 * the database.
 *
 *   npm run bench:chat [-- --messages 5000]
 *
 * Prints the time the newest page takes to show, each older page's ("Cargar mensajes anteriores", 30 at a
 * time) at a few sizes of what is already shown, the main thread's blocking (long tasks' time over 50 ms) while
 * every page loads, the frames of scrolling the whole conversation from its newest message to its first, and
 * the page's nodes and JavaScript heap at the end. Targets: each older page on screen within 500 ms and
 * scrolling at a median frame under 20 ms (50 frames a second), at every size. Exits 1 when one is missed.
 * Needs `dist/web` (the npm script builds it first) and PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { connectMeta, connectWhatsapp, signIn } from '../tests/e2e/meta-login.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../tests/e2e/server-process.ts';
import { databaseUrlOf, onServer } from '../tests/scratch-database.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '5000' } } });
const MESSAGES = Number(values.messages);
const PAGE_SIZE = 30;
const TARGETS = { olderPageMs: 500, medianFrameMs: 20 };
const CUSTOMER = { waId: '56987654321', phone: '+56987654321', name: 'Valentina Rojas' };

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_chat_${process.pid}`;
await onServer(serverUrl, `create database ${name}`);
const databaseUrl = databaseUrlOf(serverUrl, name);
const server = await startServer({ databaseUrl });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const missed: string[] = [];
try {
  const setup = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const setupPage = await setup.newPage();
  await signIn(setupPage, server.url);
  await connectMeta(setupPage, server.url);
  await connectWhatsapp(setupPage);
  const conversationId = await writeConversation(databaseUrl, MESSAGES);

  // The phone signs in with the same session.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    storageState: await setup.storageState(),
  });
  await setup.close();
  await phone.addInitScript(() => {
    const state = window as unknown as { longTasks: number[] };
    state.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await phone.newPage();
  const cdp = await phone.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');

  const log = page.getByRole('log');
  const opened = performance.now();
  await page.goto(`${server.url}/chat?c=${conversationId}`);
  await log.getByText(`Mensaje ${MESSAGES}`, { exact: false }).first().waitFor({ timeout: 120_000 });
  console.log(`La conversación abre con sus ${PAGE_SIZE} mensajes más nuevos en ${Math.round(performance.now() - opened)} ms.`);

  const older = page.getByRole('button', { name: 'Cargar mensajes anteriores' });
  const checkpoints = new Set([PAGE_SIZE * 2, 1000, 2500, MESSAGES].map((count) => Math.min(count, MESSAGES)));
  let shown = PAGE_SIZE;
  const pageTimes: number[] = [];
  while (await older.isVisible()) {
    const before = shown;
    const ms = await olderPageTime(page, MESSAGES - before);
    pageTimes.push(ms);
    shown = Math.min(MESSAGES, before + PAGE_SIZE);
    const reached = [...checkpoints].find((count) => before < count && shown >= count);
    if (reached !== undefined) {
      console.log(`Con ${before} mensajes ya en pantalla, los ${PAGE_SIZE} anteriores aparecen en ${Math.round(ms)} ms.`);
      if (ms > TARGETS.olderPageMs) missed.push(`una página anterior con ${before} en pantalla: ${Math.round(ms)} ms`);
    }
  }
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const blocking = longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
  console.log(
    `${pageTimes.length} páginas anteriores: mediana ${Math.round(median(pageTimes))} ms, la más lenta ${Math.round(Math.max(...pageTimes))} ms; ` +
      `bloqueo del hilo principal ${Math.round(blocking)} ms en ${longTasks.length} tareas largas (la mayor ${Math.round(Math.max(0, ...longTasks))} ms).`,
  );
  console.log(`Mensajes leídos: ${MESSAGES}; en la página, cerca de la vista: ${await log.locator('[data-message-id]').count()}.`);

  const frames = await scrollFrames(page);
  console.log(
    `Desplazar toda la conversación: ${frames.length} cuadros, mediana ${median(frames).toFixed(1)} ms, ` +
      `p95 ${percentile(frames, 0.95).toFixed(1)} ms, el más largo ${Math.max(...frames).toFixed(1)} ms.`,
  );
  if (median(frames) > TARGETS.medianFrameMs) missed.push(`cuadro mediano al desplazar ${median(frames).toFixed(1)} ms`);

  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (key: string) => metrics.find((entry) => entry.name === key)?.value ?? 0;
  console.log(`Al final: ${metric('Nodes')} nodos, ${(metric('JSHeapUsedSize') / 1024 / 1024).toFixed(0)} MB de memoria de JavaScript.`);
} finally {
  await browser.close();
  await server.stop();
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
if (missed.length > 0) {
  console.error(`Objetivos no alcanzados:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('Todos los objetivos se cumplen.');
}

/**
 * `count` messages between the demo store and one customer, one every ten minutes up to now, alternating
 * (the store's read, so no tick waits), lines of varied length as people write: "Mensaje N …".
 */
async function writeConversation(url: string, count: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [store] = (await client.query<{ id: number }>('select id from stores order by id limit 1')).rows;
    const { rows } = await client.query<{ id: string }>(
      `insert into chat_conversations (store_id, wa_user_id, phone, profile_name, last_message_at, last_inbound_at)
       values ($1, $2, $3, $4, now(), now()) returning id::text`,
      [store!.id, CUSTOMER.waId, CUSTOMER.phone, CUSTOMER.name],
    );
    const conversationId = Number(rows[0]!.id);
    await client.query(
      `insert into chat_messages (store_id, conversation_id, direction, kind, body, wamid, status, at)
       select $1, $2, case when n % 2 = 0 then 'outbound' else 'inbound' end, 'text',
              'Mensaje ' || n || ' ' || repeat('de la conversación ', 1 + n % 7),
              'wamid.bench.' || n, case when n % 2 = 0 then 'read' end, now() - ($3 - n) * interval '10 minutes'
         from generate_series(1, $3::int) n`,
      [store!.id, conversationId, count],
    );
    await client.query(
      `update chat_conversations cv
          set last_message_id = m.id, last_message_at = m.at, last_message_preview = left(m.body, 80),
              last_message_direction = m.direction
         from (select id, at, body, direction from chat_messages where conversation_id = $1 order by id desc limit 1) m
        where cv.id = $1`,
      [conversationId],
    );
    return conversationId;
  } finally {
    await client.end();
  }
}

/**
 * Clicks "Cargar mensajes anteriores" and times, in the page, until the frame that draws message `newest` of the
 * new page (just above what was shown; the rest of the page is further up, out of view) has been painted. Timed inside the page, so a test tool's search through thousands of messages is not
 * counted as the chat's.
 */
function olderPageTime(page: Page, newest: number): Promise<number> {
  return page.getByRole('log').evaluate(async (element, prefix) => {
    // No named helpers in here: the bundler would wrap them in a function the page does not have.
    const button = [...element.querySelectorAll('button')].find((candidate) => candidate.textContent?.includes('anteriores'));
    if (!button) throw new Error('No hay botón para cargar mensajes anteriores.');
    // As the merchant does: up to the top, where the button is, and the messages there drawn.
    element.scrollTop = 0;
    for (let frame = 0; frame < 3; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    const started = performance.now();
    button.click();
    while (![...element.querySelectorAll('[data-message-id]')].some((row) => row.textContent?.startsWith(prefix)))
      await new Promise((resolve) => requestAnimationFrame(resolve));
    // The frame after the one that found it starts once that one was painted.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, `Mensaje ${newest} `);
}

/** Scrolls the conversation from its newest message to its first, a screen's height a frame; each frame's time. */
function scrollFrames(page: Page): Promise<number[]> {
  return page.getByRole('log').evaluate(async (element) => {
    element.scrollTop = element.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const times: number[] = [];
    let last = performance.now();
    while (element.scrollTop > 0) {
      element.scrollTop -= element.clientHeight / 2;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times;
  });
}

function median(values: number[]): number {
  return percentile(values, 0.5);
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}
