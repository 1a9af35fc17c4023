import type { GraphAdAccount } from '../types.ts';
import {
  adSetStatus,
  adStatus,
  campaignStatus,
  createAd,
  createAdSet,
  createCampaign,
  currentStatus,
  listedByStatus,
  removeDelivering,
  updateAd,
  updateAdSet,
  updateCampaign,
} from './ads.ts';
import { changeMembers, createAudience, deliveryStatus, operationStatus, removeAudience, sizeBounds, updateAudience } from './audiences.ts';
import { graphTime } from './clock.ts';
import { createCreative, firstImageHash, updateCreative } from './creatives.ts';
import { insightRows } from './insights.ts';
import { imageRows, imageUrl, thumbnailRows, uploadImages, uploadVideo, videoStatus } from './media.ts';
import type { GraphParams } from './params.ts';
import type {
  AdAccountObject,
  AdObjectType,
  MetaSandboxStore,
  NodeType,
  SandboxAd,
  SandboxAdAccount,
  SandboxAdCreative,
  SandboxAdSet,
  SandboxAdVideo,
  SandboxBusiness,
  SandboxCampaign,
  SandboxCustomAudience,
  SandboxNode,
  SandboxUser,
} from './store.ts';
import { businessWhatsAppEdges, MESSAGE_TEMPLATE, WHATSAPP_ACCOUNT, WHATSAPP_PHONE_NUMBER } from './whatsapp.ts';

/*
 * Each node type as Graph serves it: its fields (what `fields=` may name, and the few it answers
 * without), who may see it (anyone else gets "Unsupported get request", as for an id that does not
 * exist), the permissions reading it needs, its list edges, and whose rate-limit allowance its calls
 * spend. A new kind of object (a campaign, an audience) is one more entry here.
 *
 * The sandbox asks for ads_management on every ad-account read, where Meta would take ads_read for
 * reads: Recompra needs both, and one rule keeps a declined ads_management visible at once. Insights
 * ask for ads_read, as Meta's do.
 *
 * Writes are more entries: `update` (POST /{id}), `remove` (DELETE /{id}), and an edge's `create`
 * (POST /{id}/{edge}) and `remove`; `afterRead` moves on what Meta finishes while it is looked at.
 */

/** The person a call acts for, and what they granted the calling app. */
export interface Viewer {
  user: SandboxUser;
  appId: string;
  /** The app's name, as the apps it subscribes to a WhatsApp Business Account list it. */
  appName: string;
  has(permission: string): boolean;
}

export interface NodeContext {
  viewer: Viewer;
  store: MetaSandboxStore;
  /** The sandbox's clock at the call, in ms. */
  now: number;
  params: GraphParams;
  /** The sandbox's other sites as this call reached it: Business Suite (terms) and the CDN stand-in (files). */
  urls: { business: string; cdn: string };
  /** How the answer goes out: held back `stallMs` (a slow or lost answer), then `failAfter` instead of the body. */
  response: { stallMs: number; failAfter: Error | null };
}

/** Items of an edge that are not nodes (insights, images by hash), already rendered, with their paging key. */
export type EdgeRow = { key: string; row: Record<string, unknown> };

/** A permission a call needs, or a set of which any one will do (`ads_read` or `ads_management`). */
export type PermissionNeed = string | readonly string[];

export interface Edge<T> {
  permissions: readonly PermissionNeed[];
  /** GET: the nodes listed, each rendered with `fields=`. */
  list?(value: T, context: NodeContext): SandboxNode[];
  /** GET, for an edge of rows rather than nodes. */
  rows?(value: T, context: NodeContext): EdgeRow[];
  create?(value: T, context: NodeContext): Record<string, unknown>;
  remove?(value: T, context: NodeContext): Record<string, unknown>;
  /** Calls not counted against Graph's app and business allowances (WhatsApp sends have their own limits). */
  unmetered?: boolean;
}

export interface NodeDefinition<T> {
  /** Readers of each field; one answering undefined leaves the field out, as Graph leaves out empty ones. */
  fields: Record<string, (value: T, context: NodeContext) => unknown>;
  defaultFields: readonly string[];
  permissions: readonly string[];
  visible(value: T, context: NodeContext): boolean;
  /** The business whose use-case allowance a call about it spends (and the ad account's, for ad accounts). */
  scope?(value: T, store: MetaSandboxStore): { businessId: string; adAccountId: string | null };
  edges: Record<string, Edge<T>>;
  update?(value: T, context: NodeContext): Record<string, unknown>;
  remove?(value: T, context: NodeContext): Record<string, unknown>;
  afterRead?(value: T, context: NodeContext): void;
}

type Definitions = { [K in NodeType]: NodeDefinition<Extract<SandboxNode, { type: K }>['value']> };

const nodesOf = (store: MetaSandboxStore, ids: readonly string[]) =>
  ids.flatMap((id) => {
    const node = store.nodes.get(id);
    return node ? [node] : [];
  });

/** Whether one of the viewer's businesses lists `id` among the assets `listsOf` names. */
const throughBusiness = (context: NodeContext, id: string, listsOf: (business: SandboxBusiness) => readonly string[][]) =>
  context.store.businessesOf(context.viewer.user.id).some((business) => listsOf(business).some((ids) => ids.includes(id)));

const businessEdge = (permission: string, idsOf: (business: SandboxBusiness) => readonly string[]): Edge<SandboxBusiness> => ({
  permissions: ['business_management', permission],
  list: (business, context) => nodesOf(context.store, idsOf(business)),
});

/** A page, Instagram account, pixel or catalog: seen through a business that lists it, its calls spent on its owner's allowance. */
function businessAsset<T extends { id: string; businessId: string }>(
  fields: NodeDefinition<T>['fields'],
  defaultFields: readonly string[],
  permission: string,
  listsOf: (business: SandboxBusiness) => readonly string[][],
): NodeDefinition<T> {
  return {
    fields: { id: (value) => value.id, ...fields },
    defaultFields,
    permissions: [permission],
    visible: (value, context) => throughBusiness(context, value.id, listsOf),
    scope: (value) => ({ businessId: value.businessId, adAccountId: null }),
    edges: {},
  };
}

const time = (ms: number | null) => (ms === null ? undefined : graphTime(ms));

/** An ad account's objects that Graph still knows, of one type. */
const objectsOf = (account: SandboxAdAccount, type: AdObjectType, context: NodeContext): AdAccountObject[] =>
  [...account.objects.values()].filter((node) => node.type === type && context.store.nodes.has(node.value.id));

/** Campaigns, ad sets or ads, by the `effective_status` filter (by default all but deleted and archived ones). */
const delivering = (
  account: SandboxAdAccount,
  type: 'Campaign' | 'AdSet' | 'Ad',
  context: NodeContext,
  keep: (node: AdAccountObject) => boolean = () => true,
) => objectsOf(account, type, context).filter((node) => keep(node) && listedByStatus(effectiveStatusOf(node, context), context.params));

/** The ad sets (known to Graph) of a campaign. */
const adSetsOf = (campaign: SandboxCampaign, context: NodeContext) =>
  objectsOf(accountOf(campaign, context.store), 'AdSet', context).flatMap((node) =>
    node.type === 'AdSet' && node.value.campaignId === campaign.id ? [node.value] : [],
  );

function effectiveStatusOf(node: SandboxNode, context: NodeContext) {
  if (node.type === 'Campaign') return campaignStatus(node.value);
  if (node.type === 'AdSet') return adSetStatus(node.value, context);
  if (node.type === 'Ad') return adStatus(node.value, context);
  return 'ACTIVE';
}

const accountOf = (value: { accountId: string }, store: MetaSandboxStore) => store.adAccount(value.accountId)!;

/** One of an ad account's objects: seen by whoever sees the account, its calls spent on the account's allowance. */
function adObject<T extends { id: string; accountId: string; createdTime: number; updatedTime: number }>(
  definition: Pick<NodeDefinition<T>, 'fields' | 'defaultFields'> &
    Partial<Pick<NodeDefinition<T>, 'edges' | 'update' | 'remove' | 'afterRead'>>,
): NodeDefinition<T> {
  return {
    ...definition,
    fields: { id: (value) => value.id, account_id: (value) => value.accountId.replace(/^act_/, ''), ...definition.fields },
    permissions: ['ads_management'],
    visible: (value, context) => NODE_TYPES.AdAccount.visible(accountOf(value, context.store), context),
    scope: (value, store) => ({ businessId: accountOf(value, store).businessId, adAccountId: value.accountId }),
    edges: definition.edges ?? {},
  };
}

const insightsEdge = <T>(
  owner: (value: T) => Parameters<typeof insightRows>[0],
  account: (value: T, store: MetaSandboxStore) => SandboxAdAccount,
): Edge<T> => ({
  permissions: ['ads_read'],
  rows: (value, context) => insightRows(owner(value), account(value, context.store), context),
});

const WRITE = ['ads_management'];

export const NODE_TYPES: Definitions = {
  User: {
    fields: {
      id: (user) => user.id,
      name: (user) => user.name,
      first_name: (user) => user.name.split(' ')[0],
      last_name: (user) => user.name.split(' ').slice(1).join(' ') || undefined,
      short_name: (user) => user.name.split(' ')[0],
      email: (user, context) => (context.viewer.has('email') ? user.email : undefined),
    },
    defaultFields: ['name', 'id'],
    permissions: [],
    visible: (user, context) => user.id === context.viewer.user.id,
    edges: {
      businesses: {
        permissions: ['business_management'],
        list: (user, context) => context.store.businessesOf(user.id).map((value) => ({ type: 'Business', value }) as const),
      },
      // Every ad account the person can reach through the businesses they are in, as Meta lists them.
      adaccounts: {
        permissions: [['ads_read', 'ads_management']],
        list: (user, context) =>
          nodesOf(context.store, [
            ...new Set(
              context.store.businessesOf(user.id).flatMap((business) => [...business.ownedAdAccounts, ...business.clientAdAccounts]),
            ),
          ]),
      },
    },
  },

  Business: {
    fields: {
      id: (business) => business.id,
      name: (business) => business.name,
      created_time: (business) => business.createdTime,
      verification_status: (business) => business.verificationStatus,
      whatsapp_business_manager_messaging_limit: (business) => business.messagingLimit,
    },
    defaultFields: ['id', 'name'],
    permissions: ['business_management'],
    visible: (business, context) => business.people.has(context.viewer.user.id),
    scope: (business) => ({ businessId: business.id, adAccountId: null }),
    edges: {
      owned_ad_accounts: businessEdge('ads_management', (business) => business.ownedAdAccounts),
      client_ad_accounts: businessEdge('ads_management', (business) => business.clientAdAccounts),
      owned_pages: businessEdge('pages_show_list', (business) => business.ownedPages),
      client_pages: businessEdge('pages_show_list', (business) => business.clientPages),
      instagram_accounts: businessEdge('instagram_basic', (business) => business.instagramAccounts),
      adspixels: businessEdge('ads_management', (business) => business.pixels),
      owned_product_catalogs: businessEdge('catalog_management', (business) => business.catalogs),
      ...businessWhatsAppEdges(),
    },
  },

  AdAccount: {
    fields: {
      id: (account) => account.id,
      account_id: (account) => account.accountId,
      name: (account) => account.name,
      currency: (account) => account.currency,
      account_status: (account) => account.accountStatus,
      min_daily_budget: (account) => account.minDailyBudget,
      timezone_name: (account) => account.timezoneName,
      timezone_offset_hours_utc: () => -3,
      disable_reason: () => 0,
      amount_spent: () => '0',
      owner: (account) => account.businessId,
      business: (account, context) => {
        const owner = context.store.nodes.get(account.businessId);
        return owner?.type === 'Business' ? { id: owner.value.id, name: owner.value.name } : undefined;
      },
      user_tasks: (account, context) => account.tasks.get(context.viewer.user.id) ?? [],
      tos_accepted: (account): GraphAdAccount['tos_accepted'] =>
        account.termsAccepted.size > 0 ? Object.fromEntries([...account.termsAccepted].map((terms) => [terms, 1])) : undefined,
    },
    defaultFields: ['account_id', 'id'],
    permissions: ['ads_management'],
    visible: (account, context) =>
      account.tasks.has(context.viewer.user.id) ||
      throughBusiness(context, account.id, (business) => [business.ownedAdAccounts, business.clientAdAccounts]),
    scope: (account) => ({ businessId: account.businessId, adAccountId: account.id }),
    edges: {
      campaigns: { permissions: WRITE, list: (account, context) => delivering(account, 'Campaign', context), create: createCampaign },
      adsets: { permissions: WRITE, list: (account, context) => delivering(account, 'AdSet', context), create: createAdSet },
      ads: { permissions: WRITE, list: (account, context) => delivering(account, 'Ad', context), create: createAd },
      adcreatives: { permissions: WRITE, list: (account, context) => objectsOf(account, 'AdCreative', context), create: createCreative },
      customaudiences: {
        permissions: WRITE,
        list: (account, context) => objectsOf(account, 'CustomAudience', context),
        create: createAudience,
      },
      adimages: { permissions: WRITE, rows: imageRows, create: uploadImages },
      advideos: { permissions: WRITE, list: (account, context) => objectsOf(account, 'AdVideo', context), create: uploadVideo },
      insights: insightsEdge(
        (account) => ({ type: 'AdAccount', value: account }),
        (account) => account,
      ),
    },
  },

  Campaign: adObject<SandboxCampaign>({
    fields: {
      name: (campaign) => campaign.name,
      objective: (campaign) => campaign.objective,
      status: currentStatus,
      configured_status: currentStatus,
      effective_status: campaignStatus,
      buying_type: () => 'AUCTION',
      special_ad_categories: (campaign) => campaign.specialAdCategories,
      special_ad_category: (campaign) => campaign.specialAdCategories[0] ?? 'NONE',
      promoted_object: (campaign) => campaign.promotedObject ?? undefined,
      created_time: (campaign) => time(campaign.createdTime),
      updated_time: (campaign) => time(campaign.updatedTime),
      // Meta merges its ad sets' schedules: the earliest start, and the latest end when every one ends.
      start_time: (campaign, context) => {
        const starts = adSetsOf(campaign, context).map((adSet) => adSet.startTime);
        return starts.length ? time(Math.min(...starts)) : undefined;
      },
      stop_time: (campaign, context) => {
        const ends = adSetsOf(campaign, context).map((adSet) => adSet.endTime);
        return ends.length && ends.every((end) => end !== null) ? time(Math.max(...(ends as number[]))) : undefined;
      },
    },
    defaultFields: ['id'],
    edges: {
      adsets: {
        permissions: WRITE,
        list: (campaign, context) =>
          delivering(
            accountOf(campaign, context.store),
            'AdSet',
            context,
            (node) => node.type === 'AdSet' && node.value.campaignId === campaign.id,
          ),
      },
      ads: {
        permissions: WRITE,
        list: (campaign, context) =>
          delivering(
            accountOf(campaign, context.store),
            'Ad',
            context,
            (node) => node.type === 'Ad' && node.value.campaignId === campaign.id,
          ),
      },
      insights: insightsEdge<SandboxCampaign>((campaign) => ({ type: 'Campaign', value: campaign }), accountOf),
    },
    update: updateCampaign,
    remove: removeDelivering,
  }),

  AdSet: adObject<SandboxAdSet>({
    fields: {
      name: (adSet) => adSet.name,
      campaign_id: (adSet) => adSet.campaignId,
      campaign: (adSet) => ({ id: adSet.campaignId }),
      status: currentStatus,
      configured_status: currentStatus,
      effective_status: adSetStatus,
      daily_budget: (adSet) => String(adSet.dailyBudget),
      lifetime_budget: () => '0',
      billing_event: (adSet) => adSet.billingEvent,
      optimization_goal: (adSet) => adSet.optimizationGoal,
      bid_strategy: (adSet) => adSet.bidStrategy,
      bid_amount: (adSet) => adSet.bidAmount ?? undefined,
      start_time: (adSet) => time(adSet.startTime),
      end_time: (adSet) => time(adSet.endTime),
      targeting: (adSet) => adSet.targeting,
      promoted_object: (adSet) => adSet.promotedObject ?? undefined,
      created_time: (adSet) => time(adSet.createdTime),
      updated_time: (adSet) => time(adSet.updatedTime),
    },
    defaultFields: ['id'],
    edges: {
      ads: {
        permissions: WRITE,
        list: (adSet, context) =>
          delivering(accountOf(adSet, context.store), 'Ad', context, (node) => node.type === 'Ad' && node.value.adsetId === adSet.id),
      },
      insights: insightsEdge<SandboxAdSet>((adSet) => ({ type: 'AdSet', value: adSet }), accountOf),
    },
    update: updateAdSet,
    remove: removeDelivering,
  }),

  Ad: adObject<SandboxAd>({
    fields: {
      name: (ad) => ad.name,
      adset_id: (ad) => ad.adsetId,
      campaign_id: (ad) => ad.campaignId,
      status: currentStatus,
      configured_status: currentStatus,
      effective_status: adStatus,
      creative: (ad) => ({ id: ad.creativeId }),
      created_time: (ad) => time(ad.createdTime),
      updated_time: (ad) => time(ad.updatedTime),
    },
    defaultFields: ['id'],
    edges: { insights: insightsEdge<SandboxAd>((ad) => ({ type: 'Ad', value: ad }), accountOf) },
    update: updateAd,
    remove: removeDelivering,
    // The review is over once someone has seen it in process.
    afterRead: (ad) => {
      ad.reviewReads = Math.max(0, ad.reviewReads - 1);
    },
  }),

  AdCreative: adObject<SandboxAdCreative>({
    fields: {
      name: (creative) => creative.name,
      object_story_spec: (creative) => creative.objectStorySpec,
      status: () => 'ACTIVE',
      image_hash: firstImageHash,
      thumbnail_url: (creative, context) => {
        const hash = firstImageHash(creative);
        const image = hash ? accountOf(creative, context.store).images.get(hash) : undefined;
        return image ? imageUrl(context, image) : undefined;
      },
    },
    defaultFields: ['id'],
    update: updateCreative,
    remove: (creative, context) => {
      context.store.forget(creative.id);
      return { success: true };
    },
  }),

  CustomAudience: adObject<SandboxCustomAudience>({
    fields: {
      name: (audience) => audience.name,
      description: (audience) => audience.description,
      subtype: (audience) => audience.subtype,
      customer_file_source: (audience) => audience.customerFileSource,
      approximate_count_lower_bound: (audience) => sizeBounds(audience).lower,
      approximate_count_upper_bound: (audience) => sizeBounds(audience).upper,
      operation_status: operationStatus,
      delivery_status: deliveryStatus,
      retention_days: () => 0,
      time_created: (audience) => Math.floor(audience.createdTime / 1000),
      time_updated: (audience) => Math.floor(audience.updatedTime / 1000),
    },
    defaultFields: ['id'],
    edges: {
      users: {
        permissions: WRITE,
        create: (audience, context) => changeMembers(audience, context, false),
        remove: (audience, context) => changeMembers(audience, context, true),
      },
    },
    update: updateAudience,
    remove: removeAudience,
    afterRead: (audience) => {
      audience.matchingReads = Math.max(0, audience.matchingReads - 1);
    },
  }),

  AdVideo: adObject<SandboxAdVideo>({
    fields: {
      title: (video) => video.name,
      status: videoStatus,
      length: (video) => video.length,
      width: (video) => video.width,
      height: (video) => video.height,
      format: (video) => (video.contentType === 'video/quicktime' ? 'mov' : 'mp4'),
      picture: (video, context) => thumbnailRows(video, context)[0]?.row.uri,
      created_time: (video) => time(video.createdTime),
      updated_time: (video) => time(video.updatedTime),
    },
    defaultFields: ['id'],
    edges: { thumbnails: { permissions: WRITE, rows: thumbnailRows } },
    update: (video, context) => {
      video.name = context.params.text('name') ?? context.params.text('title') ?? video.name;
      video.updatedTime = context.now;
      return { success: true };
    },
    remove: (video, context) => {
      video.deleted = true;
      context.store.forget(video.id);
      return { success: true };
    },
    // Meta encodes a new video in the background; here each read moves it on.
    afterRead: (video) => {
      video.processingReads = Math.max(0, video.processingReads - 1);
    },
  }),

  ProductSet: {
    fields: {
      id: (set) => set.id,
      name: (set) => set.name,
      product_count: (set) => set.productCount,
      filter: () => '{}',
    },
    defaultFields: ['id', 'name'],
    permissions: ['catalog_management'],
    visible: (set, context) => throughBusiness(context, set.catalogId, (business) => [business.catalogs]),
    scope: (set) => ({ businessId: set.businessId, adAccountId: null }),
    edges: {},
  },

  Page: businessAsset(
    {
      name: (page) => page.name,
      category: (page) => page.category,
      link: (page) => `https://www.facebook.com/${page.id}`,
    },
    ['name', 'id'],
    'pages_show_list',
    (business) => [business.ownedPages, business.clientPages],
  ),
  InstagramUser: businessAsset({ username: (account) => account.username }, ['id'], 'instagram_basic', (business) => [
    business.instagramAccounts,
  ]),
  AdsPixel: businessAsset(
    { name: (pixel) => pixel.name, creation_time: (pixel) => pixel.creationTime },
    ['id'],
    'ads_management',
    (business) => [business.pixels],
  ),
  ProductCatalog: {
    ...businessAsset(
      { name: (catalog) => catalog.name, product_count: (catalog) => catalog.productCount, vertical: () => 'commerce' },
      ['id', 'name'],
      'catalog_management',
      (business) => [business.catalogs],
    ),
    edges: {
      product_sets: {
        permissions: ['catalog_management'],
        list: (catalog, context) => context.store.productSetsOf(catalog.id).map((value) => ({ type: 'ProductSet', value }) as const),
      },
    },
  },
  WhatsAppBusinessAccount: WHATSAPP_ACCOUNT,
  WhatsAppBusinessPhoneNumber: WHATSAPP_PHONE_NUMBER,
  MessageTemplate: MESSAGE_TEMPLATE,
};

/** The node's definition, for code that handles any type. */
export const definitionOf = (node: SandboxNode) => NODE_TYPES[node.type] as NodeDefinition<unknown>;
