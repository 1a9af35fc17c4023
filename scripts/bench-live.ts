/**
 * Live channel benchmark: how long a change takes to reach an open tab, and what open streams cost.
 *
 *   npm run bench:live [-- --events 200 --tabs 20 --streams 500 --databases pglite,postgres]
 *
 * Each server is a process of its own (`buildApp` over the database, as `npm start` runs it, plus a
 * bench-only route that publishes one event and answers once it has committed). Tabs are signed-in
 * streams read by this process. For each of `events` changes, one every 25 ms, the time from the
 * moment the change was asked for to the moment each tab read it.
 * - PGlite: one server (the embedded database belongs to one process), `tabs` streams.
 * - PostgreSQL (a scratch database, dropped afterwards): two servers; the changes go through the
 *   first, and the tabs are spread over both.
 * Then `streams` streams on one PGlite server, one change, and the server's memory before and after.
 *
 * Targets: p95 under 1 s on each database; all `streams` streams receive the change. Exits 1 when missed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../src/server/demo-store.ts';
import { scratchDatabase } from '../tests/scratch-database.ts';
import { type ChildServer, startChildServer } from '../tests/server/support/child-server.ts';
import { type OpenStream, openLiveStream } from '../tests/server/support/live-stream.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '200' },
    tabs: { type: 'string', default: '20' },
    streams: { type: 'string', default: '500' },
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});
const EVENTS = Number(values.events);
const TABS = Number(values.tabs);
const STREAMS = Number(values.streams);
const TARGET_P95_MS = 1000;
const PASSWORD = 'bench-live-1';
const ROOT = new URL('../', import.meta.url).pathname;

const SERVER = `
import { buildApp } from '${ROOT}src/server/app.ts';
import { seedDemoStore } from '${ROOT}src/server/demo-store.ts';
import { loadConfig } from '${ROOT}src/server/platform/config.ts';
import { openDatabase } from '${ROOT}src/server/platform/database/db.ts';
import { livePosition, publishLive } from '${ROOT}src/server/platform/store-data/live.ts';
import { createMailer } from '${ROOT}src/server/platform/mail/mail.ts';
import { migrate } from '${ROOT}src/server/platform/database/migrations.ts';
import { loadSecretBox } from '${ROOT}src/server/platform/security/secrets.ts';
const env = process.env;
const config = { ...loadConfig({ NODE_ENV: 'test' }), webDir: env.WEB_DIR, dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL || undefined, sandboxes: false, validateResponses: false };
const db = await openDatabase(config);
if (env.SEED) await migrate(db);
const secrets = await loadSecretBox(db, undefined, false);
if (env.SEED) {
  await seedDemoStore(db, '${PASSWORD}', secrets);
  await db.query("delete from jobs where queue = 'store-sync'");
}
const app = await buildApp({ config, db, secrets, mailer: createMailer(undefined, () => undefined) });
app.post('/bench/publish', async (request) => {
  await publishLive(db, request.body.storeId, { topic: 'storeSync' });
  return { ok: true };
});
app.get('/bench/probe', async (request) => ({ memory: process.memoryUsage(), streams: app.live.openStreams, position: await livePosition(db, Number(request.query.store)) }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log('LISTO ' + address);
process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });
`;

interface Server extends ChildServer {
  email: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  return { ...(await startChildServer(SERVER, env)), email: DEMO_USERS[0]!.email };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const forced = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(forced);
}

async function signIn(server: Server): Promise<{ cookie: string; storeId: number }> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const user = (await response.json()) as { store: number };
  return { cookie, storeId: user.store };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Probe {
  memory: NodeJS.MemoryUsage;
  streams: number;
  position: string;
}
const probe = async (server: Server, storeId: number) =>
  (await (await fetch(`${server.url}/bench/probe?store=${storeId}`)).json()) as Probe;

/** Opens `count` streams spread over `servers` from where the store stands now, as pages that carried it. */
async function openTabs(servers: Server[], count: number, cookie: string, storeId: number): Promise<OpenStream[]> {
  const { position } = await probe(servers[0]!, storeId);
  const tabs: OpenStream[] = [];
  for (let n = 0; n < count; n += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - n) }, (_, i) =>
        openLiveStream(`${servers[(n + i) % servers.length]!.url}/api/private/stores/${storeId}/live`, {
          cookie,
          'last-event-id': position,
        }),
      ),
    );
    tabs.push(...batch);
  }
  const deadline = Date.now() + 30_000;
  while (tabs.some((tab) => tab.lastEventId() === '')) {
    if (Date.now() > deadline) throw new Error('some streams never said where they stand');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return tabs;
}

/** Publishes `count` changes through `writer`, one every 25 ms; answers each tab's delay per change, in ms. */
async function measure(writer: Server, tabs: OpenStream[], storeId: number, count: number): Promise<number[]> {
  const start = Number(tabs[0]!.lastEventId());
  const askedAt: number[] = [];
  const readAt = tabs.map(() => new Map<number, number>());
  const readers = tabs.map(async (tab, t) => {
    while (readAt[t]!.size < count) {
      const event = await tab.next(30_000);
      readAt[t]!.set(Number(event.id), performance.now());
    }
  });
  for (let n = 0; n < count; n += 1) {
    askedAt.push(performance.now());
    await fetch(`${writer.url}/bench/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeId }),
    });
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await Promise.all(readers);
  return readAt.flatMap((reads) => askedAt.map((at, n) => reads.get(start + n + 1)! - at));
}

function report(label: string, delays: number[]): boolean {
  const sorted = [...delays].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const ok = p95 < TARGET_P95_MS;
  console.log(
    `${label}: ${delays.length} deliveries, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, ` +
      `max ${sorted.at(-1)!.toFixed(0)} ms ${ok ? '✔' : `✘ (target: under ${TARGET_P95_MS} ms)`}`,
  );
  return ok;
}

const webDir = await mkdtemp(join(tmpdir(), 'recompra-bench-live-web-'));
await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Recompra</title>');
let failed = false;
const kinds = values.databases.split(',');

if (kinds.includes('pglite')) {
  const dataDir = await mkdtemp(join(tmpdir(), 'recompra-bench-live-'));
  const server = await startServer({ WEB_DIR: webDir, DATA_DIR: dataDir, DATABASE_URL: '', SEED: '1' });
  try {
    const { cookie, storeId } = await signIn(server);
    const tabs = await openTabs([server], TABS, cookie, storeId);
    failed = !report(`PGlite, one server, ${TABS} tabs, ${EVENTS} changes`, await measure(server, tabs, storeId, EVENTS)) || failed;
    for (const tab of tabs) tab.close();

    await new Promise((resolve) => setTimeout(resolve, 500));
    (globalThis as { gc?: () => void }).gc?.();
    const before = await probe(server, storeId);
    const many = await openTabs([server], STREAMS, cookie, storeId);
    const during = await probe(server, storeId);
    const delays = await measure(server, many, storeId, 1);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `${during.streams} streams open on one server: RSS ${mb(before.memory.rss)} → ${mb(during.memory.rss)} ` +
        `(${((during.memory.rss - before.memory.rss) / STREAMS / 1024).toFixed(1)} KB a stream), ` +
        `heap ${mb(before.memory.heapUsed)} → ${mb(during.memory.heapUsed)}`,
    );
    const allHeard = delays.length === STREAMS && during.streams >= STREAMS;
    failed = !report(`  one change to ${STREAMS} streams`, delays) || !allHeard || failed;
    for (const tab of many) tab.close();
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (kinds.includes('postgres')) {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await scratchDatabase(serverUrl, 'recompra_bench_live').catch(() => null);
  if (!scratch) console.log(`PostgreSQL at ${serverUrl} does not answer: skipped.`);
  else {
    const [{ name }] = (await scratch.query<{ name: string }>('select current_database() as name')) as [{ name: string }];
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const first = await startServer({ WEB_DIR: webDir, DATA_DIR: '', DATABASE_URL: url.href, SEED: '1' });
    const second = await startServer({ WEB_DIR: webDir, DATA_DIR: '', DATABASE_URL: url.href });
    try {
      const { cookie, storeId } = await signIn(first);
      const tabs = await openTabs([first, second], TABS, cookie, storeId);
      const label = `PostgreSQL, two servers, ${TABS} tabs over both, ${EVENTS} changes through the first`;
      failed = !report(label, await measure(first, tabs, storeId, EVENTS)) || failed;
      for (const tab of tabs) tab.close();
    } finally {
      await Promise.all([stopServer(first), stopServer(second)]);
      await scratch.close();
    }
  }
}

await rm(webDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
