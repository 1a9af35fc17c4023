import { type KlaviyoScope, normalizeEmail } from '../types.ts';

/*
 * The sandbox's Klaviyo accounts, in memory: their private keys and scopes, lists, profiles, list
 * memberships and bulk import jobs. Ids come from counters and times from the sandbox's clock, so the
 * same calls give the same answers.
 */

const FULL: readonly KlaviyoScope[] = ['lists:read', 'lists:write', 'profiles:read', 'profiles:write', 'subscriptions:write'];

/** The demo account's private keys: one with every scope the sync needs, and some without one of them. */
export const SANDBOX_KEYS = {
  /** Lists, Profiles and Subscriptions with full access: what README gives for the demo. */
  full: 'pk_sandbox_5e3c1a9f7b2d4e6a8c0f1b3d5e7a9c2f4b6d',
  /** Lists read only. */
  withoutListsWrite: 'pk_sandbox_lists_readonly_8b2f6d0a4c7e1f9b3d5a',
  /** Profiles read only. */
  withoutProfilesWrite: 'pk_sandbox_profiles_readonly_3f7b1d9e5a2c8f4b',
  /** Lists and Profiles read only. */
  readOnly: 'pk_sandbox_readonly_6a4e2c8b0f9d7a5e3c1b',
} as const;

export const SANDBOX_KEY_SCOPES: Record<string, readonly KlaviyoScope[]> = {
  [SANDBOX_KEYS.full]: FULL,
  [SANDBOX_KEYS.withoutListsWrite]: ['lists:read', 'profiles:read', 'profiles:write'],
  [SANDBOX_KEYS.withoutProfilesWrite]: ['lists:read', 'lists:write', 'profiles:read'],
  [SANDBOX_KEYS.readOnly]: ['lists:read', 'profiles:read'],
};

export interface SandboxList {
  id: string;
  name: string;
  optInProcess: 'single_opt_in' | 'double_opt_in';
  created: string;
  updated: string;
  /** Profile ids, in the order they joined, with when they joined (`joined_group_at`). */
  members: Map<string, string>;
}

/** A profile's email-marketing consent, as `subscriptions.email.marketing` shows it. */
export interface EmailConsent {
  consent: 'NEVER_SUBSCRIBED' | 'SUBSCRIBED' | 'UNSUBSCRIBED';
  consentTimestamp: string | null;
  method: string | null;
  methodDetail: string | null;
  lastUpdated: string | null;
}

export interface SandboxProfile {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  externalId: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The other writable attributes as last written (organization, locale, title, image, location, properties). */
  other: Record<string, unknown>;
  emailMarketing: EmailConsent;
  created: string;
  updated: string;
}

/** The profile attributes a write may carry, snake_case as on the wire; `null` clears one, leaving it out keeps it. */
export const PROFILE_WRITABLE = [
  'email',
  'phone_number',
  'external_id',
  'first_name',
  'last_name',
  'organization',
  'locale',
  'title',
  'image',
  'location',
  'properties',
] as const;

const NAMED = {
  email: 'email',
  phone_number: 'phoneNumber',
  external_id: 'externalId',
  first_name: 'firstName',
  last_name: 'lastName',
} as const;

export interface ImportError {
  id: string;
  code: string;
  title: string;
  detail: string;
  pointer: string;
  originalPayload: unknown;
}

export interface SandboxImportJob {
  id: string;
  status: 'queued' | 'processing' | 'complete';
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** The profile resources as posted (snake_case attributes). */
  profiles: Array<{ type?: unknown; attributes?: Record<string, unknown> }>;
  listIds: string[];
  /** Reads of the job so far: it moves on as it is polled, never by the wall clock. */
  reads: number;
  profileIds: string[];
  errors: ImportError[];
}

export interface Account {
  id: string;
  lists: Map<string, SandboxList>;
  profiles: Map<string, SandboxProfile>;
  byEmail: Map<string, string>;
  jobs: Map<string, SandboxImportJob>;
}

/** Klaviyo's profile ids are 26-character ULIDs; these count up in the same alphabet. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function ulidLike(prefix: string, counter: number): string {
  let digits = '';
  let rest = counter;
  do {
    digits = CROCKFORD[rest % 32] + digits;
    rest = Math.floor(rest / 32);
  } while (rest > 0);
  return prefix + digits.padStart(26 - prefix.length, '0');
}

/** List ids are six letters and digits. */
const LIST_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
function listId(counter: number): string {
  let id = '';
  let rest = counter + 100_000;
  for (let index = 0; index < 6; index += 1) {
    id = LIST_ALPHABET[rest % LIST_ALPHABET.length] + id;
    rest = Math.floor(rest / LIST_ALPHABET.length);
  }
  return id;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Accounts {
  /** The account a key opens, and the key's scopes; null for an unknown key. */
  byKey(key: string): { account: Account; scopes: readonly KlaviyoScope[] } | null;
  /** Gives the demo account another key with these scopes (tests). */
  addKey(key: string, scopes: readonly KlaviyoScope[]): void;
  /** Revokes a key (tests): calls with it answer 401 from then on. */
  revokeKey(key: string): void;
  createList(account: Account, name: string, optInProcess?: SandboxList['optInProcess']): SandboxList;
  /** Creates a profile, or finds the one with the same email (`created` false). */
  createProfile(account: Account, attributes: Record<string, unknown>): { profile: SandboxProfile; created: boolean };
  /** Writes the attributes a request carries onto a profile (its email already checked free). */
  writeProfile(account: Account, profile: SandboxProfile, attributes: Record<string, unknown>): void;
  /** Email marketing consent given (`SUBSCRIBED`), at `consentedAt` or now. */
  subscribeEmail(profile: SandboxProfile, detail: { methodDetail: string | null; consentedAt: string | null }): void;
  /** Adds a profile to a list (keeping when it first joined). */
  join(list: SandboxList, profileId: string): void;
  createImportJob(account: Account, profiles: SandboxImportJob['profiles'], listIds: string[]): SandboxImportJob;
  /** One poll of a job: queued → processing → complete (after `readsToComplete` reads). */
  readJob(account: Account, job: SandboxImportJob): void;
  /** Completes every pending job (tests, and what the live demo would see a moment later). */
  completeJobs(): void;
  demo: Account;
}

export function createAccounts(options: { now: () => number; readsToComplete: number }): Accounts {
  const demo: Account = { id: 'demo', lists: new Map(), profiles: new Map(), byEmail: new Map(), jobs: new Map() };
  const keys = new Map<string, readonly KlaviyoScope[]>(Object.entries(SANDBOX_KEY_SCOPES));
  const counters = { list: 0, profile: 0, job: 0, error: 0 };
  const iso = () => new Date(options.now()).toISOString();
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

  function upsertProfile(account: Account, attributes: Record<string, unknown>): { profile: SandboxProfile; created: boolean } {
    const email = text(attributes.email) ? normalizeEmail(String(attributes.email)) : null;
    const existingId = email ? account.byEmail.get(email) : undefined;
    const existing = existingId ? account.profiles.get(existingId) : undefined;
    if (existing) return { profile: existing, created: false };
    counters.profile += 1;
    const profile: SandboxProfile = {
      id: ulidLike('01K', counters.profile),
      email: null,
      phoneNumber: null,
      externalId: null,
      firstName: null,
      lastName: null,
      other: {},
      emailMarketing: { consent: 'NEVER_SUBSCRIBED', consentTimestamp: null, method: null, methodDetail: null, lastUpdated: null },
      created: iso(),
      updated: iso(),
    };
    account.profiles.set(profile.id, profile);
    writeProfile(account, profile, attributes);
    return { profile, created: true };
  }

  function writeProfile(account: Account, profile: SandboxProfile, attributes: Record<string, unknown>) {
    for (const key of PROFILE_WRITABLE) {
      if (!(key in attributes)) continue;
      const value = attributes[key];
      if (key === 'email') {
        if (profile.email) account.byEmail.delete(profile.email);
        profile.email = text(value) ? normalizeEmail(String(value)) : null;
        if (profile.email) account.byEmail.set(profile.email, profile.id);
      } else if (key in NAMED) profile[NAMED[key as keyof typeof NAMED]] = text(value);
      else if (value === null) delete profile.other[key];
      else profile.other[key] = value;
    }
    profile.updated = iso();
  }

  function completeJob(account: Account, job: SandboxImportJob) {
    job.profiles.forEach((resource, index) => {
      const attributes = resource.attributes ?? {};
      const email = attributes.email;
      if (typeof email !== 'string' || !EMAIL.test(email.trim())) {
        counters.error += 1;
        job.errors.push({
          id: `00000000-0000-4000-8000-${counters.error.toString(16).padStart(12, '0')}`,
          code: 'invalid',
          title: 'Invalid input.',
          detail: typeof email === 'string' ? `Invalid email address: ${email}` : 'An email address is required.',
          pointer: `/data/attributes/profiles/data/${index}/attributes/email`,
          originalPayload: resource,
        });
        return;
      }
      const { profile } = upsertProfile(account, attributes);
      // An import updates the names it carries; what it leaves out stays.
      for (const [field, key] of [
        ['firstName', 'first_name'],
        ['lastName', 'last_name'],
      ] as const) {
        const value = text(attributes[key]);
        if (value) profile[field] = value;
      }
      profile.updated = iso();
      if (!job.profileIds.includes(profile.id)) job.profileIds.push(profile.id);
      for (const listId of job.listIds) {
        const list = account.lists.get(listId);
        if (list) join(list, profile.id);
      }
    });
    job.status = 'complete';
    job.completedAt = iso();
  }

  function join(list: SandboxList, profileId: string) {
    if (!list.members.has(profileId)) list.members.set(profileId, iso());
  }

  return {
    demo,
    byKey(key) {
      const scopes = keys.get(key);
      return scopes ? { account: demo, scopes } : null;
    },
    addKey(key, scopes) {
      keys.set(key, scopes);
    },
    revokeKey(key) {
      keys.delete(key);
    },
    createList(account, name, optInProcess = 'single_opt_in') {
      counters.list += 1;
      const list: SandboxList = { id: listId(counters.list), name, optInProcess, created: iso(), updated: iso(), members: new Map() };
      account.lists.set(list.id, list);
      return list;
    },
    createProfile: upsertProfile,
    writeProfile,
    subscribeEmail(profile, { methodDetail, consentedAt }) {
      profile.emailMarketing = {
        consent: 'SUBSCRIBED',
        consentTimestamp: consentedAt ?? iso(),
        method: 'API',
        methodDetail,
        lastUpdated: iso(),
      };
      profile.updated = iso();
    },
    join,
    createImportJob(account, profiles, listIds) {
      counters.job += 1;
      const job: SandboxImportJob = {
        id: ulidLike('01J', counters.job),
        status: 'queued',
        createdAt: iso(),
        startedAt: null,
        completedAt: null,
        profiles,
        listIds,
        reads: 0,
        profileIds: [],
        errors: [],
      };
      account.jobs.set(job.id, job);
      return job;
    },
    readJob(account, job) {
      if (job.status === 'complete') return;
      job.reads += 1;
      if (job.reads >= options.readsToComplete) {
        job.startedAt ??= iso();
        completeJob(account, job);
      } else {
        job.status = 'processing';
        job.startedAt ??= iso();
      }
    },
    completeJobs() {
      for (const job of demo.jobs.values()) if (job.status !== 'complete') completeJob(demo, job);
    },
  };
}
