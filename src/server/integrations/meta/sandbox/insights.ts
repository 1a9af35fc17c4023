import { createHash } from 'node:crypto';
import { currencyOffset } from '../currency.ts';
import { INSIGHTS_LEVELS, type InsightsLevel } from '../types.ts';
import { statusAt } from './ads.ts';
import { DAY_MS, dayOf, dayStart, nextDay } from './clock.ts';
import { enumParameter, invalidParameter } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { SandboxAd, SandboxAdAccount, SandboxAdSet, SandboxCampaign } from './store.ts';

/*
 * Insights (`GET /{object}/insights`) that move with the sandbox's clock. Every ad set spends, on each
 * day of the account's time zone, a steady 60–100 % of its daily budget times the share of the day it
 * was delivering: its campaign, itself and at least one of its ads ACTIVE, within its start and end,
 * before now (so today is counted up to now, and a paused stretch spends nothing). The ad set's spend
 * is split among its ads by the time each was running; from each ad's spend come its impressions (a
 * CPM around CLP 3,200), reach (1.05–1.55 impressions a person), link clicks (CTR 0.8–2.5 %) and
 * purchases (1–4 % of clicks, orders around CLP 32,000). Every figure is drawn from a hash of the object
 * and the day, so a report reads the same every time. Kept simple where no report would tell: the
 * review of new ads does not hold delivery back, past days spend on the ad set's budget as it is now,
 * and an ad set WITH_ISSUES still delivers.
 *
 * As Meta: numbers are strings; a day without impressions has no row; money is in the currency's units
 * with decimals where it has them (not the offset units of budgets); rows of a longer period add up the
 * days, except reach, which counts people once (here: the busiest day's reach and 30 % of the others').
 */

const DEFAULT_FIELDS = ['impressions', 'spend', 'date_start', 'date_stop'];
const FIELDS = [
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'objective',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'spend',
  'ctr',
  'cpm',
  'cpc',
  'actions',
  'action_values',
  'purchase_roas',
  'date_start',
  'date_stop',
];
const PRESETS = ['today', 'yesterday', 'last_7d', 'last_14d', 'last_30d', 'maximum'] as const;
const PURCHASE_ACTIONS = ['offsite_conversion.fb_pixel_purchase', 'omni_purchase', 'purchase'];
/** What a click or an order costs in Chilean pesos; other currencies scale by about 900 pesos a dollar. */
const PESO = { cpm: 3200, order: 32_000 };

type Owner =
  | { type: 'AdAccount'; value: SandboxAdAccount }
  | { type: 'Campaign'; value: SandboxCampaign }
  | { type: 'AdSet'; value: SandboxAdSet }
  | { type: 'Ad'; value: SandboxAd };

const OWN_LEVEL: Record<Owner['type'], InsightsLevel> = { AdAccount: 'account', Campaign: 'campaign', AdSet: 'adset', Ad: 'ad' };

/** A stable number in [0, 1) for the key. */
const draw = (key: string) => createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;

/** One ad's delivery on one day. Spend and purchase value in offset units. */
interface Figures {
  spend: number;
  impressions: number;
  reach: number;
  clicks: number;
  purchases: number;
  purchaseValue: number;
}

interface AdDay extends Figures {
  ad: SandboxAd;
  adSet: SandboxAdSet;
  campaign: SandboxCampaign;
  day: string;
}

/** The range asked for: `time_range`, a `date_preset`, or the last 30 days. */
function rangeOf(context: NodeContext, account: SandboxAdAccount): { since: string; until: string } {
  const today = dayOf(context.now);
  const back = (days: number) => dayOf(context.now - days * DAY_MS);
  const range = context.params.json('time_range') as { since?: unknown; until?: unknown } | undefined;
  if (range !== undefined) {
    const since = String(range.since ?? '');
    const until = String(range.until ?? '');
    if (dayStart(since) === null || dayStart(until) === null)
      throw invalidParameter('time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}');
    if (since > until) throw invalidParameter('time_range: since must not be after until');
    return { since, until };
  }
  const preset = context.params.oneOf('date_preset', PRESETS) ?? 'last_30d';
  if (preset === 'today') return { since: today, until: today };
  if (preset === 'yesterday') return { since: back(1), until: back(1) };
  if (preset === 'maximum') {
    const first = Math.min(context.now, ...[...account.objects.values()].map((node) => node.value.createdTime));
    return { since: dayOf(first), until: today };
  }
  const days = Number(preset.replace(/\D/g, ''));
  return { since: back(days), until: back(1) };
}

function incrementOf(context: NodeContext): number | 'all_days' {
  const raw = context.params.text('time_increment') ?? 'all_days';
  if (raw === 'all_days') return raw;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 90)
    throw invalidParameter('time_increment must be all_days or a number of days from 1 to 90');
  return days;
}

const within = (adSet: SandboxAdSet, at: number) => at >= adSet.startTime && (adSet.endTime === null || at < adSet.endTime);

/** The day's delivery of an ad set's ads: each ad's share of the day it was running, and the ad set's. */
function shares(adSet: SandboxAdSet, campaign: SandboxCampaign, ads: SandboxAd[], day: string, now: number) {
  const from = dayStart(day)!;
  const to = Math.min(from + DAY_MS, now);
  const perAd = new Map<SandboxAd, number>();
  let adSetShare = 0;
  if (to <= from) return { adSetShare, perAd };
  const edges = [
    adSet.startTime,
    adSet.endTime ?? from,
    ...[campaign, adSet, ...ads].flatMap((object) => object.statuses.map((change) => change.at)),
  ];
  const points = [...new Set([from, to, ...edges.filter((at) => at > from && at < to)])].sort((a, b) => a - b);
  for (let index = 0; index + 1 < points.length; index += 1) {
    const start = points[index]!;
    const length = points[index + 1]! - start;
    if (statusAt(campaign, start) !== 'ACTIVE' || statusAt(adSet, start) !== 'ACTIVE' || !within(adSet, start)) continue;
    const running = ads.filter((ad) => statusAt(ad, start) === 'ACTIVE');
    if (running.length === 0) continue;
    adSetShare += length / DAY_MS;
    for (const ad of running) perAd.set(ad, (perAd.get(ad) ?? 0) + length / DAY_MS);
  }
  return { adSetShare, perAd };
}

function figuresOf(ad: SandboxAd, spend: number, day: string, currency: string): Figures {
  const pesos = currency === 'CLP' ? 1 : currencyOffset(currency) / 900;
  const key = `${ad.id}:${day}`;
  const cpm = PESO.cpm * pesos * (0.8 + 0.4 * draw(`${key}:cpm`));
  const impressions = Math.round((spend / cpm) * 1000);
  const reach = impressions === 0 ? 0 : Math.max(1, Math.round(impressions / (1.05 + 0.5 * draw(`${key}:frequency`))));
  const clicks = Math.round(impressions * (0.008 + 0.017 * draw(`${key}:ctr`)));
  const purchases = Math.round(clicks * (0.01 + 0.03 * draw(`${key}:conversion`)));
  const purchaseValue = Math.round(purchases * PESO.order * pesos * (0.8 + 0.4 * draw(`${key}:order`)));
  return { spend, impressions, reach, clicks, purchases, purchaseValue };
}

/** Every ad's delivery under `owner` on each day of the range. */
function adDays(owner: Owner, account: SandboxAdAccount, since: string, until: string, context: NodeContext): AdDay[] {
  const nodes = [...account.objects.values()];
  const adSets = nodes.flatMap((node) => (node.type === 'AdSet' ? [node.value] : []));
  const ads = nodes.flatMap((node) => (node.type === 'Ad' ? [node.value] : []));
  const underOwner = (ad: SandboxAd) =>
    owner.type === 'AdAccount' ||
    (owner.type === 'Campaign' && ad.campaignId === owner.value.id) ||
    (owner.type === 'AdSet' && ad.adsetId === owner.value.id) ||
    (owner.type === 'Ad' && ad.id === owner.value.id);
  const rows: AdDay[] = [];
  const last = dayOf(context.now) < until ? dayOf(context.now) : until;
  for (const adSet of adSets) {
    const campaign = context.store.adObject(account, adSet.campaignId, 'Campaign');
    const its = ads.filter((ad) => ad.adsetId === adSet.id);
    if (!campaign || its.length === 0 || !its.some(underOwner)) continue;
    for (let day = since; day <= last; day = nextDay(day)) {
      const { adSetShare, perAd } = shares(adSet, campaign, its, day, context.now);
      if (adSetShare === 0) continue;
      const pace = 0.6 + 0.4 * draw(`${adSet.id}:${day}:pace`);
      const total = [...perAd.values()].reduce((sum, share) => sum + share, 0);
      for (const [ad, share] of perAd) {
        if (!underOwner(ad)) continue;
        const spend = Math.round((adSet.dailyBudget * pace * adSetShare * share) / total);
        rows.push({ ad, adSet, campaign, day, ...figuresOf(ad, spend, day, account.currency) });
      }
    }
  }
  return rows;
}

interface Bucket extends Figures {
  start: string;
  stop: string;
  sample: AdDay;
  /** Reach per day, for counting people once. */
  reaches: number[];
}

const levelKey = (row: AdDay, level: InsightsLevel) =>
  level === 'account' ? row.ad.accountId : level === 'campaign' ? row.campaign.id : level === 'adset' ? row.adSet.id : row.ad.id;

function bucketStart(day: string, since: string, increment: number | 'all_days') {
  if (increment === 'all_days') return since;
  const days = Math.round((dayStart(day)! - dayStart(since)!) / DAY_MS);
  return dayOf(dayStart(since)! + Math.floor(days / increment) * increment * DAY_MS + DAY_MS / 2);
}

function bucketStop(start: string, until: string, increment: number | 'all_days') {
  if (increment === 'all_days') return until;
  const stop = dayOf(dayStart(start)! + (increment - 1) * DAY_MS + DAY_MS / 2);
  return stop < until ? stop : until;
}

/** Figures to Graph's strings. */
function render(bucket: Bucket, fields: readonly string[], account: SandboxAdAccount) {
  const offset = currencyOffset(account.currency);
  const digits = offset === 1 ? 0 : 2;
  const money = (amount: number) => (amount / offset).toFixed(digits);
  const ratio = (value: number) => value.toFixed(6);
  const busiest = Math.max(...bucket.reaches);
  const reach = Math.round(busiest + 0.3 * (bucket.reaches.reduce((sum, value) => sum + value, 0) - busiest));
  const { sample } = bucket;
  const actions = [
    ...(bucket.clicks > 0 ? [{ action_type: 'link_click', value: String(bucket.clicks) }] : []),
    ...(bucket.purchases > 0 ? PURCHASE_ACTIONS.map((type) => ({ action_type: type, value: String(bucket.purchases) })) : []),
  ];
  const values: Record<string, () => unknown> = {
    account_id: () => account.accountId,
    account_name: () => account.name,
    account_currency: () => account.currency,
    campaign_id: () => sample.campaign.id,
    campaign_name: () => sample.campaign.name,
    adset_id: () => sample.adSet.id,
    adset_name: () => sample.adSet.name,
    ad_id: () => sample.ad.id,
    ad_name: () => sample.ad.name,
    objective: () => sample.campaign.objective,
    impressions: () => String(bucket.impressions),
    reach: () => String(reach),
    frequency: () => ratio(bucket.impressions / Math.max(reach, 1)),
    clicks: () => String(bucket.clicks),
    inline_link_clicks: () => String(bucket.clicks),
    spend: () => money(bucket.spend),
    ctr: () => ratio((bucket.clicks * 100) / bucket.impressions),
    cpm: () => ratio((bucket.spend / offset / bucket.impressions) * 1000),
    cpc: () => (bucket.clicks > 0 ? ratio(bucket.spend / offset / bucket.clicks) : undefined),
    actions: () => (actions.length ? actions : undefined),
    action_values: () =>
      bucket.purchases > 0 ? PURCHASE_ACTIONS.map((type) => ({ action_type: type, value: money(bucket.purchaseValue) })) : undefined,
    purchase_roas: () =>
      bucket.purchases > 0 && bucket.spend > 0
        ? [{ action_type: 'omni_purchase', value: ratio(bucket.purchaseValue / bucket.spend) }]
        : undefined,
    date_start: () => bucket.start,
    date_stop: () => bucket.stop,
  };
  const row: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field]!();
    if (value !== undefined) row[field] = value;
  }
  return row;
}

/** `GET /{object}/insights`, as rows keyed for paging. */
export function insightRows(owner: Owner, account: SandboxAdAccount, context: NodeContext) {
  const asked = context.params.text('fields');
  const fields = asked
    ? [
        ...new Set([
          ...asked
            .split(',')
            .map((field) => field.trim())
            .filter(Boolean),
          'date_start',
          'date_stop',
        ]),
      ]
    : DEFAULT_FIELDS;
  const unknown = fields.find((field) => !FIELDS.includes(field));
  if (unknown)
    throw invalidParameter(
      `${unknown} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
    );
  const own = OWN_LEVEL[owner.type];
  const level = context.params.oneOf('level', INSIGHTS_LEVELS) ?? own;
  if (INSIGHTS_LEVELS.indexOf(level) < INSIGHTS_LEVELS.indexOf(own))
    throw enumParameter('level', INSIGHTS_LEVELS.slice(INSIGHTS_LEVELS.indexOf(own)));
  const { since, until } = rangeOf(context, account);
  const increment = incrementOf(context);
  const buckets = new Map<string, Bucket>();
  for (const row of adDays(owner, account, since, until, context)) {
    if (row.impressions === 0) continue;
    const start = bucketStart(row.day, since, increment);
    const key = `${start}:${levelKey(row, level)}`;
    const bucket = buckets.get(key) ?? {
      start,
      stop: bucketStop(start, until, increment),
      sample: row,
      spend: 0,
      impressions: 0,
      reach: 0,
      clicks: 0,
      purchases: 0,
      purchaseValue: 0,
      reaches: [],
    };
    bucket.spend += row.spend;
    bucket.impressions += row.impressions;
    bucket.clicks += row.clicks;
    bucket.purchases += row.purchases;
    bucket.purchaseValue += row.purchaseValue;
    bucket.reaches.push(row.reach);
    buckets.set(key, bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, bucket]) => ({ key, row: render(bucket, fields, account) }));
}
