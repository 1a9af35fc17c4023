import { ApiKeySession, ListsApi, ProfilesApi, RetryWithExponentialBackoff } from 'klaviyo-api';
import { failureStatus, KlaviyoPermissionError, KlaviyoRequestError, klaviyoErrorOf, retryAfterOf } from './errors.ts';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PROFILES_PER_JOB,
  type ImportedProfile,
  type ImportFailure,
  type ImportJob,
  type ImportProfile,
  type KlaviyoList,
  LIST_MEMBERS_PER_CALL,
  PROFILES_PAGE_MAX,
  type RequiredPermission,
} from './types.ts';

/*
 * The real client: Klaviyo's official SDK (`klaviyo-api`), pointed at `baseUrl` (the sandbox mounted
 * by the app outside production, https://a.klaviyo.com in production) with one private key.
 *
 * Two habits of the SDK shape this file. Its own retry waits a random backoff and then spins until a
 * 429's Retry-After has passed, so retries are ours (the session below): a 429 waits what Klaviyo's
 * Retry-After says (or gives up with KlaviyoThrottledError when that is longer than `maxWaitSeconds`,
 * and the caller reschedules), a 5xx is tried a few times more. And its serializer maps camelCase
 * attribute names onto Klaviyo's snake_case and silently drops any name it does not know, so every
 * attribute below is written in camelCase (`firstName`, never `first_name`).
 */

export interface KlaviyoClientOptions {
  apiKey: string;
  /** Where the API is: `https://a.klaviyo.com`, or the sandbox's address (its paths start with `/api/`). */
  baseUrl: string;
  /** How the client waits between tries (tests pass one that only records the wait). */
  sleep?: (ms: number) => Promise<void>;
  /** A 429 asking for a longer wait than this ends the call with KlaviyoThrottledError (default 10 s). */
  maxWaitSeconds?: number;
  /** Tries after a 5xx or no answer (default 2), half a second apart and doubling. */
  serverRetries?: number;
  /** 429s waited out in one call before giving up (default 5). */
  throttleRetries?: number;
}

export interface KlaviyoClient {
  /**
   * Checks the key against Klaviyo: throws KlaviyoAuthError when it is not a key, and returns the
   * permissions it lacks of those syncing needs (empty when it has them all). Klaviyo has no call
   * that lists a key's scopes, but it checks scopes before validating, so a write with a deliberately
   * empty body answers 403 without the scope and 400 with it, and changes nothing either way.
   */
  missingPermissions(): Promise<RequiredPermission[]>;
  /** The list named exactly `name`, if the account has one. */
  findList(name: string): Promise<KlaviyoList | null>;
  createList(name: string): Promise<KlaviyoList>;
  /** Throws KlaviyoNotFoundError when the list was deleted in Klaviyo. */
  getList(id: string): Promise<KlaviyoList>;
  /** Adds existing profiles to a list, 1,000 a call. */
  addToList(listId: string, profileIds: readonly string[]): Promise<void>;
  /** Removes profiles from a list (they stay in the account), 1,000 a call. */
  removeFromList(listId: string, profileIds: readonly string[]): Promise<void>;
  /** Starts a bulk import that creates or updates `profiles` and adds them to `listId`; one batch of `importBatches`. */
  startImport(listId: string, profiles: readonly ImportProfile[]): Promise<ImportJob>;
  importJob(jobId: string): Promise<ImportJob>;
  /** The profiles a finished import wrote, with their Klaviyo ids. */
  importedProfiles(jobId: string): Promise<ImportedProfile[]>;
  /** The profiles a finished import refused, and why. */
  importFailures(jobId: string): Promise<ImportFailure[]>;
  /** Every profile id in a list (100 a page, Klaviyo's most). */
  listMemberIds(listId: string): Promise<string[]>;
}

type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

type RequestConfig = Parameters<ApiKeySession['requestWithRetry']>[0];
type Response = Awaited<ReturnType<ApiKeySession['requestWithRetry']>>;
/** What a try of a request ends in: an answer, a failure to wait out (ms), or one to give up on. */
type TryOutcome = { response: Response } | { waitMs: number; throttled: boolean } | { error: unknown };

/** An API-key session whose retries honour Retry-After and stay bounded. */
class PatientKeySession extends ApiKeySession {
  constructor(
    apiKey: string,
    private readonly patience: Required<Pick<KlaviyoClientOptions, 'sleep' | 'maxWaitSeconds' | 'serverRetries' | 'throttleRetries'>>,
  ) {
    // One try per call of the SDK's retrier: the loop below decides on retries.
    super(apiKey, new RetryWithExponentialBackoff({ numRetries: 0 }));
  }

  override async requestWithRetry(config: RequestConfig): Promise<Response> {
    let throttled = 0;
    let failed = 0;
    for (;;) {
      const outcome = await this.tryOnce(config, throttled, failed);
      if ('response' in outcome) return outcome.response;
      if ('error' in outcome) throw outcome.error;
      if (outcome.throttled) throttled += 1;
      else failed += 1;
      await this.patience.sleep(outcome.waitMs);
    }
  }

  private async tryOnce(config: RequestConfig, throttled: number, failed: number): Promise<TryOutcome> {
    try {
      return { response: await this.retryWithExponentialBackoff.requestWithRetry(config) };
    } catch (error) {
      const status = failureStatus(error);
      if (status === 429) {
        const seconds = retryAfterOf(error) ?? 1;
        if (seconds > this.patience.maxWaitSeconds || throttled >= this.patience.throttleRetries) return { error };
        return { waitMs: seconds * 1000, throttled: true };
      }
      // A request that never reached Klaviyo is safe to repeat; one that did is repeated only when it reads.
      const unanswered = status === null && (config.method === 'GET' || config.method === 'DELETE' || isConnectionRefused(error));
      if ((unanswered || (status !== null && status >= 500)) && failed < this.patience.serverRetries)
        return { waitMs: 500 * 2 ** failed, throttled: false };
      return { error };
    }
  }
}

const isConnectionRefused = (error: unknown) => (error as { code?: string } | null)?.code === 'ECONNREFUSED';

/** The Lists and Profiles API objects of one key, each pointed at `baseUrl`. */
export function klaviyoApis(options: KlaviyoClientOptions): { lists: ListsApi; profiles: ProfilesApi } {
  const session = new PatientKeySession(options.apiKey, {
    sleep: options.sleep ?? realSleep,
    maxWaitSeconds: options.maxWaitSeconds ?? 10,
    serverRetries: options.serverRetries ?? 2,
    throttleRetries: options.throttleRetries ?? 5,
  });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const lists = new ListsApi(session);
  const profiles = new ProfilesApi(session);
  lists.basePath = baseUrl;
  profiles.basePath = baseUrl;
  return { lists, profiles };
}

/** Runs an SDK call and maps its failure onto errors.ts. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw klaviyoErrorOf(error);
  }
}

/** Whether a write with an empty body was refused for want of a scope (403) rather than for the body (400). */
async function lacksScope(request: () => Promise<unknown>): Promise<boolean> {
  try {
    await call(request);
    // Klaviyo took an empty body: it cannot have lacked the scope.
    return false;
  } catch (error) {
    if (error instanceof KlaviyoPermissionError) return true;
    if (error instanceof KlaviyoRequestError && error.status === 400) return false;
    throw error;
  }
}

/** The cursor of a `links.next` address (the SDK reads it only from https addresses, and the sandbox is http). */
function nextCursor(links: { next?: string } | undefined): string | undefined {
  if (!links?.next) return undefined;
  return new URL(links.next).searchParams.get('page[cursor]') ?? undefined;
}

async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; cursor: string | undefined }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

const jobOf = (data: {
  id: string;
  attributes: { status: unknown; totalCount: number; completedCount?: number | null; failedCount?: number | null };
}): ImportJob => ({
  id: data.id,
  // The SDK types the status as its enum or the string; on the wire it is the string.
  status: String(data.attributes.status) as ImportJob['status'],
  totalCount: data.attributes.totalCount,
  completedCount: data.attributes.completedCount ?? 0,
  failedCount: data.attributes.failedCount ?? 0,
});

const profileResource = (profile: ImportProfile) => ({
  type: 'profile' as const,
  attributes: { email: profile.email, firstName: profile.firstName ?? null, lastName: profile.lastName ?? null },
});

/** The JSON a bulk import of `profiles` into `listId` sends, as the SDK serialises it (for the size limit). */
function importBody(listId: string, profiles: readonly ImportProfile[]) {
  return {
    data: {
      type: 'profile-bulk-import-job' as const,
      attributes: { profiles: { data: profiles.map(profileResource) } },
      relationships: { lists: { data: [{ type: 'list' as const, id: listId }] } },
    },
  };
}

/** Bytes one profile adds to an import's body, on the wire (snake_case names, a comma). */
const wireBytes = (profile: ImportProfile) =>
  Buffer.byteLength(
    JSON.stringify({ type: 'profile', attributes: { email: profile.email, first_name: profile.firstName, last_name: profile.lastName } }),
  ) + 1;

/** Splits profiles into imports Klaviyo takes: at most 10,000 each and under 5 MB (with room for the envelope). */
export function importBatches<T extends ImportProfile>(profiles: readonly T[]): T[][] {
  const budget = IMPORT_MAX_BYTES - 4096;
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const profile of profiles) {
    const size = wireBytes(profile);
    if (current.length > 0 && (current.length >= IMPORT_PROFILES_PER_JOB || bytes + size > budget)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(profile);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createKlaviyoClient(options: KlaviyoClientOptions): KlaviyoClient {
  const { lists, profiles } = klaviyoApis(options);
  const members = (ids: readonly string[]) => ({ data: ids.map((id) => ({ type: 'profile' as const, id })) });

  return {
    async missingPermissions() {
      // A read first: 401 tells a key that is not one; a key with no access to lists at all answers 403.
      const listsUnreadable = await lacksScope(() => lists.getLists({ pageSize: 1 }));
      const missing: RequiredPermission[] = [];
      // `name` is required: without it, 400 when the key may write lists.
      if (listsUnreadable || (await lacksScope(() => lists.createList({ data: { type: 'list', attributes: {} as never } }))))
        missing.push('List:write');
      // A profile needs an email, a phone number or an external id: without any, 400 when the key may write profiles.
      if (await lacksScope(() => profiles.createProfile({ data: { type: 'profile', attributes: {} } }))) missing.unshift('Profiles:write');
      return missing;
    },

    async findList(name) {
      const filter = `equals(name,${JSON.stringify(name)})`;
      const found = await allPages(async (cursor) => {
        const { body } = await call(() => lists.getLists({ filter, ...(cursor ? { pageCursor: cursor } : {}) }));
        return { data: body.data.map((list) => ({ id: list.id, name: list.attributes.name ?? '' })), cursor: nextCursor(body.links) };
      });
      return found.find((list) => list.name === name) ?? null;
    },

    async createList(name) {
      const { body } = await call(() => lists.createList({ data: { type: 'list', attributes: { name } } }));
      return { id: body.data.id, name: body.data.attributes.name ?? name };
    },

    async getList(id) {
      const { body } = await call(() => lists.getList(id));
      return { id: body.data.id, name: body.data.attributes.name ?? '' };
    },

    async addToList(listId, profileIds) {
      for (const part of chunks(profileIds, LIST_MEMBERS_PER_CALL)) await call(() => lists.addProfilesToList(listId, members(part)));
    },

    async removeFromList(listId, profileIds) {
      for (const part of chunks(profileIds, LIST_MEMBERS_PER_CALL)) await call(() => lists.removeProfilesFromList(listId, members(part)));
    },

    async startImport(listId, batch) {
      const [only, ...rest] = importBatches(batch);
      if (!only || rest.length > 0) throw new RangeError(`Un import lleva de 1 a ${IMPORT_PROFILES_PER_JOB} perfiles y menos de 5 MB.`);
      const { body } = await call(() => profiles.bulkImportProfiles(importBody(listId, batch)));
      return jobOf(body.data);
    },

    async importJob(jobId) {
      const { body } = await call(() => profiles.getBulkImportProfilesJob(jobId));
      return jobOf(body.data);
    },

    async importedProfiles(jobId) {
      return allPages(async (cursor) => {
        const { body } = await call(() =>
          profiles.getProfilesForBulkImportProfilesJob(jobId, {
            fieldsProfile: ['email'],
            pageSize: PROFILES_PAGE_MAX,
            ...(cursor ? { pageCursor: cursor } : {}),
          }),
        );
        return {
          data: body.data.map((profile) => ({ id: profile.id ?? '', email: profile.attributes.email ?? '' })),
          cursor: nextCursor(body.links),
        };
      });
    },

    async importFailures(jobId) {
      return allPages(async (cursor) => {
        const { body } = await call(() =>
          profiles.getErrorsForBulkImportProfilesJob(jobId, { pageSize: PROFILES_PAGE_MAX, ...(cursor ? { pageCursor: cursor } : {}) }),
        );
        return {
          data: body.data.map((failure) => {
            const payload = failure.attributes.originalPayload as { attributes?: { email?: unknown } } | null | undefined;
            const email = payload?.attributes?.email;
            return { email: typeof email === 'string' ? email : null, detail: failure.attributes.detail };
          }),
          cursor: nextCursor(body.links),
        };
      });
    },

    async listMemberIds(listId) {
      return allPages(async (cursor) => {
        const { body } = await call(() =>
          lists.getProfileIdsForList(listId, { pageSize: PROFILES_PAGE_MAX, ...(cursor ? { pageCursor: cursor } : {}) }),
        );
        return { data: body.data.map((member) => member.id), cursor: nextCursor(body.links) };
      });
    },
  };
}
