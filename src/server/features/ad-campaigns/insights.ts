import type { operations as AppOperations, components } from '../../../shared/api/app.gen.ts';
import { MetaNotFoundError } from '../../integrations/meta/errors.ts';
import type { MetaInsightsRow } from '../../integrations/meta/types.ts';
import {
  adAccountClientOf,
  adAccountPropsOf,
  type MetaAccess,
  metaConnectionOf,
  refuseDeadToken,
  tokenUsable,
} from '../../platform/connections/meta-connection.ts';
import type { Database, Queryable } from '../../platform/database/db.ts';
import { type Handlers, inStore } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { enqueue, type JobWorker } from '../../platform/jobs/jobs.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { DEFAULT_TIME_ZONE, storeTimeZone } from '../../platform/store-data/store-calendar.ts';
import {
  activeCampaignsFiguresOf,
  adFiguresOf,
  adMediaOf,
  attributedOrdersOf,
  campaignsToRefresh,
  campaignToRead,
  dailyFiguresOf,
  type InsightsCampaignRow,
  insightsCampaignOf,
  mediaRows,
  replaceCampaignInsights,
} from './repository.ts';

/*
 * A campaign's figures: Meta's (reach, impressions, link clicks, purchases, spend) read by a job into
 * ad_campaign_insight_days (by day), ad_insights (each ad over the campaign's life) and
 * ad_campaign_insight_reads (when, and the campaign's reach over its life); the store's own (income,
 * orders) worked out on each request from the orders of the customers in the campaign's audience.
 * Days are the store's calendar days, which for a Chilean store are the ad account's too.
 */

type AdCampaignInsights = components['schemas']['AdCampaignInsights'];
type AdCampaignPerformance = components['schemas']['AdCampaignPerformance'];
type AdInsights = components['schemas']['AdInsights'];
type InsightsOperations = Pick<AppOperations, 'getAdCampaignInsights' | 'getActiveAdCampaignsPerformance'>;

/** One read of one campaign: `{ storeId, campaignId }`, at most one waiting per campaign. */
export const AD_INSIGHTS_QUEUE = 'ad-insights';
/** Every hour: a read of each campaign delivering now (or that ended within the last day). */
export const AD_INSIGHTS_REFRESH_QUEUE = 'ad-insights-refresh';
/** A read older than this is read again when someone looks. */
export const INSIGHTS_FRESH_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Meta reports one purchase under several action types (the pixel's, Meta's total): the first found is the count. */
const PURCHASE_ACTIONS = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];
/** Link clicks: the clicks the conversion rate and CTR divide by. */
const DAY_FIELDS = ['reach', 'impressions', 'inline_link_clicks', 'spend', 'actions'];
const AD_FIELDS = ['impressions', 'reach', 'inline_link_clicks', 'spend'];

const money = (value: number) => Math.round(value * 100) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const moneyRatio = (part: number, whole: number) => (whole > 0 ? money(part / whole) : null);
const whole = (value: number | null | undefined) => Math.max(0, Math.round(value ?? 0));

const linkClicksOf = (row: MetaInsightsRow) => whole(Number(row.raw.inline_link_clicks ?? 0) || 0);
function purchasesOf(row: MetaInsightsRow): number {
  for (const type of PURCHASE_ACTIONS) {
    const action = row.actions.find((entry) => entry.actionType === type);
    if (action) return whole(action.value);
  }
  return 0;
}

/** Queues a read of the campaign's figures; nothing when one is already waiting. */
export function enqueueAdInsightsRead(db: Queryable, storeId: number, campaignId: number): Promise<number | null> {
  return enqueue(db, AD_INSIGHTS_QUEUE, { storeId, campaignId }, { singletonKey: `campaign:${campaignId}`, maxAttempts: 4 });
}

/** Books the next hourly refresh; once per hour, however often it is called. */
export function scheduleAdInsightsRefresh(db: Queryable, now = new Date()): Promise<number | null> {
  const runAt = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
  return enqueue(db, AD_INSIGHTS_REFRESH_QUEUE, {}, { runAt, singletonKey: `hour-${runAt.toISOString()}` });
}

export function registerAdInsightsJob(jobs: JobWorker, db: Database, access: MetaAccess): void {
  jobs.register<{ storeId: number; campaignId: number }>(AD_INSIGHTS_QUEUE, {
    leaseSeconds: 120,
    handler: async (job) => {
      await readCampaignInsights(db, access, job.payload.storeId, job.payload.campaignId);
    },
    // Read, or given up on: the campaign's open views ask again (and show what was last read).
    onFinished: (job) => publishLive(db, job.payload.storeId, { topic: 'adCampaignInsights', campaignId: job.payload.campaignId }),
  });
  jobs.register(AD_INSIGHTS_REFRESH_QUEUE, {
    handler: async () => {
      // The next hour first, so a failure now does not end the series.
      await scheduleAdInsightsRefresh(db, new Date(Date.now() + 60_000));
      await refreshActiveCampaigns(db);
    },
  });
}

/** Queues a read of every published campaign delivering now, or that ended within the last day (its last figures settle). */
export async function refreshActiveCampaigns(db: Queryable): Promise<number> {
  const rows = await campaignsToRefresh(db);
  for (const row of rows) await enqueueAdInsightsRead(db, row.store_id, Number(row.id));
  return rows.length;
}

/**
 * Reads the campaign's figures from Meta, from its first day to today (or its last day), and keeps them
 * in place of the last read. Through the Meta gate: a token Meta no longer takes marks the connection
 * for renewal and the read stops there (the next one runs after Facebook Login again).
 */
export async function readCampaignInsights(db: Database, access: MetaAccess, storeId: number, campaignId: number): Promise<void> {
  const timeZone = await storeTimeZone(db, storeId);
  const campaign = await campaignToRead(db, storeId, campaignId, timeZone);
  if (!campaign) return;

  let figures: { days: MetaInsightsRow[]; ads: MetaInsightsRow[]; lifetime: MetaInsightsRow[] } = { days: [], ads: [], lifetime: [] };
  if (campaign.since <= campaign.until) {
    let client: Awaited<ReturnType<typeof adAccountClientOf>>['client'];
    try {
      ({ client } = await adAccountClientOf(db, access, storeId));
    } catch (error) {
      // Not connected, or waiting for Facebook Login again: nothing to read until then.
      if (error instanceof HttpError) return;
      throw error;
    }
    const range = { since: campaign.since, until: campaign.until };
    try {
      const [days, ads, lifetime] = await Promise.all([
        client.insights(campaign.meta_id, { ...range, timeIncrement: 1, fields: DAY_FIELDS }),
        client.insights(campaign.meta_id, { ...range, level: 'ad', fields: AD_FIELDS }),
        client.insights(campaign.meta_id, { ...range, fields: ['reach'] }),
      ]);
      figures = { days, ads, lifetime };
    } catch (error) {
      // Gone in Meta (deleted there): there is nothing more to read.
      if (error instanceof MetaNotFoundError) return;
      try {
        await refuseDeadToken(db, storeId, error);
      } catch (refusal) {
        if (refusal instanceof HttpError) return;
        throw refusal;
      }
      throw error;
    }
  }

  const days = figures.days.filter((row) => row.dateStart >= campaign.since && row.dateStart <= campaign.until);
  await replaceCampaignInsights(db, storeId, campaignId, {
    days: days.map((row) => ({
      day: row.dateStart,
      reach: whole(row.reach),
      impressions: whole(row.impressions),
      clicks: linkClicksOf(row),
      results: purchasesOf(row),
      spend: money(row.spend ?? 0),
    })),
    ads: figures.ads.flatMap((row) =>
      row.adId
        ? [
            {
              adId: row.adId,
              impressions: whole(row.impressions),
              reach: whole(row.reach),
              clicks: linkClicksOf(row),
              spend: money(row.spend ?? 0),
            },
          ]
        : [],
    ),
    reach: whole(figures.lifetime[0]?.reach),
  });
}

interface Attribution {
  income: number;
  orders: number;
  buyers: number;
}

/** The store's orders credited to each campaign (attributedOrdersOf), by campaign. */
async function attributionOf(db: Queryable, storeId: number, campaignIds: number[]): Promise<Map<number, Attribution>> {
  const rows = await attributedOrdersOf(db, storeId, campaignIds);
  return new Map(
    rows.map((row) => [Number(row.campaign_id), { income: money(Number(row.income)), orders: row.orders, buyers: row.buyers }]),
  );
}

/** Each ad with the files it shows (a carousel's one ad, all of them) and its figures as last read. */
async function adsOf(db: Queryable, storeId: number, campaign: InsightsCampaignRow): Promise<AdInsights[]> {
  const [ads, files] = await Promise.all([
    adFiguresOf(db, Number(campaign.id)),
    mediaRows(
      db,
      storeId,
      campaign.media.map((entry) => entry.mediaId),
    ),
  ]);
  const byId = new Map(files.map((file) => [file.id, adMediaOf(file)]));
  const inOrder = campaign.media.flatMap((entry) => {
    const file = byId.get(Number(entry.mediaId));
    return file ? [file] : [];
  });
  return ads.map((ad) => {
    const media =
      campaign.format === 'CAROUSEL'
        ? inOrder
        : (() => {
            const file = byId.get(Number(campaign.media[ad.position]?.mediaId));
            return file ? [file] : [];
          })();
    const spend = money(Number(ad.spend));
    return {
      id: ad.meta_id,
      // The file's name for a single-file ad; the ad's title for a carousel.
      name: campaign.format === 'CAROUSEL' ? campaign.title : (media[0]?.name ?? campaign.title),
      media,
      impressions: ad.impressions,
      reach: ad.reach,
      clicks: ad.clicks,
      spend,
      ctr: ratio(ad.clicks, ad.impressions),
    };
  });
}

/** Whether a read could run now: the store's token works and its ad account is saved. */
async function canRead(db: Queryable, storeId: number): Promise<boolean> {
  const row = await metaConnectionOf(db, storeId);
  return !!row?.ad_account_id && tokenUsable(row);
}

export const adCampaignInsightsHandlers = (_access: MetaAccess): Handlers<InsightsOperations> => ({
  async getAdCampaignInsights(context) {
    const store = inStore(context);
    const timeZone = store.timeZone || DEFAULT_TIME_ZONE;
    const campaignId = Number(context.params.campaignId);
    const campaign = await insightsCampaignOf(context.db, store.storeId, campaignId, INSIGHTS_FRESH_MS);
    if (!campaign) throw errors.notFound();

    let refreshing = false;
    if (campaign.stale && (await canRead(context.db, store.storeId))) {
      await enqueueAdInsightsRead(context.db, store.storeId, campaignId);
      refreshing = true;
    }

    const [report, attribution, ads] = await Promise.all([
      dailyFiguresOf(context.db, campaignId, timeZone),
      attributionOf(context.db, store.storeId, [campaignId]),
      adsOf(context.db, store.storeId, campaign),
    ]);
    // Figures from days outside the campaign's dates now (its start moved) are not counted.
    const totals = report.reduce(
      (sum, day) => ({
        impressions: sum.impressions + day.impressions,
        clicks: sum.clicks + day.clicks,
        spend: sum.spend + Number(day.spend),
      }),
      { impressions: 0, clicks: 0, spend: 0 },
    );
    const spend = money(totals.spend);
    const { income, orders, buyers } = attribution.get(campaignId) ?? { income: 0, orders: 0, buyers: 0 };
    const body: AdCampaignInsights = {
      readAt: campaign.read_at ? campaign.read_at.toISOString() : null,
      refreshing,
      currency: campaign.currency,
      metrics: {
        income,
        orders,
        averageOrderValue: moneyRatio(income, orders),
        conversionRate: ratio(orders, totals.clicks),
        acquisitionCost: moneyRatio(spend, buyers),
        campaignCost: spend,
      },
      kpis: {
        roas: ratio(income, spend),
        ctr: ratio(totals.clicks, totals.impressions),
        cpm: moneyRatio(spend * 1000, totals.impressions),
      },
      report: report.map((day) => ({ date: day.date, reach: day.reach, results: day.results, spend: money(Number(day.spend)) })),
      ads,
    };
    return { status: 200, body };
  },

  async getActiveAdCampaignsPerformance(context) {
    const { storeId } = inStore(context);
    const [campaigns, connection] = await Promise.all([
      activeCampaignsFiguresOf(context.db, storeId),
      metaConnectionOf(context.db, storeId),
    ]);
    const attribution = await attributionOf(
      context.db,
      storeId,
      campaigns.map((campaign) => Number(campaign.id)),
    );
    const performance: AdCampaignPerformance[] = campaigns.map((campaign) => {
      const id = Number(campaign.id);
      const spend = money(Number(campaign.spend));
      const income = attribution.get(id)?.income ?? 0;
      return { id, name: campaign.name, spend, reach: campaign.reach, income, roas: ratio(income, spend) };
    });
    return { status: 200, body: { currency: adAccountPropsOf(connection).currency, campaigns: performance } };
  },
});
