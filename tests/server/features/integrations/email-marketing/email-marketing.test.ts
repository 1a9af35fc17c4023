import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_KEYS,
  type StartedKlaviyoSandbox,
  startKlaviyoSandbox,
} from '../../../../../src/server/integrations/klaviyo/sandbox/index.ts';
import { createDemoStore, customerPayload, orderPayload } from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { loadConfig } from '../../../../../src/server/platform/config.ts';
import { addStore, type Caller, deliverWebhook, signIn, startTestServer, type TestServer } from '../../../support/harness.ts';

/*
 * The email-marketing integration over HTTP against the Klaviyo sandbox: the key checked with Klaviyo
 * and sealed at rest, each refusal in Spanish on the field, and segments synced to Klaviyo lists that
 * follow their consented members as the store's data changes, turned off, or deleted.
 */

let klaviyo: StartedKlaviyoSandbox;
let server: TestServer;
let owner: Caller;
let collaborator: Caller;
let store: number;
let foreignStore: number;

const REVOCABLE_KEY = 'pk_test_revocable_4c8e2a6f0b9d3e7a1c5f';
const SECRET = loadConfig({ NODE_ENV: 'test' }).shopifyWebhookSecret;

/** Store customers: who has an email, who consented, how many orders each has. */
const CUSTOMERS = [
  { id: 1, email: 'ana@correo.cl', consent: true, orders: 2 },
  { id: 2, email: 'beto@correo.cl', consent: false, orders: 2 },
  { id: 3, email: null, consent: true, orders: 2 },
  { id: 4, email: 'no-es-un-correo', consent: true, orders: 2 },
  { id: 5, email: ' Carla@Correo.CL ', consent: true, orders: 1 },
  { id: 6, email: 'dani@correo.cl', consent: true, orders: 0 },
];

async function settle() {
  while ((await server.app.jobs.drain()) > 0) {}
}

async function seedStoreData() {
  let orderId = 500;
  for (const customer of CUSTOMERS) {
    await server.db.query(
      'insert into customers (store_id, external_id, first_name, last_name, email, email_consent) values ($1, $2, $3, $4, $5, $6)',
      [store, customer.id, `Cliente ${customer.id}`, 'Prueba', customer.email, customer.consent],
    );
    for (let order = 0; order < customer.orders; order += 1)
      await server.db.query(
        `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, financial_status)
         values ($1, $2, now() - interval '20 days', 20000, $3, 'PAID')`,
        [store, orderId++, customer.id],
      );
  }
  await server.db.query(
    `insert into store_syncs (store_id, status, phase) values ($1, 'FINISHED', 'done')
     on conflict (store_id) do update set status = 'FINISHED', phase = 'done'`,
    [store],
  );
  await server.db.transaction((tx) =>
    server.app.events.record(tx, store, [{ kind: 'import_phase_finished', detail: { phase: 'history' } }]),
  );
  await settle();
}

beforeAll(async () => {
  klaviyo = await startKlaviyoSandbox({ readsToComplete: 1 });
  klaviyo.accounts.addKey(REVOCABLE_KEY, ['lists:write', 'profiles:write']);
  server = await startTestServer({ klaviyoBaseUrl: klaviyo.baseUrl });
  owner = await signIn(server.app, 'demo@recompra.cl');
  collaborator = await signIn(server.app, 'colaborador@recompra.cl');
  store = owner.user.store!;
  foreignStore = await addStore(server.db, 'Tienda Ajena');
  await seedStoreData();
});
afterAll(async () => {
  await server.close();
  await klaviyo.close();
});

const connect = (caller: Caller, apiKey: string, storeId = store) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/private/stores/${storeId}/integrations/emailMarketing`,
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { apiKey },
  });
const setSync = (caller: Caller, segmentId: number, enabled: boolean, storeId = store) =>
  server.app.inject({
    method: 'PUT',
    url: `/api/private/stores/${storeId}/emailMarketing/segmentSyncs/${segmentId}`,
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { enabled },
  });
const syncs = async (caller = owner) =>
  (await server.app.inject({ url: `/api/private/stores/${store}/emailMarketing/segmentSyncs`, cookies: caller.cookies })).json() as {
    connected: boolean;
    syncs: Array<{ segmentId: number; enabled: boolean; state: string; listId: string | null; members: number; failure: string | null }>;
  };
const syncOf = async (segmentId: number) => (await syncs()).syncs.find((sync) => sync.segmentId === segmentId);
const emailMarketing = async () =>
  (await server.app.inject({ url: `/api/private/stores/${store}/integrations`, cookies: owner.cookies })).json().emailMarketing;

async function createSegment(name: string, from: number): Promise<number> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${store}/segments`,
    cookies: owner.cookies,
    headers: owner.headers,
    payload: {
      name,
      form: 'simple',
      rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'ordersCount', operator: 'fromTo', from }] }] },
    },
  });
  expect(response.statusCode).toBe(201);
  await settle();
  return response.json().id as number;
}

/** The emails of the Klaviyo list a segment syncs to. */
const listEmails = async (segmentId: number) => {
  const sync = await syncOf(segmentId);
  const list = [...klaviyo.listsByName().values()].find((entry) => entry.id === sync?.listId);
  return list?.emails ?? [];
};

let twice: number;
let once: number;

describe('connecting Klaviyo', () => {
  it('starts not connected, and a segment cannot be synced yet', async () => {
    twice = await createSegment('Compraron dos veces', 2);
    expect(await emailMarketing()).toEqual({ state: 'notConnected' });
    const refused = await setSync(owner, twice, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'email_marketing_not_connected', message: expect.stringContaining('Conecta Klaviyo') });
    expect(await syncs()).toEqual({ connected: false, syncs: [] });
  });

  it('requires the key, within its maximum length', async () => {
    const blank = await connect(owner, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual([{ field: 'apiKey', message: 'Este campo es obligatorio.' }]);
    expect((await connect(owner, '')).statusCode).toBe(400);
    expect((await connect(owner, `pk_${'a'.repeat(70)}`)).statusCode).toBe(400);
  });

  it('refuses a key Klaviyo does not know', async () => {
    const response = await connect(owner, 'pk_no_existe_1234567890abcdef1234');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'invalid_api_key',
      fieldErrors: [{ field: 'apiKey', message: expect.stringContaining('Klaviyo no reconoce esta clave') }],
    });
  });

  it('names the permissions a key lacks', async () => {
    const lists = await connect(owner, SANDBOX_KEYS.withoutListsWrite);
    expect(lists.statusCode).toBe(422);
    expect(lists.json().code).toBe('missing_permissions');
    expect(lists.json().fieldErrors[0].message).toContain('List:write');
    expect(lists.json().fieldErrors[0].message).not.toContain('Profiles:write');
    const profiles = (await connect(owner, SANDBOX_KEYS.withoutProfilesWrite)).json();
    expect(profiles.fieldErrors[0]).toMatchObject({ field: 'apiKey', message: expect.stringContaining('Profiles:write') });
    expect(profiles.fieldErrors[0].message).not.toContain('List:write');
    const both = (await connect(owner, SANDBOX_KEYS.readOnly)).json();
    expect(both.message).toContain('Profiles:write y List:write');
  });

  it('answers 502 when Klaviyo fails, saving nothing', async () => {
    klaviyo.failNext(3, 503);
    const response = await connect(owner, SANDBOX_KEYS.full);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: 'email_marketing_unavailable', message: expect.stringContaining('más tarde') });
    expect(await emailMarketing()).toEqual({ state: 'notConnected' });
  });

  it('is for those who manage integrations, in their own store', async () => {
    expect((await connect(collaborator, SANDBOX_KEYS.full)).statusCode).toBe(403);
    expect((await connect(owner, SANDBOX_KEYS.full, foreignStore)).statusCode).toBe(404);
  });

  it('saves a good key sealed: the key itself is nowhere in the database', async () => {
    const response = await connect(owner, ` ${SANDBOX_KEYS.full} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ state: 'connected' });
    expect(await emailMarketing()).toEqual({ state: 'connected' });
    const [row] = await server.db.query<{ sealed: string }>(
      'select api_key_encrypted as sealed from email_marketing_connections where store_id = $1',
      [store],
    );
    expect(row!.sealed).not.toContain(SANDBOX_KEYS.full);
    const [leak] = await server.db.query<{ count: number }>(
      `select count(*)::integer as count from email_marketing_connections c where c::text like '%' || $1 || '%'`,
      [SANDBOX_KEYS.full],
    );
    expect(leak!.count).toBe(0);
  });
});

describe('syncing a segment', () => {
  it('creates a list and sends only the consented members with an email', async () => {
    const started = await setSync(owner, twice, true);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ segmentId: twice, enabled: true, state: 'syncing' });
    await settle();
    const sync = await syncOf(twice);
    expect(sync).toMatchObject({ enabled: true, state: 'synced', members: 1, failure: null, listId: expect.any(String) });
    expect(klaviyo.listsByName().get(`Recompra · Compraron dos veces (segmento ${twice})`)?.emails).toEqual(['ana@correo.cl']);
  });

  it('follows the store: a withdrawn consent leaves the list, a new order brings a customer in', async () => {
    once = await createSegment('Compraron alguna vez', 1);
    expect((await setSync(owner, once, true)).statusCode).toBe(200);
    await settle();
    expect(await listEmails(once)).toEqual(['ana@correo.cl', 'carla@correo.cl']);

    await server.db.transaction(async (tx) => {
      await tx.query('update customers set email_consent = false where store_id = $1 and external_id = 1', [store]);
      await server.app.events.record(tx, store, [{ kind: 'customers_touched', customers: ['1'] }]);
    });
    await settle();
    expect(await listEmails(twice)).toEqual([]);
    expect(await listEmails(once)).toEqual(['carla@correo.cl']);

    const facts = createDemoStore({ now: new Date('2026-11-20T12:00:00Z') });
    const index = facts.currentIndex(facts.nowSeconds());
    let order = facts.orderAt(index.time.length - 1, index);
    for (
      let back = 2;
      !(order.customer?.emailState === 'SUBSCRIBED' && order.customer.email && !order.test && !order.cancelledAt && order.paidAt);
      back += 1
    )
      order = facts.orderAt(index.time.length - back, index);
    // A new customer checks out: Shopify tells of the customer, then of the order.
    const customer = await deliverWebhook(server.app, {
      topic: 'customers/create',
      body: customerPayload(order.customer!, order.createdAt),
      secret: SECRET,
    });
    expect(customer.statusCode).toBe(200);
    const delivered = await deliverWebhook(server.app, {
      topic: 'orders/create',
      body: orderPayload(order, order.createdAt),
      secret: SECRET,
    });
    expect(delivered.statusCode).toBe(200);
    await settle();
    expect(await listEmails(once)).toEqual(['carla@correo.cl', order.customer!.email!.toLowerCase()].sort());
    expect(await syncOf(once)).toMatchObject({ state: 'synced', members: 2 });
  });

  it('stops when turned off, and the list stays in Klaviyo as it was', async () => {
    const stopped = await setSync(owner, once, false);
    expect(stopped.json()).toMatchObject({ segmentId: once, enabled: false });
    await server.db.transaction(async (tx) => {
      await tx.query('update customers set email_consent = false where store_id = $1 and external_id = 5', [store]);
      await server.app.events.record(tx, store, [{ kind: 'customers_touched', customers: ['5'] }]);
    });
    await settle();
    expect(await listEmails(once)).toContain('carla@correo.cl');
    expect((await syncs()).syncs.find((sync) => sync.segmentId === once)).toMatchObject({ enabled: false });

    // On again: the same list, brought up to date.
    await setSync(owner, once, true);
    await settle();
    expect(await listEmails(once)).not.toContain('carla@correo.cl');
  });

  it('ends with the segment, leaving its list', async () => {
    const doomed = await createSegment('Para borrar', 1);
    await setSync(owner, doomed, true);
    await settle();
    const listId = (await syncOf(doomed))!.listId;
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/segments/${doomed}`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    await settle();
    expect(await syncOf(doomed)).toBeUndefined();
    expect([...klaviyo.listsByName().values()].some((list) => list.id === listId)).toBe(true);
  });

  it('lets collaborators see the toggles but not change them; other stores see nothing', async () => {
    expect((await syncs(collaborator)).connected).toBe(true);
    expect((await setSync(collaborator, twice, false)).statusCode).toBe(403);
    expect((await setSync(owner, twice, true, foreignStore)).statusCode).toBe(404);
    const foreignSegment = await server.db.query<{ id: string }>(
      `insert into segments (store_id, name, rules) values ($1, 'Ajeno', '{"join":"and","blocks":[]}') returning id::text`,
      [foreignStore],
    );
    expect((await setSync(owner, Number(foreignSegment[0]!.id), true)).statusCode).toBe(404);
  });
});

describe('when Klaviyo stops taking the key', () => {
  it('marks the syncs failed and the card as needing attention, until a new key is saved', async () => {
    expect((await connect(owner, REVOCABLE_KEY)).statusCode).toBe(200);
    klaviyo.accounts.revokeKey(REVOCABLE_KEY);
    await server.db.transaction(async (tx) => {
      await tx.query('update customers set email_consent = true where store_id = $1 and external_id = 1', [store]);
      await server.app.events.record(tx, store, [{ kind: 'customers_touched', customers: ['1'] }]);
    });
    await settle();
    expect(await syncOf(twice)).toMatchObject({ state: 'failed', failure: 'invalidKey' });
    expect(await emailMarketing()).toEqual({ state: 'needsAttention' });

    expect((await connect(owner, SANDBOX_KEYS.full)).statusCode).toBe(200);
    await settle();
    expect(await syncOf(twice)).toMatchObject({ state: 'synced', failure: null, members: 1 });
    expect(await listEmails(twice)).toEqual(['ana@correo.cl']);
  });

  it('disconnects: the toggles go off and the lists stay', async () => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/integrations/emailMarketing`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await emailMarketing()).toEqual({ state: 'notConnected' });
    const after = await syncs();
    expect(after.connected).toBe(false);
    expect(after.syncs.every((sync) => !sync.enabled)).toBe(true);
    expect(await listEmails(twice)).toEqual(['ana@correo.cl']);
  });
});
