import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKlaviyoClient,
  importBatches,
  type KlaviyoClientOptions,
  klaviyoApis,
} from '../../../../src/server/integrations/klaviyo/client.ts';
import {
  KlaviyoAuthError,
  KlaviyoNotFoundError,
  KlaviyoPermissionError,
  KlaviyoThrottledError,
  KlaviyoUnavailableError,
} from '../../../../src/server/integrations/klaviyo/errors.ts';
import {
  SANDBOX_KEYS,
  type StartedKlaviyoSandbox,
  startKlaviyoSandbox,
} from '../../../../src/server/integrations/klaviyo/sandbox/index.ts';
import { IMPORT_PROFILES_PER_JOB, KLAVIYO_REVISION } from '../../../../src/server/integrations/klaviyo/types.ts';

// The official SDK, through our factory, against the sandbox over HTTP on a free local port.
let sandbox: StartedKlaviyoSandbox;
beforeAll(async () => {
  // Klaviyo's own limits (10 list creations a second) would throttle this file's quick calls: the limits get their own tests.
  const roomy = { burst: 10_000, steady: 100_000, daily: 100_000 };
  sandbox = await startKlaviyoSandbox({
    readsToComplete: 2,
    rateLimits: { createList: roomy, changeListMembers: roomy, createImport: roomy, readImport: roomy },
  });
});
afterAll(() => sandbox.close());

const waits: number[] = [];
const client = (overrides: Partial<KlaviyoClientOptions> = {}) =>
  createKlaviyoClient({
    apiKey: SANDBOX_KEYS.full,
    baseUrl: sandbox.baseUrl,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 10; tries += 1) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error('never finished');
}

const emails = (count: number, domain = 'tienda.cl') => Array.from({ length: count }, (_, index) => `cliente${index}@${domain}`);

describe('the HTTP surface', () => {
  it('requires the revision header, echoes it, and answers in JSON:API with Klaviyo error objects', async () => {
    const bare = await fetch(`${sandbox.baseUrl}/api/lists`, { headers: { authorization: `Klaviyo-API-Key ${SANDBOX_KEYS.full}` } });
    expect(bare.status).toBe(400);
    const body = (await bare.json()) as { errors: Array<Record<string, unknown>> };
    expect(body.errors[0]).toMatchObject({ status: 400, code: 'invalid', source: { parameter: 'revision' } });
    expect(Object.keys(body.errors[0]!).sort()).toEqual(['code', 'detail', 'id', 'source', 'status', 'title']);

    const ok = await fetch(`${sandbox.baseUrl}/api/lists`, {
      headers: { authorization: `Klaviyo-API-Key ${SANDBOX_KEYS.full}`, revision: KLAVIYO_REVISION },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('revision')).toBe(KLAVIYO_REVISION);
    expect(ok.headers.get('content-type')).toContain('application/vnd.api+json');
    expect(ok.headers.get('ratelimit-limit')).toBe('750');
  });

  it('refuses a request without the Klaviyo-API-Key scheme', async () => {
    const response = await fetch(`${sandbox.baseUrl}/api/lists`, {
      headers: { authorization: `Bearer ${SANDBOX_KEYS.full}`, revision: KLAVIYO_REVISION },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('not_authenticated');
  });
});

describe('checking a key', () => {
  it('tells a key that is not one from keys that lack a scope', async () => {
    await expect(client({ apiKey: 'pk_no_existe_0000000000000000000000' }).missingPermissions()).rejects.toBeInstanceOf(KlaviyoAuthError);
    expect(await client().missingPermissions()).toEqual([]);
    expect(await client({ apiKey: SANDBOX_KEYS.withoutListsWrite }).missingPermissions()).toEqual(['List:write']);
    expect(await client({ apiKey: SANDBOX_KEYS.withoutProfilesWrite }).missingPermissions()).toEqual(['Profiles:write']);
    expect(await client({ apiKey: SANDBOX_KEYS.readOnly }).missingPermissions()).toEqual(['Profiles:write', 'List:write']);
  });

  it('changes nothing in the account while checking', async () => {
    const before = sandbox.accounts.demo.lists.size;
    await client().missingPermissions();
    expect(sandbox.accounts.demo.lists.size).toBe(before);
  });

  it('says which scope a refused call lacked', async () => {
    await expect(client({ apiKey: SANDBOX_KEYS.withoutListsWrite }).createList('Sin permiso')).rejects.toBeInstanceOf(
      KlaviyoPermissionError,
    );
  });
});

describe('lists and members', () => {
  it('creates a list, finds it by name across pages, and reads it back', async () => {
    const klaviyo = client();
    for (let index = 0; index < 12; index += 1) await klaviyo.createList(`Relleno ${index}`);
    const created = await klaviyo.createList('Recompra: Clientes "VIP"');
    expect(created.id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(await klaviyo.findList('Recompra: Clientes "VIP"')).toEqual(created);
    expect(await klaviyo.findList('No existe')).toBeNull();
    expect(await klaviyo.getList(created.id)).toEqual(created);
    await expect(klaviyo.getList('XXXXXX')).rejects.toBeInstanceOf(KlaviyoNotFoundError);
  });

  it('imports profiles into a list asynchronously, reporting the ones it refused', async () => {
    const klaviyo = client();
    const list = await klaviyo.createList('Importados');
    const profiles = [...emails(3).map((email) => ({ email, firstName: 'Ana', lastName: 'Pérez' })), { email: 'no-es-un-correo' }];
    const started = await klaviyo.startImport(list.id, profiles);
    expect(started).toMatchObject({ status: 'queued', totalCount: 4 });
    expect(await klaviyo.listMemberIds(list.id)).toEqual([]);
    const done = await until(
      () => klaviyo.importJob(started.id),
      (job) => job.status === 'complete',
    );
    expect(done).toMatchObject({ completedCount: 3, failedCount: 1 });
    const imported = await klaviyo.importedProfiles(started.id);
    expect(imported.map((profile) => profile.email).sort()).toEqual(emails(3).sort());
    expect((await klaviyo.listMemberIds(list.id)).sort()).toEqual(imported.map((profile) => profile.id).sort());
    expect(await klaviyo.importFailures(started.id)).toEqual([{ email: 'no-es-un-correo', detail: expect.stringContaining('email') }]);
    // Names travel in camelCase through the SDK: snake_case would have been dropped on the way.
    const stored = sandbox.accounts.demo.profiles.get(imported[0]!.id)!;
    expect(stored).toMatchObject({ firstName: 'Ana', lastName: 'Pérez' });
    // A list's members as Klaviyo's own SDK reads them, by email when filtered.
    const { lists } = klaviyoApis({ apiKey: SANDBOX_KEYS.full, baseUrl: sandbox.baseUrl });
    const everyone = await lists.getProfilesForList(list.id);
    expect(everyone.body.data.map((profile) => profile.attributes.email).sort()).toEqual(emails(3).sort());
    const one = await lists.getProfilesForList(list.id, { filter: `equals(email,"${emails(3)[1]}")` });
    expect(one.body.data.map((profile) => profile.id)).toEqual([imported.find((profile) => profile.email === emails(3)[1])!.id]);
    await expect(lists.getProfilesForList(list.id, { filter: 'equals(phone,"1")' })).rejects.toMatchObject({ response: { status: 400 } });
  });

  it('adds and removes members in batches of 1,000', async () => {
    const klaviyo = client();
    const list = await klaviyo.createList('Lotes');
    const job = await klaviyo.startImport(
      list.id,
      emails(2500, 'lotes.cl').map((email) => ({ email })),
    );
    await until(
      () => klaviyo.importJob(job.id),
      (state) => state.status === 'complete',
    );
    const ids = (await klaviyo.importedProfiles(job.id)).map((profile) => profile.id);
    expect(ids).toHaveLength(2500);

    const other = await klaviyo.createList('Lotes bis');
    await klaviyo.addToList(other.id, ids);
    expect(await klaviyo.listMemberIds(other.id)).toHaveLength(2500);
    await klaviyo.removeFromList(other.id, ids.slice(0, 2100));
    expect((await klaviyo.listMemberIds(other.id)).sort()).toEqual(ids.slice(2100).sort());

    // One call over the limit is refused by Klaviyo (and so never sent by the client).
    const raw = await fetch(`${sandbox.baseUrl}/api/lists/${other.id}/relationships/profiles`, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${SANDBOX_KEYS.full}`,
        revision: KLAVIYO_REVISION,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify({ data: ids.slice(0, 1001).map((id) => ({ type: 'profile', id })) }),
    });
    expect(raw.status).toBe(400);
  });

  it('splits an import at 10,000 profiles and under 5 MB', () => {
    const many = Array.from({ length: IMPORT_PROFILES_PER_JOB + 1 }, (_, index) => ({ email: `c${index}@x.cl` }));
    expect(importBatches(many).map((batch) => batch.length)).toEqual([IMPORT_PROFILES_PER_JOB, 1]);
    const heavy = Array.from({ length: 3000 }, (_, index) => ({ email: `c${index}@x.cl`, firstName: 'n'.repeat(2000) }));
    const batches = importBatches(heavy);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(Buffer.byteLength(JSON.stringify(batch))).toBeLessThan(5 * 1024 * 1024);
  });
});

describe('rate limits and failures', () => {
  it('waits what Retry-After says on 429, then goes on', async () => {
    let clock = Date.parse('2026-03-01T00:00:00Z');
    const limited = await startKlaviyoSandbox({ now: () => clock, rateLimits: { getLists: { burst: 2, steady: 100 } } });
    try {
      const slept: number[] = [];
      const klaviyo = createKlaviyoClient({
        apiKey: SANDBOX_KEYS.full,
        baseUrl: limited.baseUrl,
        sleep: async (ms) => {
          slept.push(ms);
          clock += ms;
        },
      });
      for (let index = 0; index < 5; index += 1) await klaviyo.findList('Cualquiera');
      expect(slept).toEqual([1000, 1000]);
    } finally {
      await limited.close();
    }
  });

  it('gives up with the wait when Retry-After is longer than it may wait', async () => {
    const clock = Date.parse('2026-03-01T00:00:10Z');
    const limited = await startKlaviyoSandbox({ now: () => clock, rateLimits: { createList: { burst: 10, steady: 1 } } });
    try {
      const klaviyo = createKlaviyoClient({ apiKey: SANDBOX_KEYS.full, baseUrl: limited.baseUrl, sleep: async () => undefined });
      await klaviyo.createList('Una');
      const error = await klaviyo.createList('Otra').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(KlaviyoThrottledError);
      expect((error as KlaviyoThrottledError).retryAfterSeconds).toBe(50);
    } finally {
      await limited.close();
    }
  });

  it('tries a 5xx a few times, then reports Klaviyo unavailable', async () => {
    waits.length = 0;
    sandbox.failNext(2, 503);
    expect(await client().findList('Nada')).toBeNull();
    expect(waits).toEqual([500, 1000]);
    sandbox.failNext(3, 500);
    await expect(client().findList('Nada')).rejects.toBeInstanceOf(KlaviyoUnavailableError);
  });

  it('reports Klaviyo unavailable when nothing answers', async () => {
    const gone = await startKlaviyoSandbox();
    const baseUrl = gone.baseUrl;
    await gone.close();
    await expect(
      createKlaviyoClient({ apiKey: SANDBOX_KEYS.full, baseUrl, sleep: async () => undefined }).missingPermissions(),
    ).rejects.toBeInstanceOf(KlaviyoUnavailableError);
  });
});
