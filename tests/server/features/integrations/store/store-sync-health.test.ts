import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedSandbox, startShopifySandbox } from '../../../../../src/server/integrations/shopify/sandbox/index.ts';
import { type Caller, signIn, startTestServer, type TestServer } from '../../../support/harness.ts';

let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;
let colaborator: Caller;
let storeId: number;

beforeAll(async () => {
  sandbox = await startShopifySandbox({ customers: 20, orders: 60, now: new Date('2026-11-20T15:00:00Z'), bulkDelayMs: 0 });
  server = await startTestServer({ shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  owner = await signIn(server.app, 'demo@recompra.cl');
  colaborator = await signIn(server.app, 'colaborador@recompra.cl');
  storeId = owner.user.store!;
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const readSync = async (caller = owner) =>
  (await server.app.inject({ url: `/api/private/stores/${storeId}/sync`, cookies: caller.cookies })).json();

const syncNow = (caller = owner) =>
  server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${storeId}/sync/refresh`,
    cookies: caller.cookies,
    headers: caller.headers,
  });

describe('store sync health', () => {
  it('while the first import is queued: syncing, never synced, and "Sincronizar ahora" waits for it', async () => {
    expect(await readSync()).toMatchObject({ status: 'NEEDS_SCRAPE', syncing: true, lastSyncedAt: null, failures: [] });
    const refused = await syncNow();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'sync_running',
      message: 'Ya estamos sincronizando tu tienda. Te mostraremos el resultado al terminar.',
    });
  });

  it('a collaborator reads the health but may not ask for a sync', async () => {
    expect((await readSync(colaborator)).syncing).toBe(true);
    const refused = await syncNow(colaborator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/[áéíóúñ]|permiso/i);
  });

  it('the finished import is the last successful sync', async () => {
    const before = Date.now();
    await server.app.jobs.drain();
    const sync = await readSync();
    expect(sync).toMatchObject({ status: 'FINISHED', syncing: false, failures: [] });
    expect(Date.parse(sync.lastSyncedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('queues one refresh at a time and moves the last sync forward when it ends', async () => {
    const previous = (await readSync()).lastSyncedAt;
    const queued = await syncNow();
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'FINISHED', syncing: true });
    const second = await syncNow();
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('sync_running');
    expect(await server.db.query(`select 1 from jobs where queue = 'store-refresh' and status = 'pending'`)).toHaveLength(1);
    await server.app.jobs.drain();
    const sync = await readSync();
    expect(sync.syncing).toBe(false);
    expect(Date.parse(sync.lastSyncedAt)).toBeGreaterThan(Date.parse(previous));
  });

  it('an applied webhook counts as a sync', async () => {
    await server.db.query(`update store_syncs set finished_at = now() - interval '2 days', refreshed_at = now() - interval '2 days'`);
    await server.db.query(
      `insert into webhook_deliveries (webhook_id, store_id, topic, received_at) values ('w-1', $1, 'orders/create', now() - interval '5 minutes')`,
      [storeId],
    );
    const sync = await readSync();
    expect(Date.now() - Date.parse(sync.lastSyncedAt)).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(Date.now() - Date.parse(sync.lastSyncedAt)).toBeLessThan(6 * 60_000);
  });

  it('records failed refreshes as codes, newest first, and keeps the last successful sync', async () => {
    const lastSynced = (await readSync()).lastSyncedAt;
    sandbox.failNextBulkOperation('INTERNAL_SERVER_ERROR');
    expect((await syncNow()).statusCode).toBe(202);
    await server.app.jobs.drain();
    sandbox.failNextRequests(5, 401);
    expect((await syncNow()).statusCode).toBe(202);
    await server.app.jobs.drain();
    const sync = await readSync();
    expect(sync).toMatchObject({ status: 'FINISHED', syncing: false, lastSyncedAt: lastSynced });
    expect(sync.failures.map((failure: { code: string }) => failure.code)).toEqual(['tokenRejected', 'unreachable']);
    // Raw platform errors never reach the merchant: only codes travel.
    expect(JSON.stringify(sync.failures)).not.toMatch(/error|status/i);
  });

  it('shows at most three failures from the last seven days', async () => {
    await server.db.query(
      `insert into store_sync_failures (store_id, code, occurred_at) values ($1, 'unknown', now() - interval '8 days'), ($1, 'unreachable', now() - interval '1 minute'), ($1, 'unreachable', now() - interval '2 minutes')`,
      [storeId],
    );
    const { failures } = await readSync();
    expect(failures).toHaveLength(3);
    expect(failures.map((failure: { code: string }) => failure.code)).not.toContain('unknown');
  });

  it('refuses a store whose import has not finished', async () => {
    await server.db.query(`update store_syncs set status = 'FAILED', phase = 'history' where store_id = $1`, [storeId]);
    const refused = await syncNow();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sync_not_imported');
    expect(refused.json().message).toMatch(/primera descarga/);
  });
});
