/*
 * The live channel: events published in a writer's transaction reach every open stream of the store,
 * once and in order, from whichever process wrote them; a stream that resumes is sent what it missed.
 * On PGlite by default; on PostgreSQL with TEST_DATABASE_URL, where two server processes share the
 * database and a tab of one hears what the other did.
 */

import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { type LiveDelivery, type LiveEvent, LiveHub, publishLive } from '../../../../src/server/platform/store-data/live.ts';
import { startChildServer } from '../../support/child-server.ts';
import {
  addStore,
  type Caller,
  givePlan,
  migratedDatabase,
  signIn,
  startTestServer,
  TEST_INDEX_HTML,
  type TestServer,
} from '../../support/harness.ts';
import { type OpenStream, openLiveStream, type StreamEvent } from '../../support/live-stream.ts';

const segment = (segmentId: number): LiveEvent => ({ topic: 'segment', segmentId });

/** The stream's events until `count` of them are about the segment (the store's other jobs publish too); ids only grow. */
async function segmentEvents(stream: OpenStream, segmentId: number, count: number, timeoutMs?: number): Promise<StreamEvent[]> {
  const all: StreamEvent[] = [];
  while (all.filter((event) => JSON.stringify(event.data) === JSON.stringify(segment(segmentId))).length < count)
    all.push(await stream.next(timeoutMs));
  const ids = all.map((event) => Number(event.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
  return all;
}

/** What a stream of the hub heard, as `seq:topic`. */
function recorder() {
  const heard: LiveDelivery[] = [];
  const starts: number[] = [];
  const send = (delivery: LiveDelivery) => void (delivery.event ? heard.push(delivery) : starts.push(delivery.seq));
  const until = async (count: number, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (heard.length < count) {
      if (Date.now() > deadline) throw new Error(`heard ${heard.length} of ${count} events`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return heard.map(({ seq, event }) => `${seq}:${event?.topic === 'segment' ? `segment ${event.segmentId}` : event?.topic}`);
  };
  return { heard, starts, send, until };
}

describe('the hub', () => {
  let db: Database;
  let hub: LiveHub;
  let store: number;
  let otherStore: number;
  /** What the streams heard of five writers in parallel (numbers 3 to 7). */
  let heardInParallel: string[] = [];
  beforeAll(async () => {
    db = await migratedDatabase();
    store = await addStore(db, 'Tienda en vivo');
    otherStore = await addStore(db, 'Otra tienda');
    hub = new LiveHub(db, { pollMs: 20, batchSize: 50 });
  });
  afterAll(async () => {
    hub?.close();
    await db?.close();
  });

  it('numbers a store’s events in commit order, and a rolled-back change publishes nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await publishLive(tx, store, segment(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction((tx) => publishLive(tx, store, segment(2), segment(3)));
    await publishLive(db, otherStore, { topic: 'storeSync' });
    const rows = await db.query<{ store_id: number; seq: string; event: LiveEvent }>(
      'select store_id, seq::text, event from live_events where store_id = any($1) order by store_id, seq',
      [[store, otherStore]],
    );
    expect(rows.map((row) => [row.store_id, Number(row.seq), row.event])).toEqual([
      [store, 1, segment(2)],
      [store, 2, segment(3)],
      [otherStore, 1, { topic: 'storeSync' }],
    ]);
  });

  it('hands every stream of the store each new event once, in order, and nothing of other stores', async () => {
    // Past the new tab's look-back, so both streams start from now.
    await db.query(`update live_events set published_at = now() - interval '1 minute' where store_id = any($1)`, [[store, otherStore]]);
    const first = recorder();
    const second = recorder();
    const closeFirst = await hub.open(store, null, first.send);
    const closeSecond = await hub.open(store, null, second.send);
    await publishLive(db, otherStore, { topic: 'subscription' });
    // Writers in parallel: each waits for the one before it to commit, so numbers land in order.
    await Promise.all([4, 5, 6, 7, 8].map((id) => db.transaction((tx) => publishLive(tx, store, segment(id)))));
    heardInParallel = await first.until(5);
    expect(await second.until(5)).toEqual(heardInParallel);
    expect(heardInParallel.map((line) => line.split(':')[0])).toEqual(['3', '4', '5', '6', '7']);
    // Which writer took which number is the lock's order, not the array's.
    expect(heardInParallel.map((line) => line.split(':')[1]).sort()).toEqual([4, 5, 6, 7, 8].map((id) => `segment ${id}`));
    closeFirst();
    closeSecond();
    expect(hub.openStreams).toBe(0);
  });

  it('sends a resuming stream what it missed, and a new tab what happened just before it connected', async () => {
    const resumed = recorder();
    const close = await hub.open(store, 4, resumed.send);
    expect(await resumed.until(3)).toEqual(heardInParallel.slice(2));
    close();
    await db.query(`update live_events set published_at = now() - interval '1 minute' where store_id = $1`, [store]);
    await publishLive(db, store, { topic: 'subscription' });
    const fresh = recorder();
    const closeFresh = await hub.open(store, null, fresh.send);
    expect(await fresh.until(1)).toEqual(['8:subscription']);
    closeFresh();
  });

  it('tells a stream to ask for everything again when what it missed is no longer kept', async () => {
    await db.query('delete from live_events where store_id = $1 and seq <= 5', [store]);
    const late = recorder();
    const close = await hub.open(store, 2, late.send);
    await publishLive(db, store, segment(9));
    expect(await late.until(2)).toEqual(['8:resync', '9:segment 9']);
    close();
    // A number the store never reached (another database): the same.
    const lost = recorder();
    const closeLost = await hub.open(store, 1_000, lost.send);
    expect(await lost.until(1)).toEqual(['9:resync']);
    closeLost();
  });

  it('catches a stream up that opened behind the others, and keeps each in order under load', async () => {
    const early = recorder();
    const closeEarly = await hub.open(store, 9, early.send);
    const writers = Array.from({ length: 40 }, (_, n) => db.transaction((tx) => publishLive(tx, store, segment(100 + n))));
    const late = recorder();
    const closeLate = await hub.open(store, 9, late.send);
    await Promise.all(writers);
    const seqs = (lines: string[]) => lines.map((line) => Number(line.split(':')[0]));
    const range = Array.from({ length: 40 }, (_, n) => 10 + n);
    expect(seqs(await early.until(40))).toEqual(range);
    expect(seqs(await late.until(40))).toEqual(range);
    closeEarly();
    closeLate();
  });
});

describe('GET /api/private/stores/{id}/live', () => {
  let server: TestServer;
  let base: string;
  let owner: Caller;
  let store: number;
  let strangerStore: number;
  beforeAll(async () => {
    server = await startTestServer();
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    [{ id: store }] = (await server.db.query<{ id: number }>(`select id from stores where name = 'Tienda Demo'`)) as [{ id: number }];
    await givePlan(server.db, store);
    strangerStore = await addStore(server.db, 'Tienda ajena');
    owner = await signIn(server.app, 'demo@recompra.cl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const cookie = (caller: Caller) =>
    Object.entries(caller.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  const streamUrl = (id: number) => `${base}/api/private/stores/${id}/live`;
  const cursor = async () =>
    (await server.db.query<{ seq: string }>('select seq::text from live_cursors where store_id = $1', [store]))[0]?.seq ?? '0';

  it('passes the same gate as every call: no session, or another store, is refused', async () => {
    const anonymous = await openLiveStream(streamUrl(store));
    expect(anonymous.status).toBe(401);
    const stranger = await openLiveStream(streamUrl(strangerStore), { cookie: cookie(owner) });
    expect(stranger.status).toBe(404);
  });

  it('streams what the store’s jobs change, and resumes from Last-Event-ID without missing or repeating', async () => {
    // No Shopify here: the demo store's queued import would only fail, slowly.
    await server.db.query(`delete from jobs where queue = 'store-sync'`);
    await server.db.query(`update live_events set published_at = now() - interval '1 minute'`);
    const stream = await openLiveStream(streamUrl(store), { cookie: cookie(owner) });
    expect(stream.status).toBe(200);
    // Before anything happens, the stream says where it stands: a reconnection resumes from there.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.lastEventId()).toBe(await cursor());
    const created = await server.app.inject({
      method: 'POST',
      url: `/api/private/stores/${store}/segments`,
      cookies: owner.cookies,
      headers: owner.headers,
      payload: {
        name: 'En vivo',
        form: 'simple',
        rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'customerTags', operator: 'has', values: ['vip'] }] }] },
      },
    });
    expect(created.statusCode).toBe(201);
    const segmentId = created.json().id as number;
    while ((await server.app.jobs.drain()) > 0) {}
    // The build started, then finished: two events for the segment, in order.
    await segmentEvents(stream, segmentId, 2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const lastSeen = stream.lastEventId();
    stream.close();
    expect(lastSeen).toBe(await cursor());

    // Missed while the tab was away.
    await publishLive(server.db, store, { topic: 'subscription' }, { topic: 'segmentSyncs' });
    const resumed = await openLiveStream(streamUrl(store), { cookie: cookie(owner), 'last-event-id': lastSeen });
    expect(resumed.status).toBe(200);
    const missed = [await resumed.next(), await resumed.next()];
    expect(missed.map((event) => [Number(event.id), event.data])).toEqual([
      [Number(lastSeen) + 1, { topic: 'subscription' }],
      [Number(lastSeen) + 2, { topic: 'segmentSyncs' }],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(resumed.pending()).toEqual([]);
    resumed.close();
  });
});

/*
 * Two server processes on one PostgreSQL database: a tab's stream on one hears the segment built by the
 * other's job, and a tab that moves to the other process mid-way resumes there without a gap.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes', () => {
  const ROOT = new URL('../../../../', import.meta.url).pathname;
  const SERVER = `
import { buildApp } from '${ROOT}src/server/app.ts';
import { loadConfig } from '${ROOT}src/server/platform/config.ts';
import { openDatabase } from '${ROOT}src/server/platform/database/db.ts';
import { createMailer } from '${ROOT}src/server/platform/mail/mail.ts';
import { loadSecretBox } from '${ROOT}src/server/platform/security/secrets.ts';
const config = { ...loadConfig({ NODE_ENV: 'test' }), webDir: process.env.WEB_DIR, databaseUrl: process.env.DATABASE_URL, sandboxes: false };
const db = await openDatabase(config);
const app = await buildApp({ config, db, secrets: await loadSecretBox(db, undefined, false), mailer: createMailer(undefined, () => undefined) });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
app.jobs.start();
console.log('LISTO ' + address);
process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });
`;
  const children: ChildProcess[] = [];
  let db: Database;
  let webDir = '';

  async function startProcess(databaseUrl: string): Promise<string> {
    const server = await startChildServer(SERVER, { WEB_DIR: webDir, DATABASE_URL: databaseUrl });
    children.push(server.child);
    return server.url;
  }

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await db?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  it('a change made through one process reaches a tab of the other, and the tab resumes on either', async () => {
    db = await migratedDatabase();
    const [{ url }] = (await db.query<{ url: string }>(`select current_database() as url`)) as [{ url: string }];
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${url}`;
    const { seedDemoStore } = await import('../../../../src/server/demo-store.ts');
    const { loadSecretBox } = await import('../../../../src/server/platform/security/secrets.ts');
    await seedDemoStore(db, 'clave-de-prueba', await loadSecretBox(db, undefined, false));
    const [{ id: store }] = (await db.query<{ id: number }>(`select id from stores where name = 'Tienda Demo'`)) as [{ id: number }];
    await givePlan(db, store);
    // No Shopify here: the demo store's queued import would only fail, and keep the processes busy.
    await db.query(`delete from jobs where queue = 'store-sync'`);
    webDir = await mkdtemp(join(tmpdir(), 'recompra-live-web-'));
    await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
    const [first, second] = await Promise.all([startProcess(databaseUrl.href), startProcess(databaseUrl.href)]);

    const login = await fetch(`${first}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@recompra.cl', password: 'clave-de-prueba' }),
    });
    expect(login.status).toBe(200);
    const cookies = Object.fromEntries(login.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]));
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

    const onSecond = await openLiveStream(`${second}/api/private/stores/${store}/live`, { cookie });
    expect(onSecond.status).toBe(200);
    const created = await fetch(`${first}/api/private/stores/${store}/segments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': cookies.recompra_csrf! },
      body: JSON.stringify({
        name: 'Dos procesos',
        form: 'simple',
        rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'customerTags', operator: 'has', values: ['vip'] }] }] },
      }),
    });
    expect(created.status).toBe(201);
    const { id: segmentId } = (await created.json()) as { id: number };
    const started = (await segmentEvents(onSecond, segmentId, 1, 30_000)).at(-1)!;
    onSecond.close();

    // The tab's connection drops; what happens meanwhile is there when it reconnects, to the other process.
    await publishLive(db, store, { topic: 'subscription' });
    const onFirst = await openLiveStream(`${first}/api/private/stores/${store}/live`, { cookie, 'last-event-id': started.id });
    const after = await segmentEvents(onFirst, segmentId, 1, 30_000);
    while (!after.some((event) => JSON.stringify(event.data) === '{"topic":"subscription"}')) after.push(await onFirst.next(30_000));
    // Nothing between the last event heard on the second process and the first on this one is lost.
    expect(after.map((event) => Number(event.id))).toEqual(after.map((_, n) => Number(started.id) + 1 + n));
    onFirst.close();
  });
});
