/*
 * Segment membership survives the server dying. A real server process is killed (SIGKILL, no chance
 * to clean up) while segment builds are under way, started again and killed in the middle of a burst
 * of order webhooks, then started a third time while Shopify delivers the whole burst again. Once its
 * queue is empty, every segment must hold exactly the customers a fresh evaluation of its rules
 * selects, its entry and exit events must add up to its members, and every order must be applied once.
 * On PGlite by default; on PostgreSQL with TEST_DATABASE_URL.
 */

import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type OrderWebhook, orderWebhookBody, postOrderWebhooks } from '../../../../scripts/bench-burst.ts';
import { generateStore } from '../../../../scripts/bench-store.ts';
import { seedDemoStore } from '../../../../src/server/demo-store.ts';
import { rebuildStoreMetrics } from '../../../../src/server/features/dashboard/rebuild.ts';
import { compileSegment } from '../../../../src/server/features/segments/compiler.ts';
import { ensureDefaultSegments, queueSegmentBuild } from '../../../../src/server/features/segments/membership.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import { type Database, openDatabase } from '../../../../src/server/platform/database/db.ts';
import { migrate } from '../../../../src/server/platform/database/migrations.ts';
import { loadSecretBox } from '../../../../src/server/platform/security/secrets.ts';
import { calendarOf } from '../../../../src/server/platform/store-data/store-calendar.ts';
import { type SegmentRules, simpleRules } from '../../../../src/shared/segments.ts';
import { type ChildServer, startChildServer } from '../../support/child-server.ts';
import { steadyTimeZone, TEST_INDEX_HTML } from '../../support/harness.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const CUSTOMERS = 4_000;
const ORDERS = 20_000;
const WEBHOOKS = 200;
/** The store's calendar day stays the same from the first build to the last check. */
const TIME_ZONE = steadyTimeZone();

/** Where the server processes keep their data: a PGlite folder, or a scratch database on the PostgreSQL server. */
let dataDir = '';
let databaseUrl = '';
let dropDatabase: (() => Promise<void>) | null = null;
let webDir = '';
const children = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

async function openStoreDatabase(): Promise<Database> {
  return databaseUrl ? openDatabase({ databaseUrl, dataDir: '' }) : openDatabase({ dataDir });
}

async function prepare(): Promise<number> {
  webDir = await mkdtemp(join(tmpdir(), 'recompra-restart-web-'));
  await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `recompra_restart_${process.pid}_${Date.now()}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    await admin(`create database ${name}`);
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  } else dataDir = await mkdtemp(join(tmpdir(), 'recompra-restart-'));

  const db = await openStoreDatabase();
  try {
    await migrate(db);
    await seedDemoStore(db, 'clave-de-prueba', await loadSecretBox(db, undefined, false));
    const [store] = await db.query<{ id: number }>('select id from stores order by id limit 1');
    const storeId = store!.id;
    // The demo store's data is written here, not imported from the sandbox.
    await db.query('delete from jobs');
    await db.query(`update store_syncs set status = 'FINISHED', phase = 'done' where store_id = $1`, [storeId]);
    await db.query('update shopify_connections set timezone = $2 where store_id = $1', [storeId, TIME_ZONE]);
    await generateStore(db, storeId, { customers: CUSTOMERS, orders: ORDERS });
    await db.query(`update customers set tags = '["VIP"]' where store_id = $1 and external_id % 7 = 0`, [storeId]);
    await rebuildStoreMetrics(db, storeId);
    // Twenty custom segments beside the six defaults, simple and advanced, all of them built from scratch.
    await ensureDefaultSegments(db, storeId);
    for (let index = 0; index < 20; index++) {
      const rules =
        index % 2 === 0
          ? simpleRules([
              {
                field: 'ordersCount',
                operator: 'fromTo',
                from: 1 + (index % 5),
                period: { kind: 'last', amount: 6 + index, unit: 'month' },
              },
              { field: 'customerTags', operator: index % 4 === 0 ? 'has' : 'notHas', values: ['vip'] },
            ])
          : {
              join: 'or' as const,
              blocks: [
                {
                  join: 'and' as const,
                  conditions: [{ field: 'totalSpent' as const, operator: 'fromTo' as const, from: 100_000 * index }],
                },
                {
                  join: 'and' as const,
                  conditions: [
                    {
                      field: 'productTypes' as const,
                      operator: 'has' as const,
                      values: ['Zapatillas'],
                      period: { kind: 'last' as const, amount: index, unit: 'week' as const },
                    },
                  ],
                },
              ],
            };
      await db.query(`insert into segments (store_id, name, form, rules) values ($1, $2, 'advanced', $3)`, [
        storeId,
        `Segmento ${index + 1}`,
        JSON.stringify(rules),
      ]);
    }
    for (const { id } of await db.query<{ id: string }>('select id::text from segments where store_id = $1', [storeId]))
      await queueSegmentBuild(db, storeId, id);
    return storeId;
  } finally {
    await db.close();
  }
}

type Running = ChildServer;

/**
 * The server as main.ts runs it (the app, its worker started), plus a read-only probe of its queue.
 * With CRASH_AT=build:N (or burst:N) it kills itself with SIGKILL right after the Nth membership
 * change of a segment build (or of the store-events subscriber, applying webhooks) has run, its
 * transaction still open: a crash at the worst moment, every time, rather than whenever a timer fires.
 */
const SERVER = `
import { buildApp } from '${ROOT}src/server/app.ts';
import { loadConfig } from '${ROOT}src/server/platform/config.ts';
import { openDatabase } from '${ROOT}src/server/platform/database/db.ts';
import { createMailer } from '${ROOT}src/server/platform/mail/mail.ts';
import { loadSecretBox } from '${ROOT}src/server/platform/security/secrets.ts';
const env = process.env;
const config = { ...loadConfig({ NODE_ENV: 'test' }), webDir: env.WEB_DIR, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined, sandboxes: false };
const db = await openDatabase(config);
const [stage, after] = (env.CRASH_AT || ':0').split(':');
let changes = 0;
const changesMembership = (sql) =>
  sql.includes('insert into segment_members') && sql.includes('customer_external_id = any(') === (stage === 'burst');
const crashing = {
  ...db,
  transaction: (fn) => db.transaction((tx) => fn({
    async query(sql, params) {
      const rows = await tx.query(sql, params);
      if (stage && changesMembership(sql) && ++changes === Number(after)) process.kill(process.pid, 'SIGKILL');
      return rows;
    },
  })),
};
const app = await buildApp({ config, db: crashing, secrets: await loadSecretBox(db, undefined, false), mailer: createMailer(undefined, () => undefined) });
app.get('/probe', async () => ({
  jobs: await db.query("select queue, status, count(*)::integer as count from jobs group by 1, 2"),
  deliveries: (await db.query('select count(*)::integer as count from store_event_deliveries'))[0].count,
}));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
app.jobs.start();
console.log('LISTO ' + address);
process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });
`;

async function startServer(crashAt = ''): Promise<Running> {
  const server = await startChildServer(SERVER, { WEB_DIR: webDir, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, CRASH_AT: crashAt });
  children.add(server.child);
  server.child.once('exit', () => children.delete(server.child));
  return server;
}

/** How the process ended: the signal that ended it, or null when it exited by itself. */
function ended(server: Running): Promise<NodeJS.Signals | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve(server.child.signalCode);
  return new Promise((resolve) => server.child.once('exit', (_code, signal) => resolve(signal)));
}

interface Probe {
  jobs: { queue: string; status: string; count: number }[];
  deliveries: number;
}
const probe = async (server: Running): Promise<Probe> => (await fetch(`${server.url}/probe`)).json() as Promise<Probe>;

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Posts the burst; resolves with how many webhooks were answered 200 (the others went down with the server). */
async function deliver(server: Running, webhooks: OrderWebhook[]): Promise<number> {
  const statuses = await postOrderWebhooks(server.url, loadConfig({ NODE_ENV: 'test' }).shopifyWebhookSecret, webhooks, 8);
  return statuses.get(200) ?? 0;
}

it('keeps every segment equal to a fresh rebuild across kills during builds and during a webhook burst', async () => {
  const storeId = await prepare();
  // New orders of existing customers, spread over the store.
  const webhooks = Array.from({ length: WEBHOOKS }, (_, index) => ({
    id: `reinicio-${index}`,
    body: orderWebhookBody(ORDERS + 1 + index, 1 + ((index * 7919) % CUSTOMERS)),
  }));

  // Killed in the fifth build, with four segments built and the others waiting.
  const first = await startServer('build:5');
  expect(await ended(first)).toBe('SIGKILL');

  // Killed while applying a burst of webhooks (after the builds left from before, queued first).
  const second = await startServer('burst:10');
  expect(await deliver(second, webhooks)).toBeGreaterThan(0);
  expect(await ended(second)).toBe('SIGKILL');

  // Shopify delivers again what was not acknowledged (all of it, here: what was is applied only once).
  const third = await startServer();
  expect(await deliver(third, webhooks)).toBe(WEBHOOKS);
  await waitFor(async () => {
    const state = await probe(third);
    const busy = state.jobs.filter((row) => row.status === 'pending' || row.status === 'running').length;
    return busy === 0 && state.deliveries === 0;
  }, 'the queue to empty');
  expect((await probe(third)).jobs.filter((row) => row.status === 'failed')).toEqual([]);
  third.child.kill('SIGTERM');
  expect(await ended(third)).toBe(null);

  const db = await openStoreDatabase();
  try {
    const [orders] = await db.query<{ count: number }>(
      'select count(*)::integer as count from orders where store_id = $1 and external_id > $2',
      [storeId, ORDERS],
    );
    expect(orders!.count).toBe(WEBHOOKS);
    const today = calendarOf(TIME_ZONE, null).today;
    const segments = await db.query<{
      id: string;
      rules: SegmentRules;
      status: string;
      customers: number;
      built_version: number;
      rules_version: number;
    }>('select id::text, rules, status, customers, built_version, rules_version from segments where store_id = $1 order by id', [storeId]);
    expect(segments).toHaveLength(26);
    let moved = 0;
    for (const segment of segments) {
      const query = compileSegment(segment.rules, { storeId, today, timeZone: TIME_ZONE });
      const fresh = (await db.query<{ customer: string }>(query.text, query.params)).map((row) => row.customer).sort();
      const members = (
        await db.query<{ customer: string }>('select customer_external_id::text as customer from segment_members where segment_id = $1', [
          segment.id,
        ])
      )
        .map((row) => row.customer)
        .sort();
      expect(members, `segment ${segment.id}`).toEqual(fresh);
      expect(segment, `segment ${segment.id}`).toMatchObject({
        status: 'ready',
        customers: fresh.length,
        built_version: segment.rules_version,
      });
      // What follows segments (Klaviyo lists, automations) saw each entry and exit once: replayed, they give the members.
      const replayed = new Set<string>();
      const events = await db.query<{ kind: string; customers: string[] }>(
        `select kind, customers::text[] as customers from store_events
          where store_id = $1 and kind in ('segment_entered', 'segment_left') and detail->>'segmentId' = $2 order by id`,
        [storeId, segment.id],
      );
      for (const event of events)
        for (const customer of event.customers) {
          if (event.kind === 'segment_entered') expect(replayed.has(customer), `${customer} entered ${segment.id} twice`).toBe(false);
          if (event.kind === 'segment_entered') replayed.add(customer);
          else expect(replayed.delete(customer), `${customer} left ${segment.id} without being in it`).toBe(true);
        }
      expect([...replayed].sort(), `events of segment ${segment.id}`).toEqual(members);
      if (events.some((event) => event.kind === 'segment_left')) moved++;
    }
    // The burst must have moved customers between segments, or the check would prove little.
    expect(moved).toBeGreaterThan(0);
  } finally {
    await db.close();
  }
});
