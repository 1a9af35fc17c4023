import { ApiKeySession, CampaignsApi, ListsApi, ProfilesApi, RetryWithExponentialBackoff } from 'klaviyo-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klaviyoApis } from '../../../../src/server/integrations/klaviyo/client.ts';
import {
  SANDBOX_KEYS,
  type StartedKlaviyoSandbox,
  startKlaviyoSandbox,
} from '../../../../src/server/integrations/klaviyo/sandbox/index.ts';
import { parseFilter } from '../../../../src/server/integrations/klaviyo/sandbox/query.ts';
import { startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * The sandbox as Klaviyo's own SDK (`klaviyo-api`) sees it: every call below is the SDK's, configured as
 * our client configures it (its basePath at the sandbox, a private key), and each answer or refusal is
 * the one Klaviyo's reference documents for revision 2026-07-15.
 */

let sandbox: StartedKlaviyoSandbox;
let clock = Date.parse('2026-11-02T12:00:00Z');
beforeAll(async () => {
  const roomy = { burst: 10_000, steady: 100_000, daily: 100_000 };
  sandbox = await startKlaviyoSandbox({ now: () => clock, readsToComplete: 1, rateLimits: { createList: roomy, updateList: roomy } });
});
afterAll(() => sandbox.close());

const apis = (apiKey: string = SANDBOX_KEYS.full) => klaviyoApis({ apiKey, baseUrl: sandbox.baseUrl, sleep: async () => undefined });

/** The SDK's own session sending another revision than the one it pins. */
class RevisionSession extends ApiKeySession {
  constructor(private readonly revision: string) {
    super(SANDBOX_KEYS.full, new RetryWithExponentialBackoff({ numRetries: 0 }));
  }
  override applyToRequest(options: Parameters<ApiKeySession['applyToRequest']>[0]) {
    super.applyToRequest(options);
    if (options.headers) options.headers.revision = this.revision;
  }
}

/** What the SDK threw: Klaviyo's status and its first error object. */
async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => {
      throw new Error('the call was answered');
    },
    (caught: unknown) => caught,
  )) as { response?: { status: number; headers: Record<string, string>; data: { errors: Array<Record<string, unknown>> } } };
  if (!error.response) throw error;
  return { status: error.response.status, headers: error.response.headers, error: error.response.data.errors[0]! };
}

/** Creates profiles through the SDK, a minute apart on the sandbox's clock. */
async function profilesNamed(...emails: string[]) {
  const { profiles } = apis();
  const ids: string[] = [];
  for (const email of emails) {
    clock += 60_000;
    const { body } = await profiles.createProfile({ data: { type: 'profile', attributes: { email, firstName: email.split('@')[0] } } });
    ids.push(body.data.id!);
  }
  return ids;
}

describe('revisions', () => {
  it('answers the revisions Klaviyo serves, and refuses future, unreleased, retired and malformed ones', async () => {
    const lists = (revision: string) => {
      const api = new ListsApi(new RevisionSession(revision));
      api.basePath = sandbox.baseUrl;
      return api.getLists();
    };
    expect((await lists('2026-07-15')).response.status).toBe(200);
    expect((await lists('2025-04-15.pre')).response.status).toBe(200);
    for (const revision of ['2099-01-01', '2026-07-16', 'latest', '15-07-2026']) {
      const { status, error } = await refusal(lists(revision));
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'invalid', source: { parameter: 'revision' } });
    }
    const retired = await refusal(lists('2023-10-15'));
    expect(retired.status).toBe(410);
    expect(retired.error).toMatchObject({ status: 410, source: { parameter: 'revision' } });
  });
});

describe('paths and methods the sandbox does not serve', () => {
  it('answers Klaviyo’s JSON:API 404 for an API it does not serve, and 405 for a method a path does not take', async () => {
    const campaigns = new CampaignsApi(new ApiKeySession(SANDBOX_KEYS.full, new RetryWithExponentialBackoff({ numRetries: 0 })));
    campaigns.basePath = sandbox.baseUrl;
    const missing = await refusal(campaigns.getCampaigns("equals(messages.channel,'email')"));
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.error).sort()).toEqual(['code', 'detail', 'id', 'source', 'status', 'title']);
    expect(missing.error).toMatchObject({ status: 404, code: 'not_found' });

    const wrongMethod = await fetch(`${sandbox.baseUrl}/api/lists/`, { method: 'PUT', headers: { revision: '2026-07-15' } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect(((await wrongMethod.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('method_not_allowed');
  });

  describe('mounted in the app', () => {
    let server: TestServer;
    let baseUrl: string;
    beforeAll(async () => {
      server = await startTestServer({ sandboxes: true });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sandbox/klaviyo`;
    });
    afterAll(() => server?.close());

    it('never falls through to the app’s own not-found answer', async () => {
      const profiles = new ProfilesApi(new ApiKeySession(SANDBOX_KEYS.full, new RetryWithExponentialBackoff({ numRetries: 0 })));
      profiles.basePath = baseUrl;
      expect((await profiles.getProfiles()).response.status).toBe(200);
      const campaigns = new CampaignsApi(new ApiKeySession(SANDBOX_KEYS.full, new RetryWithExponentialBackoff({ numRetries: 0 })));
      campaigns.basePath = baseUrl;
      const { status, error } = await refusal(campaigns.getCampaigns("equals(messages.channel,'email')"));
      expect(status).toBe(404);
      expect(error).toMatchObject({ code: 'not_found', title: 'Not found.' });
      const page = await fetch(`${baseUrl}/api/nothing`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toContain('application/vnd.api+json');
    });
  });
});

describe('filters, sorts, sparse fieldsets and page sizes', () => {
  it('reads Klaviyo’s filter expressions', () => {
    expect(parseFilter('equals(email,"a@b.cl")')).toEqual([{ operator: 'equals', field: 'email', value: 'a@b.cl' }]);
    expect(parseFilter(`any(id,["1",'2'])`)).toEqual([{ operator: 'any', field: 'id', value: ['1', '2'] }]);
    expect(parseFilter('and(greater-than(updated,2026-01-01T00:00:00Z),less-than(updated,2026-02-01))')).toEqual([
      { operator: 'greater-than', field: 'updated', value: new Date('2026-01-01T00:00:00Z') },
      { operator: 'less-than', field: 'updated', value: new Date('2026-02-01') },
    ]);
    expect(parseFilter('equals(name,"a \\"b\\""),contains(tags,"vip")')).toHaveLength(2);
    expect(() => parseFilter('equals(email,a@b.cl)')).toThrow(/not a value/);
    expect(() => parseFilter('or(equals(id,"1"),equals(id,"2"))')).toThrow(/not supported/);
  });

  it('filters, sorts and pages profiles as Get Profiles documents', async () => {
    const [ana, beto, carla] = await profilesNamed('ana@filtros.cl', 'beto@filtros.cl', 'carla@filtros.cl');
    const { profiles } = apis();
    const some = await profiles.getProfiles({ filter: `any(email,["ana@filtros.cl","carla@filtros.cl"])`, sort: '-email' });
    expect(some.body.data.map((profile) => profile.id)).toEqual([carla, ana]);

    const created = sandbox.accounts.demo.profiles.get(beto!)!.created;
    const after = await profiles.getProfiles({ filter: `greater-than(created,${created}),equals(email,"carla@filtros.cl")` });
    expect(after.body.data.map((profile) => profile.id)).toEqual([carla]);
    const filter = `less-than(created,${sandbox.accounts.demo.profiles.get(carla!)!.created})`;
    const first = await profiles.getProfiles({ filter, sort: '-created', pageSize: 1 });
    expect(first.body.data.map((profile) => profile.id)).toEqual([beto]);
    const pageCursor = new URL(first.body.links!.next!).searchParams.get('page[cursor]')!;
    const second = await profiles.getProfiles({ filter, sort: '-created', pageSize: 1, pageCursor });
    expect(second.body.data.map((profile) => profile.id)).toEqual([ana]);
    expect(second.body.links?.next).toBeUndefined();

    // Operators and fields the endpoint does not document are refused as Klaviyo refuses them.
    for (const filter of ['contains(email,"filtros")', 'equals(first_name,"ana")', 'greater-than(created,"ayer")', 'equals(email,"a"']) {
      const { status, error } = await refusal(profiles.getProfiles({ filter }));
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'invalid', source: { parameter: 'filter' } });
    }
    expect((await refusal(profiles.getProfiles({ sort: 'first_name' as never }))).error.source).toEqual({ parameter: 'sort' });
    for (const pageSize of [0, 101])
      expect((await refusal(profiles.getProfiles({ pageSize }))).error.source).toEqual({ parameter: 'page[size]' });
  });

  it('keeps only the attributes a sparse fieldset names', async () => {
    const [dani] = await profilesNamed('dani@campos.cl');
    const { profiles } = apis();
    const { body } = await profiles.getProfile(dani!, { fieldsProfile: ['email', 'first_name'] });
    expect(body.data.attributes).toEqual({ email: 'dani@campos.cl', firstName: 'dani' });
    const consent = await profiles.getProfiles({
      filter: `equals(id,"${dani}")`,
      additionalFieldsProfile: ['subscriptions'],
      fieldsProfile: ['subscriptions.email.marketing.consent'],
    });
    expect(consent.body.data[0]!.attributes).toEqual({ subscriptions: { email: { marketing: { consent: 'NEVER_SUBSCRIBED' } } } });
    const { status, error } = await refusal(profiles.getProfile(dani!, { fieldsProfile: ['favourite_colour' as never] }));
    expect(status).toBe(400);
    expect(error.source).toEqual({ parameter: 'fields[profile]' });
  });

  it('filters and sorts lists, and holds them to 10 a page', async () => {
    const { lists } = apis();
    for (const name of ['Filtro A', 'Filtro B', 'Filtro C']) await lists.createList({ data: { type: 'list', attributes: { name } } });
    const found = await lists.getLists({ filter: 'any(name,["Filtro A","Filtro C"])', sort: '-name', fieldsList: ['name'] });
    expect(found.body.data.map((list) => list.attributes)).toEqual([{ name: 'Filtro C' }, { name: 'Filtro A' }]);
    expect((await refusal(lists.getLists({ pageSize: 11 }))).status).toBe(400);
    expect((await refusal(lists.getLists({ filter: 'less-than(created,2026-01-01T00:00:00Z)' }))).status).toBe(400);
    expect((await refusal(lists.getLists({ filter: 'contains(name,"Filtro")' }))).status).toBe(400);
  });

  it('filters and sorts a list’s members by when they joined, 100 a page at most', async () => {
    const { lists } = apis();
    const ids = await profilesNamed('uno@miembros.cl', 'dos@miembros.cl', 'tres@miembros.cl');
    const { body: list } = await lists.createList({ data: { type: 'list', attributes: { name: 'Miembros' } } });
    for (const id of ids) {
      clock += 60_000;
      await lists.addProfilesToList(list.data.id, { data: [{ type: 'profile', id }] });
    }
    const latest = await lists.getProfilesForList(list.data.id, { sort: '-joined_group_at', fieldsProfile: ['email', 'joined_group_at'] });
    expect(latest.body.data.map((profile) => profile.attributes.email)).toEqual(['tres@miembros.cl', 'dos@miembros.cl', 'uno@miembros.cl']);
    const secondJoined = latest.body.data[1]!.attributes.joinedGroupAt;
    const since = await lists.getProfileIdsForList(list.data.id, {
      filter: `greater-or-equal(joined_group_at,${new Date(secondJoined!).toISOString()})`,
    });
    expect(since.body.data.map((member) => member.id)).toEqual(ids.slice(1));
    const byEmail = await lists.getProfileIdsForList(list.data.id, { filter: 'any(email,["uno@miembros.cl"])' });
    expect(byEmail.body.data.map((member) => member.id)).toEqual(ids.slice(0, 1));
    expect((await refusal(lists.getProfileIdsForList(list.data.id, { pageSize: 1000 }))).error.source).toEqual({ parameter: 'page[size]' });
    expect((await refusal(lists.getProfileIdsForList(list.data.id, { filter: 'equals(id,"x")' }))).status).toBe(400);
  });
});

describe('profiles', () => {
  it('updates a profile: what the body names changes, null clears, the rest stays', async () => {
    const [eva] = await profilesNamed('eva@perfiles.cl');
    const { profiles } = apis();
    const { body } = await profiles.updateProfile(eva!, {
      data: { type: 'profile', id: eva!, attributes: { lastName: 'Soto', firstName: null, properties: { tienda: 'demo' } } },
    });
    expect(body.data.attributes).toMatchObject({
      email: 'eva@perfiles.cl',
      firstName: null,
      lastName: 'Soto',
      properties: { tienda: 'demo' },
    });

    const [otro] = await profilesNamed('otro@perfiles.cl');
    const taken = await refusal(
      profiles.updateProfile(otro!, { data: { type: 'profile', id: otro!, attributes: { email: 'eva@perfiles.cl' } } }),
    );
    expect(taken).toMatchObject({ status: 409, error: { code: 'duplicate_profile', meta: { duplicate_profile_id: eva } } });
    const mismatch = await refusal(profiles.updateProfile(otro!, { data: { type: 'profile', id: eva!, attributes: {} } }));
    expect(mismatch.status).toBe(409);
    const gone = await refusal(
      profiles.updateProfile('01KNOEXISTE0000000000000000', {
        data: { type: 'profile', id: '01KNOEXISTE0000000000000000', attributes: {} },
      }),
    );
    expect(gone.status).toBe(404);
    const bare = await refusal(profiles.updateProfile(eva!, { data: { type: 'profile', id: eva!, attributes: { email: null } } }));
    expect(bare).toMatchObject({ status: 400, error: { source: { pointer: '/data/attributes' } } });
  });

  it('creates or updates a profile by its identifiers: 201 when created, 200 when updated', async () => {
    const { profiles } = apis();
    const created = await profiles.createOrUpdateProfile({
      data: { type: 'profile', attributes: { email: 'Fran@Importa.cl', firstName: 'Fran' } },
    });
    expect(created.response.status).toBe(201);
    const updated = await profiles.createOrUpdateProfile({
      data: { type: 'profile', attributes: { email: 'fran@importa.cl', lastName: 'Díaz' } },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.body.data.id).toBe(created.body.data.id);
    expect(updated.body.data.attributes).toMatchObject({ email: 'fran@importa.cl', firstName: 'Fran', lastName: 'Díaz' });
    const invalid = await refusal(profiles.createOrUpdateProfile({ data: { type: 'profile', attributes: { email: 'no-es-correo' } } }));
    expect(invalid).toMatchObject({ status: 400, error: { source: { pointer: '/data/attributes/email' } } });
  });
});

describe('consent', () => {
  it('subscribes profiles to email marketing (202), who then show SUBSCRIBED and join the list', async () => {
    const { lists, profiles } = apis();
    const [gabi] = await profilesNamed('gabi@consiente.cl');
    const { body: list } = await lists.createList({ data: { type: 'list', attributes: { name: 'Consentidos' } } });
    const subscribe = (emails: string[], extra: Record<string, unknown> = {}) =>
      profiles.bulkSubscribeProfiles({
        data: {
          type: 'profile-subscription-bulk-create-job',
          attributes: {
            customSource: 'Recompra',
            profiles: {
              data: emails.map((email) => ({
                type: 'profile' as const,
                attributes: { email, subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' as const, ...extra } } } },
              })),
            },
          },
          relationships: { list: { data: { type: 'list', id: list.data.id } } },
        },
      });
    const answer = await subscribe(['gabi@consiente.cl', 'hugo@consiente.cl']);
    expect(answer.response.status).toBe(202);

    const { body } = await profiles.getProfiles({
      filter: 'any(email,["gabi@consiente.cl","hugo@consiente.cl"])',
      additionalFieldsProfile: ['subscriptions'],
      sort: 'email',
    });
    expect(body.data.map((profile) => profile.attributes.subscriptions?.email?.marketing)).toEqual([
      expect.objectContaining({ consent: 'SUBSCRIBED', canReceiveEmailMarketing: true, methodDetail: 'Recompra' }),
      expect.objectContaining({ consent: 'SUBSCRIBED', canReceiveEmailMarketing: true }),
    ]);
    expect(body.data[0]!.id).toBe(gabi);
    const members = await lists.getProfileIdsForList(list.data.id);
    expect(members.body.data.map((member) => member.id).sort()).toEqual(body.data.map((profile) => profile.id).sort());
    // Without `additional-fields`, subscriptions stay out of the answer, as in Klaviyo's.
    expect((await profiles.getProfile(gabi!)).body.data.attributes.subscriptions).toBeUndefined();

    // consented_at belongs to historical imports only; and the job takes 1,000 profiles at most.
    const early = await refusal(subscribe(['ines@consiente.cl'], { consentedAt: new Date('2026-01-01T00:00:00Z') }));
    expect(early).toMatchObject({ status: 400, error: { code: 'invalid' } });
    const many = Array.from({ length: 1001 }, (_, index) => `c${index}@consiente.cl`);
    expect((await refusal(subscribe(many))).status).toBe(400);
  });

  it('needs the Subscriptions scope besides Lists and Profiles', async () => {
    const { profiles } = apis(SANDBOX_KEYS.withoutListsWrite);
    const { status, error } = await refusal(
      profiles.bulkSubscribeProfiles({
        data: {
          type: 'profile-subscription-bulk-create-job',
          attributes: {
            profiles: {
              data: [
                { type: 'profile', attributes: { email: 'x@y.cl', subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } } },
              ],
            },
          },
        },
      }),
    );
    expect(status).toBe(403);
    expect(error.code).toBe('permission_denied');
  });
});

describe('lists', () => {
  it('renames a list and changes its opt-in process', async () => {
    const { lists } = apis();
    const { body: list } = await lists.createList({ data: { type: 'list', attributes: { name: 'Antes' } } });
    const { body } = await lists.updateList(list.data.id, {
      data: { type: 'list', id: list.data.id, attributes: { name: 'Después', optInProcess: 'double_opt_in' } },
    });
    expect(body.data.attributes).toMatchObject({ name: 'Después', optInProcess: 'double_opt_in' });
    expect((await lists.getList(list.data.id)).body.data.attributes.name).toBe('Después');
    const blank = await refusal(lists.updateList(list.data.id, { data: { type: 'list', id: list.data.id, attributes: { name: ' ' } } }));
    expect(blank).toMatchObject({ status: 400, error: { source: { pointer: '/data/attributes/name' } } });
    const readOnly = await refusal(
      apis(SANDBOX_KEYS.withoutListsWrite).lists.updateList(list.data.id, {
        data: { type: 'list', id: list.data.id, attributes: { name: 'No' } },
      }),
    );
    expect(readOnly.status).toBe(403);
  });
});
