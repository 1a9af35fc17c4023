import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROFILES_PER_JOB,
  KLAVIYO_REVISION,
  type KlaviyoScope,
  LIST_MEMBERS_PER_CALL,
  LIST_NAME_MAX,
  LISTS_PAGE_SIZE,
  PROFILES_PAGE_MAX,
} from '../types.ts';
import { type Account, type Accounts, createAccounts, type SandboxImportJob, type SandboxList, type SandboxProfile } from './accounts.ts';
import { createRateLimiter, type Endpoint, type Limit } from './rate-limits.ts';

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
type Query = Record<string, string | undefined>;
type Request = FastifyRequest<{ Params: Params; Querystring: Query }>;

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

const SCOPES: Record<Endpoint, readonly KlaviyoScope[]> = {
  getLists: ['lists:read'],
  getList: ['lists:read'],
  createList: ['lists:write'],
  deleteList: ['lists:write'],
  listMembers: ['lists:read'],
  listProfiles: ['lists:read', 'profiles:read'],
  changeListMembers: ['lists:write', 'profiles:write'],
  createProfile: ['profiles:write'],
  getProfile: ['profiles:read'],
  createImport: ['lists:write', 'profiles:write'],
  readImport: ['lists:read', 'profiles:read'],
};

/** A full-access scope grants its read scope too, as Klaviyo's key settings do. */
const grants = (scopes: readonly KlaviyoScope[], needed: KlaviyoScope) =>
  scopes.includes(needed) || (needed.endsWith(':read') && scopes.includes(needed.replace(':read', ':write') as KlaviyoScope));

const listResource = (list: SandboxList, base: string) => ({
  type: 'list',
  id: list.id,
  attributes: { name: list.name, created: list.created, updated: list.updated, opt_in_process: 'single_opt_in' },
  links: { self: `${base}/api/lists/${list.id}/` },
});

const profileResource = (profile: SandboxProfile, base: string) => ({
  type: 'profile',
  id: profile.id,
  attributes: {
    email: profile.email,
    phone_number: profile.phoneNumber,
    external_id: profile.externalId,
    first_name: profile.firstName,
    last_name: profile.lastName,
    created: profile.created,
    updated: profile.updated,
  },
  links: { self: `${base}/api/profiles/${profile.id}/` },
});

const jobResource = (job: SandboxImportJob, base: string) => ({
  type: 'profile-bulk-import-job',
  id: job.id,
  attributes: {
    status: job.status,
    created_at: job.createdAt,
    total_count: job.profiles.length,
    completed_count: job.status === 'complete' ? job.profileIds.length : 0,
    failed_count: job.status === 'complete' ? job.errors.length : 0,
    completed_at: job.completedAt,
    expires_at: new Date(Date.parse(job.createdAt) + 7 * 86_400_000).toISOString(),
    started_at: job.startedAt,
  },
  relationships: { lists: { data: job.listIds.map((id) => ({ type: 'list', id })) } },
  links: { self: `${base}/api/profile-bulk-import-jobs/${job.id}/` },
});

const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** `page[size]` within 1…max (Klaviyo's default is the maximum for most of these endpoints). */
function pageSize(query: Query, max: number, byDefault: number): number {
  const raw = query['page[size]'];
  if (raw === undefined) return byDefault;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > max)
    throw invalid(`Page size must be an integer between 1 and ${max}.`, { parameter: 'page[size]' });
  return size;
}

function pageStart(query: Query): number {
  const raw = query['page[cursor]'];
  if (raw === undefined) return 0;
  const offset = Number(Buffer.from(raw, 'base64url').toString('utf8').replace(/^o:/, ''));
  if (!Number.isInteger(offset) || offset < 0) throw invalid('The page cursor is not valid.', { parameter: 'page[cursor]' });
  return offset;
}

/** A page of `items` as a collection document, with `links.next` carrying the next cursor. */
function page<T>(request: Request, items: readonly T[], max: number, resource: (item: T) => unknown, byDefault = max) {
  const size = pageSize(request.query, max, byDefault);
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

/** `equals(FIELD,"…")`, the one filter the sandbox reads (Klaviyo's filter syntax): lists by name, a list's profiles by email. */
function equalsFilter(filter: string | undefined, field: 'name' | 'email'): string | null {
  if (filter === undefined) return null;
  const match = /^equals\((\w+),("(?:[^"\\]|\\.)*")\)$/.exec(filter.trim());
  if (!match || match[1] !== field) throw invalid(`Invalid filter provided: ${filter}`, { parameter: 'filter' });
  return JSON.parse(match[2]!) as string;
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

/**
 * Mounts Klaviyo's API for lists, profiles and bulk profile imports under `/sandbox/klaviyo/api/…`,
 * as Klaviyo serves it: JSON:API documents, the `revision` header required and echoed, private-key
 * auth with scopes checked before the body, cursor pagination, per-account rate limits with 429 and
 * Retry-After, and bulk imports that finish as they are polled and refuse what Klaviyo refuses.
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

  /** The checks every call passes, in Klaviyo's order: revision, key, rate limit, scopes; then the body. */
  function admit(request: Request, reply: FastifyReply, endpoint: Endpoint): Account {
    const revision = request.headers.revision;
    if (typeof revision !== 'string' || !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(revision))
      throw invalid('A valid revision header is required (for example 2026-07-15).', { parameter: 'revision' });
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

  app.register(
    async (scope) => {
      // Klaviyo takes its own JSON:API media type as well as plain JSON.
      scope.addContentTypeParser('application/vnd.api+json', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'ignore'));
      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _request, reply) => {
        if (error instanceof SandboxError) return sendError(reply, error);
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return sendError(
            reply,
            new SandboxError(413, 'payload_too_large', 'Payload too large.', 'The request body is larger than 5 MB.'),
          );
        if (error.statusCode && error.statusCode < 500)
          return sendError(reply, invalid('The request body is not valid JSON.', { pointer: '/data' }));
        return sendError(reply, new SandboxError(500, 'error', 'A server error occurred.', 'A server error occurred.'));
      });
      scope.setNotFoundHandler((_request, reply) => sendError(reply, notFound('Not found.')));

      const route = (method: 'GET' | 'POST' | 'DELETE', url: string, endpoint: Endpoint, handler: Handler) =>
        scope.route<{ Params: Params; Querystring: Query }>({
          method,
          url,
          bodyLimit: IMPORT_MAX_BYTES,
          handler: async (request, reply) => {
            const account = admit(request, reply, endpoint);
            const base = `${request.protocol}://${request.host}${KLAVIYO_SANDBOX_PREFIX}`;
            return handler(account, request, reply, base);
          },
        });

      const listOf = (account: Account, id: string | undefined) => {
        const list = account.lists.get(id ?? '');
        if (!list) throw notFound(`A list with id ${id} does not exist.`);
        return list;
      };
      const jobOf = (account: Account, id: string | undefined) => {
        const job = account.jobs.get(id ?? '');
        if (!job) throw notFound(`A profile bulk import job with id ${id} does not exist.`);
        return job;
      };

      route('GET', '/api/lists', 'getLists', (account, request, reply, base) => {
        const name = equalsFilter(request.query.filter, 'name');
        const lists = [...account.lists.values()].filter((list) => name === null || list.name === name);
        return send(
          reply,
          200,
          page(request, lists, LISTS_PAGE_SIZE, (list) => listResource(list, base)),
        );
      });

      route('POST', '/api/lists', 'createList', (account, request, reply, base) => {
        const data = object(object(request.body)?.data);
        if (data?.type !== 'list') throw invalid('The type field must be "list".', { pointer: '/data/type' });
        const name = object(data.attributes)?.name;
        if (typeof name !== 'string' || name.trim() === '')
          throw invalid("'name' is a required field.", { pointer: '/data/attributes/name' });
        if (name.length > LIST_NAME_MAX)
          throw invalid(`'name' must be at most ${LIST_NAME_MAX} characters.`, { pointer: '/data/attributes/name' });
        return send(reply, 201, { data: listResource(accounts.createList(account, name), base) });
      });

      route('GET', '/api/lists/:id', 'getList', (account, request, reply, base) =>
        send(reply, 200, { data: listResource(listOf(account, request.params.id), base) }),
      );

      route('DELETE', '/api/lists/:id', 'deleteList', (account, request, reply) => {
        account.lists.delete(listOf(account, request.params.id).id);
        return send(reply, 204);
      });

      route('GET', '/api/lists/:id/relationships/profiles', 'listMembers', (account, request, reply) => {
        const list = listOf(account, request.params.id);
        return send(
          reply,
          200,
          page(request, [...list.members], LIST_MEMBERS_PER_CALL, (id) => ({ type: 'profile', id })),
        );
      });

      // Get Profiles for List: the members themselves, 20 a page by default (at most 100), by email when filtered.
      route('GET', '/api/lists/:id/profiles', 'listProfiles', (account, request, reply, base) => {
        const list = listOf(account, request.params.id);
        const email = equalsFilter(request.query.filter, 'email');
        const profiles = [...list.members]
          .map((id) => account.profiles.get(id))
          .filter((profile): profile is SandboxProfile => profile !== undefined && (email === null || profile.email === email));
        return send(
          reply,
          200,
          page(request, profiles, PROFILES_PAGE_MAX, (profile) => profileResource(profile, base), 20),
        );
      });

      route('POST', '/api/lists/:id/relationships/profiles', 'changeListMembers', (account, request, reply) => {
        const list = listOf(account, request.params.id);
        for (const id of memberIds(request.body, account)) list.members.add(id);
        return send(reply, 204);
      });

      route('DELETE', '/api/lists/:id/relationships/profiles', 'changeListMembers', (account, request, reply) => {
        const list = listOf(account, request.params.id);
        for (const id of memberIds(request.body, account)) list.members.delete(id);
        return send(reply, 204);
      });

      route('POST', '/api/profiles', 'createProfile', (account, request, reply, base) => {
        const data = object(object(request.body)?.data);
        if (data?.type !== 'profile') throw invalid('The type field must be "profile".', { pointer: '/data/type' });
        const attributes = object(data.attributes) ?? {};
        if (!['email', 'phone_number', 'external_id'].some((key) => typeof attributes[key] === 'string' && attributes[key] !== ''))
          throw invalid('One of email, phone_number or external_id is required.', { pointer: '/data/attributes' });
        if (typeof attributes.email === 'string' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(attributes.email.trim()))
          throw invalid('Invalid email address', { pointer: '/data/attributes/email' });
        const { profile, created } = accounts.createProfile(account, attributes);
        if (!created)
          throw new SandboxError(
            409,
            'duplicate_profile',
            'Conflict.',
            'A profile already exists with one of these identifiers.',
            { pointer: '/data/attributes' },
            {},
            { duplicate_profile_id: profile.id },
          );
        return send(reply, 201, { data: profileResource(profile, base) });
      });

      route('GET', '/api/profiles/:id', 'getProfile', (account, request, reply, base) => {
        const profile = account.profiles.get(request.params.id ?? '');
        if (!profile) throw notFound(`A profile with id ${request.params.id} does not exist.`);
        return send(reply, 200, { data: profileResource(profile, base) });
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
        accounts.readJob(account, job);
        return send(reply, 200, { data: jobResource(job, base) });
      });

      route('GET', '/api/profile-bulk-import-jobs/:id/profiles', 'readImport', (account, request, reply, base) => {
        const job = jobOf(account, request.params.id);
        const profiles = job.profileIds.map((id) => account.profiles.get(id)).filter((profile) => profile !== undefined);
        return send(
          reply,
          200,
          page(request, profiles, PROFILES_PAGE_MAX, (profile) => profileResource(profile, base)),
        );
      });

      route('GET', '/api/profile-bulk-import-jobs/:id/import-errors', 'readImport', (account, request, reply) => {
        const job = jobOf(account, request.params.id);
        return send(
          reply,
          200,
          page(request, job.errors, PROFILES_PAGE_MAX, (error) => ({
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
        const emails = [...list.members].map((id) => accounts.demo.profiles.get(id)?.email ?? '').sort();
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
