import type { operations as AppOperations } from '../../shared/api/app.gen';
import type { operations } from '../../shared/api/backend.gen';

/*
 * Query keys, one factory per data area of SPEC §7 (the shape of Supabase Studio's `keys.ts`). Every
 * `queryKey`, and every invalidation or cache write, is built here, so a key and the calls that refresh
 * it cannot drift apart.
 *
 * Everything about one store starts with `storeKeys.detail(storeId)`: invalidating that prefix refreshes
 * the whole store. The list of stores lives under `['stores', 'list']`, beside (not above) the stores.
 * A store id is `undefined` while the session has not named a store yet; such a query waits
 * (`skipToken`) and its key is never fetched.
 */

/** The store a key belongs to; `undefined` until the session names one. */
type StoreKeyId = number | undefined;

type StatsTableQuery = NonNullable<operations['getStoreStatsTable']['parameters']['query']>;
type StatsInRangeQuery = NonNullable<operations['getStoreStatsInRange']['parameters']['query']>;

/** SPEC §7 "user": the signed-in user (`GET /api/auth/me`). */
export const userKeys = {
  session: () => ['user'] as const,
};

/** A collaborator's invitation, read from the link before signing in. */
export const invitationKeys = {
  detail: (token: string) => ['invitation', token] as const,
};

/** Whether an emailed password-reset link still works, read before asking for the new password. */
export const passwordResetKeys = {
  link: (token: string) => ['passwordResetLink', token] as const,
};

/** SPEC §7 "account details". */
export const accountKeys = {
  all: () => ['account'] as const,
  details: () => [...accountKeys.all(), 'details'] as const,
};

/** SPEC §7 "stores": the stores the user can open, and the prefix of everything about one of them. */
export const storeKeys = {
  list: () => ['stores', 'list'] as const,
  detail: (storeId: StoreKeyId) => ['stores', storeId] as const,
};

/** SPEC §7 "subscription plans": the catalogue is the same for every store. */
export const planKeys = {
  list: () => ['plans', 'list'] as const,
};

/** The current store's subscription (the session's store: the call names none, the key does). */
export const subscriptionKeys = {
  detail: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'subscription'] as const,
  /** What changing to a plan and billing would charge today (the processor's proration preview). */
  planChangePreview: (storeId: StoreKeyId, choice: { planId: string; billing: string } | null) =>
    [...storeKeys.detail(storeId), 'planChangePreview', choice] as const,
};

/** The store's orders, all time and of the last 30 days (the plan recommendation reads them). */
export const ordersCountKeys = {
  detail: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'ordersCount'] as const,
};

/** The store's import from its platform (the first-integration screen, the Integrations card). */
export const storeSyncKeys = {
  detail: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'sync'] as const,
};

/** SPEC §7 "store charts and stats": one prefix, so a new investment refreshes every figure at once. */
export const statsKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'stats'] as const,
  overview: (storeId: StoreKeyId) => [...statsKeys.all(storeId), 'overview'] as const,
  inRange: (storeId: StoreKeyId, query: StatsInRangeQuery) => [...statsKeys.all(storeId), 'inRange', query] as const,
  table: (storeId: StoreKeyId, query: StatsTableQuery) => [...statsKeys.all(storeId), 'table', query] as const,
};

/** SPEC §7 "acquisition costs", one year at a time. */
export const acquisitionCostKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'acquisitionCosts'] as const,
  year: (storeId: StoreKeyId, year: number) => [...acquisitionCostKeys.all(storeId), year] as const,
};

/** An install of our Shopify app ("Conectar con Shopify") the user began: how it ended. Not a store's: it may create one. */
export const shopifyInstallKeys = {
  detail: (installId: number) => ['shopifyInstalls', installId] as const,
};

/** The store's integrations (store platform, social ads, messaging, email marketing). */
export const integrationKeys = {
  detail: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'integrations'] as const,
};

/**
 * SPEC §7 "ad settings and options": the store's Meta connection (social ads form) and what its
 * person can pick, per business manager (`null`: the saved one, else the first).
 */
export const socialAdsKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'socialAds'] as const,
  settings: (storeId: StoreKeyId) => [...socialAdsKeys.all(storeId), 'settings'] as const,
  options: (storeId: StoreKeyId, businessId: string | null) => [...socialAdsKeys.all(storeId), 'options', businessId] as const,
  /** The campaign wizard's Meta reads (SPEC §7 "product catalogs" and "regions"): a renewed connection reads them again too. */
  catalogs: (storeId: StoreKeyId) => [...socialAdsKeys.all(storeId), 'productCatalogs'] as const,
  /** `catalogId` null: none chosen yet (the query waits). */
  productSets: (storeId: StoreKeyId, catalogId: string | null) =>
    [...socialAdsKeys.catalogs(storeId), catalogId ?? '', 'productSets'] as const,
  locations: (storeId: StoreKeyId, query: string) => [...socialAdsKeys.all(storeId), 'locations', query] as const,
  interests: (storeId: StoreKeyId, query: string) => [...socialAdsKeys.all(storeId), 'interests', query] as const,
};

/**
 * The messaging integration: the store's WhatsApp account and number, and what the social ads business
 * offers, per account (`null`: the saved one, else the first).
 */
export const messagingKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'messaging'] as const,
  settings: (storeId: StoreKeyId) => [...messagingKeys.all(storeId), 'settings'] as const,
  options: (storeId: StoreKeyId, whatsappId: string | null) => [...messagingKeys.all(storeId), 'options', whatsappId] as const,
};

/** SPEC §7 "collaborators": the store's members and pending invitations. */
export const collaboratorKeys = {
  list: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'collaborators'] as const,
};

type SegmentCustomersQuery = NonNullable<operations['getSegmentCustomers']['parameters']['query']>;

/**
 * SPEC §7 "segments" and "segment detail and table and creation status": one prefix per store, so a
 * created, edited or deleted segment refreshes the list, its figures and its detail at once.
 */
export const segmentKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'segments'] as const,
  list: (storeId: StoreKeyId) => [...segmentKeys.all(storeId), 'list'] as const,
  /** The list's figures (size, orders, income) with the store's totals. */
  listStats: (storeId: StoreKeyId) => [...segmentKeys.all(storeId), 'listStats'] as const,
  detail: (storeId: StoreKeyId, segmentId: number) => [...segmentKeys.all(storeId), 'detail', segmentId] as const,
  stats: (storeId: StoreKeyId, segmentId: number) => [...segmentKeys.detail(storeId, segmentId), 'stats'] as const,
  customers: (storeId: StoreKeyId, segmentId: number, query: SegmentCustomersQuery) =>
    [...segmentKeys.detail(storeId, segmentId), 'customers', query] as const,
  /** The form's live count; the rules are the key. */
  count: (storeId: StoreKeyId, rules: unknown) => [...segmentKeys.all(storeId), 'count', rules] as const,
  /** The Klaviyo sync of each segment (the list's toggles). */
  syncs: (storeId: StoreKeyId) => [...segmentKeys.all(storeId), 'syncs'] as const,
};

/** SPEC §7 "product types": the store catalogue's product types, suggested in the segment forms. */
export const productTypeKeys = {
  list: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'productTypes'] as const,
};

/**
 * SPEC §7 "campaigns" and "campaign insights and charts": one prefix per store, so activating, a new
 * budget or a deletion refreshes the lists, the detail and the dashboard's active campaigns at once.
 */
export const adCampaignKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'adCampaigns'] as const,
  /** Every list, whatever its filter. */
  lists: (storeId: StoreKeyId) => [...adCampaignKeys.all(storeId), 'list'] as const,
  /** `status` null: every campaign. */
  list: (storeId: StoreKeyId, status: string | null) => [...adCampaignKeys.lists(storeId), status] as const,
  detail: (storeId: StoreKeyId, campaignId: number) => [...adCampaignKeys.all(storeId), 'detail', campaignId] as const,
  insights: (storeId: StoreKeyId, campaignId: number) => [...adCampaignKeys.detail(storeId, campaignId), 'insights'] as const,
  /** The dashboard's active campaigns with their figures. */
  performance: (storeId: StoreKeyId) => [...adCampaignKeys.all(storeId), 'performance'] as const,
};

/** SPEC §7 "currency": the ad account's currency and minimum daily budget, under the Meta connection it comes from. */
export const adAccountKeys = {
  props: (storeId: StoreKeyId) => [...socialAdsKeys.all(storeId), 'adAccountProps'] as const,
};

/**
 * SPEC §7 "messaging templates": one prefix per store, so a saved or deleted template, or Meta's review of
 * one (the live channel), refreshes the list and its detail at once.
 */
export const whatsappTemplateKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'whatsappTemplates'] as const,
  list: (storeId: StoreKeyId) => [...whatsappTemplateKeys.all(storeId), 'list'] as const,
  detail: (storeId: StoreKeyId, templateId: number) => [...whatsappTemplateKeys.all(storeId), 'detail', templateId] as const,
};

/** A page of a campaign's chat list, its filter and page always named so one page has one key. */
type WhatsappCampaignRecipientsQuery = Required<NonNullable<AppOperations['listWhatsappCampaignRecipients']['parameters']['query']>>;

type WhatsappCampaignAudienceQuery = { templateId: number; segmentId: number | null; event: string | null };

/**
 * SPEC §7 "messaging campaigns": one prefix per store, so a new or deleted campaign, or a message's status on the
 * live channel, refreshes the list and the detail (its recipients' pages under it) at once.
 */
export const whatsappCampaignKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'whatsappCampaigns'] as const,
  list: (storeId: StoreKeyId) => [...whatsappCampaignKeys.all(storeId), 'list'] as const,
  detail: (storeId: StoreKeyId, campaignId: number) => [...whatsappCampaignKeys.all(storeId), 'detail', campaignId] as const,
  recipients: (storeId: StoreKeyId, campaignId: number, query: WhatsappCampaignRecipientsQuery) =>
    [...whatsappCampaignKeys.detail(storeId, campaignId), 'recipients', query] as const,
  /** What a campaign being written would reach and cost; its choices are the key. */
  audience: (storeId: StoreKeyId, query: WhatsappCampaignAudienceQuery) =>
    [...whatsappCampaignKeys.all(storeId), 'audience', query] as const,
};

/** The inbox's query (its filter, campaign and search): one list per combination, its pages under it. */
type ConversationsQuery = { filter: string; campaignId: number | null; q: string };

/**
 * SPEC §7 "messaging campaigns and chats" and "unread chat count": one prefix per store, so a conversation that
 * changed (the live channel's `conversation`) refreshes the inbox's lists, its own detail and messages, and the
 * sidebar's count.
 */
export const chatKeys = {
  all: (storeId: StoreKeyId) => [...storeKeys.detail(storeId), 'chat'] as const,
  /** Every inbox list, whatever its filter. */
  lists: (storeId: StoreKeyId) => [...chatKeys.all(storeId), 'list'] as const,
  list: (storeId: StoreKeyId, query: ConversationsQuery) => [...chatKeys.lists(storeId), query] as const,
  unreadCount: (storeId: StoreKeyId) => [...chatKeys.all(storeId), 'unreadCount'] as const,
  /** Every open conversation, with what is under each. */
  details: (storeId: StoreKeyId) => [...chatKeys.all(storeId), 'detail'] as const,
  /** The conversation; its messages' pages and the templates it is offered under it. */
  detail: (storeId: StoreKeyId, conversationId: number) => [...chatKeys.details(storeId), conversationId] as const,
  messages: (storeId: StoreKeyId, conversationId: number) => [...chatKeys.detail(storeId, conversationId), 'messages'] as const,
  templates: (storeId: StoreKeyId, conversationId: number) => [...chatKeys.detail(storeId, conversationId), 'templates'] as const,
};
