import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type GraphDebugToken, type GraphList, META_API_VERSION } from '../types.ts';
import { type Auth, appSecretProof, LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS, sameSecret, type TokenCheck } from './auth.ts';
import {
  expiredMessage,
  GraphError,
  type GraphErrorFields,
  invalidParameter,
  missingPermission,
  nonexistingField,
  oauthError,
  proofInvalid,
  proofRequired,
  revokedMessage,
  tokenRequired,
  unparsableToken,
  unsupportedRequest,
} from './errors.ts';
import { definitionOf, type NodeContext, type PermissionNeed, type Viewer } from './nodes.ts';
import { GraphParams, MultipartBody, parseMultipart } from './params.ts';
import type { UsageMeter } from './rate-limits.ts';
import { targetingSearch } from './search.ts';
import type { MetaSandboxStore, NodeType, SandboxNode } from './store.ts';
import { settleTemplates } from './templates.ts';
import { continueUpload, startUpload, uploadOffset } from './uploads.ts';
import { mediaCall } from './whatsapp-media.ts';

/*
 * The Graph API at `{prefix}/graph/{version}/…`: the token from the Authorization header (Bearer or
 * OAuth) or an `access_token` parameter, `appsecret_proof` checked when the app requires it, `fields=`
 * selection, cursor paging whose `next` works when followed as it is (Meta writes the token into it),
 * the throttling headers on every answer, and Meta's refusals in Meta's words. Writes take their
 * parameters from the query or a form, multipart (files) or JSON body alike, as Graph does.
 */

/** A failure queued by a test: the next call (or the next one it targets) answers it, whatever it asked. */
export interface QueuedFault {
  status: number;
  error?: Partial<GraphErrorFields>;
  headers: Record<string, string>;
  /** Only calls with this method… */
  method?: string;
  /** …and this path (without the version: `act_1/ads`), or one it matches. */
  path?: string | RegExp;
}

export interface GraphContext {
  store: MetaSandboxStore;
  auth: Auth;
  meter: UsageMeter;
  now: () => number;
  requireAppSecretProof: boolean;
  faults: QueuedFault[];
  traceId: () => string;
}

const VERSION = /^v(\d+)\.(\d+)$/;
/**
 * Meta's published schedule (developers.facebook.com, Graph API and Marketing API changelogs): the day each
 * version stops being served by the Graph API and by the Marketing API, null while none is announced. The
 * Marketing API retires a version about two years sooner. Older versions than these are long gone.
 */
const RETIREMENTS: Record<string, { graph: string | null; marketing: string | null }> = {
  'v17.0': { graph: '2025-09-12', marketing: '2024-05-14' },
  'v18.0': { graph: '2026-01-26', marketing: '2024-08-13' },
  'v19.0': { graph: '2026-05-21', marketing: '2025-02-04' },
  'v20.0': { graph: '2026-09-24', marketing: '2025-05-06' },
  'v21.0': { graph: '2027-01-21', marketing: '2025-09-09' },
  'v22.0': { graph: '2027-05-20', marketing: '2026-02-19' },
  'v23.0': { graph: '2027-10-08', marketing: '2026-06-09' },
  'v24.0': { graph: '2028-02-18', marketing: '2026-11-10' },
  'v25.0': { graph: '2028-07-29', marketing: '2027-02-23' },
  'v26.0': { graph: null, marketing: null },
  'v27.0': { graph: null, marketing: null },
};
const KNOWN_VERSIONS = Object.keys(RETIREMENTS);
const NEWEST_VERSION = KNOWN_VERSIONS[KNOWN_VERSIONS.length - 1]!;
const retiredBy = (day: string | null | undefined, now: number) =>
  day === undefined || (day !== null && Date.parse(`${day}T00:00:00Z`) <= now);
/**
 * The version a call is served by, as Meta does it: a Graph API call to a retired version is answered by the
 * oldest version still served (the `facebook-api-version` header says which); a Marketing API call to a
 * version the Marketing API retired is refused (`marketingRetired`).
 */
function servedVersion(asked: string, now: number): { version: string; marketingRetired: boolean } {
  const number = Number(VERSION.exec(asked)![1]);
  // Newer than any published one: served as it is named.
  if (number > Number(VERSION.exec(NEWEST_VERSION)![1])) return { version: asked, marketingRetired: false };
  const schedule = RETIREMENTS[asked];
  const version = retiredBy(schedule?.graph, now)
    ? (KNOWN_VERSIONS.find((known) => Number(VERSION.exec(known)![1]) > number && !retiredBy(RETIREMENTS[known]!.graph, now)) ??
      NEWEST_VERSION)
    : asked;
  return { version, marketingRetired: retiredBy(schedule?.marketing, now) };
}
/** What the Marketing API serves: ad accounts, what they own, and the targeting search. */
const MARKETING_NODES = new Set<NodeType>([
  'AdAccount',
  'Campaign',
  'AdSet',
  'Ad',
  'AdCreative',
  'CustomAudience',
  'AdVideo',
  'AdsPixel',
  'ProductCatalog',
  'ProductSet',
]);
/** Graph's deployed revision, as `x-fb-rev` reports it. */
const FB_REV = '1009852361';
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

type Params = Map<string, string>;
type Request = FastifyRequest<{ Params: { '*': string } }>;

/** Query and body parameters together (Graph reads both alike); the first of a repeated one; nested JSON as its text. */
function paramsOf(request: FastifyRequest): Params {
  const params: Params = new Map();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') params.set(name, first);
  }
  const body = request.body instanceof MultipartBody ? request.body.fields : request.body;
  if (body instanceof URLSearchParams) for (const [name, value] of body) if (!params.has(name)) params.set(name, value);
  if (body && typeof body === 'object' && !(body instanceof URLSearchParams) && !Buffer.isBuffer(body))
    for (const [name, value] of Object.entries(body))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params.set(name, String(value));
      else if (typeof value === 'object' && value !== null) params.set(name, JSON.stringify(value));
  return params;
}

const faultMatches = (fault: QueuedFault, method: string, path: string) =>
  (!fault.method || fault.method.toUpperCase() === method) &&
  (fault.path === undefined || (typeof fault.path === 'string' ? fault.path.replace(/^\/+/, '') === path : fault.path.test(path)));

function tokenOf(request: FastifyRequest, params: Params): { token: string; inHeader: boolean } | null {
  const match = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (match) return { token: match[1]!, inHeader: true };
  const token = params.get('access_token');
  return token ? { token, inHeader: false } : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `a,b{c,d},e.limit(5)` → ['a', 'b', 'e']: nested selections and modifiers are accepted and ignored. */
function fieldNames(fields: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '{' || char === '(') depth += 1;
    if (char === '}' || char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += char;
  }
  names.push(current);
  return [...new Set(names.map((name) => name.replace(/[{.(].*$/s, '').trim()).filter(Boolean))];
}

const cursorOf = (index: number, key: string) => Buffer.from(`${index}:${key}`).toString('base64url');

/** The position a cursor points at: its item's, or the one it recorded when the item is gone. */
function positionOf(cursor: string, keys: readonly string[]): number {
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  const index = Number(decoded.slice(0, colon));
  if (colon < 0 || !Number.isInteger(index) || index < 0) throw invalidParameter('The cursor is not valid');
  const found = keys.indexOf(decoded.slice(colon + 1));
  return found >= 0 ? found : index;
}

/** Uploads: Meta takes images up to 30 MB and videos far larger; the sandbox keeps to this. */
const MULTIPART_LIMIT = 100 * 1024 * 1024;

export function registerGraph(scope: FastifyInstance, context: GraphContext): void {
  const { store, auth, meter, now } = context;
  // Where the sandbox's other sites are mounted (the Graph scope's prefix, less `/graph`).
  const sandboxPrefix = scope.prefix.replace(/\/graph$/, '');
  // The Resumable Upload API's bytes.
  scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  scope.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT },
    async (request: FastifyRequest, body: Buffer) => parseMultipart(String(request.headers['content-type']), body),
  );

  function tokenFailure(check: TokenCheck): GraphError {
    if (check.state === 'expired') return oauthError(190, expiredMessage(check.token.expiresAt, now()), 463);
    if (check.state === 'revoked') return oauthError(190, revokedMessage(check.token.appId), 458);
    return unparsableToken();
  }

  function countApp(reply: FastifyReply, appId: string) {
    const metered = meter.app(appId);
    if (!metered.allowed)
      throw new GraphError(
        400,
        { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4, is_transient: true },
        metered.headers,
      );
    reply.headers(metered.headers);
  }

  function countBusiness(reply: FastifyReply, node: SandboxNode) {
    const scoped = definitionOf(node).scope?.(node.value, store);
    if (!scoped) return;
    const metered = meter.business(scoped.businessId, scoped.adAccountId);
    // The ad account's own allowance spent, its business's not: Meta's ad-account-level throttle.
    if (!metered.allowed && metered.limit === 'adAccount')
      throw new GraphError(
        400,
        { message: '(#17) User request limit reached', type: 'OAuthException', code: 17, error_subcode: 2446079, is_transient: true },
        metered.headers,
      );
    if (!metered.allowed)
      throw new GraphError(
        400,
        {
          message:
            '(#80004) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.',
          type: 'OAuthException',
          code: 80004,
          error_subcode: 2446079,
        },
        metered.headers,
      );
    reply.headers(metered.headers);
  }

  /** The person and app a user call acts for, after the token, the proof and the app's allowance. */
  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    params: Params,
    method: string,
    first: string,
    metered: boolean,
  ): Viewer {
    const found = tokenOf(request, params);
    if (!found) throw tokenRequired();
    const check = auth.check(found.token);
    if (check.state === 'app') {
      if (first === 'me') throw oauthError(2500, 'An active access token must be used to query information about the current user.');
      throw unsupportedRequest(method, first);
    }
    if (check.state !== 'valid') throw tokenFailure(check);
    const { appId, userId } = check.token;
    const app = auth.app(appId);
    if (context.requireAppSecretProof && app) {
      const proof = params.get('appsecret_proof');
      if (!proof) throw proofRequired();
      if (!sameSecret(proof.toLowerCase(), appSecretProof(found.token, app.appSecret))) throw proofInvalid();
    }
    if (metered) countApp(reply, appId);
    const user = store.user(userId);
    if (!user) throw unparsableToken();
    return { user, appId, appName: app?.name ?? 'Recompra', has: (permission) => auth.has(appId, userId, permission) };
  }

  function requirePermissions(viewer: Viewer, needs: readonly PermissionNeed[]) {
    const missing = needs.find((need) =>
      typeof need === 'string' ? !viewer.has(need) : !need.some((permission) => viewer.has(permission)),
    );
    if (missing !== undefined) throw missingPermission(typeof missing === 'string' ? missing : missing.join(' or '));
  }

  function render(node: SandboxNode, fields: string | undefined, nodeContext: NodeContext): Record<string, unknown> {
    const definition = definitionOf(node);
    const names = fields ? fieldNames(fields) : definition.defaultFields;
    const unknown = names.find((name) => !(name in definition.fields));
    if (unknown) throw nonexistingField(unknown, node.type);
    const out: Record<string, unknown> = {};
    for (const name of names) {
      const value = definition.fields[name]!(node.value, nodeContext);
      if (value !== undefined) out[name] = value;
    }
    // Graph answers the id even when not asked, after the fields that were.
    out.id ??= definition.fields.id!(node.value, nodeContext);
    definition.afterRead?.(node.value, nodeContext);
    return out;
  }

  /** One page of `items`, with cursors and absolute links back here carrying every parameter of the call. */
  function page<T, R>(
    request: FastifyRequest,
    params: Params,
    found: { inHeader: boolean; token: string } | null,
    items: readonly T[],
    keyOf: (item: T) => string,
    renderItem: (item: T) => R,
  ): GraphList<R> {
    const asked = Number(params.get('limit'));
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    const keys = items.map(keyOf);
    const after = params.get('after');
    const before = params.get('before');
    let start = 0;
    let end = Math.min(items.length, limit);
    if (after) {
      start = positionOf(after, keys) + 1;
      end = Math.min(items.length, start + limit);
    } else if (before) {
      end = positionOf(before, keys);
      start = Math.max(0, end - limit);
    }
    const slice = items.slice(start, Math.max(start, end));
    if (slice.length === 0) return { data: [] };
    const link = (name: 'after' | 'before', cursor: string) => {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      url.searchParams.delete('after');
      url.searchParams.delete('before');
      url.searchParams.set('limit', String(limit));
      url.searchParams.set(name, cursor);
      if (found && !url.searchParams.has('access_token')) url.searchParams.set('access_token', found.token);
      return url.href;
    };
    const first = cursorOf(start, keys[start]!);
    const last = cursorOf(start + slice.length - 1, keys[start + slice.length - 1]!);
    return {
      data: slice.map(renderItem),
      paging: {
        cursors: { before: first, after: last },
        ...(start > 0 ? { previous: link('before', first) } : {}),
        ...(start + slice.length < items.length ? { next: link('after', last) } : {}),
      },
    };
  }

  /** `/oauth/access_token`: the long-lived exchange, the login code's exchange and the app token. */
  function accessToken(params: Params) {
    const app = auth.app(params.get('client_id') ?? '');
    if (!app) throw oauthError(101, 'Error validating application. Invalid application ID.');
    if (!sameSecret(params.get('client_secret') ?? '', app.appSecret)) throw oauthError(101, 'Error validating client secret.');
    const grantType = params.get('grant_type');
    if (grantType === 'client_credentials') return { access_token: `${app.appId}|${app.appSecret}`, token_type: 'bearer' };
    if (grantType === 'fb_exchange_token') {
      const check = auth.check(params.get('fb_exchange_token') ?? '');
      if (check.state !== 'valid' || check.token.appId !== app.appId)
        throw tokenFailure(check.state === 'valid' ? { state: 'unknown' } : check);
      const token = auth.issue(app.appId, check.token.userId, 'long');
      return { access_token: token.token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
    }
    const code = params.get('code');
    if (!code) throw oauthError(1, 'Missing authorization code');
    const redeemed = auth.redeemCode(code, app.appId, params.get('redirect_uri') ?? '');
    if ('subcode' in redeemed) throw oauthError(100, redeemed.message, redeemed.subcode);
    const token = auth.issue(app.appId, redeemed.userId, 'short');
    return { access_token: token.token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS };
  }

  /** `/debug_token`: read with the app's token (or a valid token of the app); a dead input token is described, not refused. */
  function debugToken(request: FastifyRequest, reply: FastifyReply, params: Params): { data: GraphDebugToken } {
    const found = tokenOf(request, params);
    if (!found) throw tokenRequired();
    const viewing = auth.check(found.token);
    const app = viewing.state === 'app' ? viewing.app : viewing.state === 'valid' ? auth.app(viewing.token.appId) : null;
    if (!app) throw tokenFailure(viewing);
    countApp(reply, app.appId);
    const input = params.get('input_token');
    if (!input) throw invalidParameter('The parameter input_token is required');
    const check = auth.check(input);
    if (check.state === 'app')
      return { data: { app_id: check.app.appId, type: 'APP', application: check.app.name ?? 'Recompra', is_valid: true, scopes: [] } };
    if (check.state === 'unknown')
      return {
        data: { error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }, is_valid: false, scopes: [] },
      };
    const { token } = check;
    if (token.appId !== app.appId) throw invalidParameter('The App_id in the input_token did not match the Viewing App');
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const failure = check.state === 'valid' ? null : tokenFailure(check).body;
    return {
      data: {
        app_id: token.appId,
        type: 'USER',
        application: app.name ?? 'Recompra',
        data_access_expires_at: seconds(token.dataAccessExpiresAt),
        ...(failure ? { error: { code: failure.code, message: failure.message, subcode: failure.error_subcode } } : {}),
        expires_at: seconds(token.expiresAt),
        is_valid: check.state === 'valid',
        ...(token.kind === 'long' ? { issued_at: seconds(token.issuedAt) } : {}),
        scopes: auth
          .permissions(token.appId, token.userId)
          .filter((grant) => grant.status === 'granted')
          .map((grant) => grant.permission),
        user_id: token.userId,
      },
    };
  }

  function answer(request: Request, reply: FastifyReply, response: NodeContext['response']): unknown {
    const segments = (request.params['*'] ?? '').split('/').filter(Boolean).map(decodeSegment);
    const version = VERSION.test(segments[0] ?? '') ? segments.shift()! : META_API_VERSION;
    const method = request.method;
    const path = segments.join('/');
    const faultAt = context.faults.findIndex((queued) => faultMatches(queued, method, path));
    const fault = faultAt >= 0 ? context.faults.splice(faultAt, 1)[0] : undefined;
    if (fault) {
      const fallback: GraphErrorFields =
        fault.status >= 500
          ? {
              message: 'An unexpected error has occurred. Please retry your request later.',
              type: 'OAuthException',
              code: 2,
              is_transient: true,
            }
          : { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 };
      throw new GraphError(fault.status, { ...fallback, ...fault.error }, fault.headers);
    }
    const served = servedVersion(version, now());
    reply.header('facebook-api-version', served.version);
    const refuseRetiredMarketingVersion = () => {
      if (served.marketingRetired)
        throw oauthError(
          2635,
          `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${NEWEST_VERSION}.`,
        );
    };
    // What Meta finished meanwhile (template reviews, pauses) shows on this call.
    settleTemplates(store, now());
    const params = paramsOf(request);
    if (path === 'oauth/access_token') return accessToken(params);
    if (path === 'debug_token') return debugToken(request, reply, params);

    const [id = '', edge, ...rest] = segments;
    // WhatsApp sends answer to the number's throughput, not to Graph's allowances.
    const sending = method === 'POST' && (edge === 'messages' || edge === 'marketing_messages') && rest.length === 0;
    const viewer = authenticate(request, reply, params, method, id, !sending);
    const origin = `${request.protocol}://${request.host}${sandboxPrefix}`;
    const nodeContext: NodeContext = {
      viewer,
      store,
      now: now(),
      params: new GraphParams(params, request.body instanceof MultipartBody ? request.body.files : new Map()),
      urls: { business: `${origin}/business`, cdn: `${origin}/cdn` },
      response,
    };
    const found = tokenOf(request, params);
    if (id.startsWith('upload:') && !edge) {
      if (method === 'GET') return uploadOffset(store, viewer, id);
      if (method === 'POST') return continueUpload(store, viewer, id, request.headers.file_offset, request.body, now());
    }
    if (edge === 'uploads' && !rest.length && auth.app(id)) {
      if (method !== 'POST') throw unsupportedRequest(method, id);
      return startUpload(store, viewer, id, params, now());
    }
    if (id === 'search' && !edge && method === 'GET') {
      refuseRetiredMarketingVersion();
      return page(
        request,
        params,
        found,
        targetingSearch(nodeContext.params),
        (item) => item.key,
        (item) => item.row,
      );
    }
    if (!edge && store.media.has(id)) {
      requirePermissions(viewer, ['whatsapp_business_messaging']);
      const media = mediaCall(nodeContext, id, method);
      if (media) return media;
    }
    const node: SandboxNode | undefined = id === 'me' ? { type: 'User', value: viewer.user } : store.nodes.get(id);
    if (!node || !definitionOf(node).visible(node.value, nodeContext)) throw unsupportedRequest(method, id);
    if (MARKETING_NODES.has(node.type)) refuseRetiredMarketingVersion();

    // The app's grants: listed, withdrawn one by one, or all at once (which removes the app).
    if (node.type === 'User' && edge === 'permissions' && rest.length <= 1) {
      if (method === 'DELETE') {
        if (rest[0]) auth.decline(viewer.appId, viewer.user.id, rest[0]);
        else auth.revoke(viewer.user.id, viewer.appId);
        return { success: true };
      }
      const grants = auth.permissions(viewer.appId, viewer.user.id).filter((grant) => !rest[0] || grant.permission === rest[0]);
      return page(
        request,
        params,
        found,
        grants,
        (grant) => grant.permission,
        (grant) => grant,
      );
    }
    if (rest.length > 0) throw oauthError(2500, `Unknown path components: /${rest.join('/')}`);
    const definition = definitionOf(node);
    const listed = edge ? definition.edges[edge] : undefined;
    if (edge && !listed) throw method === 'GET' ? nonexistingField(edge, node.type) : unsupportedRequest(method, id);
    const write =
      method === 'GET'
        ? null
        : method === 'POST'
          ? listed
            ? listed.create
            : definition.update
          : listed
            ? listed.remove
            : definition.remove;
    if (write === undefined) throw unsupportedRequest(method, id);
    if (!listed?.unmetered) countBusiness(reply, node);
    requirePermissions(viewer, listed?.permissions ?? definition.permissions);
    if (write) return write(node.value, nodeContext);
    if (!listed) return render(node, params.get('fields'), nodeContext);
    if (listed.rows)
      return page(
        request,
        params,
        found,
        listed.rows(node.value, nodeContext),
        (item) => item.key,
        (item) => item.row,
      );
    return page(
      request,
      params,
      found,
      listed.list?.(node.value, nodeContext) ?? [],
      (item) => item.value.id,
      (item) => render(item, params.get('fields'), nodeContext),
    );
  }

  scope.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'x-fb-trace-id': context.traceId(),
      'x-fb-rev': FB_REV,
      'facebook-api-version': META_API_VERSION,
      'access-control-allow-origin': '*',
      'cache-control': 'private, no-cache, no-store, must-revalidate',
      pragma: 'no-cache',
      expires: 'Sat, 01 Jan 2000 00:00:00 GMT',
    });
  });

  const sendError = (reply: FastifyReply, error: GraphError) => {
    const traceId = String(reply.getHeader('x-fb-trace-id') ?? context.traceId());
    reply.headers(error.headers);
    if (error.body.code === 190) reply.header('www-authenticate', `OAuth "Facebook Platform" "invalid_token" "${error.body.message}"`);
    if (error.body.code === 104) reply.header('www-authenticate', `OAuth "Facebook Platform" "invalid_request" "${error.body.message}"`);
    return reply
      .code(error.status)
      .type('application/json; charset=UTF-8')
      .send(JSON.stringify({ error: { ...error.body, fbtrace_id: traceId } }));
  };

  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof GraphError) return sendError(reply, error);
    if (error.statusCode && error.statusCode < 500) return sendError(reply, invalidParameter('The request body could not be read'));
    request.log.error({ err: error }, 'Meta sandbox failure');
    return sendError(reply, new GraphError(500, { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 }));
  });
  scope.setNotFoundHandler((request, reply) => sendError(reply, unsupportedRequest(request.method, '')));

  scope.route<{ Params: { '*': string } }>({
    method: ['GET', 'POST', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      const response: NodeContext['response'] = { stallMs: 0, failAfter: null };
      const body = answer(request, reply, response);
      if (response.stallMs > 0) await new Promise((resolve) => setTimeout(resolve, response.stallMs));
      if (response.failAfter) throw response.failAfter;
      return reply.code(200).type('application/json; charset=UTF-8').send(JSON.stringify(body));
    },
  });
}
