import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { META_SANDBOX_PREFIX } from '../../src/server/integrations/meta/sandbox/index.ts';
import { pngImage } from '../server/integrations/meta/testing.ts';
import { choose, chooseCard, connectMeta, metaCard, signIn } from './meta-login.ts';
import { SERVER_WAIT } from './server-process.ts';
import { useServerAndBrowser } from './use-server.ts';

const e2e = useServerAndBrowser();
const CAMPAIGN = 'Carrusel de invierno';

/** A moment on Chile's clock as a merchant types it on a phone's numeric keypad: the day ddmmaaaa, the hour hhmm. */
function typedInChile(at: number): { day: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.day}${parts.month}${parts.year}`, hour: `${parts.hour}${parts.minute}` };
}

/** Two minutes from now: a start the wizard and the server take. */
const soonInChile = () => typedInChile(Date.now() + 2 * 60_000);

const api = (page: Page, path: string) => page.evaluate((url) => fetch(url).then((response) => response.json()), path);

it('the owner creates a carousel campaign from a segment, reads what it spent, changes its budget, deactivates, activates and deletes it', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signIn(page, e2e.server.url);
  await connectMeta(page, e2e.server.url);

  // From the segments list: the biggest default segment's "Crear campaña".
  // The demo store's default segments are built by a job after the server starts.
  type SegmentList = { segments: { id: number; customers: number | null }[] };
  await page.goto(`${e2e.server.url}/segments`);
  await expect
    .poll(async () => ((await api(page, '/api/private/stores/1/segments')) as SegmentList).segments.every((s) => s.customers !== null), {
      timeout: SERVER_WAIT,
    })
    .toBe(true);
  await page.reload();
  const segments = (await api(page, '/api/private/stores/1/segments')) as SegmentList;
  const biggest = segments.segments.reduce((best, segment) => ((segment.customers ?? 0) > (best.customers ?? 0) ? segment : best));
  await page.locator(`a[href="/campaigns/create?segmentId=${biggest.id}"]`).first().click();
  await page.waitForURL(`${e2e.server.url}/campaigns/create?segmentId=${biggest.id}`);

  // Type.
  await chooseCard(page, /Conversión/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // Information.
  const start = soonInChile();
  await page.getByLabel('Nombre de la campaña').fill(CAMPAIGN);
  await page.getByLabel('Fecha de inicio').pressSequentially(start.day);
  await page.getByLabel('Hora de inicio').pressSequentially(start.hour);
  await page.getByText('Sin fecha de término', { exact: true }).click();
  await page.getByLabel(/Presupuesto diario/).fill('3000');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // Audience: the segment comes chosen from its card; the whole country, every age and gender.
  await page.getByRole('heading', { name: 'Audiencia' }).waitFor();
  await page.getByText(/Este segmento tiene/).waitFor();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('heading', { name: 'Archivos' }).waitFor();
  // Media: a carousel of two images, each uploaded to the ad account as it is chosen.
  await page.getByText('Carrusel', { exact: true }).click();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      { name: 'abrigo.png', mimeType: 'image/png', buffer: pngImage(1080, 1080) },
      { name: 'bufanda.png', mimeType: 'image/png', buffer: pngImage(1200, 628) },
    ]);
  await expect.poll(() => page.getByText('Subido').count(), { timeout: SERVER_WAIT }).toBe(2);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // Tracking.
  await page.getByLabel('Texto principal').fill('Abrígate con lo nuevo de la temporada. Envío gratis sobre $30.000.');
  await page.getByLabel('Título').fill('Colección de invierno');
  await page.getByLabel('Descripción').fill('Solo esta semana');
  await choose(page, 'Llamado a la acción', 'Comprar');
  await page.getByLabel('URL de destino').fill('https://tiendademo.cl/invierno');
  await page.getByRole('button', { name: 'Crear campaña' }).click();

  // Created in Meta: its detail page, where the first read of its figures is queued and then shown.
  await page.waitForURL(/\/campaigns\/\d+$/, { timeout: SERVER_WAIT });
  const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { name: CAMPAIGN }).waitFor();
  await page.getByText(/Resultados de Meta al/).waitFor({ timeout: SERVER_WAIT });
  type Insights = { metrics: { campaignCost: number }; report: { spend: number }[]; ads: { media: unknown[] }[] };
  const insights = () => api(page, `/api/private/stores/1/adCampaigns/${campaignId}/insights`) as Promise<Insights>;
  // One carousel ad showing both files; nothing spent in its first seconds.
  const first = await insights();
  expect(first.ads).toHaveLength(1);
  expect(first.ads[0]!.media).toHaveLength(2);
  expect(first.metrics.campaignCost).toBe(0);

  // A day goes by in Meta.
  const advanced = await fetch(`${e2e.server.url}${META_SANDBOX_PREFIX}/clock/advance?days=1`, { method: 'POST' });
  expect(advanced.status).toBe(200);

  // The list: its daily budget changes through the modal, refused below the account's minimum (2.000).
  await page.goto(`${e2e.server.url}/campaigns`);
  const row = page.getByRole('article').filter({ hasText: CAMPAIGN });
  await row.waitFor();
  await row.getByRole('button', { name: `Acciones de ${CAMPAIGN}` }).click();
  await page.getByRole('menuitem', { name: 'Presupuesto diario' }).click();
  const budget = page.getByLabel(/Presupuesto diario \(CLP\)/);
  await budget.fill('1500');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByText(/debe ser de al menos/).waitFor();
  await budget.fill('4500');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect
    .poll(async () => ((await api(page, `/api/private/stores/1/adCampaigns/${campaignId}`)) as { dailyBudget: number }).dailyBudget)
    .toBe(4500);

  // Deactivated, then active again.
  await row.getByRole('button', { name: `Acciones de ${CAMPAIGN}` }).click();
  await page.getByRole('menuitem', { name: 'Desactivar' }).click();
  await page.getByRole('tab', { name: 'Desactivadas' }).click();
  await page.getByRole('article').filter({ hasText: CAMPAIGN }).waitFor();
  // Switching it off reads what it spent until then: the rest of its first day.
  await expect.poll(async () => (await insights()).metrics.campaignCost, { timeout: SERVER_WAIT }).toBeGreaterThan(0);
  expect((await insights()).report.some((day) => day.spend > 0)).toBe(true);
  await expect
    .poll(() =>
      page
        .getByRole('article')
        .filter({ hasText: CAMPAIGN })
        .getByText(/\$\s?[1-9]/)
        .count(),
    )
    .toBeGreaterThan(0);
  await page
    .getByRole('article')
    .filter({ hasText: CAMPAIGN })
    .getByRole('button', { name: `Acciones de ${CAMPAIGN}` })
    .click();
  await page.getByRole('menuitem', { name: 'Activar' }).click();
  await expect.poll(() => page.getByRole('article').filter({ hasText: CAMPAIGN }).count(), { timeout: SERVER_WAIT }).toBe(0);
  await page.getByRole('tab', { name: 'Todas' }).click();

  // Deleted here and in Meta.
  await row.getByRole('button', { name: `Acciones de ${CAMPAIGN}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('button', { name: 'Eliminar campaña' }).click();
  await page.getByText(`Campaña «${CAMPAIGN}» eliminada.`).waitFor();
  await expect.poll(() => row.count()).toBe(0);
  const gone = await page.evaluate(
    (id) => fetch(`/api/private/stores/1/adCampaigns/${id}`).then((response) => response.status),
    campaignId,
  );
  expect(gone).toBe(404);
  await context.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

it('on a 390 × 844 phone the wizard refuses an end before the start on the information step itself, before moving on', async () => {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, e2e.server.url);
  // Connected by the journey above when it ran first; this one stands on its own all the same.
  const connected = metaCard(page).getByText('Conectada');
  await connected
    .or(metaCard(page).getByRole('button', { name: 'Conectar Meta' }))
    .first()
    .waitFor({ timeout: SERVER_WAIT });
  if (!(await connected.isVisible())) await connectMeta(page, e2e.server.url);
  await page.goto(`${e2e.server.url}/campaigns/create`);
  await chooseCard(page, /Conversión/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('heading', { name: 'Información de la campaña' }).waitFor();

  // Typed on the numeric keypad: the dashes and the colon go in by themselves. The end is a day before the start.
  const start = soonInChile();
  const end = typedInChile(Date.now() + 2 * 60_000 - 24 * 3_600_000);
  await page.getByLabel('Nombre de la campaña').fill(CAMPAIGN);
  await page.getByLabel('Fecha de inicio').pressSequentially(start.day);
  await page.getByLabel('Hora de inicio').pressSequentially(start.hour);
  await page.getByLabel('Fecha de término', { exact: true }).pressSequentially(end.day);
  await page.getByLabel('Hora de término', { exact: true }).pressSequentially(end.hour);
  await page.getByLabel(/Presupuesto diario/).fill('3000');
  const typed = `${start.day.slice(0, 2)}-${start.day.slice(2, 4)}-${start.day.slice(4)}`;
  expect(await page.getByLabel('Fecha de inicio').inputValue()).toBe(typed);
  expect(await page.getByLabel('Hora de inicio').inputValue()).toBe(`${start.hour.slice(0, 2)}:${start.hour.slice(2)}`);

  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('El término debe ser posterior al inicio.').waitFor();
  // Still on the information step, the end marked; the audience step never showed.
  expect(await page.getByRole('heading', { name: 'Información de la campaña' }).isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Audiencia' }).count()).toBe(0);
  expect(await page.getByLabel('Fecha de término', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.viewport.width);
  await context.close();
});
