/*
 * Meta's Graph API (Marketing API) as Recompra uses it, written from Meta's published reference:
 * https://developers.facebook.com/docs/graph-api and /docs/marketing-api. Version v18.0 (SPEC §9).
 */

export const META_API_VERSION = 'v18.0';
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
