import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NIGHTLY_QUEUE } from '../../../../../src/server/features/integrations/store/nightly.ts';
import { SANDBOX_SHOP, type StartedSandbox, startShopifySandbox } from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { SUBSCRIBED_TOPICS } from '../../../../../src/server/integrations/shopify/types.ts';
import { enqueue } from '../../../../../src/server/platform/jobs/jobs.ts';
import { postAdmin } from '../../../integrations/shopify/sandbox-admin.ts';
import { type Caller, deliverWebhook, signUp, startTestServer, type TestServer } from '../../../support/harness.ts';
import { decide, installer } from '../../../support/shopify-install.ts';

// The app's life in a shop, against the sandbox over HTTP: the merchant installs Recompra, uninstalls it in
// Shopify's admin (the store stops syncing and shows as disconnected, its data kept), Shopify's compliance
// webhooks still come and do what they say, and installing again brings the store back.

const NOW = new Date('2026-03-01T00:00:00Z');

let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;
let storeId: number;
const install = installer(() => server);

/** A port nobody listens on yet, so the app's public address (where webhooks go) is known before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  sandbox = await startShopifySandbox({
    now: NOW,
    customers: 40,
    orders: 200,
    bulkDelayMs: 10,
    throttle: { restoreRate: 5000 },
    appConfig: { webhooksUri: `${publicUrl}/webhooks/shopify` },
  });
  server = await startTestServer({ publicUrl, shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  await server.app.listen({ port, host: '127.0.0.1' });
  owner = await signUp(server.app, 'Marta Rojas', 'marta@tienda.cl');
  const started = await install.begin(owner);
  expect((await install.comeBack(owner, await decide(started.authorizeUrl), started.stateCookies)).statusCode).toBe(302);
  [{ id: storeId }] = (await server.db.query<{ id: number }>('select id from stores where created_by = $1', [owner.user.id])) as [
    { id: number },
  ];
  await server.app.jobs.drain();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
  await sandbox?.close();
});

const count = async (sql: string, params: unknown[] = [storeId]) =>
  ((await server.db.query<{ count: number }>(sql, params))[0] ?? { count: 0 }).count;
const orders = () => count('select count(*)::integer as count from orders where store_id = $1');
const integrations = async () =>
  (await server.app.inject({ url: `/api/private/stores/${storeId}/integrations`, cookies: owner.cookies })).json<{
    store: { state: string; url: string | null; disconnection?: { reason: string; at: string } };
  }>().store;
/** A customer of the store that has orders, as stored. */
async function buyer(): Promise<string> {
  const [row] = await server.db.query<{ id: string }>(
    `select c.external_id::text as id from customers c
      where c.store_id = $1 and exists (select 1 from orders o where o.store_id = c.store_id and o.customer_external_id = c.external_id)
        and not exists (select 1 from platform_tombstones t where t.store_id = c.store_id and t.external_id = c.external_id)
      order by c.external_id limit 1`,
    [storeId],
  );
  return row!.id;
}
/** Shopify's customers/update for a customer, with a new first name. */
const rename = (customer: string, firstName: string) =>
  deliverWebhook(server.app, {
    topic: 'customers/update',
    secret: sandbox.webhookSecret,
    body: { id: Number(customer), first_name: firstName, created_at: '2025-01-01T00:00:00Z', updated_at: new Date().toISOString() },
  });
const firstName = (customer: string) =>
  server.db.query('select first_name from customers where store_id = $1 and external_id = $2', [storeId, customer]);
/** Calls the app makes to the sandbox from now on. */
function sandboxCalls() {
  const spy = vi.spyOn(globalThis, 'fetch');
  return {
    count: () => spy.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).startsWith(sandbox.url)).length,
    stop: () => spy.mockRestore(),
  };
}

describe('an uninstall in Shopify', () => {
  let imported: number;

  it('starts from an imported store that receives webhooks', async () => {
    expect(await integrations()).toMatchObject({ state: 'connected', url: SANDBOX_SHOP });
    imported = await orders();
    expect(imported).toBeGreaterThan(0);
    expect(sandbox.subscriptions().map((subscription) => subscription.topic)).toEqual([...SUBSCRIBED_TOPICS]);
  });

  it('revokes the token, deletes the subscriptions and tells the app, which shows the store disconnected and keeps its data', async () => {
    const [{ token }] = (await server.db.query<{ token: string }>(
      'select access_token_encrypted as token from shopify_connections where store_id = $1',
      [storeId],
    )) as [{ token: string }];
    const sealed = token;
    const uninstall = await sandbox.uninstallApp();
    // The configuration's address and the subscription are one address: one delivery.
    expect(uninstall.statuses).toEqual([200]);
    expect(uninstall.deletedSubscriptions).toBe(SUBSCRIBED_TOPICS.length);
    expect(sandbox.subscriptions()).toEqual([]);
    await server.app.jobs.drain();

    const store = await integrations();
    expect(store).toMatchObject({ state: 'needsAttention', url: SANDBOX_SHOP, disconnection: { reason: 'uninstalled' } });
    expect(Date.parse(store.disconnection!.at)).not.toBeNaN();
    expect(await orders()).toBe(imported);
    // The token is kept (sealed) but no longer opens anything: Shopify's own 401.
    expect(
      (await server.db.query('select 1 from shopify_connections where store_id = $1 and access_token_encrypted = $2', [storeId, sealed]))
        .length,
    ).toBe(1);
    // Shopify's own answer to a revoked token.
    expect(await postAdmin(sandbox, { query: '{ shop { name } }' })).toEqual({
      status: 401,
      json: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' },
    });

    // The same delivery again (Shopify's retry) changes nothing.
    expect((await sandbox.uninstallApp({ webhookId: uninstall.webhookId })).statuses).toEqual([200]);
    expect((await integrations()).disconnection).toEqual(store.disconnection);
  });

  it('stops syncing: late webhooks are acknowledged and dropped, and the nightly refresh and the import make no call', async () => {
    const customer = await buyer();
    const before = await firstName(customer);
    const late = await rename(customer, 'Otro');
    expect(late.statusCode).toBe(200);
    expect(await firstName(customer)).toEqual(before);

    const calls = sandboxCalls();
    await enqueue(server.db, NIGHTLY_QUEUE, {});
    await server.db.query(`insert into jobs (queue, payload) values ('store-sync', $1), ('store-refresh', $1)`, [
      JSON.stringify({ storeId }),
    ]);
    await server.app.jobs.drain();
    expect(calls.count()).toBe(0);
    calls.stop();
    expect(await count('select count(*)::integer as count from store_sync_failures where store_id = $1')).toBe(0);
  });
});

describe("Shopify's compliance webhooks", () => {
  it('answer a data request with everything we hold on the customer, mailed to the store administrators', async () => {
    // A buyer in a segment, so the answer shows what other features keep about them too.
    const [{ id: customer }] = (await server.db.query<{ id: string }>(
      `select m.customer_external_id::text as id from segment_members m join orders o on o.store_id = m.store_id and o.customer_external_id = m.customer_external_id
        where m.store_id = $1 order by m.customer_external_id limit 1`,
      [storeId],
    )) as [{ id: string }];
    const customerOrders = await server.db.query<{ id: string }>(
      'select external_id::text as id from orders where store_id = $1 and customer_external_id = $2 order by external_id',
      [storeId, customer],
    );
    const sent = await sandbox.sendCustomerDataRequest(Number(customer));
    expect(sent.statuses).toEqual([200]);
    await server.app.jobs.drain();
    const mails = await server.db.query<{ recipient: string; subject: string; body_text: string }>(
      `select recipient, subject, body_text from mail_outbox where subject like 'Datos del cliente ' || $1 || '%'`,
      [customer],
    );
    // The seeded demo store reads the same shop: its administrator gets its own answer.
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['demo@recompra.cl', 'marta@tienda.cl']);
    const mail = mails.find((each) => each.recipient === 'marta@tienda.cl')!;
    const json = mail.body_text.slice(mail.body_text.indexOf('{'), mail.body_text.lastIndexOf('}') + 1);
    const answer = JSON.parse(json) as { customer: string; dataRequest: number; data: Record<string, Record<string, unknown>[]> };
    expect(answer.customer).toBe(customer);
    expect(answer.dataRequest).toBeGreaterThan(0);
    expect(answer.data.customers).toEqual([expect.objectContaining({ external_id: Number(customer) })]);
    expect(answer.data.orders!.map((order) => String(order.external_id)).sort()).toEqual(customerOrders.map((order) => order.id).sort());
    expect(answer.data.order_line_items!.length).toBeGreaterThan(0);
    expect(answer.data.customer_stats).toHaveLength(1);
    expect(answer.data.segment_members!.length).toBeGreaterThan(0);
    expect(
      await count(`select count(*)::integer as count from store_events where store_id = $1 and kind = 'customer_data_requested'`),
    ).toBe(1);
  });

  it('erase a redacted customer and their orders once, whatever the number of deliveries', async () => {
    const customer = await buyer();
    const sent = await sandbox.sendCustomerRedact(Number(customer));
    expect(sent.statuses).toEqual([200]);
    expect((await sandbox.sendCustomerRedact(Number(customer), { webhookId: sent.webhookId })).statuses).toEqual([200]);
    await server.app.jobs.drain();
    expect(
      await count('select count(*)::integer as count from customers where store_id = $1 and external_id = $2', [storeId, customer]),
    ).toBe(0);
    expect(
      await count('select count(*)::integer as count from orders where store_id = $1 and customer_external_id = $2', [storeId, customer]),
    ).toBe(0);
    expect(
      await count('select count(*)::integer as count from customer_stats where store_id = $1 and customer_external_id = $2', [
        storeId,
        customer,
      ]),
    ).toBe(0);
    expect(await count(`select count(*)::integer as count from store_events where store_id = $1 and kind = 'customer_erased'`)).toBe(1);
    expect(
      await count('select count(*)::integer as count from webhook_deliveries where store_id = $1 and webhook_id = $2', [
        storeId,
        sent.webhookId,
      ]),
    ).toBe(1);
  });

  it('refuse a delivery that is not signed with our secret, and write nothing', async () => {
    const customer = await buyer();
    const deliveries = await count('select count(*)::integer as count from webhook_deliveries where store_id = $1');
    const forged = await deliverWebhook(server.app, {
      topic: 'customers/redact',
      secret: 'otro-secreto',
      body: { shop_id: 72000000001, shop_domain: SANDBOX_SHOP, customer: { id: Number(customer) }, orders_to_redact: [] },
    });
    expect(forged.statusCode).toBe(401);
    expect(await count('select count(*)::integer as count from webhook_deliveries where store_id = $1')).toBe(deliveries);
    expect(
      await count('select count(*)::integer as count from customers where store_id = $1 and external_id = $2', [storeId, customer]),
    ).toBe(1);
  });
});

describe('installing the app again', () => {
  it('reconnects the store, subscribes its webhooks again and resumes syncing', async () => {
    const started = await install.begin(owner, storeId);
    const back = await install.comeBack(owner, await decide(started.authorizeUrl), started.stateCookies);
    expect(back.headers.location).toBe('/integrations');
    await server.app.jobs.drain();
    const store = await integrations();
    expect(store).toMatchObject({ state: 'connected', url: SANDBOX_SHOP });
    expect(store.disconnection).toBeUndefined();
    expect(sandbox.subscriptions().map((subscription) => subscription.topic)).toEqual([...SUBSCRIBED_TOPICS]);

    // Webhooks apply again.
    const customer = await buyer();
    const update = await rename(customer, 'Otra');
    expect(update.statusCode).toBe(200);
    expect(await firstName(customer)).toEqual([{ first_name: 'Otra' }]);
  });

  it("erases the store's data when Shopify asks for the shop's redaction", async () => {
    expect((await sandbox.sendShopRedact()).statuses).toEqual([200]);
    await server.app.jobs.drain();
    expect(await orders()).toBe(0);
    expect(await count('select count(*)::integer as count from customers where store_id = $1')).toBe(0);
  });
});
