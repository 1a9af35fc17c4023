/*
 * Meta's Graph API (Marketing API) as Recompra uses it, written from Meta's published reference:
 * https://developers.facebook.com/docs/graph-api and /docs/marketing-api.
 */

/**
 * The Graph and Marketing API version every call names (ads now, WhatsApp next). SPEC §9 names v18.0, which
 * Meta retired (the Marketing API's in August 2024, the Graph API's in January 2026); v26.0 is served by both
 * with no end date announced. Moving it is a change of this line and of what its changelog says.
 */
export const META_API_VERSION = 'v26.0';
export const REAL_META_GRAPH_URL = 'https://graph.facebook.com';
/** Where Facebook Login's dialog lives: `{url}/{version}/dialog/oauth`. */
export const REAL_META_LOGIN_URL = 'https://www.facebook.com';

/**
 * What Recompra asks for at Facebook Login: managing ads and their audiences, the business's assets
 * (ad accounts, pages, Instagram accounts, pixels, catalogs) and WhatsApp Business (the messaging form).
 */
export const REQUIRED_PERMISSIONS = [
  'ads_management',
  'ads_read',
  'business_management',
  'pages_show_list',
  'pages_read_engagement',
  'instagram_basic',
  'catalog_management',
  'whatsapp_business_management',
  'whatsapp_business_messaging',
] as const;
export type MetaPermission = (typeof REQUIRED_PERMISSIONS)[number];

/** `GET /oauth/access_token?grant_type=fb_exchange_token…`: a long-lived user token (about 60 days). */
export interface LongLivedToken {
  accessToken: string;
  /** Seconds until it expires, when Meta says (it does for user tokens). */
  expiresIn: number | null;
}

/** `GET /debug_token?input_token=…` (read with the app's token), the parts we use. */
export interface TokenInfo {
  isValid: boolean;
  userId: string | null;
  /** Unix seconds; 0 means never. */
  expiresAt: number;
  scopes: string[];
}

export interface MetaUser {
  id: string;
  name: string;
}

/** `GET /me/permissions`: each permission the user was asked for, and whether they granted it. */
export interface PermissionGrant {
  permission: string;
  status: 'granted' | 'declined' | 'expired';
}

export interface MetaBusiness {
  id: string;
  name: string;
}

/** An ad account of a business (owned_ad_accounts and client_ad_accounts), `act_…` id. */
export interface MetaAdAccount {
  /** `act_<account_id>`. */
  id: string;
  /** The number without `act_`. */
  accountId: string;
  name: string;
  /** ISO 4217, as the account is billed. */
  currency: string;
  /** 1 active, 2 disabled, 3 unsettled, 7 pending risk review, 9 in grace period, 100 pending closure, 101 closed… */
  accountStatus: number;
  /**
   * The account's minimum daily budget, in the currency's smallest unit as Meta counts it (its "offset":
   * 1 for CLP, 100 for USD); null when Meta did not say.
   */
  minDailyBudget: number | null;
  /** What the user may do on it (`user_tasks`): MANAGE is admin access (SPEC §6); ADVERTISE, ANALYZE, DRAFT. */
  userTasks: string[];
  /** Whether the Custom Audience terms are accepted for the account (`tos_accepted.custom_audience_tos`). */
  customAudienceTermsAccepted: boolean;
}

export interface MetaPage {
  id: string;
  name: string;
}

export interface MetaInstagramAccount {
  id: string;
  username: string;
}

export interface MetaPixel {
  id: string;
  name: string;
}

export interface MetaProductCatalog {
  id: string;
  name: string;
  productCount: number;
}

/** Meta's error object (`{"error": {…}}`), as the API sends it. */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  /** WhatsApp's errors: the product and Meta's explanation of this failure. */
  error_data?: { messaging_product?: string; details?: string };
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id: string;
}

/** One entry of `X-Business-Use-Case-Usage` (per business id) or the shape of `X-App-Usage`. */
export interface UsageFigures {
  /** Percent of the allowance used, 0–100. */
  callCount: number;
  totalCputime: number;
  totalTime: number;
  /** Minutes until calls are allowed again, when throttled (business use case only). */
  estimatedTimeToRegainAccess: number;
}

/** The throttling headers of the last answer (`X-Business-Use-Case-Usage`, `X-Ad-Account-Usage`, `X-App-Usage`). */
export interface MetaUsage {
  businessUseCase: Record<string, UsageFigures[]>;
  /** `acc_id_util_pct` of `X-Ad-Account-Usage`, and seconds until it resets. */
  adAccount: { utilPct: number; resetTimeDuration: number } | null;
  app: UsageFigures | null;
}

/** Meta Business Suite, where a merchant accepts terms: its sandbox stand-in outside production. */
export const REAL_META_BUSINESS_URL = 'https://business.facebook.com';

/** The ad account's id as Graph addresses it (`act_<number>`), from either form. */
export const actId = (adAccountId: string) => (adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`);

/** Where a merchant accepts the Custom Audience terms for an ad account (`businessUrl` is Business Suite's host). */
export const customAudienceTermsUrl = (businessUrl: string, accountId: string) =>
  `${businessUrl}/ads/manage/customaudiences/tos/?act=${encodeURIComponent(accountId.replace(/^act_/, ''))}`;

/* The wire shapes, as Graph sends them: the client reads them and the sandbox writes them. */

/** A list edge: one page of `data`, with cursors and the address of the next page while there is one. */
export interface GraphList<T> {
  data: T[];
  paging?: {
    cursors?: { before?: string; after?: string };
    next?: string;
    previous?: string;
  };
}

/** `GET /oauth/access_token` (token exchange and code exchange). */
export interface GraphAccessToken {
  access_token: string;
  token_type: string;
  expires_in?: number;
}

/** `GET /debug_token`: `data`. A token that no longer works has `is_valid: false` and an `error`. */
export interface GraphDebugToken {
  app_id?: string;
  type?: string;
  application?: string;
  data_access_expires_at?: number;
  expires_at?: number;
  issued_at?: number;
  is_valid: boolean;
  scopes: string[];
  user_id?: string;
  error?: { code: number; message: string; subcode?: number };
}

export interface GraphPermission {
  permission: string;
  status: PermissionGrant['status'];
}

/** The AdAccount fields Recompra reads. */
export interface GraphAdAccount {
  id: string;
  account_id: string;
  name?: string;
  currency?: string;
  account_status?: number;
  /** A number in Graph's JSON, in the currency's offset (see MetaAdAccount.minDailyBudget). */
  min_daily_budget?: number;
  user_tasks?: string[];
  /** Each accepted set of terms as `{"custom_audience_tos": 1}`; a missing key means not accepted. */
  tos_accepted?: Record<string, number>;
}

export interface GraphProductCatalog {
  id: string;
  name?: string;
  product_count?: number;
}

/** `X-Business-Use-Case-Usage`: per business id, one entry per use case (`ads_management`…). */
export type BusinessUseCaseUsageHeader = Record<
  string,
  Array<{ type: string; call_count: number; total_cputime: number; total_time: number; estimated_time_to_regain_access: number }>
>;

/** `X-Ad-Account-Usage`. */
export interface AdAccountUsageHeader {
  acc_id_util_pct: number;
  /** Seconds until the account's usage resets. */
  reset_time_duration: number;
  ads_api_access_tier?: string;
}

/** `X-App-Usage`. */
export interface AppUsageHeader {
  call_count: number;
  total_cputime: number;
  total_time: number;
}

/** Throttling codes: app (4), user (17), page or business (32, 613), business use cases (80000–80014). */
export const isThrottlingCode = (code: number) =>
  code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80000 && code <= 80014);

/* The Marketing API's ad objects (campaigns, ad sets, ads, creatives, audiences, media, insights). */

/** Objectives of new campaigns since v17 (the "outcome-driven" set, ODAX); the legacy ones are refused. */
export const CAMPAIGN_OBJECTIVES = [
  'OUTCOME_SALES',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_AWARENESS',
  'OUTCOME_LEADS',
  'OUTCOME_APP_PROMOTION',
] as const;
export type CampaignObjective = (typeof CAMPAIGN_OBJECTIVES)[number];

/** Declared on every campaign (`special_ad_categories`, required, `[]` when none applies). */
export const SPECIAL_AD_CATEGORIES = [
  'NONE',
  'EMPLOYMENT',
  'HOUSING',
  'CREDIT',
  'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING',
  'FINANCIAL_PRODUCTS_SERVICES',
] as const;
export type SpecialAdCategory = (typeof SPECIAL_AD_CATEGORIES)[number];

/** What the advertiser sets (`status`, also `configured_status`). */
export type ConfiguredStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED' | 'DELETED';

/** What Meta derives from the object's status and its parents' (`effective_status`). */
export type EffectiveStatus =
  | 'ACTIVE'
  | 'PAUSED'
  | 'CAMPAIGN_PAUSED'
  | 'ADSET_PAUSED'
  | 'IN_PROCESS'
  | 'WITH_ISSUES'
  | 'PENDING_REVIEW'
  | 'DISAPPROVED'
  | 'ARCHIVED'
  | 'DELETED';

export const OPTIMIZATION_GOALS = [
  'OFFSITE_CONVERSIONS',
  'VALUE',
  'LINK_CLICKS',
  'LANDING_PAGE_VIEWS',
  'REACH',
  'IMPRESSIONS',
  'POST_ENGAGEMENT',
  'THRUPLAY',
] as const;
export type OptimizationGoal = (typeof OPTIMIZATION_GOALS)[number];

export const BILLING_EVENTS = ['IMPRESSIONS', 'LINK_CLICKS', 'THRUPLAY'] as const;
export type BillingEvent = (typeof BILLING_EVENTS)[number];

export const BID_STRATEGIES = ['LOWEST_COST_WITHOUT_CAP', 'LOWEST_COST_WITH_BID_CAP', 'COST_CAP', 'LOWEST_COST_WITH_MIN_ROAS'] as const;
export type BidStrategy = (typeof BID_STRATEGIES)[number];

/** Buttons a creative may carry (`call_to_action.type`), the ones a store's ads use among Meta's many. */
export const CALL_TO_ACTION_TYPES = [
  'LEARN_MORE',
  'SHOP_NOW',
  'BUY_NOW',
  'ORDER_NOW',
  'GET_OFFER',
  'SIGN_UP',
  'SUBSCRIBE',
  'CONTACT_US',
  'SEND_MESSAGE',
  'WHATSAPP_MESSAGE',
  'WATCH_MORE',
  'WATCH_VIDEO',
  'SEE_MORE',
  'BOOK_NOW',
  'APPLY_NOW',
  'DOWNLOAD',
  'NO_BUTTON',
] as const;
export type CallToActionType = (typeof CALL_TO_ACTION_TYPES)[number];

/*
 * Targeting, promoted objects and story specs are Meta's own nested shapes: callers write them as Meta's
 * reference does (snake_case) and the client sends them unchanged, so an example from the reference works
 * as it is and nothing is lost in a translation.
 */

/** `targeting.geo_locations`: whole countries, or regions and cities by the keys targeting search gives. */
export interface GraphGeoLocations {
  countries?: string[];
  regions?: Array<{ key: string; name?: string }>;
  cities?: Array<{ key: string; name?: string; radius?: number; distance_unit?: 'kilometer' | 'mile' }>;
  location_types?: Array<'home' | 'recent'>;
}

/** An ad set's `targeting`. */
export interface GraphTargeting {
  geo_locations: GraphGeoLocations;
  /** 18 to 65. */
  age_min?: number;
  /** 18 to 65 (65 means 65 and older). */
  age_max?: number;
  /** [1] men, [2] women; absent means everyone. */
  genders?: Array<1 | 2>;
  /** People matching every entry (and, within an entry, any of its interests). */
  flexible_spec?: Array<{ interests?: Array<{ id: string; name?: string }> }>;
  custom_audiences?: Array<{ id: string; name?: string }>;
  excluded_custom_audiences?: Array<{ id: string; name?: string }>;
  publisher_platforms?: Array<'facebook' | 'instagram' | 'audience_network' | 'messenger'>;
  facebook_positions?: string[];
  instagram_positions?: string[];
}

/** What a campaign or ad set promotes: purchases seen by a pixel, or a catalog's product set. */
export interface GraphPromotedObject {
  pixel_id?: string;
  custom_event_type?: 'PURCHASE' | 'ADD_TO_CART' | 'INITIATED_CHECKOUT' | 'VIEW_CONTENT' | 'LEAD' | 'COMPLETE_REGISTRATION';
  product_set_id?: string;
  product_catalog_id?: string;
}

export interface GraphCallToAction {
  type: CallToActionType;
  value?: { link?: string; link_caption?: string };
}

/** One card of a carousel (`link_data.child_attachments`, 2 to 10). */
export interface GraphChildAttachment {
  link: string;
  name?: string;
  description?: string;
  image_hash?: string;
  /** A video card: the video and its thumbnail (`picture`, an address, or `image_hash`). */
  video_id?: string;
  picture?: string;
  call_to_action?: GraphCallToAction;
}

/** A link ad (one image) or, with `child_attachments`, a carousel. */
export interface GraphLinkData {
  link: string;
  message?: string;
  /** The headline. */
  name?: string;
  description?: string;
  caption?: string;
  image_hash?: string;
  picture?: string;
  call_to_action?: GraphCallToAction;
  child_attachments?: GraphChildAttachment[];
  /** Whether Meta may reorder the cards to show the best first. */
  multi_share_optimized?: boolean;
  /** Whether a last card with the page's profile picture is added. */
  multi_share_end_card?: boolean;
}

export interface GraphVideoData {
  video_id: string;
  /** The thumbnail: an uploaded image's hash or an address. */
  image_hash?: string;
  image_url?: string;
  title?: string;
  message?: string;
  link_description?: string;
  call_to_action?: GraphCallToAction;
}

/** A creative's `object_story_spec`: the page (and Instagram account) it runs as, and one kind of story. */
export interface GraphObjectStorySpec {
  page_id: string;
  /** The Instagram account (`instagram_actor_id` until v22.0, refused in every version since September 2025). */
  instagram_user_id?: string;
  link_data?: GraphLinkData;
  video_data?: GraphVideoData;
}

/** A customer list's fields as Meta takes them: SHA-256 of the normalised value, in hex. */
export const AUDIENCE_SCHEMA = ['EMAIL_SHA256', 'PHONE_SHA256'] as const;

/** Rows one `POST /{audience}/users` takes at most. */
export const AUDIENCE_BATCH_LIMIT = 10_000;

/** People a custom audience must match before ads may target it. */
export const MIN_AUDIENCE_SIZE = 100;

/** A person of a customer list, as we know them (raw: the client normalises and hashes). */
export interface AudienceMember {
  email?: string | null;
  phone?: string | null;
}

/** What Meta counted of an upload (summed over its batches). */
export interface AudienceUploadTotals {
  sessionId: string;
  numReceived: number;
  numInvalidEntries: number;
}

/** `{code, description}` of `operation_status` and `delivery_status`. */
export interface AudienceStatus {
  code: number;
  description: string;
}

export interface MetaCustomAudience {
  id: string;
  name: string;
  /** -1 while Meta does not disclose a size (still matching, or below 1,000 people). */
  approximateCountLowerBound: number;
  approximateCountUpperBound: number;
  /** 441 while matching the upload, 200 once done. */
  operationStatus: AudienceStatus;
  /** 200 usable in ads, 300 too small. */
  deliveryStatus: AudienceStatus;
}

export interface NewCampaign {
  name: string;
  objective: CampaignObjective;
  status: 'ACTIVE' | 'PAUSED';
  /** Required by Meta even when empty. */
  specialAdCategories: readonly SpecialAdCategory[];
  promotedObject?: GraphPromotedObject;
}

export interface CampaignChanges {
  name?: string;
  status?: ConfiguredStatus;
}

export interface MetaCampaign {
  id: string;
  name: string;
  objective: string;
  status: ConfiguredStatus;
  effectiveStatus: EffectiveStatus;
  /** ISO 8601 with the account's offset, as Meta writes times (`2025-03-10T09:00:00-0300`). */
  createdTime: string;
  /** The earliest start of its ad sets; null before it has any. */
  startTime: string | null;
  stopTime: string | null;
}

export interface NewAdSet {
  name: string;
  campaignId: string;
  /** In the currency's offset units (see currency.ts). */
  dailyBudget: number;
  billingEvent: BillingEvent;
  optimizationGoal: OptimizationGoal;
  bidStrategy: BidStrategy;
  /** Required by the bid-capped strategies, in offset units. */
  bidAmount?: number;
  /** ISO 8601; now when left out. */
  startTime?: string;
  endTime?: string;
  status: 'ACTIVE' | 'PAUSED';
  promotedObject?: GraphPromotedObject;
  targeting: GraphTargeting;
}

export interface AdSetChanges {
  name?: string;
  dailyBudget?: number;
  status?: ConfiguredStatus;
  startTime?: string;
  /** null removes the end date. */
  endTime?: string | null;
  targeting?: GraphTargeting;
  bidStrategy?: BidStrategy;
  bidAmount?: number;
}

export interface MetaAdSet {
  id: string;
  name: string;
  campaignId: string;
  status: ConfiguredStatus;
  effectiveStatus: EffectiveStatus;
  /** Offset units. */
  dailyBudget: number;
  billingEvent: string;
  optimizationGoal: string;
  bidStrategy: string;
  startTime: string;
  endTime: string | null;
  targeting: GraphTargeting;
  promotedObject: GraphPromotedObject | null;
}

export interface MetaAdImage {
  hash: string;
  url: string;
  width: number;
  height: number;
}

export type VideoStatus = 'processing' | 'ready' | 'error';

export interface MetaAdVideo {
  id: string;
  /** Meta encodes a video after the upload: a creative may use it once `ready`. */
  status: VideoStatus;
  /** Seconds. */
  length: number;
  width: number;
  height: number;
}

export interface MetaVideoThumbnail {
  id: string;
  uri: string;
  width: number;
  height: number;
  isPreferred: boolean;
}

export interface NewAdCreative {
  name: string;
  objectStorySpec: GraphObjectStorySpec;
}

export interface MetaAdCreative {
  id: string;
  name: string;
  objectStorySpec: GraphObjectStorySpec;
}

export interface NewAd {
  name: string;
  adsetId: string;
  creativeId: string;
  status: 'ACTIVE' | 'PAUSED';
}

export interface AdChanges {
  name?: string;
  status?: ConfiguredStatus;
  creativeId?: string;
}

export interface MetaAd {
  id: string;
  name: string;
  adsetId: string;
  campaignId: string;
  creativeId: string;
  status: ConfiguredStatus;
  effectiveStatus: EffectiveStatus;
}

/** A place of targeting search (`type=adgeolocation`): its key goes into `geo_locations`. */
export interface MetaLocation {
  key: string;
  name: string;
  type: 'country' | 'region' | 'city';
  countryCode: string;
  /** The region a city is in (null for a region). */
  region: string | null;
  regionId: string | null;
}

/** An interest of targeting search (`type=adinterest`). */
export interface MetaInterest {
  id: string;
  name: string;
  audienceSizeLowerBound: number;
  audienceSizeUpperBound: number;
  /** Its place in Meta's taxonomy, from the top. */
  path: string[];
}

export interface MetaProductSet {
  id: string;
  name: string;
  productCount: number;
}

export const INSIGHTS_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const;
export type InsightsLevel = (typeof INSIGHTS_LEVELS)[number];

/** The fields asked for when the caller names none. */
export const DEFAULT_INSIGHTS_FIELDS = [
  'reach',
  'impressions',
  'clicks',
  'spend',
  'ctr',
  'cpm',
  'frequency',
  'actions',
  'action_values',
  'purchase_roas',
  'date_start',
  'date_stop',
] as const;

export interface InsightsOptions {
  /** `YYYY-MM-DD`, in the ad account's time zone. */
  since: string;
  until: string;
  /** One row a day, or one for the whole range (Meta's default). */
  timeIncrement?: 1 | 'all_days';
  level?: 'campaign' | 'adset' | 'ad';
  fields?: readonly string[];
}

/** One `actions` / `action_values` / `purchase_roas` entry, its value parsed. */
export interface InsightsAction {
  actionType: string;
  value: number;
}

/**
 * One insights row, numbers parsed (Graph sends them as strings). Money (`spend`, `cpm`, `cpc`, action
 * values) is in the account's currency as insights report it: whole units with decimals, not the offset
 * units budgets take. A figure not asked for, or one Meta left out, is null.
 */
export interface MetaInsightsRow {
  dateStart: string;
  dateStop: string;
  campaignId: string | null;
  adsetId: string | null;
  adId: string | null;
  reach: number | null;
  impressions: number | null;
  clicks: number | null;
  spend: number | null;
  /** Percent. */
  ctr: number | null;
  cpm: number | null;
  frequency: number | null;
  actions: InsightsAction[];
  actionValues: InsightsAction[];
  purchaseRoas: InsightsAction[];
  /** Every field of the row as Graph sent it, for fields beyond the ones above. */
  raw: Record<string, unknown>;
}

/** The wire shape of an insights row (every number a string). */
export type GraphInsightsRow = Record<string, string | Array<{ action_type: string; value: string }> | undefined>;
