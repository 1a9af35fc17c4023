import { AsyncLocalStorage } from 'node:async_hooks';
// The Web API adapter: the library takes a fetch `Request` and answers a `Response`, which a Fastify
// handler can read without handing it the raw Node response.
import '@shopify/shopify-api/adapters/web-api';
import {
  ApiVersion,
  BotActivityDetected,
  CookieNotFound,
  HttpResponseError,
  InvalidHmacError,
  InvalidOAuthError,
  InvalidShopError,
  LogSeverity,
  type Shopify,
  shopifyApi,
} from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';

/*
 * "Conectar con Shopify": the install of our public app on a merchant's shop, by OAuth, through
 * Shopify's own library (`auth.begin` and `auth.callback`): its signed state cookie, its HMAC, state
 * and shop checks on the way back and its exchange of the code for an offline access token.
 *
 * The library writes Shopify's addresses itself (`https://{shop}/admin/oauth/…`). Outside production
 * the admin is the endpoint's host (the sandbox, which serves the same install under
 * `/sandbox/shopify/{shop}/admin/oauth/…`): the authorize address `begin` answers is rewritten, and the
 * token exchange goes through the library's fetch hook, rerouted only inside a callback that names an
 * admin. Production names none, so it only ever talks to Shopify.
 */

/** The admin the current callback's exchange goes to (`…/{shop}/admin`), when it is not Shopify's. */
const adminOfCall = new AsyncLocalStorage<string>();
const shopifyAdminPath = /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)\/admin\/(oauth\/.*)$/;

setAbstractFetchFunc((input, init) => {
  const admin = adminOfCall.getStore();
  const match = admin && typeof input === 'string' ? shopifyAdminPath.exec(input) : null;
  return fetch(match ? `${admin!.replace('{shop}', match[1]!)}/${match[2]}` : input, init);
});

/** Shopify's admin of a shop on the host of an Admin GraphQL endpoint template: `https://{shop}/admin` for Shopify's own. */
export function adminOfEndpoint(endpoint: string): string {
  return endpoint.replace(/\/admin\/api\/\{version\}\/graphql\.json$/, '/admin');
}

export interface ShopifyOAuthOptions {
  /** Our app's client id and secret. */
  apiKey: string;
  apiSecret: string;
  /** The access the install asks for. */
  scopes: readonly string[];
  /** Our public address; the redirect URL is `publicUrl` + `callbackPath`, and must be allowed in the app's settings. */
  publicUrl: string;
  callbackPath: string;
  /**
   * Where the shop's admin is, `{shop}` in it (`http://127.0.0.1:3000/sandbox/shopify/{shop}/admin`);
   * null for Shopify itself, which production always uses.
   */
  admin: string | null;
}

/** Why an install could not go on, for the feature to say in Spanish. */
export type InstallFailure =
  /** The library took the browser for a bot (its `isbot` check) and refused. */
  | 'bot'
  /** The address is not a shop's. */
  | 'invalid_shop'
  /** The way back failed the HMAC, state or shop checks, or came too late for its timestamp. */
  | 'invalid_callback'
  /** The state cookie is gone: the install took longer than the library allows, or ended in another browser. */
  | 'state_cookie_missing'
  /** Shopify refused to exchange the code (used, expired, or our app's credentials). */
  | 'exchange_refused'
  /** Shopify could not be reached. */
  | 'unreachable';

export class ShopifyInstallError extends Error {
  override name = 'ShopifyInstallError';
  constructor(
    readonly reason: InstallFailure,
    options?: ErrorOptions,
  ) {
    super(`La instalación en Shopify no pudo seguir: ${reason}`, options);
  }
}

/** The request's parts the library reads: its address (with the query) and headers (User-Agent, Cookie). */
export interface InstallRequest {
  /** The path and query as received (`/backend/shopify/oauth/callback?code=…`). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface InstallStart {
  /** Shopify's consent page for the shop. */
  authorizeUrl: string;
  /** The nonce the library put in the address (and in its signed cookie). */
  state: string;
  /** The signed state cookie, for the browser. */
  cookies: string[];
}

export interface InstallGrant {
  shop: string;
  state: string;
  accessToken: string;
  /** The scopes the shop granted, as Shopify lists them (a `write_` one implies its `read_`). */
  scopes: string[];
}

export interface ShopifyOAuth {
  /** `auth.begin` for an offline token: Shopify's consent page and the state cookie. */
  begin(shop: string, request: InstallRequest): Promise<InstallStart>;
  /** The state the way back carries, before anything is checked (to find the install it belongs to). */
  stateOf(request: InstallRequest): string | null;
  /** `auth.callback`: checks the way back and exchanges the code for the shop's access token. */
  callback(request: InstallRequest): Promise<InstallGrant>;
}

function toHeaders(headers: InstallRequest['headers']): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, one);
  }
  return result;
}

function failureOf(error: unknown): ShopifyInstallError {
  if (error instanceof ShopifyInstallError) return error;
  if (error instanceof BotActivityDetected) return new ShopifyInstallError('bot', { cause: error });
  if (error instanceof CookieNotFound) return new ShopifyInstallError('state_cookie_missing', { cause: error });
  if (error instanceof InvalidShopError) return new ShopifyInstallError('invalid_shop', { cause: error });
  if (error instanceof InvalidOAuthError || error instanceof InvalidHmacError)
    return new ShopifyInstallError('invalid_callback', { cause: error });
  if (error instanceof HttpResponseError) return new ShopifyInstallError('exchange_refused', { cause: error });
  return new ShopifyInstallError('unreachable', { cause: error });
}

export function createShopifyOAuth(options: ShopifyOAuthOptions): ShopifyOAuth {
  const origin = new URL(options.publicUrl);
  const callbackPath = `${origin.pathname.replace(/\/$/, '')}${options.callbackPath}`;
  const shopify: Shopify = shopifyApi({
    apiKey: options.apiKey,
    apiSecretKey: options.apiSecret,
    scopes: [...options.scopes],
    hostName: origin.host,
    hostScheme: origin.protocol === 'http:' ? 'http' : 'https',
    // The library calls no Admin API for us (the client in client.ts does); this only fills its config.
    apiVersion: ApiVersion.July26,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: (_severity, message) => console.error(`Shopify OAuth: ${message}`) },
  });
  const requestOf = (request: InstallRequest) => new Request(new URL(request.url, origin), { headers: toHeaders(request.headers) });

  return {
    async begin(shop, request) {
      let response: Response;
      try {
        response = (await shopify.auth.begin({ shop, callbackPath, isOnline: false, rawRequest: requestOf(request) })) as Response;
      } catch (error) {
        throw failureOf(error);
      }
      if (response.status === 410) throw new ShopifyInstallError('bot');
      const location = new URL(response.headers.get('location') ?? '');
      const state = location.searchParams.get('state') ?? '';
      const authorizeUrl = options.admin
        ? `${options.admin.replace('{shop}', location.host)}${location.pathname.replace(/^\/admin/, '')}${location.search}`
        : location.toString();
      return { authorizeUrl, state, cookies: response.headers.getSetCookie() };
    },

    stateOf(request) {
      return new URL(request.url, origin).searchParams.get('state');
    },

    async callback(request) {
      const exchange = () => shopify.auth.callback({ rawRequest: requestOf(request) });
      try {
        // The cookies it answers (the state cookie's removal, a session cookie of its own) are not ours to set.
        const { session } = await (options.admin ? adminOfCall.run(options.admin, exchange) : exchange());
        return {
          shop: session.shop,
          state: session.state,
          accessToken: session.accessToken ?? '',
          scopes: (session.scope ?? '')
            .split(',')
            .map((scope) => scope.trim())
            .filter(Boolean),
        };
      } catch (error) {
        throw failureOf(error);
      }
    },
  };
}
