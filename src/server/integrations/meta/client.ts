import { createHmac, randomInt } from 'node:crypto';
import { type AdsCalls, createAdsCalls, type DownloadedFile, type GraphCaller, type GraphFile, type Params } from './ads-client.ts';
import {
  type MetaError,
  MetaNoAnswerError,
  MetaNotFoundError,
  MetaPermissionError,
  MetaRequestError,
  MetaTermsNotAcceptedError,
  MetaThrottledError,
  MetaTokenError,
  MetaUnavailableError,
  MetaUrlExpiredError,
} from './errors.ts';
import {
  AUDIENCE_BATCH_LIMIT,
  actId,
  type GraphAccessToken,
  type GraphAdAccount,
  type GraphDebugToken,
  type GraphErrorBody,
  type GraphList,
  type GraphPermission,
  type GraphProductCatalog,
  isThrottlingCode,
  type LongLivedToken,
  META_API_VERSION,
  type MetaAdAccount,
  type MetaBusiness,
  type MetaInstagramAccount,
  type MetaPage,
  type MetaPixel,
  type MetaProductCatalog,
  type MetaUsage,
  type MetaUser,
  type PermissionGrant,
  type TokenInfo,
  type UsageFigures,
} from './types.ts';
import { createWhatsAppCalls, type WhatsAppCalls } from './whatsapp/client.ts';

/*
 * The real client: a thin typed `fetch` over Graph (`{graphUrl}/{version}/…`), pointed at
 * https://graph.facebook.com in production and at the sandbox elsewhere. Meta's Node SDK
 * (facebook-nodejs-business-sdk) is not used: it holds one token for the whole process, where we act for
 * many people at once, and leaves retries and throttling to the caller anyway.
 *
 * On a person's calls the token travels in the Authorization header, never in an address (addresses end
 * up in logs; only the exchange names tokens and the secret in its query, the one way Meta takes it),
 * and every such call carries `appsecret_proof` (HMAC-SHA256 of the token under the app secret), as an
 * app with "Require App Secret" on demands. Lists follow their `after` cursor, not `paging.next`: Meta
 * writes the token into `next`.
 *
 * Retries, as Meta's rate-limiting and error guides advise:
 * - throttled (codes 4, 17, 32, 613, 80000–80014): wait what the refusal's headers say (the longest
 *   `estimated_time_to_regain_access` of X-Business-Use-Case-Usage, in minutes; else X-Ad-Account-Usage's
 *   `reset_time_duration`, in seconds; else 1 s) when that is within `maxWaitSeconds`; otherwise, or once
 *   `throttleRetries` are spent, MetaThrottledError with that wait for the caller's scheduler;
 * - 5xx, codes 1 and 2, `is_transient`, an answer that is not JSON or no answer: `serverRetries` more
 *   tries, 0.5 s apart and doubling, for reads, for requests that never reached Meta and for the writes
 *   Meta documents as safe to repeat (a customer-list batch of an upload session); any other write that
 *   may have reached Meta is not repeated, since a second campaign or ad would cost the merchant money;
 * - and before a call, when the last answer said some allowance is used up (≥ 100 %), one pause of that
 *   same wait (at most `maxWaitSeconds`): cheaper than earning a refusal, which also counts against us.
 */

export interface MetaAppCredentials {
  appId: string;
  appSecret: string;
  /** The Graph API host: https://graph.facebook.com, or the sandbox's address. */
  graphUrl: string;
  /** `META_API_VERSION` by default. */
  version?: string;
}

export interface MetaClientOptions extends MetaAppCredentials {
  /** How the client waits between tries (tests pass one that only records the wait). */
  sleep?: (ms: number) => Promise<void>;
  /** A throttled answer asking for a longer wait than this ends the call with MetaThrottledError (default 10 s). */
  maxWaitSeconds?: number;
  /** Tries after a 5xx, a transient error or no answer (default 2), half a second apart and doubling. */
  serverRetries?: number;
  /** Throttled answers waited out in one call before giving up (default 3). */
  throttleRetries?: number;
  /** Objects asked for per page of a list (default 100, Graph's usual maximum). */
  pageSize?: number;
  /** Customer-list rows per upload request (default and at most 10,000, Meta's limit). */
  audienceBatchSize?: number;
}

/** Calls made with the app's own credentials (no user). */
export interface MetaAppClient {
  /** Exchanges a short-lived user token (from Facebook Login) for a long-lived one. */
  exchangeToken(shortLivedToken: string): Promise<LongLivedToken>;
  /** Inspects a user token with the app's token (`{app-id}|{app-secret}`). */
  debugToken(userToken: string): Promise<TokenInfo>;
  /** A client acting as the user whose token this is. */
  forUser(accessToken: string): MetaUserClient;
}

/** Calls made as a user, each with `appsecret_proof`; the Marketing API's ad objects are in AdsCalls. */
export interface MetaUserClient extends AdsCalls {
  me(): Promise<MetaUser>;
  permissions(): Promise<PermissionGrant[]>;
  businesses(): Promise<MetaBusiness[]>;
  /** The business's owned and client ad accounts, each once. */
  adAccounts(businessId: string): Promise<MetaAdAccount[]>;
  adAccount(adAccountId: string): Promise<MetaAdAccount>;
  /** The business's owned and client pages, each once. */
  pages(businessId: string): Promise<MetaPage[]>;
  instagramAccounts(businessId: string): Promise<MetaInstagramAccount[]>;
  pixels(businessId: string): Promise<MetaPixel[]>;
  productCatalogs(businessId: string): Promise<MetaProductCatalog[]>;
  /** The WhatsApp Business Management API calls (whatsapp/client.ts), over the same connection. */
  whatsapp: WhatsAppCalls;
  /** The throttling headers of the last answer, for logs and for slowing down before Meta refuses. */
  lastUsage(): MetaUsage | null;
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pages of one list followed at the most: 100 pages of 100 is far beyond any business Recompra serves. */
const MAX_PAGES = 100;

const AD_ACCOUNT_FIELDS = 'id,account_id,name,currency,account_status,min_daily_budget,user_tasks,tos_accepted';

type Method = 'GET' | 'POST' | 'DELETE';

interface SendOptions {
  idempotent?: boolean;
  /** A raw body (the Resumable Upload API), sent as it is, with its own headers. */
  bytes?: { data: Blob; headers: Record<string, string> };
  /** A JSON body (WhatsApp sends); the parameters then go in the address. */
  json?: Record<string, unknown>;
  /** Give up waiting for the answer after this long. */
  timeoutMs?: number;
  /** One try only, whatever the failure (the caller retries, knowing what a repeat means). */
  once?: boolean;
}

interface Settings {
  base: string;
  sleep: Sleep;
  maxWaitSeconds: number;
  serverRetries: number;
  throttleRetries: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const numberOf = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) ? number : 0;
};

const figuresOf = (raw: Record<string, unknown>): UsageFigures => ({
  callCount: numberOf(raw.call_count),
  totalCputime: numberOf(raw.total_cputime),
  totalTime: numberOf(raw.total_time),
  estimatedTimeToRegainAccess: numberOf(raw.estimated_time_to_regain_access),
});

/** The throttling headers of an answer, or null when it has none. */
export function parseUsage(headers: Headers): MetaUsage | null {
  const business = parseJson(headers.get('x-business-use-case-usage'));
  const adAccount = parseJson(headers.get('x-ad-account-usage'));
  const app = parseJson(headers.get('x-app-usage'));
  if (!isObject(business) && !isObject(adAccount) && !isObject(app)) return null;
  const businessUseCase: MetaUsage['businessUseCase'] = {};
  if (isObject(business))
    for (const [id, entries] of Object.entries(business))
      if (Array.isArray(entries)) businessUseCase[id] = entries.filter(isObject).map(figuresOf);
  return {
    businessUseCase,
    adAccount: isObject(adAccount)
      ? { utilPct: numberOf(adAccount.acc_id_util_pct), resetTimeDuration: numberOf(adAccount.reset_time_duration) }
      : null,
    app: isObject(app) ? figuresOf(app) : null,
  };
}

/** Seconds the headers ask to wait: the longest estimated_time_to_regain_access, else the ad account's reset time, else 1. */
export function usageWaitSeconds(usage: MetaUsage | null): number {
  const minutes = Math.max(
    0,
    ...Object.values(usage?.businessUseCase ?? {})
      .flat()
      .map((entry) => entry.estimatedTimeToRegainAccess),
  );
  if (minutes > 0) return minutes * 60;
  const reset = usage?.adAccount?.resetTimeDuration ?? 0;
  return reset > 0 ? reset : 1;
}

const usedUp = (figures: UsageFigures) => Math.max(figures.callCount, figures.totalCputime, figures.totalTime) >= 100;

/** Whether some allowance of the headers is spent: the business's, the app's or the ad account's. */
const atLimit = (usage: MetaUsage) =>
  Object.values(usage.businessUseCase).flat().some(usedUp) ||
  (usage.app !== null && usedUp(usage.app)) ||
  (usage.adAccount?.utilPct ?? 0) >= 100;

function graphErrorOf(value: unknown): GraphErrorBody | null {
  if (!isObject(value) || typeof value.message !== 'string') return null;
  return {
    ...(value as unknown as GraphErrorBody),
    code: numberOf(value.code),
    type: typeof value.type === 'string' ? value.type : '',
    fbtrace_id: typeof value.fbtrace_id === 'string' ? value.fbtrace_id : '',
  };
}

type Retry = 'server' | 'throttle' | null;
type Outcome = { body: Record<string, unknown> } | { failure: MetaError; retry: Retry; neverReached?: boolean };

/** Meta's refusal as the class a caller decides on, and whether it is worth another try. */
function failureOf(status: number, graph: GraphErrorBody | null, usage: MetaUsage | null): { failure: MetaError; retry: Retry } {
  const code = graph?.code ?? null;
  const message = graph
    ? `Meta ${status} #${graph.code}${graph.error_subcode ? `/${graph.error_subcode}` : ''}: ${graph.message}`
    : `Meta ${status}: sin detalle`;
  if (code === 190 || code === 102) return { failure: new MetaTokenError(message, status, graph), retry: null };
  if (code === 2655 || code === 2663 || (code === 200 && graph?.error_subcode === 1870034))
    return { failure: new MetaTermsNotAcceptedError(message, status, graph), retry: null };
  if (code !== null && isThrottlingCode(code))
    return { failure: new MetaThrottledError(message, status, graph, usageWaitSeconds(usage)), retry: 'throttle' };
  if (code === 10 || (code !== null && code >= 200 && code <= 299))
    return { failure: new MetaPermissionError(message, status, graph), retry: null };
  if (status >= 500 || code === 1 || code === 2 || graph?.is_transient === true)
    return { failure: new MetaUnavailableError(message, status, graph), retry: 'server' };
  if ((code === 100 && graph?.error_subcode === 33) || code === 803)
    return { failure: new MetaNotFoundError(message, status, graph), retry: null };
  return { failure: new MetaRequestError(message, status, graph), retry: null };
}

const refused = (error: unknown) => (error as { cause?: { code?: string } } | null)?.cause?.code === 'ECONNREFUSED';

/** One caller's line to Graph: its retries and the usage its answers reported. */
class GraphConnection {
  private usage: MetaUsage | null = null;
  /** Whether the client already paused for the last usage it read (one pause per answer at the limit). */
  private paused = false;

  constructor(private readonly settings: Settings) {}

  lastUsage(): MetaUsage | null {
    return this.usage;
  }

  async send(
    method: Method,
    path: string,
    params: Params,
    token: string | null,
    options: SendOptions = {},
  ): Promise<Record<string, unknown>> {
    let failed = 0;
    let throttled = 0;
    for (;;) {
      await this.pauseAtLimit();
      const outcome = await this.tryOnce(method, path, params, token, options);
      if ('body' in outcome) return outcome.body;
      const { failure, retry } = outcome;
      if (options.once) throw failure;
      if (
        retry === 'throttle' &&
        failure instanceof MetaThrottledError &&
        failure.retryAfterSeconds <= this.settings.maxWaitSeconds &&
        throttled < this.settings.throttleRetries
      ) {
        throttled += 1;
        // This wait answers the refusal's usage: no second pause for it before the next try.
        this.paused = true;
        await this.settings.sleep(failure.retryAfterSeconds * 1000);
        continue;
      }
      const repeatable = method === 'GET' || options.idempotent === true || outcome.neverReached === true;
      if (retry === 'server' && failed < this.settings.serverRetries && repeatable) {
        await this.settings.sleep(500 * 2 ** failed);
        failed += 1;
        continue;
      }
      throw failure;
    }
  }

  /** A file at an address Meta gave, retried as a read is; a refusal in Graph's words is mapped as Graph's are. */
  async download(url: URL, token: string): Promise<DownloadedFile> {
    for (let failed = 0; ; failed += 1) {
      const outcome = await this.downloadOnce(url, token);
      if ('bytes' in outcome) return outcome;
      if (outcome.retry !== 'server' || failed >= this.settings.serverRetries) throw outcome.failure;
      await this.settings.sleep(500 * 2 ** failed);
    }
  }

  private async downloadOnce(url: URL, token: string): Promise<DownloadedFile | { failure: MetaError; retry: Retry }> {
    let response: Response;
    try {
      response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      return { failure: new MetaNoAnswerError(`Meta no respondió: ${reason}`, !refused(error), false), retry: 'server' };
    }
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (response.ok) return { contentType, bytes: Buffer.from(await response.arrayBuffer()) };
    const text = await response.text();
    const graph =
      contentType === 'application/json' && isObject(parseJson(text))
        ? graphErrorOf((parseJson(text) as Record<string, unknown>).error)
        : null;
    if (graph) return failureOf(response.status, graph, null);
    // Meta's CDN answers its own refusals in plain text: "URL signature expired" (403), or 404 for a file it has not.
    if (response.status === 403 || response.status === 404 || response.status === 410)
      return { failure: new MetaUrlExpiredError(`Meta ${response.status}: ${text.slice(0, 200)}`, response.status), retry: null };
    if (response.status === 401) return { failure: new MetaTokenError(`Meta 401: ${text.slice(0, 200)}`, 401), retry: null };
    return failureOf(response.status, null, null);
  }

  private async pauseAtLimit() {
    const usage = this.usage;
    if (!usage || this.paused || !atLimit(usage)) return;
    this.paused = true;
    await this.settings.sleep(Math.min(usageWaitSeconds(usage), this.settings.maxWaitSeconds) * 1000);
  }

  private async tryOnce(method: Method, path: string, params: Params, token: string | null, options: SendOptions): Promise<Outcome> {
    const { bytes, json } = options;
    const url = new URL(`${this.settings.base}${path}`);
    if (method === 'GET' || bytes || json)
      for (const [name, value] of Object.entries(params)) if (typeof value === 'string') url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          // The Resumable Upload API takes the token as `OAuth`, as Meta's reference writes it.
          ...(token ? { authorization: `${bytes ? 'OAuth' : 'Bearer'} ${token}` } : {}),
          ...(bytes ? { 'content-type': 'application/octet-stream', ...bytes.headers } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        // Writes carry their parameters in the body: a customer list or a file is far beyond what an address holds.
        ...(method === 'GET' ? {} : { body: bytes ? bytes.data : json ? JSON.stringify(json) : bodyOf(params) }),
        ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const reason = timedOut
        ? `sin respuesta en ${options.timeoutMs} ms`
        : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message);
      return {
        failure: new MetaNoAnswerError(`Meta no respondió: ${reason}`, !refused(error), timedOut),
        retry: 'server',
        neverReached: refused(error),
      };
    }
    const usage = parseUsage(response.headers);
    if (usage) {
      this.usage = usage;
      this.paused = false;
    }
    let body: unknown;
    try {
      body = parseJson(await response.text());
    } catch {
      body = null;
    }
    if (!isObject(body))
      return { failure: new MetaUnavailableError(`Meta ${response.status}: la respuesta no es JSON`, response.status), retry: 'server' };
    const graph = graphErrorOf(body.error);
    if (response.ok && !graph) return { body };
    return failureOf(response.status, graph, usage);
  }
}

/** Hosts whose file addresses may carry a person's token: Meta's CDNs, and Graph's own host (the sandbox). */
const META_FILE_HOSTS = /(^|\.)(fbsbx\.com|facebook\.com|fbcdn\.net|whatsapp\.net)$/;

/** The address, when it is one of Meta's (https) or on Graph's own host: a token never goes elsewhere. */
function metaFileUrl(address: string, base: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new MetaUnavailableError('Meta respondió una dirección de archivo no válida', 200);
  }
  const graph = new URL(base);
  const ours = url.protocol === 'https:' && META_FILE_HOSTS.test(url.hostname);
  if (!ours && url.origin !== graph.origin) throw new MetaUnavailableError(`Meta respondió una dirección fuera de Meta: ${url.host}`, 200);
  return url;
}

const isFile = (value: Params[string]): value is GraphFile => typeof value !== 'string';

/** Form-encoded, or multipart/form-data when a file goes with the parameters (built anew for each try). */
function bodyOf(params: Params): URLSearchParams | FormData {
  const entries = Object.entries(params);
  if (!entries.some(([, value]) => isFile(value))) return new URLSearchParams(entries.map(([name, value]) => [name, value as string]));
  const form = new FormData();
  for (const [name, value] of entries)
    if (isFile(value)) form.set(name, value.data, value.filename);
    else form.set(name, value);
  return form;
}

/** A list's `data`, or the error of an answer we cannot read as one. */
function dataOf<T>(body: Record<string, unknown>): GraphList<T> {
  if (!Array.isArray(body.data)) throw new MetaUnavailableError('Meta respondió una lista sin data', 200);
  return body as unknown as GraphList<T>;
}

const uniqueById = <T extends { id: string }>(items: T[]) => [...new Map(items.map((item) => [item.id, item])).values()];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const adAccountOf = (raw: GraphAdAccount): MetaAdAccount => ({
  id: raw.id,
  accountId: raw.account_id ?? raw.id.replace(/^act_/, ''),
  name: raw.name ?? '',
  currency: raw.currency ?? '',
  accountStatus: raw.account_status ?? 0,
  minDailyBudget: raw.min_daily_budget === undefined || raw.min_daily_budget === null ? null : numberOf(raw.min_daily_budget),
  userTasks: raw.user_tasks ?? [],
  customAudienceTermsAccepted: raw.tos_accepted?.custom_audience_tos === 1,
});

const named = (raw: { id: string; name?: string }) => ({ id: raw.id, name: raw.name ?? '' });

export function createMetaClient(options: MetaClientOptions): MetaAppClient {
  const settings: Settings = {
    base: `${options.graphUrl.replace(/\/+$/, '')}/${options.version ?? META_API_VERSION}`,
    sleep: options.sleep ?? realSleep,
    maxWaitSeconds: options.maxWaitSeconds ?? 10,
    serverRetries: options.serverRetries ?? 2,
    throttleRetries: options.throttleRetries ?? 3,
  };
  const pageSize = String(options.pageSize ?? 100);
  const audienceBatchSize = Math.min(Math.max(1, options.audienceBatchSize ?? AUDIENCE_BATCH_LIMIT), AUDIENCE_BATCH_LIMIT);
  const app = new GraphConnection(settings);

  function forUser(accessToken: string): MetaUserClient {
    const proof = createHmac('sha256', options.appSecret).update(accessToken).digest('hex');
    const connection = new GraphConnection(settings);
    const signed = (params: Params) => ({ ...params, appsecret_proof: proof });
    const get = (path: string, params: Params = {}) => connection.send('GET', path, signed(params), accessToken);

    async function list<Raw, T>(path: string, fields: string | Params, map: (raw: Raw) => T): Promise<T[]> {
      const params = typeof fields === 'string' ? { fields } : fields;
      const items: T[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const body = dataOf<Raw>(await get(path, { limit: pageSize, ...params, ...(after ? { after } : {}) }));
        items.push(...body.data.map(map));
        after = body.paging?.cursors?.after;
        if (!body.paging?.next || !after) break;
      }
      return items;
    }

    const edge = (businessId: string, name: string) => `/${encodeURIComponent(businessId)}/${name}`;

    const graph: GraphCaller = {
      get,
      list,
      post: (path, params, writeOptions) => connection.send('POST', path, signed(params), accessToken, writeOptions),
      delete: (path, params = {}, writeOptions) => connection.send('DELETE', path, signed(params), accessToken, writeOptions),
      postJson: (path, body, writeOptions = {}) =>
        connection.send('POST', path, signed({}), accessToken, { json: body, once: true, ...writeOptions }),
      postBytes: (path, params, bytes, headers) =>
        connection.send('POST', path, signed(params), accessToken, { bytes: { data: bytes, headers } }),
      download: (url) => connection.download(metaFileUrl(url, settings.base), accessToken),
    };

    return {
      ...createAdsCalls(graph, { audienceBatchSize, newSessionId: () => randomInt(1, 2 ** 48 - 1) }),
      async me() {
        const body = await get('/me', { fields: 'id,name' });
        return { id: text(body.id), name: text(body.name) } satisfies MetaUser;
      },
      permissions: () =>
        list<GraphPermission, PermissionGrant>('/me/permissions', 'permission,status', (raw) => ({
          permission: raw.permission,
          status: raw.status,
        })),
      businesses: () => list<{ id: string; name?: string }, MetaBusiness>('/me/businesses', 'id,name', named),
      async adAccounts(businessId) {
        const owned = await list(edge(businessId, 'owned_ad_accounts'), AD_ACCOUNT_FIELDS, adAccountOf);
        const client = await list(edge(businessId, 'client_ad_accounts'), AD_ACCOUNT_FIELDS, adAccountOf);
        return uniqueById([...owned, ...client]);
      },
      async adAccount(adAccountId) {
        return adAccountOf(
          (await get(`/${encodeURIComponent(actId(adAccountId))}`, { fields: AD_ACCOUNT_FIELDS })) as unknown as GraphAdAccount,
        );
      },
      async pages(businessId) {
        const owned = await list(edge(businessId, 'owned_pages'), 'id,name', named);
        const client = await list(edge(businessId, 'client_pages'), 'id,name', named);
        return uniqueById<MetaPage>([...owned, ...client]);
      },
      instagramAccounts: (businessId) =>
        list<{ id: string; username?: string }, MetaInstagramAccount>(edge(businessId, 'instagram_accounts'), 'id,username', (raw) => ({
          id: raw.id,
          username: raw.username ?? '',
        })),
      pixels: (businessId) => list<{ id: string; name?: string }, MetaPixel>(edge(businessId, 'adspixels'), 'id,name', named),
      productCatalogs: (businessId) =>
        list<GraphProductCatalog, MetaProductCatalog>(edge(businessId, 'owned_product_catalogs'), 'id,name,product_count', (raw) => ({
          id: raw.id,
          name: raw.name ?? '',
          productCount: numberOf(raw.product_count),
        })),
      whatsapp: createWhatsAppCalls(graph),
      lastUsage: () => connection.lastUsage(),
    };
  }

  return {
    async exchangeToken(shortLivedToken) {
      const body = (await app.send(
        'GET',
        '/oauth/access_token',
        { grant_type: 'fb_exchange_token', client_id: options.appId, client_secret: options.appSecret, fb_exchange_token: shortLivedToken },
        null,
      )) as Partial<GraphAccessToken>;
      if (typeof body.access_token !== 'string') throw new MetaUnavailableError('Meta respondió sin access_token', 200);
      return {
        accessToken: body.access_token,
        expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
      } satisfies LongLivedToken;
    },

    async debugToken(userToken) {
      const body = await app.send('GET', '/debug_token', { input_token: userToken }, `${options.appId}|${options.appSecret}`);
      const data = (isObject(body.data) ? body.data : {}) as Partial<GraphDebugToken>;
      return {
        isValid: data.is_valid === true,
        userId: data.user_id === undefined ? null : String(data.user_id),
        expiresAt: numberOf(data.expires_at),
        scopes: Array.isArray(data.scopes) ? data.scopes.map(String) : [],
      } satisfies TokenInfo;
    },

    forUser,
  };
}
