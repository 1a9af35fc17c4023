import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

/*
 * A merchant's first contact: the address `npm start` prints, a phone, a tab left open across a
 * redeploy, a connection that drops, and what the first dashboard load costs in bytes.
 */

const running = useServerAndBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;
/** Every byte of the first signed-in dashboard load: HTML, code, styles, icons and the API answers. */
const FIRST_LOAD_BUDGET_BYTES = 350 * 1024;
/** A page's code and data may take a while on a busy machine. */
const PAGE_SHOWN = { timeout: SERVER_WAIT } as const;

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Signs in from the printed address and waits until the demo store's import is done. */
async function signedInContext(options: Parameters<typeof running.browser.newContext>[0] = {}): Promise<BrowserContext> {
  const context = await running.browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${running.server.url}/`);
  await page.waitForURL(/\/api\/auth\/login/);
  await signIn(page);
  await page.waitForURL(`${running.server.url}/`);
  const sync = () =>
    page.evaluate(() => fetch('/api/private/stores/1/sync').then((response) => response.json() as Promise<{ status: string }>));
  await expect.poll(async () => (await sync()).status, { timeout: SERVER_WAIT, interval: 500 }).toBe('FINISHED');
  await page.close();
  return context;
}

/** The page is exactly as wide as the window: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBe(widths.window);
}

/** The element is inside the phone's width: nothing of it is cut off at either side. */
async function expectWithinWindow(element: Locator): Promise<void> {
  const box = await element.first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width);
}

it('the printed address opens the app: the login, then the dashboard', async () => {
  const page = await running.browser.newPage();
  const response = await page.goto(`${running.server.url}/`);
  expect(response?.status()).toBeLessThan(400);
  await page.waitForURL(/\/api\/auth\/login\?returnTo=%2F$/);
  await signIn(page);
  await page.waitForURL(`${running.server.url}/`);
  await expect.poll(() => page.title(), PAGE_SHOWN).toBe('Inicio · Recompra');
  // The dashboard, or the first import's progress while the demo store still arrives.
  await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), PAGE_SHOWN).toBe(true);
  await page.close();
});

it('on a 390 × 844 phone: signs in, reads the dashboard and its table, opens the investment modal and changes the range, never wider than the screen', async () => {
  const context = await signedInContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${running.server.url}/dashboard`);
  const income = page.locator('article', { has: page.getByRole('heading', { level: 2, name: 'Ingresos', exact: true }) }).first();
  await expect.poll(() => income.textContent(), PAGE_SHOWN).toMatch(/\$\d/);
  // The figures, the charts and the tables below them are all there before the width is measured.
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), PAGE_SHOWN).toBe(0);
  await expectNoHorizontalScroll(page);

  // The overview table's pager: "Página 1 de N" and both arrows on the screen, none cut off.
  const products = page.getByRole('table', { name: 'Productos' });
  await expect.poll(() => products.getByRole('row').count(), PAGE_SHOWN).toBeGreaterThan(1);
  const pager = page.getByRole('tabpanel', { name: 'Productos' }).getByRole('navigation', { name: 'Paginación' });
  await expectWithinWindow(pager.getByText(/^Página 1 de [\d.]+$/));
  await expectWithinWindow(pager.getByRole('button', { name: 'Página anterior' }));
  await expectWithinWindow(pager.getByRole('button', { name: 'Página siguiente' }));
  // A row reads top to bottom, every value on the screen under its column's name: nothing to scroll sideways to.
  const cells = await products.getByRole('row').nth(1).getByRole('cell').all();
  const labels = await Promise.all(cells.map((cell) => cell.evaluate((element) => getComputedStyle(element, '::before').content)));
  expect(labels).toEqual(['none', '"Clientes"', '"Pedidos"', '"Ingresos"']);
  for (const cell of cells) {
    expect(await cell.isVisible()).toBe(true);
    await expectWithinWindow(cell);
  }
  const scroller = await products.evaluate((table) => ({
    scroll: table.parentElement!.scrollWidth,
    width: table.parentElement!.clientWidth,
  }));
  expect(scroller.scroll).toBeLessThanOrEqual(scroller.width);

  // The navigation is behind the menu button; the sidebar takes no width.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect.poll(() => page.getByRole('link', { name: 'Integraciones' }).isVisible(), PAGE_SHOWN).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('link', { name: 'Integraciones' }).isVisible()).toBe(false);

  // The investment modal opens on the screen, not beside it.
  await page
    .getByRole('button', { name: /^(Definir|Actualizar) inversión/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible(), PAGE_SHOWN).toBe(true);
  await expectWithinWindow(page.locator('[role="dialog"]'));
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect.poll(() => dialog.isVisible(), PAGE_SHOWN).toBe(false);

  // The range picker fits too, and a preset changes the address and the figures.
  await page.getByRole('button', { name: /^Últimos 30 días/ }).click();
  await expectWithinWindow(page.locator('[role="dialog"], [data-scope="date-picker"][data-part="content"]'));
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Últimos 7 días' }).click();
  await page.waitForURL(/preset=last7Days/);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), PAGE_SHOWN).toBe(0);
  await expectNoHorizontalScroll(page);
  await context.close();
});

/** The element in which the entry page carries the answers to the app's first requests (platform/pages/first-answers.ts). */
const FIRST_ANSWERS = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s;

/** The live stream stays open while the page does: it is the channel news comes by, not a request for data. */
const isLiveStream = (url: string) => /\/api\/private\/stores\/\d+\/live$/.test(new URL(url).pathname);

/** The API addresses (path and query) among `urls`, the live stream aside. */
function dataAddresses(urls: string[]): string[] {
  return urls
    .filter((url) => !isLiveStream(url))
    .map((url) => new URL(url))
    .filter(({ pathname }) => /^\/(api|backend)\//.test(pathname))
    .map(({ pathname, search }) => `${pathname}${search}`);
}

/**
 * Playwright's "networkidle" never comes while the live stream is open: this waits instead until no
 * other request has been under way for half a second. Start it before the page loads.
 */
function quietBesidesLive(page: Page): () => Promise<void> {
  const open = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (isLiveStream(request.url())) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => expect.poll(() => open.size === 0 && Date.now() - lastChange > 500, PAGE_SHOWN).toBe(true);
}

it('the first dashboard load transfers under the budget, compressed, with its first data in the page', async () => {
  // Signing in loads the app, so its context has every file cached: the load measured is a browser's
  // first, with only the session cookie.
  const signedIn = await signedInContext();
  const cookies = await signedIn.cookies();
  await signedIn.close();
  const context = await running.browser.newContext();
  await context.addCookies(cookies);
  const page = await context.newPage();
  const sizes: Promise<{ url: string; bytes: number; encoding: string | undefined }>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(async ([size, response]) => ({
        url: request.url(),
        bytes: size.responseBodySize + size.responseHeadersSize,
        encoding: (await response?.allHeaders())?.['content-encoding'],
      })),
    );
  });
  const quiet = quietBesidesLive(page);
  const document = await page.goto(`${running.server.url}/dashboard`);
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), PAGE_SHOWN).toBe(0);
  // The charts are drawn, so their code is counted too.
  await expect.poll(() => page.locator('svg[role="img"]').count(), PAGE_SHOWN).toBeGreaterThan(0);
  await quiet();
  const transfers = await Promise.all(sizes);
  const total = transfers.reduce((sum, { bytes }) => sum + bytes, 0);
  console.log(`first dashboard load: ${(total / 1024).toFixed(1)} KB in ${transfers.length} requests`);
  expect(total).toBeLessThan(FIRST_LOAD_BUDGET_BYTES);
  // Nothing is asked for twice, and the app's first data comes in the page itself: the session and
  // every figure the dashboard opens with, without a request of their own.
  const urls = transfers.map(({ url }) => url);
  expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
  expect(dataAddresses(urls)).toEqual([]);
  // The page carried the answer to every data request of the app's start, and only those: the
  // server's list (platform/pages/page-hints.ts) and the app's (`preloadPageAt`) are the same. The same
  // page without them asks for exactly these, once each.
  const carried = Object.keys(JSON.parse(FIRST_ANSWERS.exec(await document!.text())?.[1] ?? '{}')).sort();
  expect(carried).toContain('/api/auth/me');
  const bare = await context.newPage();
  await bare.route(`${running.server.url}/dashboard`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace(FIRST_ANSWERS, '') });
  });
  const asked: string[] = [];
  bare.on('request', (request) => asked.push(request.url()));
  const bareQuiet = quietBesidesLive(bare);
  await bare.goto(`${running.server.url}/dashboard`);
  await expect.poll(() => bare.locator('svg[role="img"]').count(), PAGE_SHOWN).toBeGreaterThan(0);
  await bareQuiet();
  expect(dataAddresses(asked).sort()).toEqual(carried);
  // The code the page named is code the page runs.
  const links = (document?.headers().link ?? '').split(', ');
  const code = links.filter((link) => link.includes('rel=modulepreload')).map((link) => /^<([^>]+)>/.exec(link)?.[1]);
  expect(code.length).toBeGreaterThan(0);
  expect(code.filter((file) => !urls.some((url) => new URL(url).pathname === file))).toEqual([]);
  // Code and styles arrive compressed.
  const uncompressed = transfers.filter(({ url, bytes, encoding }) => /\.(js|css)$/.test(url) && bytes > 2048 && !encoding);
  expect(uncompressed).toEqual([]);
  await context.close();
});

it('every page a merchant lands on carries its first data, as the dashboard does', async () => {
  const context = await signedInContext();
  const page = await context.newPage();
  // The demo store's segments are built after its import: their pages are read once they stand still.
  type SegmentList = { segments: { id: number; customers: number | null }[] };
  const segments = () =>
    page.evaluate(() => fetch('/api/private/stores/1/segments').then((response) => response.json() as Promise<SegmentList>));
  await page.goto(`${running.server.url}/account`);
  await expect.poll(async () => (await segments()).segments.every(({ customers }) => customers !== null), PAGE_SHOWN).toBe(true);
  const segment = (await segments()).segments[0]!.id;
  await page.close();
  const pages = [
    '/segments',
    `/segments/${segment}`,
    `/segments/${segment}/edit`,
    '/segments/create',
    '/campaigns',
    '/campaigns/create',
    '/account',
    '/account/change-plan',
  ];
  for (const path of pages) {
    // With the answers in the page, the page reads nothing more (the segment form's live count is a POST).
    const carrying = await context.newPage();
    const reads: string[] = [];
    carrying.on('request', (request) => void (request.method() === 'GET' && reads.push(request.url())));
    const quiet = quietBesidesLive(carrying);
    const document = await carrying.goto(`${running.server.url}${path}`);
    await expect.poll(() => carrying.locator('[aria-busy="true"]').count(), PAGE_SHOWN).toBe(0);
    await quiet();
    expect({ path, reads: dataAddresses(reads) }).toEqual({ path, reads: [] });
    const carried = Object.keys(JSON.parse(FIRST_ANSWERS.exec(await document!.text())?.[1] ?? '{}')).sort();
    await carrying.close();
    // Without them it asks for exactly those, once each.
    const bare = await context.newPage();
    await bare.route(`${running.server.url}${path}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(FIRST_ANSWERS, '') });
    });
    const asked: string[] = [];
    bare.on('request', (request) => void (request.method() === 'GET' && asked.push(request.url())));
    const bareQuiet = quietBesidesLive(bare);
    await bare.goto(`${running.server.url}${path}`);
    await expect.poll(() => bare.locator('[aria-busy="true"]').count(), PAGE_SHOWN).toBe(0);
    await bareQuiet();
    expect({ path, asked: dataAddresses(asked).sort() }).toEqual({ path, asked: carried });
    await bare.close();
  }
  await context.close();
});

it('a tab left open across a redeploy reloads itself once for the new version, then says so in Spanish', async () => {
  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto(`${running.server.url}/dashboard`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Inicio' }).isVisible(), PAGE_SHOWN).toBe(true);
  // The integrations page's code from the build this tab started with is gone from the server.
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.url().endsWith('/integrations')) documentLoads += 1;
  });
  await context.route(/\/assets\/integrations-route-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.getByRole('link', { name: 'Integraciones' }).click();
  // It reloads once by itself, which cannot help while the code stays missing, and does not loop.
  await expect.poll(() => documentLoads, PAGE_SHOWN).toBe(1);
  const newVersion = page.getByRole('heading', { level: 1, name: 'Hay una versión nueva de Recompra' });
  await expect.poll(() => newVersion.isVisible(), PAGE_SHOWN).toBe(true);
  await page.waitForTimeout(1000);
  expect(documentLoads).toBe(1);
  // In the shell, one main landmark: the screen takes the page's place, the navigation stays.
  expect(await page.getByRole('main').count()).toBe(1);

  await context.unroute(/\/assets\/integrations-route-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Recargar la página' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Integraciones' }).isVisible(), PAGE_SHOWN).toBe(true);
  await context.close();
});

it('without a connection a page says "Sin conexión" and loads by itself when it comes back', async () => {
  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto(`${running.server.url}/dashboard`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Inicio' }).isVisible(), PAGE_SHOWN).toBe(true);
  await context.setOffline(true);
  // One message for the page, above what was already loaded.
  await expect.poll(() => page.getByText(/^Sin conexión\./).isVisible(), PAGE_SHOWN).toBe(true);
  await page.getByRole('link', { name: 'Integraciones' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Sin conexión' }).isVisible(), PAGE_SHOWN).toBe(true);
  await context.setOffline(false);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Integraciones' }).isVisible(), PAGE_SHOWN).toBe(true);
  await context.close();
});
