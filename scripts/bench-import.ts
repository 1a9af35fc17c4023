/**
 * Import benchmark: the Shopify sandbox store at each size, imported through the real client and
 * sync job into PGlite and into the PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432/test).
 *
 *   npm run bench:import [-- --sizes 25000,1000000] [-- --databases pglite,postgres]
 *
 * The sandbox runs in its own process, as Shopify would be elsewhere. Reported per run: orders per
 * second end to end, orders per second of the importer itself (time spent waiting for the API's
 * next record left out), time to FINISHED_ONE_YEAR, and RSS at each quarter of the import and at peak.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { storeEvents } from '../src/server/app.ts';
import { runSync, type SyncStep } from '../src/server/features/integrations/store/sync.ts';
import { createShopifyClient, type ShopifyClient } from '../src/server/integrations/shopify/client.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN, startShopifySandbox } from '../src/server/integrations/shopify/sandbox/index.ts';
import type { Database } from '../src/server/platform/database/db.ts';
import { migrate } from '../src/server/platform/database/migrations.ts';
import { benchDatabase } from './bench-database.ts';

const NOW = new Date('2026-11-01T00:00:00Z');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '25000,1000000' },
    databases: { type: 'string', default: 'pglite,postgres' },
    'serve-sandbox': { type: 'string' },
  },
});

if (values['serve-sandbox']) {
  // Child mode: serve the sandbox for one size, with a cost bucket that does not hold the import back.
  const orders = Number(values['serve-sandbox']);
  const sandbox = await startShopifySandbox({
    orders,
    customers: Math.round(orders * 0.32),
    now: NOW,
    bulkDelayMs: 50,
    throttle: { restoreRate: 100_000, maximumAvailable: 100_000 },
  });
  console.log(`ENDPOINT ${sandbox.endpoint}`);
} else {
  const sizes = values.sizes.split(',').map(Number);
  const databases = values.databases.split(',');
  const rows: string[] = [];
  for (const size of sizes) {
    const { endpoint, child } = await serveSandbox(size);
    try {
      for (const kind of databases) {
        const result = await benchOne(kind, size, endpoint);
        if (result) rows.push(result);
      }
    } finally {
      child.kill('SIGTERM');
    }
  }
  console.log(`\n${rows.join('\n')}`);
}

async function serveSandbox(size: number): Promise<{ endpoint: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve-sandbox', String(size)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ENDPOINT (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { endpoint, child };
}

async function benchOne(kind: string, size: number, endpoint: string): Promise<string | null> {
  const fresh = await benchDatabase(kind);
  if (!fresh) return null;
  const { db, dispose } = fresh;
  try {
    await migrate(db);
    const [store] = await db.query<{ id: number }>(`insert into stores (name) values ('Bench') returning id`);
    await db.query('insert into store_syncs (store_id) values ($1)', [store!.id]);

    const real = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint });
    let ordersSeen = 0;
    const stepStarted = new Map<SyncStep | 'start', number>([['start', performance.now()]]);
    const client: ShopifyClient = {
      ...real,
      bulkExport: ((kindName: 'orders', options) =>
        (async function* () {
          for await (const record of real.bulkExport(kindName, options)) {
            if (record.kind === 'order') ordersSeen += 1;
            yield record;
          }
        })()) as ShopifyClient['bulkExport'],
    };

    const expected = await real.ordersCount();
    const quarters: string[] = [];
    let peak = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peak = Math.max(peak, rss);
      if (quarters.length < 4 && ordersSeen >= (expected * (quarters.length + 1)) / 4) quarters.push(`${Math.round(rss / 2 ** 20)} MB`);
    }, 100);
    const onStep = (step: SyncStep) => stepStarted.set(step, performance.now());
    await runSync(
      { db, events: storeEvents(db) },
      client,
      store!.id,
      { heartbeat: async () => undefined, signal: new AbortController().signal, onStep },
      null,
      NOW,
    );
    clearInterval(sampler);
    const at = (name: SyncStep | 'start') => stepStarted.get(name) ?? 0;
    const between = (from: SyncStep, to: SyncStep) => at(to) - at(from);
    const totalMs = at('done') - at('start');
    const [{ orders, items }] = (await db.query<{ orders: number; items: number }>(
      `select (select count(*)::integer from orders where store_id = $1) as orders, (select count(*)::integer from order_line_items where store_id = $1) as items`,
      [store!.id],
    )) as [{ orders: number; items: number }];
    if (orders !== expected) throw new Error(`imported ${orders} orders, the sandbox has ${expected}`);
    const ordersMs = between('lastYearOrders', 'checkouts') + between('historyOrders', 'historyMetrics');
    const apiAlone = await pace(expected, async () => {
      for await (const record of real.bulkExport('orders')) void record;
    });
    const ceiling = await bareCeiling(db, real, expected);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const line =
      `${kind.padEnd(8)} ${String(size).padStart(8)} orders (${orders} imported, ${items} line items): ${seconds(totalMs)}, ` +
      `${Math.round(orders / (totalMs / 1000))} orders/s end to end; orders ${Math.round(orders / (ordersMs / 1000))} orders/s ` +
      `(the API alone ${apiAlone}, the bare ceiling ${ceiling}); catalogue ${seconds(between('catalogue', 'lastYearOrders'))}, ` +
      `metrics ${seconds(between('lastYearMetrics', 'historyOrders') + between('historyMetrics', 'done'))}; ` +
      `FINISHED_ONE_YEAR after ${seconds(at('historyOrders') - at('start'))}; RSS by quarter ${quarters.join(' / ')}, peak ${Math.round(peak / 2 ** 20)} MB`;
    console.log(line);
    return line;
  } finally {
    await dispose();
  }
}

/** Orders per second of `run`, by the wall clock. */
async function pace(orders: number, run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round(orders / ((performance.now() - started) / 1000));
}

/**
 * The reference the importer's pace is held to, measured the same way on the same export: the JSONL
 * read and parsed by the client plus batched `unnest` inserts of each order (id, customer, date,
 * total) and its line items (id, order, product, quantity, total) into tables with no index.
 */
async function bareCeiling(db: Database, client: ShopifyClient, expected: number): Promise<number> {
  await db.exec(`create table bare_orders (id bigint, customer bigint, placed_at timestamptz, total numeric);
                 create table bare_items (id bigint, order_id bigint, product bigint, quantity integer, total numeric)`);
  try {
    const gidNumber = (gid: string | undefined) => (gid ? gid.slice(gid.lastIndexOf('/') + 1) : null);
    let orders: unknown[][] = [[], [], [], []];
    let items: unknown[][] = [[], [], [], [], []];
    const flush = async () => {
      await db.query('insert into bare_orders select * from unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::numeric[])', orders);
      await db.query(
        'insert into bare_items select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::integer[], $5::numeric[])',
        items,
      );
      orders = [[], [], [], []];
      items = [[], [], [], [], []];
    };
    return await pace(expected, async () => {
      for await (const record of client.bulkExport('orders')) {
        if (record.kind === 'order') {
          if (orders[0]!.length >= 2000) await flush();
          [gidNumber(record.id), gidNumber(record.customer?.id), record.createdAt, record.currentTotalPriceSet?.shopMoney.amount].forEach(
            (value, i) => orders[i]!.push(value),
          );
        } else {
          [
            gidNumber(record.id),
            gidNumber(record.__parentId),
            gidNumber(record.product?.id),
            record.quantity,
            record.discountedTotalSet?.shopMoney.amount,
          ].forEach((value, i) => items[i]!.push(value));
        }
      }
      await flush();
    });
  } finally {
    await db.exec('drop table bare_orders; drop table bare_items');
  }
}
