import { currencyOffset } from '../currency.ts';
import {
  BID_STRATEGIES,
  BILLING_EVENTS,
  CAMPAIGN_OBJECTIVES,
  type ConfiguredStatus,
  type EffectiveStatus,
  type GraphPromotedObject,
  OPTIMIZATION_GOALS,
  SPECIAL_AD_CATEGORIES,
} from '../types.ts';
import { audienceIssue } from './audiences.ts';
import { DAY_MS } from './clock.ts';
import { AD_SUBCODES, adsRefusal, enumParameter, invalidParameter, oauthError, requiredParameter } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import type { GraphParams } from './params.ts';
import type { SandboxAd, SandboxAdAccount, SandboxAdSet, SandboxCampaign } from './store.ts';
import { checkTargeting } from './targeting.ts';

/*
 * Campaigns, ad sets and ads: created on the ad account's edges, changed with POST /{id}, deleted with
 * DELETE /{id} (or POST status=DELETED, which Graph still answers for, as DELETED). Each keeps the
 * history of its configured status, which insights read, and derives `effective_status` from its
 * parents: a paused campaign shows CAMPAIGN_PAUSED on its ad sets and ads, a paused ad set
 * ADSET_PAUSED on its ads; an ad set whose custom audience went away or shrank shows WITH_ISSUES; an
 * ad is IN_PROCESS (in review) on its first read after it is created or given another creative.
 */

type Delivering = SandboxCampaign | SandboxAdSet | SandboxAd;

const WRITABLE_STATUSES: readonly ConfiguredStatus[] = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED'];
const NEW_STATUSES = ['ACTIVE', 'PAUSED'] as const;
/** How far back a new ad set may start: Meta takes a start a little in the past as "now", not a day before. */
const START_GRACE_MS = DAY_MS;

export const currentStatus = (object: Delivering) => object.statuses.at(-1)!.status;

/** The configured status at `at`, null before the object existed. */
export function statusAt(object: Delivering, at: number): ConfiguredStatus | null {
  let status: ConfiguredStatus | null = null;
  for (const change of object.statuses) {
    if (change.at > at) break;
    status = change.status;
  }
  return status;
}

function setStatus(object: Delivering, status: ConfiguredStatus, now: number) {
  if (currentStatus(object) !== status) object.statuses.push({ at: now, status });
  object.updatedTime = now;
}

const gone = (status: ConfiguredStatus) => status === 'DELETED' || status === 'ARCHIVED';

export function campaignStatus(campaign: SandboxCampaign): EffectiveStatus {
  return currentStatus(campaign);
}

export function adSetStatus(adSet: SandboxAdSet, context: NodeContext): EffectiveStatus {
  const own = currentStatus(adSet);
  if (own !== 'ACTIVE') return own;
  const account = context.store.adAccount(adSet.accountId)!;
  const campaign = context.store.adObject(account, adSet.campaignId, 'Campaign');
  if (!campaign || currentStatus(campaign) !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
  // An audience being matched again after an upload keeps delivering; one deleted or shrunk does not.
  const issues = (adSet.targeting.custom_audiences ?? []).map((audience) => audienceIssue(account, audience.id, context));
  return issues.some((issue) => issue === 'gone' || issue === 'small') ? 'WITH_ISSUES' : 'ACTIVE';
}

export function adStatus(ad: SandboxAd, context: NodeContext): EffectiveStatus {
  const own = currentStatus(ad);
  if (own !== 'ACTIVE') return own;
  const account = context.store.adAccount(ad.accountId)!;
  const adSet = context.store.adObject(account, ad.adsetId, 'AdSet');
  const parent = adSet ? adSetStatus(adSet, context) : 'DELETED';
  if (parent === 'CAMPAIGN_PAUSED' || parent === 'WITH_ISSUES') return parent;
  if (parent !== 'ACTIVE') return 'ADSET_PAUSED';
  return ad.reviewReads > 0 ? 'IN_PROCESS' : 'ACTIVE';
}

/** Someone who may create and change the account's ads (MANAGE or ADVERTISE, Meta's ad account tasks). */
function requireAdvertiser(account: SandboxAdAccount, context: NodeContext) {
  const tasks = account.tasks.get(context.viewer.user.id) ?? [];
  if (!tasks.includes('MANAGE') && !tasks.includes('ADVERTISE'))
    throw oauthError(200, '(#200) The user does not have permission to advertise on this ad account');
}

/** Money as Meta writes it in its messages: `CLP2,000`, `USD1.00`. */
function money(amount: number, currency: string) {
  const offset = currencyOffset(currency);
  const digits = offset === 1 ? 0 : 2;
  return `${currency}${(amount / offset).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

function checkBudget(budget: number, account: SandboxAdAccount) {
  if (budget < account.minDailyBudget)
    throw adsRefusal(
      AD_SUBCODES.budgetTooLow,
      'Your Budget Is Too Low',
      `Your budget must be at least ${money(account.minDailyBudget, account.currency)} or your ads may not be delivered. Please increase the budget for this ad set.`,
    );
}

function checkDates(start: number, end: number | null, now: number, isNew: boolean) {
  if (isNew && start < now - START_GRACE_MS)
    throw adsRefusal(
      AD_SUBCODES.startTooEarly,
      'Start Time Is In The Past',
      "Your ad set's start time can't be more than a day in the past. Choose a start time from today on.",
    );
  if (end !== null && end <= start)
    throw adsRefusal(AD_SUBCODES.endBeforeStart, 'Invalid End Time', "Your ad set's end time must be after its start time.");
}

function cantEdit(kind: 'campaign' | 'ad set' | 'ad') {
  const title = { campaign: 'Campaign', 'ad set': 'Ad Set', ad: 'Ad' }[kind];
  return adsRefusal(
    AD_SUBCODES.cantEdit,
    `Can't Edit ${title}`,
    `You can't edit this ${kind}. You can only edit active or paused ${kind}s.`,
  );
}

function promotedObjectOf(params: GraphParams, context: NodeContext, account: SandboxAdAccount): GraphPromotedObject | null {
  const raw = params.json('promoted_object');
  if (raw === undefined) return null;
  if (Array.isArray(raw)) throw invalidParameter('Param promoted_object must be a JSON object');
  const promoted = raw as GraphPromotedObject;
  if (promoted.pixel_id !== undefined) {
    const pixel = context.store.nodes.get(String(promoted.pixel_id));
    const owner = context.store.nodes.get(account.businessId);
    if (pixel?.type !== 'AdsPixel' || owner?.type !== 'Business' || !owner.value.pixels.includes(pixel.value.id))
      throw adsRefusal(AD_SUBCODES.invalidPixel, 'Invalid Pixel', `The pixel ${promoted.pixel_id} can't be used with this ad account.`);
  }
  if (promoted.product_set_id !== undefined && context.store.nodes.get(String(promoted.product_set_id))?.type !== 'ProductSet')
    throw adsRefusal(AD_SUBCODES.productSetNotFound, 'Product Set Not Found', `The product set ${promoted.product_set_id} doesn't exist.`);
  return {
    ...promoted,
    ...(promoted.pixel_id === undefined ? {} : { pixel_id: String(promoted.pixel_id) }),
    ...(promoted.product_set_id === undefined ? {} : { product_set_id: String(promoted.product_set_id) }),
  };
}

const created = (id: string) => ({ id });
const done = { success: true } as const;

export function createCampaign(account: SandboxAdAccount, context: NodeContext) {
  requireAdvertiser(account, context);
  const { params, now } = context;
  const name = params.requiredText('name');
  const objective = params.requiredOneOf('objective', CAMPAIGN_OBJECTIVES);
  const categories = params.json('special_ad_categories');
  if (categories === undefined) throw requiredParameter('special_ad_categories');
  if (!Array.isArray(categories) || categories.some((entry) => !(SPECIAL_AD_CATEGORIES as readonly unknown[]).includes(entry)))
    throw enumParameter('special_ad_categories', SPECIAL_AD_CATEGORIES);
  const status = params.oneOf('status', NEW_STATUSES) ?? 'ACTIVE';
  const promotedObject = promotedObjectOf(params, context, account);
  params.oneOf('buying_type', ['AUCTION']);
  const campaign = context.store.addAdObject(account, 'Campaign', (id) => ({
    id,
    accountId: account.id,
    name,
    objective,
    specialAdCategories: categories.map(String).filter((category) => category !== 'NONE'),
    promotedObject,
    createdTime: now,
    updatedTime: now,
    statuses: [{ at: now, status }],
  }));
  return created(campaign.id);
}

/** Children follow a deleted or archived parent, as Meta's do. */
function cascade(account: SandboxAdAccount, parentId: string, status: ConfiguredStatus, now: number, context: NodeContext) {
  for (const node of account.objects.values())
    if (
      (node.type === 'AdSet' || node.type === 'Ad') &&
      (node.value.campaignId === parentId || (node.type === 'Ad' && node.value.adsetId === parentId))
    ) {
      if (!gone(currentStatus(node.value))) setStatus(node.value, status, now);
      if (status === 'DELETED' && !context.store.nodes.has(parentId)) context.store.forget(node.value.id);
    }
}

export function updateCampaign(campaign: SandboxCampaign, context: NodeContext) {
  const account = context.store.adAccount(campaign.accountId)!;
  requireAdvertiser(account, context);
  const { params, now } = context;
  if (gone(currentStatus(campaign))) throw cantEdit('campaign');
  const name = params.text('name');
  const status = params.oneOf('status', WRITABLE_STATUSES);
  if (name !== undefined) campaign.name = params.requiredText('name');
  if (status) {
    setStatus(campaign, status, now);
    if (gone(status)) cascade(account, campaign.id, status, now, context);
  }
  campaign.updatedTime = now;
  return done;
}

/** DELETE /{id}: the object and its children are deleted and Graph no longer knows them. */
export function removeDelivering(object: Delivering, context: NodeContext) {
  const account = context.store.adAccount(object.accountId)!;
  requireAdvertiser(account, context);
  setStatus(object, 'DELETED', context.now);
  context.store.forget(object.id);
  cascade(account, object.id, 'DELETED', context.now, context);
  return done;
}

function adSetParent(account: SandboxAdAccount, context: NodeContext): SandboxCampaign {
  const campaignId = context.params.requiredText('campaign_id');
  const campaign = context.store.adObject(account, campaignId, 'Campaign');
  if (!campaign || currentStatus(campaign) === 'DELETED')
    throw adsRefusal(AD_SUBCODES.invalidParent, 'Campaign Not Found', `The campaign ${campaignId} doesn't exist in this ad account.`);
  if (gone(currentStatus(campaign))) throw cantEdit('campaign');
  return campaign;
}

function bidOf(params: GraphParams, strategy: string, current: number | null): number | null {
  const amount = params.integer('bid_amount') ?? current;
  if (strategy !== 'LOWEST_COST_WITHOUT_CAP' && amount === null) throw requiredParameter('bid_amount');
  return strategy === 'LOWEST_COST_WITHOUT_CAP' ? null : amount;
}

export function createAdSet(account: SandboxAdAccount, context: NodeContext) {
  requireAdvertiser(account, context);
  const { params, now } = context;
  const name = params.requiredText('name');
  const campaign = adSetParent(account, context);
  const billingEvent = params.requiredOneOf('billing_event', BILLING_EVENTS);
  const optimizationGoal = params.requiredOneOf('optimization_goal', OPTIMIZATION_GOALS);
  const bidStrategy = params.oneOf('bid_strategy', BID_STRATEGIES) ?? 'LOWEST_COST_WITHOUT_CAP';
  const bidAmount = bidOf(params, bidStrategy, null);
  const dailyBudget = params.integer('daily_budget');
  if (dailyBudget === undefined) throw requiredParameter('daily_budget');
  checkBudget(dailyBudget, account);
  const status = params.oneOf('status', NEW_STATUSES) ?? 'ACTIVE';
  const startTime = Math.max(params.time('start_time') ?? now, 0);
  const endTime = params.time('end_time') ?? null;
  checkDates(startTime, endTime, now, true);
  const rawTargeting = params.json('targeting');
  if (rawTargeting === undefined) throw requiredParameter('targeting');
  const targeting = checkTargeting(rawTargeting, account, context);
  const promotedObject = promotedObjectOf(params, context, account);
  if (
    (optimizationGoal === 'OFFSITE_CONVERSIONS' || optimizationGoal === 'VALUE') &&
    !promotedObject?.pixel_id &&
    !promotedObject?.product_set_id
  )
    throw requiredParameter('promoted_object');
  const adSet = context.store.addAdObject(account, 'AdSet', (id) => ({
    id,
    accountId: account.id,
    campaignId: campaign.id,
    name,
    dailyBudget,
    billingEvent,
    optimizationGoal,
    bidStrategy,
    bidAmount,
    startTime,
    endTime,
    targeting,
    promotedObject,
    createdTime: now,
    updatedTime: now,
    statuses: [{ at: now, status }],
  }));
  return created(adSet.id);
}

export function updateAdSet(adSet: SandboxAdSet, context: NodeContext) {
  const account = context.store.adAccount(adSet.accountId)!;
  requireAdvertiser(account, context);
  const { params, now } = context;
  if (gone(currentStatus(adSet))) throw cantEdit('ad set');
  // Everything is checked before anything changes: a refused call leaves the ad set as it was.
  const status = params.oneOf('status', WRITABLE_STATUSES);
  const name = params.has('name') ? params.requiredText('name') : adSet.name;
  const dailyBudget = params.integer('daily_budget') ?? adSet.dailyBudget;
  checkBudget(dailyBudget, account);
  const bidStrategy = params.oneOf('bid_strategy', BID_STRATEGIES) ?? adSet.bidStrategy;
  const bidAmount = bidOf(params, bidStrategy, adSet.bidAmount);
  const startTime = params.time('start_time') ?? adSet.startTime;
  const endTime = params.has('end_time') ? (params.time('end_time') ?? null) : adSet.endTime;
  checkDates(startTime, endTime, now, false);
  const rawTargeting = params.json('targeting');
  const targeting = rawTargeting === undefined ? adSet.targeting : checkTargeting(rawTargeting, account, context);
  Object.assign(adSet, { name, dailyBudget, bidStrategy, bidAmount, startTime, endTime, targeting, updatedTime: now });
  if (status) {
    setStatus(adSet, status, now);
    if (gone(status)) cascade(account, adSet.id, status, now, context);
  }
  return done;
}

function creativeOf(account: SandboxAdAccount, context: NodeContext) {
  const raw = context.params.json('creative');
  if (raw === undefined) throw requiredParameter('creative');
  const creativeId = String((raw as { creative_id?: unknown }).creative_id ?? '');
  const creative = context.store.adObject(account, creativeId, 'AdCreative');
  if (!creative)
    throw adsRefusal(AD_SUBCODES.invalidParent, 'Creative Not Found', `The ad creative ${creativeId} doesn't exist in this ad account.`);
  return creative;
}

export function createAd(account: SandboxAdAccount, context: NodeContext) {
  requireAdvertiser(account, context);
  const { params, now } = context;
  const name = params.requiredText('name');
  const adsetId = params.requiredText('adset_id');
  const adSet = context.store.adObject(account, adsetId, 'AdSet');
  if (!adSet || currentStatus(adSet) === 'DELETED')
    throw adsRefusal(AD_SUBCODES.invalidParent, 'Ad Set Not Found', `The ad set ${adsetId} doesn't exist in this ad account.`);
  if (gone(currentStatus(adSet))) throw cantEdit('ad set');
  const creative = creativeOf(account, context);
  const status = params.oneOf('status', NEW_STATUSES) ?? 'ACTIVE';
  const ad = context.store.addAdObject(account, 'Ad', (id) => ({
    id,
    accountId: account.id,
    adsetId: adSet.id,
    campaignId: adSet.campaignId,
    creativeId: creative.id,
    name,
    reviewReads: 1,
    createdTime: now,
    updatedTime: now,
    statuses: [{ at: now, status }],
  }));
  return created(ad.id);
}

export function updateAd(ad: SandboxAd, context: NodeContext) {
  const account = context.store.adAccount(ad.accountId)!;
  requireAdvertiser(account, context);
  const { params, now } = context;
  if (gone(currentStatus(ad))) throw cantEdit('ad');
  const name = params.has('name') ? params.requiredText('name') : ad.name;
  const creative = params.has('creative') ? creativeOf(account, context) : null;
  const status = params.oneOf('status', WRITABLE_STATUSES);
  ad.name = name;
  if (creative && creative.id !== ad.creativeId) {
    ad.creativeId = creative.id;
    // Another creative is reviewed again.
    ad.reviewReads = 1;
  }
  if (status) setStatus(ad, status, now);
  ad.updatedTime = now;
  return done;
}

/** Whether an edge lists the object: the `effective_status` filter, or everything but deleted and archived objects. */
export function listedByStatus(status: EffectiveStatus, params: GraphParams): boolean {
  const filter = params.json('effective_status');
  if (Array.isArray(filter)) return filter.map(String).includes(status);
  return status !== 'DELETED' && status !== 'ARCHIVED';
}
