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
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runSync } from '../src/server/features/integrations/sync.ts';
import { createShopifyClient, type ShopifyClient } from '../src/server/integrations/shopify/client.ts';
import { SANDBOX_SHOP, SANDBOX_TOKEN, startShopifySandbox } from '../src/server/integrations/shopify/sandbox/index.ts';
import { benchDatabase } from './bench-database.ts';
import { migrate } from '../src/server/platform/migrations.ts';

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
  const sandbox = await startShopifySandbox({ orders, customers: Math.round(orders * 0.32), now: NOW, bulkDelayMs: 50, throttle: { restoreRate: 100_000, maximumAvailable: 100_000 } });
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
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve-sandbox', String(size)], { stdio: ['ignore', 'pipe', 'inherit'] });
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

    // Time spent waiting for the API's next record: the importer's own pace leaves it out.
    let waitingMs = 0;
    let ordersSeen = 0;
    const real = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint });
    const client: ShopifyClient = {
      ...real,
      bulkExport: ((kindName: 'orders', options) =>
        (async function* () {
          const iterator = real.bulkExport(kindName, options)[Symbol.asyncIterator]();
          for (;;) {
            const started = performance.now();
            const next = await iterator.next();
            waitingMs += performance.now() - started;
            if (next.done) return;
            if (kindName === 'orders' && next.value.kind === 'order') ordersSeen += 1;
            yield next.value;
          }
        })()) as ShopifyClient['bulkExport'],
    };

    const expected = await real.ordersCount();
    const quarters: string[] = [];
    let peak = 0;
    let oneYearAt: number | null = null;
    const started = performance.now();
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      peak = Math.max(peak, rss);
      if (quarters.length < 4 && ordersSeen >= (expected * (quarters.length + 1)) / 4) quarters.push(`${Math.round(rss / 2 ** 20)} MB`);
    }, 100);
    const phaseWatch = setInterval(async () => {
      if (oneYearAt !== null) return;
      const [row] = await db.query<{ phase: string }>('select phase from store_syncs where store_id = $1', [store!.id]);
      if (row && row.phase !== 'lastYear') oneYearAt = performance.now() - started;
    }, 200);
    await runSync(db, client, store!.id, { heartbeat: async () => undefined, signal: new AbortController().signal }, null, NOW);
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    clearInterval(phaseWatch);
    const [{ orders, items }] = (await db.query<{ orders: number; items: number }>(
      `select (select count(*)::integer from orders where store_id = $1) as orders, (select count(*)::integer from order_line_items where store_id = $1) as items`,
      [store!.id],
    )) as [{ orders: number; items: number }];
    if (orders !== expected) throw new Error(`imported ${orders} orders, the sandbox has ${expected}`);
    const line =
      `${kind.padEnd(8)} ${String(size).padStart(8)} orders (${orders} imported, ${items} line items): ` +
      `${(totalMs / 1000).toFixed(1)} s, ${Math.round(orders / (totalMs / 1000))} orders/s end to end, ` +
      `${Math.round(orders / ((totalMs - waitingMs) / 1000))} orders/s importer pace, ` +
      `FINISHED_ONE_YEAR after ${((oneYearAt ?? totalMs) / 1000).toFixed(1)} s, RSS by quarter ${quarters.join(' / ')}, peak ${Math.round(peak / 2 ** 20)} MB`;
    console.log(line);
    return line;
  } finally {
    await dispose();
  }
}
