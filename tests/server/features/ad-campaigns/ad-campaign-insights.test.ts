import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_INSIGHTS_QUEUE,
  AD_INSIGHTS_REFRESH_QUEUE,
  refreshActiveCampaigns,
} from '../../../../src/server/features/ad-campaigns/insights.ts';
import type { MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import { SANDBOX_META_IDS, type StartedMetaSandbox } from '../../../../src/server/integrations/meta/sandbox/index.ts';
import type { MetaInsightsRow } from '../../../../src/server/integrations/meta/types.ts';
import { enqueue } from '../../../../src/server/platform/jobs/jobs.ts';
import { AD_ACCOUNT, asFile, camilaClient, pngImage } from '../../integrations/meta/testing.ts';
import { addStore, type Caller, signIn, type TestServer } from '../../support/harness.ts';
import { connectMeta, startServerWithMeta } from '../../support/meta-harness.ts';

/*
 * A campaign's insights over HTTP against the Meta sandbox. The campaign is built in the sandbox with
 * the real client and recorded here by SQL; the sandbox's clock starts ten days back, so as it moves
 * on to today the campaign delivers (and pauses) on days the store's calendar also has. Meta's figures
 * are checked against the sandbox's own report, the store's income against the orders written here.
 */

const ids = SANDBOX_META_IDS;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The sandbox's ad accounts keep a fixed UTC-3; the store keeps the same calendar. */
const OFFSET_MS = -3 * HOUR_MS;
const dayOf = (ms: number) => new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
/** 10:00 of the calendar day ten days ago, UTC-3. */
const START = Date.parse(`${dayOf(Date.now() - 10 * DAY_MS)}T10:00:00-03:00`);
const at = (days: number, hours = 0) => new Date(START + days * DAY_MS + hours * HOUR_MS);
const DAY_FIELDS = ['reach', 'impressions', 'inline_link_clicks', 'spend', 'actions'];
const AD_FIELDS = ['impressions', 'reach', 'inline_link_clicks', 'spend'];

let meta: StartedMetaSandbox;
let server: TestServer;
let owner: Caller;
let store: number;
let client: MetaUserClient;
/** The running campaign (two ads), as Recompra and Meta know it. */
const running = { id: 0, metaId: '', adIds: [] as string[], media: [] as number[] };

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  server.app.inject({ method, url: path, cookies: owner.cookies, headers: owner.headers, ...(payload === undefined ? {} : { payload }) });
const insightsOf = async (campaignId: number, storeId = store) =>
  call('GET', `/api/private/stores/${storeId}/adCampaigns/${campaignId}/insights`);
const settle = async () => {
  while ((await server.app.jobs.drain()) > 0) {}
};
const pendingReads = async (campaignId: number) =>
  Number(
    (
      await server.db.query<{ count: number }>(
        `select count(*)::integer as count from jobs where queue = $1 and status = 'pending' and (payload->>'campaignId')::bigint = $2`,
        [AD_INSIGHTS_QUEUE, campaignId],
      )
    )[0]!.count,
  );

async function addMedia(name: string): Promise<number> {
  const image = await client.uploadImage(AD_ACCOUNT, { filename: name, file: asFile(pngImage(1200, 628)) });
  const [row] = await server.db.query<{ id: string }>(
    `insert into ad_media (store_id, kind, name, content_type, bytes, width, height, ad_account_id, meta_image_hash)
     values ($1, 'image', $2, 'image/png', 2048, 1200, 628, $3, $4) returning id::text`,
    [store, name, AD_ACCOUNT, image.hash],
  );
  return Number(row!.id);
}

interface CampaignRecord {
  name: string;
  startAt: Date;
  endAt?: Date | null;
  paused?: boolean;
  publication?: string;
  format?: 'MULTIPLE_ADS' | 'CAROUSEL';
  media?: number[];
  audience?: number[];
  storeId?: number;
  objects?: Array<{ kind: string; metaId: string; position?: number }>;
}

/** The campaign's rows as a save would leave them. */
async function recordCampaign(campaign: CampaignRecord): Promise<number> {
  const storeId = campaign.storeId ?? store;
  const [row] = await server.db.query<{ id: string }>(
    `insert into ad_campaigns (store_id, type, name, start_at, end_at, daily_budget, currency, segment_name, age_min, age_max, gender,
       format, media, main_text, title, description, call_to_action, url, paused, publication, ad_account_id)
     values ($1, 'conversion', $2, $3, $4, 5000, 'CLP', 'Clientes frecuentes', 25, 54, 'all', $5, $6, 'Vuelve por tus favoritos',
       'Colección de otoño', 'Envío gratis', 'SHOP_NOW', 'https://tiendademo.cl', $7, $8, $9)
     returning id::text`,
    [
      storeId,
      campaign.name,
      campaign.startAt,
      campaign.endAt ?? null,
      campaign.format ?? 'MULTIPLE_ADS',
      JSON.stringify((campaign.media ?? []).map((mediaId) => ({ mediaId, thumbnailMediaId: null }))),
      campaign.paused ?? false,
      campaign.publication ?? 'published',
      AD_ACCOUNT,
    ],
  );
  const id = Number(row!.id);
  for (const object of campaign.objects ?? [])
    await server.db.query(
      'insert into ad_campaign_meta_objects (campaign_id, store_id, kind, meta_id, position) values ($1, $2, $3, $4, $5)',
      [id, storeId, object.kind, object.metaId, object.position ?? 0],
    );
  for (const customer of campaign.audience ?? [])
    await server.db.query('insert into ad_campaign_audience (campaign_id, store_id, customer_external_id) values ($1, $2, $3)', [
      id,
      storeId,
      customer,
    ]);
  return id;
}

let orderId = 9000;
async function addOrder(customer: number, placedAt: Date, amount: number, extra: { cancelled?: boolean; test?: boolean } = {}) {
  await server.db.query(
    `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, financial_status, cancelled_at, test)
     values ($1, $2, $3, $4, $5, 'PAID', $6, $7)`,
    [store, orderId++, placedAt, amount, customer, extra.cancelled ? placedAt : null, extra.test ?? false],
  );
}

/** Meta's report of the running campaign, asked of the sandbox directly, over the campaign's days so far. */
async function metaReport() {
  const range = { since: dayOf(START), until: dayOf(Date.now()) };
  const [days, ads, lifetime] = await Promise.all([
    client.insights(running.metaId, { ...range, timeIncrement: 1, fields: DAY_FIELDS }),
    client.insights(running.metaId, { ...range, level: 'ad', fields: AD_FIELDS }),
    client.insights(running.metaId, { ...range, fields: ['reach'] }),
  ]);
  return { days, ads, lifetimeReach: lifetime[0]?.reach ?? 0 };
}
const linkClicks = (row: MetaInsightsRow) => Number(row.raw.inline_link_clicks ?? 0);
const purchases = (row: MetaInsightsRow) => row.actions.find((action) => action.actionType === 'omni_purchase')?.value ?? 0;
const sum = (rows: MetaInsightsRow[], pick: (row: MetaInsightsRow) => number | null) =>
  rows.reduce((total, row) => total + (pick(row) ?? 0), 0);

beforeAll(async () => {
  ({ meta, server } = await startServerWithMeta({ now: () => START }));
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
  // The store's calendar as the sandbox's ad account keeps it, whatever the season in Chile.
  await server.db.query(`update shopify_connections set timezone = 'Etc/GMT+3' where store_id = $1`, [store]);
  // The demo store's import is not under test: it stays out of the way of the queue drained here.
  await server.db.query(`delete from jobs`);

  await connectMeta({ meta, server }, owner, store);

  // Ten days ago at 10:00: a campaign with an ad set of CLP 5,000 a day and two ads, one image each.
  client = camilaClient(meta);
  running.media = [await addMedia('otono.png'), await addMedia('invierno.png')];
  const hashes = await server.db.query<{ meta_image_hash: string }>(
    'select meta_image_hash from ad_media where id = any($1::bigint[]) order by id',
    [running.media],
  );
  running.metaId = await client.createCampaign(AD_ACCOUNT, {
    name: 'Recompra — Vuelve',
    objective: 'OUTCOME_SALES',
    status: 'ACTIVE',
    specialAdCategories: [],
  });
  const adSetId = await client.createAdSet(AD_ACCOUNT, {
    name: 'Clientes frecuentes',
    campaignId: running.metaId,
    dailyBudget: 5000,
    billingEvent: 'IMPRESSIONS',
    optimizationGoal: 'OFFSITE_CONVERSIONS',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    status: 'ACTIVE',
    promotedObject: { pixel_id: ids.pixels.tiendaDemo, custom_event_type: 'PURCHASE' },
    targeting: { geo_locations: { countries: ['CL'] }, age_min: 25, age_max: 54 },
  });
  const objects: Array<{ kind: string; metaId: string; position?: number }> = [
    { kind: 'campaign', metaId: running.metaId },
    { kind: 'adSet', metaId: adSetId },
  ];
  for (const [position, { meta_image_hash: hash }] of hashes.entries()) {
    const creativeId = await client.createAdCreative(AD_ACCOUNT, {
      name: `Anuncio ${position + 1}`,
      objectStorySpec: {
        page_id: ids.pages.tiendaDemo,
        link_data: {
          link: 'https://tiendademo.cl',
          message: 'Vuelve por tus favoritos',
          name: 'Colección de otoño',
          description: 'Envío gratis',
          image_hash: hash,
          call_to_action: { type: 'SHOP_NOW', value: { link: 'https://tiendademo.cl' } },
        },
      },
    });
    const adId = await client.createAd(AD_ACCOUNT, { name: `Anuncio ${position + 1}`, adsetId: adSetId, creativeId, status: 'ACTIVE' });
    running.adIds.push(adId);
    objects.push({ kind: 'creative', metaId: creativeId, position }, { kind: 'ad', metaId: adId, position });
  }
  running.id = await recordCampaign({
    name: 'Vuelve',
    startAt: at(0),
    media: running.media,
    audience: [101, 102],
    objects,
  });

  // Delivers three days, is paused in Meta for two (the fourth day wholly), then runs to today.
  meta.sandbox.advanceDays(3);
  await client.updateCampaign(running.metaId, { status: 'PAUSED' });
  meta.sandbox.advanceDays(2);
  await client.updateCampaign(running.metaId, { status: 'ACTIVE' });
  meta.sandbox.advanceDays(5);

  // The audience's orders: 101 twice and 102 once within the dates; outside them, or not counted, or by
  // someone not in the audience, they do not count.
  await addOrder(101, at(1), 30_000);
  await addOrder(102, at(2, 2), 15_000);
  await addOrder(101, at(3), 20_000);
  await addOrder(101, at(-1), 50_000);
  await addOrder(101, at(4), 70_000, { cancelled: true });
  await addOrder(102, at(4), 80_000, { test: true });
  await addOrder(103, at(1), 99_000);
});

afterAll(async () => {
  await server?.close();
  await meta?.close();
});

const ATTRIBUTED = { income: 65_000, orders: 3, buyers: 2 };

describe('a campaign never read', () => {
  it('answers no data yet, queues one read, and already credits the audience’s orders', async () => {
    const response = await insightsOf(running.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.readAt).toBeNull();
    expect(body.refreshing).toBe(true);
    expect(body.currency).toBe('CLP');
    expect(body.metrics).toEqual({
      income: ATTRIBUTED.income,
      orders: ATTRIBUTED.orders,
      averageOrderValue: Math.round((ATTRIBUTED.income / ATTRIBUTED.orders) * 100) / 100,
      conversionRate: null,
      // Nothing spent yet, over two buyers.
      acquisitionCost: 0,
      campaignCost: 0,
    });
    expect(body.kpis).toEqual({ roas: null, ctr: null, cpm: null });
    // One row a day from the start to today, all zeros.
    expect(body.report).toHaveLength(11);
    expect(body.report[0]).toEqual({ date: dayOf(START), reach: 0, results: 0, spend: 0 });
    expect(body.report.at(-1).date).toBe(dayOf(Date.now()));
    expect(body.ads.map((ad: { id: string; name: string }) => [ad.id, ad.name])).toEqual([
      [running.adIds[0], 'otono.png'],
      [running.adIds[1], 'invierno.png'],
    ]);
    expect(body.ads[0]).toMatchObject({ impressions: 0, reach: 0, clicks: 0, spend: 0, ctr: null });
    expect(body.ads[0].media).toEqual([
      { id: running.media[0], kind: 'image', name: 'otono.png', bytes: 2048, width: 1200, height: 628, durationSeconds: null },
    ]);
    // Asking again does not queue a second read.
    expect((await insightsOf(running.id)).json().refreshing).toBe(true);
    expect(await pendingReads(running.id)).toBe(1);
  });
});

describe('after the read', () => {
  it("keeps Meta's figures by day and by ad, and works out the metrics and KPIs from them and the store's orders", async () => {
    await settle();
    const body = (await insightsOf(running.id)).json();
    expect(body.refreshing).toBe(false);
    expect(Date.now() - Date.parse(body.readAt)).toBeLessThan(60_000);
    expect(await pendingReads(running.id)).toBe(0);

    const report = await metaReport();
    expect(report.days.length).toBeGreaterThan(5);
    const spend = sum(report.days, (row) => row.spend);
    const clicks = sum(report.days, linkClicks);
    const impressions = sum(report.days, (row) => row.impressions);
    expect(spend).toBeGreaterThan(0);
    expect(body.metrics).toEqual({
      income: 65_000,
      orders: 3,
      averageOrderValue: 21_666.67,
      conversionRate: 3 / clicks,
      acquisitionCost: Math.round((spend / 2) * 100) / 100,
      campaignCost: spend,
    });
    expect(body.kpis).toEqual({
      roas: 65_000 / spend,
      ctr: clicks / impressions,
      cpm: Math.round(((spend * 1000) / impressions) * 100) / 100,
    });

    const byDay = new Map(report.days.map((row) => [row.dateStart, row]));
    expect(body.report).toHaveLength(11);
    for (const [index, day] of body.report.entries()) {
      expect(day.date).toBe(dayOf(START + index * DAY_MS));
      const row = byDay.get(day.date);
      expect(day).toEqual({ date: day.date, reach: row?.reach ?? 0, results: row ? purchases(row) : 0, spend: row?.spend ?? 0 });
    }
    expect(sum(report.days, purchases)).toBe(body.report.reduce((total: number, day: { results: number }) => total + day.results, 0));

    const adFigures = new Map(report.ads.map((row) => [row.adId, row]));
    expect(body.ads).toHaveLength(2);
    for (const ad of body.ads) {
      const row = adFigures.get(ad.id)!;
      expect(ad).toMatchObject({ impressions: row.impressions, reach: row.reach, clicks: linkClicks(row), spend: row.spend });
      expect(ad.ctr).toBe(linkClicks(row) / row.impressions!);
    }
    expect(body.ads[1].media.map((file: { name: string }) => file.name)).toEqual(['invierno.png']);
  });

  it('shows no spend on the days the campaign was paused in Meta', async () => {
    const body = (await insightsOf(running.id)).json();
    // The fourth day was paused throughout; the third and the sixth only in part.
    expect(body.report[4]).toEqual({ date: dayOf(START + 4 * DAY_MS), reach: 0, results: 0, spend: 0 });
    expect(body.report[3].spend).toBeGreaterThan(0);
    expect(body.report[5].spend).toBeGreaterThan(0);
    expect(body.report[5].spend).toBeLessThan(body.report[6].spend);
  });

  it('credits an ended campaign only with the orders placed within its dates', async () => {
    const ended = await recordCampaign({ name: 'Terminada', startAt: at(0), endAt: at(2), audience: [101, 102] });
    const body = (await insightsOf(ended)).json();
    expect(body.metrics).toMatchObject({ income: 30_000, orders: 1, averageOrderValue: 30_000, campaignCost: 0, acquisitionCost: 0 });
    // Its days run to its end.
    expect(body.report.map((day: { date: string }) => day.date)).toEqual([0, 1, 2].map((days) => dayOf(START + days * DAY_MS)));
  });

  it('shows a carousel as one ad with every file, in order', async () => {
    const carousel = await recordCampaign({
      name: 'Carrusel',
      startAt: at(9),
      paused: true,
      format: 'CAROUSEL',
      media: [running.media[1]!, running.media[0]!],
      objects: [
        { kind: 'campaign', metaId: '120210999999999991' },
        { kind: 'ad', metaId: '120212999999999991' },
      ],
    });
    const body = (await insightsOf(carousel)).json();
    expect(body.ads).toHaveLength(1);
    expect(body.ads[0]).toMatchObject({ id: '120212999999999991', name: 'Colección de otoño', impressions: 0 });
    expect(body.ads[0].media.map((file: { name: string }) => file.name)).toEqual(['invierno.png', 'otono.png']);
    await settle();
  });

  it('is not found for a campaign not published or of another store', async () => {
    const publishing = await recordCampaign({ name: 'A medio guardar', startAt: at(0), publication: 'publishing' });
    expect((await insightsOf(publishing)).statusCode).toBe(404);
    const other = await addStore(server.db, 'Otra tienda');
    const foreign = await recordCampaign({ name: 'Ajena', startAt: at(0), storeId: other });
    expect((await insightsOf(foreign)).statusCode).toBe(404);
    expect((await insightsOf(foreign, other)).statusCode).toBe(404);
    expect((await insightsOf(999_999)).statusCode).toBe(404);
  });

  it('reads again, once, when the last read is over an hour old', async () => {
    await server.db.query(`update ad_campaign_insight_reads set read_at = now() - interval '61 minutes' where campaign_id = $1`, [
      running.id,
    ]);
    const stale = (await insightsOf(running.id)).json();
    expect(stale.refreshing).toBe(true);
    expect(Date.now() - Date.parse(stale.readAt)).toBeGreaterThan(60 * 60_000);
    // What was kept is still answered meanwhile.
    expect(stale.metrics.campaignCost).toBeGreaterThan(0);
    await insightsOf(running.id);
    expect(await pendingReads(running.id)).toBe(1);
    await settle();
    const fresh = (await insightsOf(running.id)).json();
    expect(fresh.refreshing).toBe(false);
    expect(Date.now() - Date.parse(fresh.readAt)).toBeLessThan(60_000);
    expect(fresh.metrics).toEqual(stale.metrics);
  });

  it('refreshes every active campaign each hour, and books the next hour', async () => {
    await server.db.query(`update ad_campaign_insight_reads set read_at = now() - interval '2 hours'`);
    expect(await refreshActiveCampaigns(server.db)).toBeGreaterThanOrEqual(1);
    await server.db.query(`delete from jobs where queue = $1`, [AD_INSIGHTS_QUEUE]);
    await enqueue(server.db, AD_INSIGHTS_REFRESH_QUEUE, {});
    await settle();
    const [read] = await server.db.query<{ fresh: boolean }>(
      `select read_at > now() - interval '1 minute' as fresh from ad_campaign_insight_reads where campaign_id = $1`,
      [running.id],
    );
    expect(read!.fresh).toBe(true);
    const next = await server.db.query<{ run_at: Date }>(`select run_at from jobs where queue = $1 and status = 'pending'`, [
      AD_INSIGHTS_REFRESH_QUEUE,
    ]);
    expect(next).toHaveLength(1);
    expect(next[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
    expect(next[0]!.run_at.getTime() % HOUR_MS).toBe(0);
    await server.db.query(`delete from jobs where queue = $1`, [AD_INSIGHTS_REFRESH_QUEUE]);
  });
});

describe('the dashboard', () => {
  it("lists the active campaigns with their spend, reach over their life, income and ROAS, in the ad account's currency", async () => {
    const response = await call('GET', `/api/private/stores/${store}/adCampaigns/performance`);
    expect(response.statusCode).toBe(200);
    const { days, lifetimeReach } = await metaReport();
    const spend = sum(days, (row) => row.spend);
    expect(lifetimeReach).toBeLessThan(sum(days, (row) => row.reach));
    // The ended, paused and unpublished campaigns are not active.
    expect(response.json()).toEqual({
      currency: 'CLP',
      campaigns: [{ id: running.id, name: 'Vuelve', spend, reach: lifetimeReach, income: 65_000, roas: 65_000 / spend }],
    });
  });

  it("adds the campaigns' spend to each month of the acquisition cost, beside the investment", async () => {
    const { days } = await metaReport();
    const expected = new Map<string, number>();
    for (const row of days) expected.set(row.dateStart.slice(0, 7), (expected.get(row.dateStart.slice(0, 7)) ?? 0) + row.spend!);
    const years = [...new Set([...expected.keys()].map((month) => month.slice(0, 4)))];
    for (const year of years) {
      const chart = (await call('GET', `/api/private/stores/${store}/stats/charts/acquisitionCost?year=${year}`)).json();
      for (const month of chart.months) expect(month.adSpend).toBe(expected.get(month.month) ?? 0);
    }
    const total = [...expected.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(sum(days, (row) => row.spend));
  });
});

describe('a token Meta no longer takes', () => {
  it('marks the connection for renewal and stops reading, keeping the last figures', async () => {
    const before = (await insightsOf(running.id)).json();
    meta.sandbox.revoke(ids.users.camila);
    await server.db.query(`update ad_campaign_insight_reads set read_at = now() - interval '2 hours' where campaign_id = $1`, [running.id]);
    expect((await insightsOf(running.id)).json().refreshing).toBe(true);
    await settle();
    const [connection] = await server.db.query<{ renewal_reason: string | null }>(
      'select renewal_reason from meta_connections where store_id = $1',
      [store],
    );
    expect(connection!.renewal_reason).toBe('revoked');
    const failed = await server.db.query(`select 1 from jobs where queue = $1 and status = 'failed'`, [AD_INSIGHTS_QUEUE]);
    expect(failed).toHaveLength(0);
    // Nothing more is queued while the connection waits for Facebook Login; what was read stays.
    const after = (await insightsOf(running.id)).json();
    expect(after.refreshing).toBe(false);
    expect(await pendingReads(running.id)).toBe(0);
    expect(after.metrics).toEqual(before.metrics);
    expect(after.report).toEqual(before.report);
  });
});
