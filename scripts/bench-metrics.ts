/**
 * Metrics benchmark: a store of 1,000,000 orders (two lines each) from 200,000 customers over three
 * years, on PGlite and on the PostgreSQL server; the rollups rebuilt once, then p50 and p95 over 200
 * calls through the API (session, tenancy guard and validation included) of `stats`, `statsInRange`
 * (12 months by day, 3 years by week) and a page of each overview tab.
 *
 *   npm run bench:metrics [-- --orders 1000000 --customers 200000 --databases pglite,postgres --calls 200]
 *
 * Targets, on both databases: p95 under 20 ms for `stats`, under 50 ms for range queries. For scale it
 * also times the plain daily GROUP BY over the raw orders that the rollups replace.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import dayjs from 'dayjs';
import { DEMO_USERS, seedDemoStore } from '../src/server/demo-store.ts';
import { rebuildStoreMetrics } from '../src/server/features/dashboard/rebuild.ts';
import { refreshRollups } from '../src/server/features/dashboard/rollups.ts';
import { statsInRange } from '../src/server/features/dashboard/stats.ts';
import type { Database } from '../src/server/platform/database/db.ts';
import { migrate } from '../src/server/platform/database/migrations.ts';
import { secretBox } from '../src/server/platform/security/secrets.ts';
import { presetRange } from '../src/shared/date-ranges.ts';
import { benchApp, onEachDatabase } from './bench-database.ts';
import { generateStore } from './bench-store.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '200000' },
    databases: { type: 'string', default: 'pglite,postgres' },
    calls: { type: 'string', default: '200' },
  },
});
const ORDERS = Number(values.orders);
const CUSTOMERS = Number(values.customers);
const CALLS = Number(values.calls);
const PASSWORD = 'bench-metrics-1';
const TARGETS = { stats: 20, range: 50 };

const report: string[] = [];
let failed = false;
await onEachDatabase(values.databases, benchOne);
console.log(`\n${report.join('\n')}`);
process.exit(failed ? 1 : 0);

async function benchOne(kind: string, db: Database): Promise<void> {
  await migrate(db);
  await seedDemoStore(db, PASSWORD, secretBox(randomBytes(32)));
  const [store] = await db.query<{ id: number }>(`select id from stores order by id limit 1`);
  const storeId = store!.id;
  await db.query('delete from jobs');

  let started = performance.now();
  await generateStore(db, storeId, { orders: ORDERS, customers: CUSTOMERS });
  console.log(`${kind}: ${ORDERS} orders, ${ORDERS * 2} lines, ${CUSTOMERS} customers written in ${seconds(started)}`);

  started = performance.now();
  await rebuildStoreMetrics(db, storeId);
  const rebuildTime = seconds(started);
  console.log(`${kind}: rollups and overview table rebuilt in ${rebuildTime}`);

  // What one webhook costs: a customer's new order refreshes that customer, that day and the totals.
  const webhookRefresh = await timed(20, async () => {
    const customer = String(1 + Math.floor(Math.random() * CUSTOMERS));
    const [order] = await db.query<{ id: string }>(
      'select external_id::text as id from orders where store_id = $1 and customer_external_id = $2 limit 1',
      [storeId, customer],
    );
    await db.transaction((tx) => refreshRollups(tx, storeId, { customers: [customer], orders: order ? [order.id] : [] }));
  });

  const today = dayjs().format('YYYY-MM-DD');
  const rawScan = await timed(5, () =>
    db.query(
      `select (placed_at at time zone 'America/Santiago')::date as day, count(*), sum(total_amount) from orders where store_id = $1 and placed_at >= $2 group by 1`,
      [storeId, dayjs(today).subtract(12, 'month').toISOString()],
    ),
  );

  // What a dashboard load costs right after a webhook changed the data (the cache cannot answer):
  // the last 12 months against the 12 before, whose buyers are counted over three years of days.
  const computed = await timed(5, () =>
    statsInRange(db, storeId, {
      range: presetRange('last12Months', today),
      preset: 'last12Months',
      comparison: 'previousPeriod',
      granularity: 'week',
      today,
    }),
  );

  const { app, dispose } = await benchApp(db);
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_USERS[0].email, password: PASSWORD } });
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    const call = (url: string) => async () => {
      const response = await app.inject({ url, cookies });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    };
    const threeYearsAgo = dayjs(today).subtract(3, 'year').add(1, 'day').format('YYYY-MM-DD');
    const cases: [string, keyof typeof TARGETS | null, string][] = [
      ['stats', 'stats', `/backend/stores/${storeId}/stats`],
      ['statsInRange 12 months by day', 'range', `/backend/stores/${storeId}/statsInRange?preset=last12Months&granularity=day`],
      [
        'statsInRange 3 years by week',
        'range',
        `/backend/stores/${storeId}/statsInRange?from=${threeYearsAgo}&to=${today}&granularity=week`,
      ],
      ...(['products', 'locations', 'dispatchMethods', 'paymentMethods', 'discounts'] as const).map((dimension): [string, null, string] => [
        `table ${dimension}, page 2`,
        null,
        `/backend/stores/${storeId}/stats/table?dimension=${dimension}&page=2&pageSize=10`,
      ]),
    ];
    report.push(
      `${kind}: rollups and overview table rebuilt in ${rebuildTime}; a webhook's refresh p50 ${webhookRefresh.p50.toFixed(1)} ms; raw daily GROUP BY over 12 months of orders p50 ${rawScan.p50.toFixed(1)} ms; statsInRange 12 months computed without the cache p50 ${computed.p50.toFixed(1)} ms`,
    );
    for (const [name, target, url] of cases) {
      await call(url)(); // warm-up
      const { p50, p95 } = await timed(CALLS, call(url));
      const verdict = target ? (p95 < TARGETS[target] ? `✔ under ${TARGETS[target]} ms` : `✘ over ${TARGETS[target]} ms`) : '';
      if (target && p95 >= TARGETS[target]) failed = true;
      report.push(`  ${name.padEnd(36)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${verdict}`);
      console.log(report[report.length - 1]);
    }
  } finally {
    await dispose();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const begin = performance.now();
    await run();
    samples.push(performance.now() - begin);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) => samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}
