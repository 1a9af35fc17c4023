/**
 * Webhook burst benchmark (a CyberDay): a store of 1,000,000 orders from 200,000 customers, then 1,000
 * signed `orders/create` webhooks posted over HTTP as fast as the server takes them (20 in flight), with
 * the job worker running as in production. The clock stops when every webhook was answered 200 and every
 * store-events subscriber has handled every event; the figure is webhooks per second over that time.
 *
 *   npm run bench:webhooks [-- --orders 1000000 --customers 200000 --webhooks 1000 --databases pglite,postgres]
 *
 * Target, on both databases: at least 50 webhooks a second, every subscriber done.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { seedDemoStore } from '../src/server/demo-store.ts';
import { rebuildStoreMetrics } from '../src/server/features/dashboard/rebuild.ts';
import type { Database } from '../src/server/platform/database/db.ts';
import { migrate } from '../src/server/platform/database/migrations.ts';
import { secretBox } from '../src/server/platform/security/secrets.ts';
import { orderWebhookBody, postOrderWebhooks, subscribersDone } from './bench-burst.ts';
import { benchApp, onEachDatabase } from './bench-database.ts';
import { generateStore } from './bench-store.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '200000' },
    webhooks: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});
const ORDERS = Number(values.orders);
const CUSTOMERS = Number(values.customers);
const WEBHOOKS = Number(values.webhooks);
const CONCURRENCY = Number(values.concurrency);
const TARGET_PER_SECOND = 50;

const report: string[] = [];
let failed = false;
await onEachDatabase(values.databases, benchOne);
console.log(`\n${report.join('\n')}`);
process.exit(failed ? 1 : 0);

async function benchOne(kind: string, db: Database): Promise<void> {
  await migrate(db);
  await seedDemoStore(db, 'bench-webhooks-1', secretBox(randomBytes(32)));
  const [store] = await db.query<{ id: number }>(`select id from stores order by id limit 1`);
  const storeId = store!.id;
  // The demo's import is not what is measured: its store is written below.
  await db.query('delete from jobs');
  await db.query(`update store_syncs set status = 'FINISHED', phase = 'done' where store_id = $1`, [storeId]);
  let started = performance.now();
  await generateStore(db, storeId, { orders: ORDERS, customers: CUSTOMERS });
  await rebuildStoreMetrics(db, storeId);
  console.log(`${kind}: ${ORDERS} orders, ${CUSTOMERS} customers written and rolled up in ${seconds(started)}`);

  const { app, config, dispose } = await benchApp(db);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  app.jobs.start();
  try {
    const webhooks = Array.from({ length: WEBHOOKS }, (_, i) => ({
      id: `bench-${i}`,
      body: orderWebhookBody(ORDERS + 1 + i, 1 + ((i * 7919) % CUSTOMERS)),
    }));
    started = performance.now();
    const statuses = await postOrderWebhooks(address, config.shopifyWebhookSecret, webhooks, CONCURRENCY);
    const answered = performance.now() - started;
    await subscribersDone(db);
    const total = performance.now() - started;
    const [applied] = await db.query<{ orders: number }>(
      `select count(*)::integer as orders from orders where store_id = $1 and external_id > $2`,
      [storeId, ORDERS],
    );
    const [failures] = await db.query<{ count: number }>(`select count(*)::integer as count from jobs where status = 'failed'`);
    const perSecond = (WEBHOOKS * 1000) / total;
    const ok = statuses.get(200) === WEBHOOKS && applied!.orders === WEBHOOKS && failures!.count === 0 && perSecond >= TARGET_PER_SECOND;
    if (!ok) failed = true;
    report.push(
      `${kind}: ${WEBHOOKS} order webhooks answered in ${(answered / 1000).toFixed(1)} s, every subscriber done after ${(total / 1000).toFixed(1)} s: ` +
        `${perSecond.toFixed(0)} webhooks/s ${ok ? `✔ at least ${TARGET_PER_SECOND}` : '✘'} (answers ${JSON.stringify(Object.fromEntries(statuses))}, ${applied!.orders} orders applied, ${failures!.count} failed jobs)`,
    );
    console.log(report[report.length - 1]);
  } finally {
    await dispose();
  }
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
