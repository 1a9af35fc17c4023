/**
 * Load benchmark: many people opening the dashboard at once. A store of 100,000 orders and 20,000
 * customers (the metrics benchmark's generator), the real server listening on 127.0.0.1 with
 * production settings (responses not checked against the contract), 20 signed-in sessions of the
 * store's owner spread over the connections, and autocannon cycling the dashboard's four first-load
 * calls (stats, statsInRange of the last 30 days, the first page of the products tab, the acquisition
 * cost chart) for a fixed time at 50 and then 200 connections.
 *
 *   npm run bench:load [-- --orders 100000 --customers 20000 --duration 15 --connections 50,200 --sessions 20 --databases pglite,postgres]
 *
 * PGlite always runs; PostgreSQL (a scratch database, dropped afterwards) when DATABASE_URL or
 * TEST_DATABASE_URL is set. Target, on PGlite only: p95 under 100 ms at 200 connections with no
 * errors; exits 1 when it is missed. PostgreSQL's figures are reported for comparison.
 *
 * Then the export run (issue: an export must not stop the server): `stats` alone at 100 connections, then
 * again while five downloads of a segment's XLSX (half the customers) loop beside it. Target, on PGlite
 * only: p95 with the exports within 2× of p95 without them, with no errors.
 *
 * autocannon runs in a child process, as browsers are elsewhere: in the server's process its own
 * work would queue behind the server's on one event loop and count as the server's latency. p95 comes
 * from every response's time (autocannon's summary stops at p90 and p97.5).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { storeEvents } from '../src/server/app.ts';
import { DEMO_USERS, seedDemoStore } from '../src/server/demo-store.ts';
import { rebuildStoreMetrics } from '../src/server/features/dashboard/rebuild.ts';
import { buildSegment } from '../src/server/features/segments/membership.ts';
import type { Database } from '../src/server/platform/database/db.ts';
import { migrate } from '../src/server/platform/database/migrations.ts';
import { secretBox } from '../src/server/platform/security/secrets.ts';
import { SESSION_COOKIE } from '../src/server/platform/security/sessions.ts';
import { simpleRules } from '../src/shared/segments.ts';
import { benchApp, onEachDatabase } from './bench-database.ts';
import { generateStore } from './bench-store.ts';

const postgresUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50,200' },
    sessions: { type: 'string', default: '20' },
    databases: { type: 'string', default: postgresUrl ? 'pglite,postgres' : 'pglite' },
    /** Child mode: drive the load described by this JSON and print the figures as JSON. */
    drive: { type: 'string' },
  },
});

const PASSWORD = 'bench-load-1';
const TARGET = { connections: 200, p95Ms: 100 };
const EXPORTS = { connections: 100, parallel: 5, maxSlowdown: 2 };

interface Load {
  url: string;
  paths: string[];
  cookies: string[];
  connections: number;
  duration: number;
  /** Downloads that loop beside the load, `parallel` at a time, for as long as it lasts. */
  beside?: { path: string; parallel: number };
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  responses: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Downloads finished beside the load, and those that failed. */
  besideDone?: number;
  besideFailed?: number;
}

if (values.drive) {
  console.log(JSON.stringify(await drive(JSON.parse(values.drive) as Load)));
  process.exit(0);
}

let failed = false;
const report: string[] = [];
await onEachDatabase(values.databases, benchOne, postgresUrl);
console.log(`\n${report.join('\n')}`);
process.exit(failed ? 1 : 0);

async function benchOne(kind: string, db: Database): Promise<void> {
  const orders = Number(values.orders);
  const customers = Number(values.customers);
  await migrate(db);
  await seedDemoStore(db, PASSWORD, secretBox(randomBytes(32)));
  const [store] = await db.query<{ id: number }>('select id from stores order by id limit 1');
  const storeId = store!.id;
  await db.query('delete from jobs');
  const started = performance.now();
  await generateStore(db, storeId, { orders, customers });
  await rebuildStoreMetrics(db, storeId);
  console.log(
    `${kind}: ${orders} orders and ${customers} customers written, metrics rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { app, dispose } = await benchApp(db);
  // Requests still queued when a run's time is up are drained before the next run (and before closing).
  let inFlight = 0;
  app.addHook('onRequest', async () => void (inFlight += 1));
  app.addHook('onResponse', async () => void (inFlight -= 1));
  const idle = async () => {
    const deadline = performance.now() + 30_000;
    while (inFlight > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const owner = DEMO_USERS.find((user) => user.role === 'admin')!;
    const cookies: string[] = [];
    for (let i = 0; i < Number(values.sessions); i += 1) {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD } });
      const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      if (login.statusCode !== 200 || !session) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      cookies.push(`${SESSION_COOKIE}=${session.value}`);
    }
    // The year the acquisition cost chart opens on is the store's, as the page takes it from `stats`.
    const stats = await app.inject({ url: `/backend/stores/${storeId}/stats`, headers: { cookie: cookies[0]! } });
    if (stats.statusCode !== 200) throw new Error(`stats answered ${stats.statusCode}: ${stats.body}`);
    const year = (stats.json() as { asOf: string }).asOf.slice(0, 4);
    const paths = [
      `/backend/stores/${storeId}/stats`,
      `/backend/stores/${storeId}/statsInRange?preset=last30Days&granularity=day`,
      `/backend/stores/${storeId}/stats/table?dimension=products&page=1&pageSize=10`,
      `/api/private/stores/${storeId}/stats/charts/acquisitionCost?year=${year}`,
    ];
    const target =
      kind === 'pglite'
        ? `; target: p95 under ${TARGET.p95Ms} ms at ${TARGET.connections} connections, no errors`
        : '; no target (PGlite is the one held to it)';
    report.push(
      `${kind}: ${orders} orders, ${customers} customers; ${cookies.length} sessions; ${values.duration} s per run over the dashboard's four first-load calls${target}`,
    );
    for (const connections of values.connections.split(',').map(Number)) {
      const figures = await driveInChild({ url, paths, cookies, connections, duration: Number(values.duration) });
      await idle();
      const problems = figures.non2xx + figures.errors + figures.timeouts;
      const held = kind === 'pglite' && connections === TARGET.connections;
      const missed = held && (figures.p95 >= TARGET.p95Ms || problems > 0);
      if (missed) failed = true;
      const verdict = held ? (missed ? '✘ target missed' : '✔ target met') : '';
      report.push(
        `  ${String(connections).padStart(4)} connections  ${figures.requestsPerSecond.toFixed(0).padStart(6)} requests/s  p50 ${figures.p50.toFixed(1).padStart(7)} ms  p95 ${figures.p95
          .toFixed(1)
          .padStart(7)} ms  non-2xx ${figures.non2xx}  errors ${figures.errors}  timeouts ${figures.timeouts}  ${verdict}`,
      );
      console.log(report[report.length - 1]);
    }

    const segmentId = await halfTheCustomers(db, storeId);
    const statsOnly = { url, paths: [paths[0]!], cookies, connections: EXPORTS.connections, duration: Number(values.duration) };
    const alone = await driveInChild(statsOnly);
    await idle();
    const path = `/backend/stores/${storeId}/segments/${segmentId}/stats/table/xlsx`;
    const besideExports = await driveInChild({ ...statsOnly, beside: { path, parallel: EXPORTS.parallel } });
    await idle();
    const slowdown = besideExports.p95 / alone.p95;
    const problems = besideExports.non2xx + besideExports.errors + besideExports.timeouts + (besideExports.besideFailed ?? 0);
    const held = kind === 'pglite';
    const missed = held && (slowdown > EXPORTS.maxSlowdown || problems > 0 || !besideExports.besideDone);
    if (missed) failed = true;
    report.push(
      `${kind}: stats at ${EXPORTS.connections} connections, alone and beside ${EXPORTS.parallel} looping XLSX exports of a segment` +
        (held ? `; target: p95 within ${EXPORTS.maxSlowdown}× of alone, no errors` : '; no target'),
      `  alone          ${alone.requestsPerSecond.toFixed(0).padStart(6)} requests/s  p50 ${alone.p50.toFixed(1).padStart(7)} ms  p95 ${alone.p95.toFixed(1).padStart(7)} ms`,
      `  beside exports ${besideExports.requestsPerSecond.toFixed(0).padStart(6)} requests/s  p50 ${besideExports.p50.toFixed(1).padStart(7)} ms  p95 ${besideExports.p95
        .toFixed(1)
        .padStart(7)} ms  (${slowdown.toFixed(2)}×)  exports ${besideExports.besideDone} done, ${besideExports.besideFailed} failed  ` +
        `non-2xx ${besideExports.non2xx}  errors ${besideExports.errors}  ${held ? (missed ? '✘ target missed' : '✔ target met') : ''}`,
    );
    console.log(report.slice(-3).join('\n'));
  } finally {
    await idle();
    await dispose();
  }
}

/** A segment of every other customer (the exports' file), built as the job would. */
async function halfTheCustomers(db: Database, storeId: number): Promise<string> {
  await db.query(`update customers set tags = '["mitad"]'::jsonb where store_id = $1 and external_id % 2 = 0`, [storeId]);
  const [row] = await db.query<{ id: string }>(
    `insert into segments (store_id, name, form, rules) values ($1, 'Mitad', 'simple', $2) returning id::text`,
    [storeId, JSON.stringify(simpleRules([{ field: 'customerTags', operator: 'has', values: ['mitad'] }]))],
  );
  await buildSegment(db, storeEvents(db), storeId, row!.id, () => undefined);
  const [built] = await db.query<{ customers: number }>('select customers from segments where id = $1', [row!.id]);
  console.log(`segment for the exports: ${built!.customers} customers`);
  return row!.id;
}

/** Runs `drive` in a child process (this script in child mode) and reads its figures. */
async function driveInChild(load: Load): Promise<Figures> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--drive', JSON.stringify(load)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load driver exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop()!) as Figures;
}

/** The load itself: every connection cycles the paths with one session's cookie, for `duration` seconds. */
async function drive(load: Load): Promise<Figures> {
  const samples: number[] = [];
  let next = 0;
  const beside = besideLoops(load);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        duration: load.duration,
        timeout: 10,
        setupClient: (client) => {
          const cookie = load.cookies[next++ % load.cookies.length]!;
          client.setRequests(load.paths.map((path) => ({ method: 'GET', path, headers: { cookie } })));
        },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime));
  });
  beside.running = false;
  await Promise.all(beside.loops);
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))] ?? Number.NaN;
  return {
    requestsPerSecond: samples.length / result.duration,
    p50: at(0.5),
    p95: at(0.95),
    responses: samples.length,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(load.beside ? { besideDone: beside.done, besideFailed: beside.failed } : {}),
  };
}

/** `load.beside`'s downloads, each loop starting the next as soon as one ends, until `running` is cleared. */
function besideLoops(load: Load) {
  const state = { running: true, done: 0, failed: 0, loops: [] as Promise<void>[] };
  for (let i = 0; i < (load.beside?.parallel ?? 0); i++)
    state.loops.push(
      (async () => {
        const cookie = load.cookies[i % load.cookies.length]!;
        while (state.running) {
          const response = await fetch(`${load.url}${load.beside!.path}`, { headers: { cookie } }).catch(() => null);
          const body = response ? await response.arrayBuffer().catch(() => null) : null;
          if (response?.ok && body && body.byteLength > 0) state.done += 1;
          else state.failed += 1;
        }
      })(),
    );
  return state;
}
