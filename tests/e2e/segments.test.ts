import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { orderWebhookBody, postOrderWebhooks } from '../../scripts/bench-burst.ts';
import { listNameFor } from '../../src/server/features/integrations/email-marketing/klaviyo-sync.ts';
import { createKlaviyoClient, klaviyoApis } from '../../src/server/integrations/klaviyo/client.ts';
import { KLAVIYO_SANDBOX_PREFIX, SANDBOX_KEYS } from '../../src/server/integrations/klaviyo/sandbox/index.ts';
import { SANDBOX_APP } from '../../src/server/integrations/shopify/sandbox/index.ts';
import type { components } from '../../src/shared/api/backend.gen.ts';
import { DEMO_PASSWORD, SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

type MemberRow = components['schemas']['SegmentCustomerRow'];

const e2e = useServerAndBrowser();
const SEGMENT = 'Una sola compra';
const countFormat = new Intl.NumberFormat('es-CL');

async function json<T>(page: Page, url: string): Promise<T> {
  return page.evaluate((address) => fetch(address).then((response) => response.json()), url) as Promise<T>;
}

async function signInAndWaitForImport(page: Page): Promise<void> {
  await page.goto(`${e2e.server.url}/api/auth/login?returnTo=%2Fsegments`);
  await page.getByLabel('Correo electrónico').fill('demo@recompra.cl');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${e2e.server.url}/segments`);
  // Segments are built once the store's history is in.
  await expect
    .poll(async () => (await json<{ status: string }>(page, '/api/private/stores/1/sync')).status, { timeout: SERVER_WAIT, interval: 500 })
    .toBe('FINISHED');
}

/** Opens the create-type modal from the list and chooses `kind` (the list may still be settling: the click is retried). */
async function openCreateType(page: Page, kind: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Crear segmento' }).first().click();
        return dialog.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: SERVER_WAIT },
    )
    .toBe(true);
  await page.getByRole('dialog').getByRole('link', { name: kind }).click();
}

/** Chooses `option` in the select labelled `label` within `scope`. */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * The live count once it has settled: the same figure, not being updated, on two looks a second apart
 * (longer than the form's debounce and the count's answer).
 */
async function settledCount(page: Page): Promise<number> {
  const status = page.locator('[role="status"]:not([data-updating])').filter({ hasText: /^[\d.]+ clientes? coinciden?$/ });
  let previous: string | null = null;
  let settled = 0;
  await expect
    .poll(
      async () => {
        const now = (await status.count()) === 1 ? await status.textContent() : null;
        settled = now !== null && now === previous ? Number(now.replace(/\D/g, '')) : 0;
        previous = now;
        return settled;
      },
      { timeout: SERVER_WAIT, interval: 1000 },
    )
    .toBeGreaterThan(0);
  return settled;
}

it('a merchant builds a simple and an advanced segment, reads and exports one, syncs it to Klaviyo, and an order moves a customer out of it and of its list', async () => {
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signInAndWaitForImport(page);

  // The simple form: customers who bought, at most once (so exactly once), counted live as the rules change.
  await openCreateType(page, /Simple/);
  await page.waitForURL(/\/segments\/create\?type=simple/);
  await page.getByLabel(/^Nombre/).fill(SEGMENT);
  await page.getByLabel('Hasta (pedidos)').fill('1');
  const counted = await settledCount(page);
  const segmentId = await saveAndOpen(page, counted);

  // The advanced form, in two steps: two blocks, customers who meet either.
  await page.goto(`${e2e.server.url}/segments`);
  await openCreateType(page, /Avanzado/);
  await page.getByLabel(/^Nombre/).fill('Grandes o con descuento');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Agregar bloque' }).click();
  await page.getByText('Alguno (O)', { exact: true }).click();
  const blocks = page.getByRole('region', { name: /^Bloque \d$/ });
  await pick(page, blocks.nth(0), 'Campo', 'Monto comprado (CLP)');
  await blocks.nth(0).getByLabel('Desde', { exact: true }).fill('500000');
  await pick(page, blocks.nth(1), 'Campo', 'Tipo de compra');
  await saveAndOpen(page, await settledCount(page));

  // The list shows both, built, with their sizes.
  await page.goto(`${e2e.server.url}/segments?tab=custom`);
  const card = page.locator('article', { has: page.getByRole('heading', { name: SEGMENT }) });
  await card.getByText('Listo').waitFor();
  await card.getByText(`${countFormat.format(counted)} clientes`, { exact: true }).waitFor();

  // The members, and their export with Spanish headers.
  await page.goto(`${e2e.server.url}/segments/${segmentId}`);
  const table = await json<{ rows: MemberRow[]; totalRows: number }>(
    page,
    `/backend/stores/1/segments/${segmentId}/stats/table?perPage=100`,
  );
  expect(table.totalRows).toBe(counted);
  expect(table.rows.every((row) => row.orders === 1)).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar XLSX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^recompra-segmento-una-sola-compra-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = XLSX.read(await readFile((await download.path())!));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[workbook.SheetNames[0]!]!);
  expect(rows).toHaveLength(counted);
  expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['Nombre', 'Correo', 'Acepta correos', 'Pedidos', 'Monto comprado']));
  expect(rows.every((row) => row.Pedidos === 1)).toBe(true);
  const consenting = rows.filter((row) => row['Acepta correos'] === 'Sí' && typeof row.Correo === 'string' && row.Correo !== '');

  // Klaviyo: the key is checked against the sandbox, then the segment's list fills with its consenting members.
  await page.goto(`${e2e.server.url}/integrations`);
  await page.getByRole('button', { name: 'Conectar Klaviyo' }).click();
  await page.getByLabel('Clave privada de API').fill(SANDBOX_KEYS.full);
  await page.getByRole('button', { name: 'Conectar', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.goto(`${e2e.server.url}/segments?tab=custom`);
  await card.getByText('Sincronizar con Klaviyo').click();
  await card
    .getByText(`Sincronizado: ${countFormat.format(consenting.length)} contactos en la lista de Klaviyo.`)
    .waitFor({ timeout: SERVER_WAIT });

  const sandbox = { apiKey: SANDBOX_KEYS.full, baseUrl: `${e2e.server.url}${KLAVIYO_SANDBOX_PREFIX}` };
  const klaviyo = createKlaviyoClient(sandbox);
  const list = await klaviyo.findList(listNameFor(String(segmentId), SEGMENT));
  expect(list).not.toBeNull();
  expect(await klaviyo.listMemberIds(list!.id)).toHaveLength(consenting.length);
  const inList = async (email: string) =>
    (await klaviyoApis(sandbox).lists.getProfilesForList(list!.id, { filter: `equals(email,${JSON.stringify(email)})` })).body.data.length;

  // A second order for a consenting member: they leave the segment, and its Klaviyo list.
  const moved = table.rows.find((row) => row.emailConsent && row.email)!;
  expect(await inList(moved.email!)).toBe(1);
  const statuses = await postOrderWebhooks(
    e2e.server.url,
    SANDBOX_APP.apiSecret,
    [{ id: 'e2e-segments-1', body: orderWebhookBody(9_000_000_001, moved.customerId) }],
    1,
  );
  expect(Object.fromEntries(statuses)).toEqual({ 200: 1 });
  const searched = `/backend/stores/1/segments/${segmentId}/stats/table?q=${encodeURIComponent(moved.email!)}`;
  await expect
    .poll(() => json<{ totalRows: number }>(page, searched), { timeout: SERVER_WAIT, interval: 500 })
    .toMatchObject({ totalRows: 0 });
  await expect.poll(() => inList(moved.email!), { timeout: SERVER_WAIT, interval: 500 }).toBe(0);
  expect(await klaviyo.listMemberIds(list!.id)).toHaveLength(consenting.length - 1);
  await page.reload();
  await card.getByText(`${countFormat.format(counted - 1)} clientes`, { exact: true }).waitFor({ timeout: SERVER_WAIT });
  await context.close();
});

/** Saves the form, lands on the new segment's page and waits for its build to show `customers`; returns its id. */
async function saveAndOpen(page: Page, customers: number): Promise<number> {
  await page.getByRole('button', { name: 'Guardar segmento' }).click();
  await page.waitForURL(/\/segments\/\d+$/);
  const figure = page.locator('article', { has: page.getByRole('heading', { name: 'Clientes', exact: true }) });
  await expect.poll(() => figure.textContent(), { timeout: SERVER_WAIT, interval: 500 }).toContain(countFormat.format(customers));
  return Number(new URL(page.url()).pathname.split('/').pop());
}
