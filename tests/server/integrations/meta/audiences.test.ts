import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberRow, normaliseEmail, normalisePhone, sha256Hex } from '../../../../src/server/integrations/meta/audience-members.ts';
import type { MetaClientOptions, MetaUserClient } from '../../../../src/server/integrations/meta/client.ts';
import {
  MetaNotFoundError,
  MetaPermissionError,
  MetaRequestError,
  MetaTermsNotAcceptedError,
} from '../../../../src/server/integrations/meta/errors.ts';
import {
  AD_SUBCODES,
  appSecretProof,
  SANDBOX_META_APP,
  SANDBOX_META_IDS,
  type StartedMetaSandbox,
  startMetaSandbox,
} from '../../../../src/server/integrations/meta/sandbox/index.ts';
import {
  type AudienceMember,
  customAudienceTermsUrl,
  META_API_VERSION,
  type NewAdSet,
} from '../../../../src/server/integrations/meta/types.ts';
import { camilaClient, failure } from './testing.ts';

// Customer lists as Recompra sends them: normalised and hashed by the client, in batches of one upload
// session; the sandbox sees only hashes and matches a stable share of them.
const ids = SANDBOX_META_IDS;
const ACCOUNT = ids.adAccounts.principal;
let meta: StartedMetaSandbox;
let user: MetaUserClient;

const clientOf = (overrides: Partial<MetaClientOptions> = {}) => camilaClient(meta, overrides);

beforeAll(async () => {
  meta = await startMetaSandbox({ now: () => Date.UTC(2025, 2, 10, 12, 0, 0) });
  user = clientOf();
});
afterAll(() => meta.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** `count` customers, each with an email and a Chilean mobile number written as people write them. */
const customers = (count: number, from = 0): AudienceMember[] =>
  Array.from({ length: count }, (_, index) => ({
    email: ` Clienta${from + index}@Correo.CL `,
    phone: `+56 9 ${String(10_000_000 + from + index).slice(0, 4)} ${String(from + index).padStart(4, '0')}`,
  }));

/** The bodies of the Graph calls made while `run` runs, as Graph receives them. */
async function sent<T>(run: () => Promise<T>): Promise<{ result: T; bodies: URLSearchParams[] }> {
  const real = globalThis.fetch;
  const bodies: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.body instanceof URLSearchParams) bodies.push(new URLSearchParams(init.body));
    return real(input, init);
  });
  const result = await run();
  vi.restoreAllMocks();
  return { result, bodies };
}

/** Reads the audience until Meta has matched the last upload. */
async function matched(audienceId: string, client = user) {
  for (;;) {
    const audience = await client.customAudience(audienceId);
    if (audience.operationStatus.code !== 441) return audience;
  }
}

describe('normalising and hashing', () => {
  it('lower-cases and trims emails, and writes phones as digits with the country code', () => {
    expect(normaliseEmail('  Camila.Rojas@TiendaDemo.CL ')).toBe('camila.rojas@tiendademo.cl');
    expect(normaliseEmail('sin-arroba')).toBeNull();
    expect(normalisePhone('+56 9 8765 4321')).toBe('56987654321');
    expect(normalisePhone('987654321')).toBe('56987654321');
    expect(normalisePhone('(09) 8765-4321')).toBe('56987654321');
    expect(normalisePhone('0056987654321')).toBe('56987654321');
    expect(normalisePhone('+1 (415) 555-0100')).toBe('14155550100');
    expect(normalisePhone('123')).toBeNull();
  });

  it('hashes each field with SHA-256 in hex, blank where unknown', () => {
    expect(memberRow({ email: 'a@b.cl', phone: '+56 9 8765 4321' })).toEqual([sha256Hex('a@b.cl'), sha256Hex('56987654321')]);
    expect(memberRow({ phone: '987654321' })).toEqual(['', sha256Hex('56987654321')]);
    expect(memberRow({ email: ' ', phone: null })).toBeNull();
    expect(sha256Hex('56987654321')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('custom audiences', () => {
  it('creates an audience, fills it, sees Meta match it, empties part of it and deletes it', async () => {
    const id = await user.createCustomAudience(ACCOUNT, { name: 'Clientes frecuentes', description: 'Compraron 3 veces o más' });
    expect(id).toMatch(/^23850\d{12}$/);
    expect(await user.customAudience(id)).toMatchObject({
      name: 'Clientes frecuentes',
      approximateCountLowerBound: -1,
      operationStatus: { code: 410 },
      deliveryStatus: { code: 300 },
    });
    const list = customers(3000);
    const totals = await user.addAudienceMembers(id, list);
    expect(totals).toEqual({ sessionId: expect.stringMatching(/^\d+$/), numReceived: 3000, numInvalidEntries: 0 });
    // Meta matches for a while after an upload, then says how many it found, as a rounded range.
    expect(await user.customAudience(id)).toMatchObject({ operationStatus: { code: 441 }, approximateCountLowerBound: -1 });
    const audience = await user.customAudience(id);
    expect(audience.operationStatus).toEqual({ code: 200, description: 'Normal' });
    expect(audience.deliveryStatus).toEqual({ code: 200, description: 'This audience is ready for use.' });
    expect(audience.approximateCountLowerBound).toBeGreaterThan(1500);
    expect(audience.approximateCountLowerBound).toBeLessThan(2200);
    expect(audience.approximateCountLowerBound % 100).toBe(0);
    expect(audience.approximateCountUpperBound).toBeGreaterThan(audience.approximateCountLowerBound);
    // The same list twice is the same people.
    await user.addAudienceMembers(id, list);
    expect((await matched(id)).approximateCountLowerBound).toBe(audience.approximateCountLowerBound);

    expect(await user.removeAudienceMembers(id, list.slice(0, 2500))).toMatchObject({ numReceived: 2500 });
    const smaller = await matched(id);
    expect(smaller.approximateCountLowerBound).toBe(-1);
    expect(smaller.deliveryStatus.code).toBe(200);

    await user.deleteCustomAudience(id);
    expect(await failure(user.customAudience(id))).toBeInstanceOf(MetaNotFoundError);
  });

  it('sends only hashes: a phone written two ways is one person', async () => {
    const id = await user.createCustomAudience(ACCOUNT, { name: 'Dos formas' });
    const { result, bodies } = await sent(() =>
      user.addAudienceMembers(id, [{ phone: '+56 9 8765 4321' }, { phone: '987654321' }, { email: 'Camila@TiendaDemo.cl' }, {}]),
    );
    expect(result.numReceived).toBe(3);
    const payload = JSON.parse(bodies[0]!.get('payload')!) as { schema: string[]; data: string[][] };
    expect(payload.schema).toEqual(['EMAIL_SHA256', 'PHONE_SHA256']);
    expect(payload.data).toEqual([
      ['', sha256Hex('56987654321')],
      ['', sha256Hex('56987654321')],
      [sha256Hex('camila@tiendademo.cl'), ''],
    ]);
    expect(bodies[0]!.toString()).not.toMatch(/tiendademo|8765/i);
    const audience = meta.sandbox.store.adAccount(ACCOUNT)!.objects.get(id);
    expect(audience?.type === 'CustomAudience' && audience.value.people.size).toBe(2);
  });

  it('sends more than 10,000 people in batches of one session', async () => {
    const id = await user.createCustomAudience(ACCOUNT, { name: 'Todos los clientes' });
    const { result, bodies } = await sent(() => user.addAudienceMembers(id, customers(10_001)));
    expect(result).toMatchObject({ numReceived: 10_001, numInvalidEntries: 0 });
    const batches = bodies.map((body) => ({
      rows: (JSON.parse(body.get('payload')!) as { data: unknown[] }).data.length,
      session: JSON.parse(body.get('session')!) as Record<string, unknown>,
    }));
    expect(batches).toEqual([
      {
        rows: 10_000,
        session: { session_id: Number(result.sessionId), batch_seq: 1, last_batch_flag: false, estimated_num_total: 10_001 },
      },
      { rows: 1, session: { session_id: Number(result.sessionId), batch_seq: 2, last_batch_flag: true, estimated_num_total: 10_001 } },
    ]);

    // A smaller batch size, and a batch whose answer was lost is sent again and counted once.
    const small = clientOf({ audienceBatchSize: 40 });
    const other = await small.createCustomAudience(ACCOUNT, { name: 'En lotes pequeños' });
    meta.sandbox.failNext(1, 500, undefined, {}, { method: 'POST', path: `${other}/users` });
    const upload = await sent(() => small.addAudienceMembers(other, customers(100)));
    expect(upload.result.numReceived).toBe(100);
    expect(upload.bodies.map((body) => JSON.parse(body.get('session')!).batch_seq)).toEqual([1, 1, 2, 3]);
  });

  it("refuses values that were never hashed, and counts malformed ones as Meta's invalid entries", async () => {
    const id = await user.createCustomAudience(ACCOUNT, { name: 'Crudos' });
    const upload = (data: string[][]) => {
      const url = new URL(`${meta.url}/${META_API_VERSION}/${id}/users`);
      const token = meta.sandbox.issueToken(ids.users.camila);
      return fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams({
          appsecret_proof: appSecretProof(token, SANDBOX_META_APP.appSecret),
          payload: JSON.stringify({ schema: ['EMAIL_SHA256'], data }),
        }),
      });
    };
    const raw = await upload([['camila@tiendademo.cl']]);
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: unknown }).error).toMatchObject({
      code: 100,
      error_subcode: AD_SUBCODES.dataNotHashed,
      error_user_title: 'Data Not Hashed',
    });
    const mixed = await upload([[sha256Hex('a@b.cl')], ['NOT-A-HASH'], [sha256Hex('c@d.cl').toUpperCase()]]);
    expect(await mixed.json()).toMatchObject({ audience_id: id, num_received: 3, num_invalid_entries: 2 });
  });

  it('refuses audiences and ad sets using them while the Custom Audience terms are not accepted, with where to accept them', async () => {
    const account = ids.adAccounts.campanasNuevas;
    const refused = await failure(user.createCustomAudience(account, { name: 'Sin condiciones' }));
    expect(refused).toBeInstanceOf(MetaTermsNotAcceptedError);
    expect(refused).toBeInstanceOf(MetaPermissionError);
    expect(refused).toMatchObject({
      code: 200,
      subcode: AD_SUBCODES.termsNotAccepted,
      userMessage: expect.stringContaining(customAudienceTermsUrl(meta.businessUrl, account)),
    });
    meta.sandbox.setTermsAccepted(account, true);
    try {
      expect(await user.createCustomAudience(account, { name: 'Con condiciones' })).toMatch(/^\d+$/);
    } finally {
      meta.sandbox.setTermsAccepted(account, false);
    }
  });
});

describe('ad sets targeting an audience', () => {
  let campaignId = '';
  beforeAll(async () => {
    campaignId = await user.createCampaign(ACCOUNT, {
      name: 'Audiencias',
      objective: 'OUTCOME_SALES',
      status: 'ACTIVE',
      specialAdCategories: [],
    });
  });
  const adSet = (audienceId: string): NewAdSet => ({
    name: 'Audiencia',
    campaignId,
    dailyBudget: 3000,
    billingEvent: 'IMPRESSIONS',
    optimizationGoal: 'LINK_CLICKS',
    bidStrategy: 'LOWEST_COST_WITHOUT_CAP',
    status: 'ACTIVE',
    targeting: { geo_locations: { countries: ['CL'] }, custom_audiences: [{ id: audienceId }] },
  });
  const refusal = async (promise: Promise<unknown>, subcode: number, title: string) => {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(MetaRequestError);
    expect(error).toMatchObject({ code: 100, subcode, graph: { error_user_title: title } });
  };

  it('refuses an audience still matching, one under 100 people, and takes it once it is large enough', async () => {
    const id = await user.createCustomAudience(ACCOUNT, { name: 'Pocas' });
    await user.addAudienceMembers(id, customers(60));
    await refusal(user.createAdSet(ACCOUNT, adSet(id)), AD_SUBCODES.audienceNotReady, 'Custom Audience Not Ready');
    expect((await matched(id)).deliveryStatus.code).toBe(300);
    await refusal(user.createAdSet(ACCOUNT, adSet(id)), AD_SUBCODES.audienceTooSmall, 'Custom Audience Too Small');
    await user.addAudienceMembers(id, customers(400, 60));
    await matched(id);
    const adSetId = await user.createAdSet(ACCOUNT, adSet(id));
    expect((await user.adSet(adSetId)).targeting.custom_audiences).toEqual([{ id, name: 'Pocas' }]);

    // Emptying an audience an ad set uses is Meta's 1870047; deleting it leaves the ad set WITH_ISSUES.
    const emptied = await failure(user.removeAudienceMembers(id, customers(460)));
    expect(emptied).toBeInstanceOf(MetaPermissionError);
    expect(emptied).toMatchObject({ code: 200, subcode: AD_SUBCODES.audienceTooLowToRemove });
    await user.deleteCustomAudience(id);
    expect((await user.adSet(adSetId)).effectiveStatus).toBe('WITH_ISSUES');
  });
});
