/**
 * The Shopify sandbox store on this machine.
 *
 *   tsx scripts/shopify-sandbox.ts [--port 3900] [--host 127.0.0.1] [--seed 1] [--customers 8000] [--orders 25000]
 *                                  [--now 2026-01-15T00:00:00Z] [--live] [--webhook-interval 60]
 *
 * With `--bench`, it instead exports every order through the real client and reports orders per
 * second and peak memory (e.g. `--bench --customers 320000 --orders 1000000`).
 */
import { parseArgs } from 'node:util';
import { createShopifyClient } from '../src/server/integrations/shopify/client.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  SANDBOX_WEBHOOK_SECRET,
  startShopifySandbox,
} from '../src/server/integrations/shopify/sandbox/index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3900' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    customers: { type: 'string' },
    orders: { type: 'string' },
    now: { type: 'string' },
    live: { type: 'boolean', default: false },
    'webhook-interval': { type: 'string', default: '60' },
    bench: { type: 'boolean', default: false },
  },
});

const number = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number, got "${value}"`);
  return parsed;
};
const now = values.now ? new Date(values.now) : undefined;
if (now && Number.isNaN(now.getTime())) throw new Error(`--now must be a date, got "${values.now}"`);

const options = {
  seed: number('seed', values.seed),
  customers: number('customers', values.customers),
  orders: number('orders', values.orders),
  now,
};

if (values.bench) await bench();
else await serve();

async function serve(): Promise<void> {
  const started = Date.now();
  const sandbox = await startShopifySandbox({
    ...options,
    port: number('port', values.port),
    host: values.host,
    liveWebhooks: values.live,
    webhookIntervalMs: (number('webhook-interval', values['webhook-interval']) ?? 60) * 1000,
  });
  const orders = sandbox.store.currentIndex().time.length;
  console.log(`Shopify sandbox ready in ${Date.now() - started} ms (${orders} orders generated up to the index horizon)`);
  console.log(`  endpoint      ${sandbox.endpoint}`);
  console.log(`  shop          ${SANDBOX_SHOP}`);
  console.log(`  access token  ${SANDBOX_TOKEN}`);
  console.log(
    `  webhooks      signed with "${SANDBOX_WEBHOOK_SECRET}"${values.live ? `, sent every ${values['webhook-interval']} s` : ' (live webhooks off: --live)'}`,
  );
  const stop = async () => {
    await sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function bench(): Promise<void> {
  let peakRss = 0;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 100);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const startRss = process.memoryUsage().rss;

  let started = performance.now();
  const sandbox = await startShopifySandbox({ ...options, bulkDelayMs: 50 });
  const indexed = sandbox.store.currentIndex().time.length;
  sample();
  const indexRss = process.memoryUsage().rss;
  console.log(`index of ${indexed} orders built in ${Math.round(performance.now() - started)} ms; RSS ${mb(startRss)} → ${mb(indexRss)}`);

  const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
  started = performance.now();
  let orders = 0;
  let lineItems = 0;
  let total = 0;
  const checkpoints: string[] = [];
  for await (const record of client.bulkExport('orders')) {
    if (record.kind === 'order') {
      orders++;
      total += Number(record.currentTotalPriceSet.shopMoney.amount);
      if (orders % 250_000 === 0) {
        sample();
        checkpoints.push(`${orders}: ${mb(process.memoryUsage().rss)}`);
      }
    } else lineItems++;
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  clearInterval(sampler);
  console.log(
    `exported ${orders} orders and ${lineItems} line items in ${seconds.toFixed(1)} s: ${Math.round(orders / seconds)} orders/s (${Math.round((orders + lineItems) / seconds)} records/s)`,
  );
  console.log(`sum of totals ${total} CLP`);
  console.log(`RSS at checkpoints ${checkpoints.join(', ')}; peak ${mb(peakRss)}`);
  await sandbox.close();
}
