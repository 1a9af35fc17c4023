import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROFILES_PER_JOB,
  KLAVIYO_REVISION,
  type KlaviyoScope,
  LIST_MEMBERS_PER_CALL,
  LIST_NAME_MAX,
  LISTS_PAGE_SIZE,
  normalizeEmail,
  PROFILES_PAGE_MAX,
  SUBSCRIPTION_PROFILES_PER_JOB,
} from '../types.ts';
import {
  type Account,
  type Accounts,
  createAccounts,
  PROFILE_WRITABLE,
  type SandboxImportJob,
  type SandboxList,
  type SandboxProfile,
} from './accounts.ts';
import { additionalFieldsOf, fieldsetOf, filterOf, matches, pageSizeOf, QueryError, type QuerySpec, sorted, sortOf } from './query.ts';
import { createRateLimiter, type Endpoint, type Limit } from './rate-limits.ts';
import {
  IMPORT_JOB_FIELDS,
  jobResource,
  LIST_FIELDS,
  LIST_MEMBER_FIELDS,
  listResource,
  PROFILE_ADDITIONAL_FIELDS,
  PROFILE_FIELDS,
  profileResource,
  type Resource,
  withFields,
} from './resources.ts';

export const KLAVIYO_SANDBOX_PREFIX = '/sandbox/klaviyo';

export interface KlaviyoSandboxOptions {
  /** The sandbox's clock, in ms (rate-limit windows and timestamps); Date.now by default. */
  now?: () => number;
  /** Reads of an import job until it completes (default 2: queued, then processing, then complete). */
  readsToComplete?: number;
  /** Rate limits per endpoint, instead of Klaviyo's (tests use small ones). */
  rateLimits?: Partial<Record<Endpoint, Limit>>;
}

export interface KlaviyoSandbox {
  accounts: Accounts;
  /** The demo account's lists, by name, with their members' emails (tests and the README's curl checks). */
  listsByName(): Map<string, { id: string; emails: string[] }>;
  /** Test hook: the next `count` calls answer `status` (a 5xx, a 429 with its headers…). */
  failNext(count: number, status: number, headers?: Record<string, string>): void;
}

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;
type Request = FastifyRequest<{ Params: Params; Querystring: Query }>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Klaviyo's error document: one error object, its id deterministic. */
class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail: string,
    readonly source: { pointer?: string; parameter?: string } = { pointer: '/data/' },
    readonly headers: Record<string, string> = {},
    readonly meta?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

const invalid = (detail: string, source: { pointer?: string; parameter?: string }) =>
  new SandboxError(400, 'invalid', 'Invalid input.', detail, source);
const notFound = (detail: string) => new SandboxError(404, 'not_found', 'Not found.', detail);

/**
 * The revisions the sandbox serves: Klaviyo's quarterly releases still supported (a revision is stable
 * for a year, deprecated the next, then retired), up to the newest published. `.pre` asks for a
 * revision's pre-release endpoints, which answer like the revision here.
 */
const SERVED_REVISIONS = [
  '2025-01-15',
  '2025-04-15',
  '2025-07-15',
  '2025-10-15',
  '2026-01-15',
  '2026-04-15',
  '2026-07-15',
  '2026-10-15',
] as const;

/** `revision` as Klaviyo checks it: required, a released date, not retired. */
function checkRevision(revision: unknown): void {
  const match = typeof revision === 'string' ? /^(\d{4}-\d{2}-\d{2})(\.pre)?$/.exec(revision) : null;
  if (typeof revision !== 'string' || revision === '')
    throw invalid('The revision header is required (for example 2026-07-15).', { parameter: 'revision' });
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw invalid(`Invalid revision header: '${revision}'. A revision is a date, YYYY-MM-DD.`, { parameter: 'revision' });
  const date = match[1]!;
  if ((SERVED_REVISIONS as readonly string[]).includes(date)) return;
  if (date < SERVED_REVISIONS[0])
    throw new SandboxError(410, 'gone', 'Gone.', `Revision ${date} has been retired. Use a supported revision.`, {
      parameter: 'revision',
    });
  throw invalid(`Invalid revision header: '${revision}' is not a released API revision.`, { parameter: 'revision' });
}

const SCOPES: Record<Endpoint, readonly KlaviyoScope[]> = {
  getLists: ['lists:read'],
  getList: ['lists:read'],
  createList: ['lists:write'],
  updateList: ['lists:write'],
  deleteList: ['lists:write'],
  listMembers: ['lists:read', 'profiles:read'],
  listProfiles: ['lists:read', 'profiles:read'],
  changeListMembers: ['lists:write', 'profiles:write'],
  createProfile: ['profiles:write'],
  getProfile: ['profiles:read'],
  getProfiles: ['profiles:read'],
  updateProfile: ['profiles:write'],
  importProfile: ['profiles:write'],
  subscribeProfiles: ['lists:write', 'profiles:write', 'subscriptions:write'],
  createImport: ['lists:write', 'profiles:write'],
  readImport: ['lists:read', 'profiles:read'],
};

/** What each collection endpoint documents of `filter`, `sort` and `page[size]` (revision 2026-07-15). */
const LISTS_QUERY: QuerySpec = {
  filter: { name: ['any', 'equals'], id: ['any', 'equals'], created: ['greater-than'], updated: ['greater-than'] },
  sort: ['created', 'id', 'name', 'updated'],
  page: { byDefault: LISTS_PAGE_SIZE, max: LISTS_PAGE_SIZE },
};
const PROFILES_QUERY: QuerySpec = {
  filter: {
    id: ['any', 'equals'],
    email: ['any', 'equals'],
    phone_number: ['any', 'equals'],
    external_id: ['any', 'equals'],
    _kx: ['equals'],
    created: ['greater-than', 'less-than'],
    updated: ['greater-than', 'less-than'],
    'subscriptions.email.marketing.list_suppressions.reason': ['equals'],
    'subscriptions.email.marketing.list_suppressions.timestamp': ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
    'subscriptions.email.marketing.list_suppressions.list_id': ['equals'],
    'subscriptions.email.marketing.suppression.reason': ['equals'],
    'subscriptions.email.marketing.suppression.timestamp': ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
  },
  sort: [
    'created',
    'email',
    'id',
    'updated',
    'subscriptions.email.marketing.list_suppressions.timestamp',
    'subscriptions.email.marketing.suppression.timestamp',
  ],
  page: { byDefault: 20, max: PROFILES_PAGE_MAX },
};
const LIST_MEMBERS_QUERY: QuerySpec = {
  filter: {
    email: ['any', 'equals'],
    phone_number: ['any', 'equals'],
    push_token: ['any', 'equals'],
    _kx: ['equals'],
    joined_group_at: ['greater-or-equal', 'greater-than', 'less-or-equal', 'less-than'],
  },
  sort: ['joined_group_at'],
  page: { byDefault: 20, max: PROFILES_PAGE_MAX },
};
const JOB_PAGES: QuerySpec = { page: { byDefault: 20, max: PROFILES_PAGE_MAX } };

/** A full-access scope grants its read scope too, as Klaviyo's key settings do. */
const grants = (scopes: readonly KlaviyoScope[], needed: KlaviyoScope) =>
  scopes.includes(needed) || (needed.endsWith(':read') && scopes.includes(needed.replace(':read', ':write') as KlaviyoScope));

const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function pageStart(query: Query): number {
  const raw = query['page[cursor]'];
  if (raw === undefined) return 0;
  const offset = Number(Buffer.from(String(raw), 'base64url').toString('utf8').replace(/^o:/, ''));
  if (!Number.isInteger(offset) || offset < 0) throw invalid('Invalid cursor provided.', { parameter: 'page[cursor]' });
  return offset;
}

/** A page of `items` as a collection document, with `links.next` carrying the next cursor. */
function page<T>(request: Request, items: readonly T[], spec: QuerySpec, resource: (item: T) => unknown) {
  const size = pageSizeOf(request.query['page[size]'], spec);
  const start = pageStart(request.query);
  const self = new URL(request.url, `${request.protocol}://${request.host}`);
  const at = (offset: number) => {
    const url = new URL(self);
    url.searchParams.set('page[cursor]', Buffer.from(`o:${offset}`).toString('base64url'));
    return url.toString();
  };
  return {
    data: items.slice(start, start + size).map(resource),
    links: {
      self: self.toString(),
      ...(start + size < items.length ? { next: at(start + size) } : {}),
      ...(start > 0 ? { prev: at(Math.max(0, start - size)) } : {}),
    },
  };
}

/** Filters, then sorts, a collection's resources as the endpoint documents. */
function select<T extends Resource>(request: Request, resources: T[], spec: QuerySpec): T[] {
  const conditions = filterOf(request.query.filter, spec);
  return sorted(
    resources.filter((resource) => matches(resource, conditions)),
    sortOf(request.query.sort, spec),
  );
}

/** The profile ids of a list-membership body: `{"data":[{"type":"profile","id":…}]}`, at most 1,000. */
function memberIds(body: unknown, account: Account): string[] {
  const data = object(body)?.data;
  if (!Array.isArray(data)) throw invalid('The data field is required.', { pointer: '/data' });
  if (data.length > LIST_MEMBERS_PER_CALL)
    throw invalid(`At most ${LIST_MEMBERS_PER_CALL} profiles can be sent per request.`, { pointer: '/data' });
  return data.map((item, index) => {
    const entry = object(item);
    if (entry?.type !== 'profile' || typeof entry.id !== 'string')
      throw invalid('Each entry must be a profile with an id.', { pointer: `/data/${index}` });
    if (!account.profiles.has(entry.id)) throw invalid(`A profile with id ${entry.id} does not exist.`, { pointer: `/data/${index}/id` });
    return entry.id;
  });
}

/** A single-resource body of `type` (`{"data":{"type":…,"attributes":{…}}}`), its id matching the URL's when given. */
function resourceBody(body: unknown, type: string, id?: string): { id: unknown; attributes: Record<string, unknown> } {
  const data = object(object(body)?.data);
  if (!data) throw invalid('The data field is required.', { pointer: '/data' });
  if (data.type !== type) throw invalid(`The type field must be "${type}".`, { pointer: '/data/type' });
  if (id !== undefined && data.id !== id)
    throw new SandboxError(409, 'conflict', 'Conflict.', 'The id in the body does not match the id in the URL.', { pointer: '/data/id' });
  const attributes = object(data.attributes);
  if (!attributes) throw invalid('The attributes field is required.', { pointer: '/data/attributes' });
  return { id: data.id, attributes };
}

/** A list's name (not blank, at most 255 characters) and opt-in process, each when the body gives it. */
function listAttributes(attributes: Record<string, unknown>): { name?: string; optIn?: SandboxList['optInProcess'] } {
  const { name, opt_in_process: optIn } = attributes;
  if (name !== undefined && name !== null) {
    if (typeof name !== 'string' || name.trim() === '') throw invalid("'name' may not be blank.", { pointer: '/data/attributes/name' });
    if (name.length > LIST_NAME_MAX)
      throw invalid(`'name' must be at most ${LIST_NAME_MAX} characters.`, { pointer: '/data/attributes/name' });
  }
  if (optIn !== undefined && optIn !== null && optIn !== 'single_opt_in' && optIn !== 'double_opt_in')
    throw invalid("'opt_in_process' must be 'single_opt_in' or 'double_opt_in'.", { pointer: '/data/attributes/opt_in_process' });
  return {
    ...(typeof name === 'string' ? { name } : {}),
    ...(optIn === 'single_opt_in' || optIn === 'double_opt_in' ? { optIn } : {}),
  };
}

const IDENTIFIERS = ['email', 'phone_number', 'external_id'] as const;

/** The profile attributes of a write, checked as Klaviyo checks them: names it knows, a valid email free in the account. */
function profileAttributes(account: Account, attributes: Record<string, unknown>, self: SandboxProfile | null): Record<string, unknown> {
  for (const key of Object.keys(attributes))
    if (!(PROFILE_WRITABLE as readonly string[]).includes(key) && key !== '_kx')
      throw invalid(`'${key}' is not a valid field for the resource 'profile'.`, { pointer: `/data/attributes/${key}` });
  const email = attributes.email;
  if (email !== undefined && email !== null) {
    if (typeof email !== 'string' || !EMAIL.test(email.trim()))
      throw invalid('Invalid email address', { pointer: '/data/attributes/email' });
    const owner = account.byEmail.get(normalizeEmail(email));
    if (owner && owner !== self?.id)
      throw new SandboxError(
        409,
        'duplicate_profile',
        'Conflict.',
        'A profile already exists with one of these identifiers.',
        { pointer: '/data/attributes' },
        {},
        { duplicate_profile_id: owner },
      );
  }
  const identified = IDENTIFIERS.some((key) => {
    const value =
      key in attributes
        ? attributes[key]
        : self?.[({ email: 'email', phone_number: 'phoneNumber', external_id: 'externalId' } as const)[key]];
    return typeof value === 'string' && value !== '';
  });
  if (!identified) throw invalid('One of email, phone_number or external_id is required.', { pointer: '/data/attributes' });
  return attributes;
}

/** One profile of a subscription job: who, and the email consent it gives. */
interface Subscription {
  id: string | null;
  email: string;
  consentedAt: string | null;
}

function subscriptionsOf(
  body: unknown,
  now: number,
): { profiles: Subscription[]; listId: string | null; source: string | null; historical: boolean } {
  const data = object(object(body)?.data);
  if (data?.type !== 'profile-subscription-bulk-create-job')
    throw invalid('The type field must be "profile-subscription-bulk-create-job".', { pointer: '/data/type' });
  const attributes = object(data.attributes) ?? {};
  const historical = attributes.historical_import === true;
  const source = typeof attributes.custom_source === 'string' ? attributes.custom_source : null;
  const entries = object(attributes.profiles)?.data;
  const pointer = '/data/attributes/profiles/data';
  if (!Array.isArray(entries) || entries.length === 0) throw invalid('At least one profile is required.', { pointer });
  if (entries.length > SUBSCRIPTION_PROFILES_PER_JOB)
    throw invalid(`At most ${SUBSCRIPTION_PROFILES_PER_JOB} profiles can be subscribed per job.`, { pointer });
  const profiles = entries.map((entry, index): Subscription => {
    const resource = object(entry);
    const at = `${pointer}/${index}`;
    if (resource?.type !== 'profile') throw invalid('The type field must be "profile".', { pointer: `${at}/type` });
    const profile = object(resource.attributes) ?? {};
    const marketing = object(object(object(profile.subscriptions)?.email)?.marketing);
    if (!marketing) throw invalid('An email marketing subscription is required.', { pointer: `${at}/attributes/subscriptions` });
    if (marketing.consent !== 'SUBSCRIBED')
      throw invalid("'consent' must be 'SUBSCRIBED'.", { pointer: `${at}/attributes/subscriptions/email/marketing/consent` });
    const consentedAt = marketing.consented_at ?? null;
    const consentPointer = `${at}/attributes/subscriptions/email/marketing/consented_at`;
    if (consentedAt !== null && !historical)
      throw invalid('consented_at may only be given when historical_import is true.', { pointer: consentPointer });
    if (historical && (typeof consentedAt !== 'string' || Number.isNaN(Date.parse(consentedAt)) || Date.parse(consentedAt) > now))
      throw invalid('A historical import needs consented_at, a date in the past.', { pointer: consentPointer });
    const email = profile.email;
    if (typeof email !== 'string' || !EMAIL.test(email.trim()))
      throw invalid('Invalid email address', { pointer: `${at}/attributes/email` });
    return {
      id: typeof resource.id === 'string' ? resource.id : null,
      email,
      consentedAt: typeof consentedAt === 'string' ? new Date(consentedAt).toISOString() : null,
    };
  });
  const listId = object(object(object(data.relationships)?.list)?.data)?.id;
  return { profiles, listId: typeof listId === 'string' ? listId : null, source, historical };
}

/**
 * Mounts Klaviyo's API for lists, profiles, consent and bulk profile imports under
 * `/sandbox/klaviyo/api/…`, as Klaviyo serves it: JSON:API documents, the `revision` header checked
 * and echoed, private-key auth with scopes checked before the body, each endpoint's filters, sorts,
 * sparse fieldsets and page sizes, cursor pagination, per-account rate limits with 429 and
 * Retry-After, bulk imports that finish as they are polled, and Klaviyo's error documents for every
 * path and method it does not serve.
 */
export function registerKlaviyoSandbox(app: FastifyInstance, options: KlaviyoSandboxOptions = {}): KlaviyoSandbox {
  const now = options.now ?? Date.now;
  const accounts = createAccounts({ now, readsToComplete: options.readsToComplete ?? 2 });
  const limiter = createRateLimiter(now, options.rateLimits);
  const faults: Array<{ status: number; headers: Record<string, string> }> = [];
  let errorCounter = 0;

  function send(reply: FastifyReply, status: number, body?: unknown) {
    reply.code(status).header('revision', reply.request.headers.revision ?? KLAVIYO_REVISION);
    if (body === undefined) return reply.send();
    return reply.type('application/vnd.api+json').send(JSON.stringify(body));
  }

  function sendError(reply: FastifyReply, error: SandboxError) {
    errorCounter += 1;
    reply.headers(error.headers);
    return send(reply, error.status, {
      errors: [
        {
          id: `5a1d0000-0000-4000-8000-${errorCounter.toString(16).padStart(12, '0')}`,
          status: error.status,
          code: error.code,
          title: error.title,
          detail: error.detail,
          source: error.source,
          ...(error.meta ? { meta: error.meta } : {}),
        },
      ],
    });
  }

  /** The checks every call passes, in Klaviyo's order: revision, key, rate limit, scopes; then the query and body. */
  function admit(request: Request, reply: FastifyReply, endpoint: Endpoint): Account {
    checkRevision(request.headers.revision);
    const fault = faults.shift();
    if (fault) {
      const throttled = fault.status === 429;
      throw new SandboxError(
        fault.status,
        throttled ? 'throttled' : 'error',
        throttled ? 'Request was throttled.' : 'A server error occurred.',
        throttled ? 'Request was throttled. Expected available in 1 second.' : 'A server error occurred.',
        { pointer: '/data/' },
        { ...(throttled ? { 'retry-after': '1' } : {}), ...fault.headers },
      );
    }
    const authorization = request.headers.authorization ?? '';
    const match = /^Klaviyo-API-Key (\S+)$/.exec(authorization);
    const opened = match ? accounts.byKey(match[1]!) : null;
    if (!opened)
      throw new SandboxError(401, 'not_authenticated', 'Authentication credentials were not provided.', 'Missing or invalid private key.');
    const decision = limiter.take(opened.account.id, endpoint);
    if (!decision.allowed) {
      const seconds = decision.retryAfterSeconds;
      throw new SandboxError(
        429,
        'throttled',
        'Request was throttled.',
        `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { pointer: '/data/' },
        { 'retry-after': String(seconds) },
      );
    }
    reply.headers({
      'ratelimit-limit': String(decision.limit),
      'ratelimit-remaining': String(decision.remaining),
      'ratelimit-reset': String(decision.resetSeconds),
    });
    if (!SCOPES[endpoint].every((scope) => grants(opened.scopes, scope)))
      throw new SandboxError(
        403,
        'permission_denied',
        'You do not have permission to perform this action.',
        'This API key is missing required scopes.',
      );
    return opened.account;
  }

  type Handler = (account: Account, request: Request, reply: FastifyReply, base: string) => unknown;
  /** Each served path (as a pattern) with its methods: another method answers 405, another path 404. */
  const served = new Map<string, { pattern: RegExp; methods: Method[] }>();

  app.register(
    async (scope) => {
      // Klaviyo takes its own JSON:API media type as well as plain JSON.
      scope.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'ignore'));
      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        if (error instanceof SandboxError) return sendError(reply, error);
        if (error instanceof QueryError) return sendError(reply, invalid(error.message, { parameter: error.parameter }));
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          const limit = request.routeOptions.bodyLimit ?? IMPORT_MAX_BYTES;
          const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`;
          return sendError(
            reply,
            new SandboxError(413, 'payload_too_large', 'Payload too large.', `The request body is larger than ${size}.`),
          );
        }
        if (error.statusCode && error.statusCode < 500)
          return sendError(reply, invalid('The request body is not valid JSON.', { pointer: '/data' }));
        return sendError(reply, new SandboxError(500, 'error', 'A server error occurred.', 'A server error occurred.'));
      });
      // Every other path and method under the prefix gets Klaviyo's answer, never the app's own not-found page.
      const unserved = (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0]!.slice(KLAVIYO_SANDBOX_PREFIX.length).replace(/\/+$/, '');
        const known = [...served.values()].find(({ pattern }) => pattern.test(path));
        if (known) {
          reply.header('allow', known.methods.join(', '));
          return sendError(
            reply,
            new SandboxError(405, 'method_not_allowed', 'Method not allowed.', `Method "${request.method}" not allowed.`),
          );
        }
        return sendError(reply, notFound('Not found.'));
      };
      scope.setNotFoundHandler(unserved);
      scope.all('/*', unserved);

      const route = (method: Method, url: string, endpoint: Endpoint, handler: Handler, bodyLimit = IMPORT_MAX_BYTES) => {
        const entry = served.get(url) ?? { pattern: new RegExp(`^${url.replace(/:\w+/g, '[^/]+')}$`), methods: [] };
        entry.methods.push(method);
        served.set(url, entry);
        // Klaviyo's own links end in a slash; both forms are served.
        for (const path of [url, `${url}/`])
          scope.route<{ Params: Params; Querystring: Query }>({
            method,
            url: path,
            bodyLimit,
            handler: async (request, reply) => {
              const account = admit(request, reply, endpoint);
              const base = `${request.protocol}://${request.host}${KLAVIYO_SANDBOX_PREFIX}`;
              return handler(account, request, reply, base);
            },
          });
      };
      /** Profile writes take at most 100 KB, as Klaviyo's reference says. */
      const PROFILE_BODY_MAX = 100 * 1024;

      const listOf = (account: Account, id: string | undefined) => {
        const list = account.lists.get(id ?? '');
        if (!list) throw notFound(`A list with id ${id} does not exist.`);
        return list;
      };
      const profileOf = (account: Account, id: string | undefined) => {
        const profile = account.profiles.get(id ?? '');
        if (!profile) throw notFound(`A profile with id ${id} does not exist.`);
        return profile;
      };
      const jobOf = (account: Account, id: string | undefined) => {
        const job = account.jobs.get(id ?? '');
        if (!job) throw notFound(`A profile bulk import job with id ${id} does not exist.`);
        return job;
      };
      /** A profile as a request asks for it: its additional fields, then its fieldset. */
      const profileView = (request: Request, fields: readonly string[] = PROFILE_FIELDS) => {
        const additional = additionalFieldsOf(request.query, 'profile', PROFILE_ADDITIONAL_FIELDS);
        const fieldset = fieldsetOf(request.query, 'profile', fields);
        return { additional, show: (resource: Resource) => withFields(resource, fieldset) };
      };
      const listView = (request: Request) => {
        const fieldset = fieldsetOf(request.query, 'list', LIST_FIELDS);
        return (resource: Resource) => withFields(resource, fieldset);
      };
      /** A list's members as profile resources carrying `joined_group_at`, filtered and sorted as asked. */
      const members = (account: Account, list: SandboxList, request: Request, base: string, additional: readonly string[] = []) =>
        select(
          request,
          [...list.members].flatMap(([id, joined]) => {
            const profile = account.profiles.get(id);
            if (!profile) return [];
            const resource = profileResource(profile, base, additional);
            return [{ ...resource, attributes: { ...resource.attributes, joined_group_at: joined } }];
          }),
          LIST_MEMBERS_QUERY,
        );

      route('GET', '/api/lists', 'getLists', (account, request, reply, base) => {
        const show = listView(request);
        const lists = select(
          request,
          [...account.lists.values()].map((list) => listResource(list, base)),
          LISTS_QUERY,
        );
        return send(reply, 200, page(request, lists, LISTS_QUERY, show));
      });

      route('POST', '/api/lists', 'createList', (account, request, reply, base) => {
        const { name, optIn } = listAttributes(resourceBody(request.body, 'list').attributes);
        if (name === undefined) throw invalid("'name' is a required field.", { pointer: '/data/attributes/name' });
        return send(reply, 201, { data: listResource(accounts.createList(account, name, optIn), base) });
      });

      route('GET', '/api/lists/:id', 'getList', (account, request, reply, base) =>
        send(reply, 200, { data: listView(request)(listResource(listOf(account, request.params.id), base)) }),
      );

      route('PATCH', '/api/lists/:id', 'updateList', (account, request, reply, base) => {
        const list = listOf(account, request.params.id);
        const { name, optIn } = listAttributes(resourceBody(request.body, 'list', list.id).attributes);
        if (name !== undefined) list.name = name;
        if (optIn !== undefined) list.optInProcess = optIn;
        list.updated = new Date(now()).toISOString();
        return send(reply, 200, { data: listView(request)(listResource(list, base)) });
      });

      route('DELETE', '/api/lists/:id', 'deleteList', (account, request, reply) => {
        account.lists.delete(listOf(account, request.params.id).id);
        return send(reply, 204);
      });

      route('GET', '/api/lists/:id/relationships/profiles', 'listMembers', (account, request, reply, base) => {
        const list = listOf(account, request.params.id);
        return send(
          reply,
          200,
          page(request, members(account, list, request, base), LIST_MEMBERS_QUERY, ({ id }) => ({ type: 'profile', id })),
        );
      });

      // Get Profiles for List: the members themselves, 20 a page by default (at most 100).
      route('GET', '/api/lists/:id/profiles', 'listProfiles', (account, request, reply, base) => {
        const list = listOf(account, request.params.id);
        const { additional, show } = profileView(request, LIST_MEMBER_FIELDS);
        return send(reply, 200, page(request, members(account, list, request, base, additional), LIST_MEMBERS_QUERY, show));
      });

      route('POST', '/api/lists/:id/relationships/profiles', 'changeListMembers', (account, request, reply) => {
        const list = listOf(account, request.params.id);
        for (const id of memberIds(request.body, account)) accounts.join(list, id);
        return send(reply, 204);
      });

      route('DELETE', '/api/lists/:id/relationships/profiles', 'changeListMembers', (account, request, reply) => {
        const list = listOf(account, request.params.id);
        for (const id of memberIds(request.body, account)) list.members.delete(id);
        return send(reply, 204);
      });

      route('GET', '/api/profiles', 'getProfiles', (account, request, reply, base) => {
        const { additional, show } = profileView(request);
        const profiles = select(
          request,
          [...account.profiles.values()].map((profile) => profileResource(profile, base, ['subscriptions', ...additional])),
          PROFILES_QUERY,
        );
        // Filtering and sorting may read subscriptions; the answer carries them only when asked.
        const answer = (resource: Resource) =>
          show(
            additional.includes('subscriptions')
              ? resource
              : {
                  ...resource,
                  attributes: Object.fromEntries(Object.entries(resource.attributes).filter(([key]) => key !== 'subscriptions')),
                },
          );
        return send(reply, 200, page(request, profiles, PROFILES_QUERY, answer));
      });

      route(
        'POST',
        '/api/profiles',
        'createProfile',
        (account, request, reply, base) => {
          const { attributes } = resourceBody(request.body, 'profile');
          const { profile } = accounts.createProfile(account, profileAttributes(account, attributes, null));
          const { additional, show } = profileView(request);
          return send(reply, 201, { data: show(profileResource(profile, base, additional)) });
        },
        PROFILE_BODY_MAX,
      );

      route('GET', '/api/profiles/:id', 'getProfile', (account, request, reply, base) => {
        const profile = profileOf(account, request.params.id);
        const { additional, show } = profileView(request);
        return send(reply, 200, { data: show(profileResource(profile, base, additional)) });
      });

      // Update Profile: what the body names changes (null clears it), the rest stays.
      route(
        'PATCH',
        '/api/profiles/:id',
        'updateProfile',
        (account, request, reply, base) => {
          const profile = profileOf(account, request.params.id);
          const { attributes } = resourceBody(request.body, 'profile', profile.id);
          accounts.writeProfile(account, profile, profileAttributes(account, attributes, profile));
          const { additional, show } = profileView(request);
          return send(reply, 200, { data: show(profileResource(profile, base, additional)) });
        },
        PROFILE_BODY_MAX,
      );

      // Create or Update Profile: found by id, else by email, phone number or external id; 201 when created, 200 when updated.
      route(
        'POST',
        '/api/profile-import',
        'importProfile',
        (account, request, reply, base) => {
          const { id, attributes } = resourceBody(request.body, 'profile');
          const { additional, show } = profileView(request);
          const byIdentifier = [...account.profiles.values()].find(
            (profile) =>
              (typeof attributes.email === 'string' && profile.email === normalizeEmail(attributes.email)) ||
              (typeof attributes.phone_number === 'string' && profile.phoneNumber === attributes.phone_number) ||
              (typeof attributes.external_id === 'string' && profile.externalId === attributes.external_id),
          );
          const existing = typeof id === 'string' ? profileOf(account, id) : byIdentifier;
          if (existing) {
            accounts.writeProfile(account, existing, profileAttributes(account, attributes, existing));
            return send(reply, 200, { data: show(profileResource(existing, base, additional)) });
          }
          const { profile } = accounts.createProfile(account, profileAttributes(account, attributes, null));
          return send(reply, 201, { data: show(profileResource(profile, base, additional)) });
        },
        PROFILE_BODY_MAX,
      );

      // Bulk Subscribe Profiles: email marketing consent, and the list when one is named. Klaviyo runs it as a
      // job and answers 202 with no body; the sandbox applies it before answering. A double opt-in list
      // (not a historical import) would first email each profile for confirmation, which never comes here.
      route('POST', '/api/profile-subscription-bulk-create-jobs', 'subscribeProfiles', (account, request, reply) => {
        const job = subscriptionsOf(request.body, now());
        const list = job.listId === null ? null : listOf(account, job.listId);
        if (list?.optInProcess === 'double_opt_in' && !job.historical) return send(reply, 202);
        for (const entry of job.profiles) {
          const known = entry.id ? profileOf(account, entry.id) : undefined;
          const profile = known ?? accounts.createProfile(account, { email: entry.email }).profile;
          accounts.subscribeEmail(profile, { methodDetail: job.source, consentedAt: entry.consentedAt });
          if (list) accounts.join(list, profile.id);
        }
        return send(reply, 202);
      });

      route('POST', '/api/profile-bulk-import-jobs', 'createImport', (account, request, reply, base) => {
        const data = object(object(request.body)?.data);
        if (data?.type !== 'profile-bulk-import-job')
          throw invalid('The type field must be "profile-bulk-import-job".', { pointer: '/data/type' });
        const profiles = object(object(data.attributes)?.profiles)?.data;
        if (!Array.isArray(profiles) || profiles.length === 0)
          throw invalid('At least one profile is required.', { pointer: '/data/attributes/profiles/data' });
        if (profiles.length > IMPORT_PROFILES_PER_JOB)
          throw invalid(`At most ${IMPORT_PROFILES_PER_JOB} profiles can be imported per job.`, {
            pointer: '/data/attributes/profiles/data',
          });
        const lists = object(object(data.relationships)?.lists)?.data;
        const listIds = Array.isArray(lists) ? lists.map((entry) => String(object(entry)?.id ?? '')) : [];
        for (const id of listIds) listOf(account, id);
        const job = accounts.createImportJob(account, profiles as SandboxImportJob['profiles'], listIds);
        return send(reply, 202, { data: jobResource(job, base) });
      });

      route('GET', '/api/profile-bulk-import-jobs/:id', 'readImport', (account, request, reply, base) => {
        const job = jobOf(account, request.params.id);
        const fieldset = fieldsetOf(request.query, 'profile-bulk-import-job', IMPORT_JOB_FIELDS);
        accounts.readJob(account, job);
        return send(reply, 200, { data: withFields(jobResource(job, base), fieldset) });
      });

      route('GET', '/api/profile-bulk-import-jobs/:id/profiles', 'readImport', (account, request, reply, base) => {
        const job = jobOf(account, request.params.id);
        const { additional, show } = profileView(request);
        const profiles = job.profileIds.map((id) => account.profiles.get(id)).filter((profile) => profile !== undefined);
        return send(
          reply,
          200,
          page(request, profiles, JOB_PAGES, (profile) => show(profileResource(profile, base, additional))),
        );
      });

      route('GET', '/api/profile-bulk-import-jobs/:id/import-errors', 'readImport', (account, request, reply) => {
        const job = jobOf(account, request.params.id);
        return send(
          reply,
          200,
          page(request, job.errors, JOB_PAGES, (error) => ({
            type: 'import-error',
            id: error.id,
            attributes: {
              code: error.code,
              title: error.title,
              detail: error.detail,
              source: { pointer: error.pointer },
              original_payload: error.originalPayload,
            },
          })),
        );
      });
    },
    { prefix: KLAVIYO_SANDBOX_PREFIX },
  );

  return {
    accounts,
    listsByName() {
      const named = new Map<string, { id: string; emails: string[] }>();
      for (const list of accounts.demo.lists.values()) {
        const emails = [...list.members.keys()].map((id) => accounts.demo.profiles.get(id)?.email ?? '').sort();
        named.set(list.name, { id: list.id, emails });
      }
      return named;
    },
    failNext(count, status, headers = {}) {
      for (let index = 0; index < count; index += 1) faults.push({ status, headers });
    },
  };
}

export interface StartedKlaviyoSandbox extends KlaviyoSandbox {
  /** The base URL to give the client: `http://127.0.0.1:<port>/sandbox/klaviyo`. */
  baseUrl: string;
  close(): Promise<void>;
}

/** The sandbox alone on its own port (tests, scripts). */
export async function startKlaviyoSandbox(
  options: KlaviyoSandboxOptions & { port?: number; host?: string } = {},
): Promise<StartedKlaviyoSandbox> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const sandbox = registerKlaviyoSandbox(app, sandboxOptions);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    ...sandbox,
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}${KLAVIYO_SANDBOX_PREFIX}`,
    close: () => app.close(),
  };
}
