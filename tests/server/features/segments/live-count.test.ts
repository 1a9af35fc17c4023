import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveCounts } from '../../../../src/server/features/segments/live-count.ts';
import { countMatching } from '../../../../src/server/features/segments/membership.ts';
import type { Queryable } from '../../../../src/server/platform/database/db.ts';
import type { StoreEvent } from '../../../../src/server/platform/store-data/store-events.ts';
import { type SegmentCondition, simpleRules } from '../../../../src/shared/segments.ts';
import { signIn, startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * The forms' live count in memory (features/segments/live-count.ts): it answers what the compiled SQL
 * answers, and follows the store through its events, including a writer whose event commits after a
 * later one's (PostgreSQL only: PGlite runs one transaction at a time).
 */

let server: TestServer;
let store: number;
let counts: LiveCounts;

const daysAgo = (days: number) => dayjs().subtract(days, 'day').hour(12).toISOString();

const RULES = {
  boughtThisMonth: simpleRules([{ field: 'purchase', operator: 'is', period: { kind: 'last', amount: 30, unit: 'day' } }]),
  vip: simpleRules([{ field: 'customerTags', operator: 'has', values: [' VIP'] }]),
  shoes: simpleRules([{ field: 'productTypes', operator: 'has', values: ['zapatillas'] }]),
  twoOrMore: simpleRules([{ field: 'ordersCount', operator: 'fromTo', from: 2 }]),
  aboveAverage: simpleRules([{ field: 'averageOrderValue', operator: 'is', value: 'aboveStoreAverage' }]),
  discountedLastYear: simpleRules([
    { field: 'purchaseType', operator: 'is', value: 'withDiscount', period: { kind: 'last', amount: 1, unit: 'year' } },
  ]),
  neverBought: simpleRules([{ field: 'purchase', operator: 'isNot', period: { kind: 'anytime' } }] satisfies SegmentCondition[]),
};

let nextOrder = 100;

async function addOrder(tx: Queryable, customer: number, days: number, total: number, product: number, discounted = false) {
  const id = nextOrder++;
  await tx.query(
    `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, discount_total, financial_status)
     values ($1, $2, $3, $4, $5, $6, 'PAID')`,
    [store, id, daysAgo(days), total, customer, discounted ? 1000 : 0],
  );
  await tx.query(
    `insert into order_line_items (store_id, external_id, order_external_id, product_external_id, title, quantity, original_total, discounted_total)
     values ($1, $2, $2, $3, 'Producto', 1, $4, $4)`,
    [store, id, product, total],
  );
  return { kind: 'order_created', customers: [String(customer)], orders: [String(id)] } satisfies StoreEvent;
}

/** Writes and records in one transaction, then lets the rollups catch up (the store average moves). */
async function change(write: (tx: Queryable) => Promise<StoreEvent[]>) {
  await server.db.transaction(async (tx) => server.app.events.record(tx, store, await write(tx)));
  while ((await server.app.jobs.drain()) > 0) {}
}

/** Every rule set, counted in memory and by the compiled SQL. */
async function bothWays() {
  const entries = Object.entries(RULES);
  const live = Object.fromEntries(await Promise.all(entries.map(async ([name, rules]) => [name, await counts.count(store, rules)])));
  const sql = Object.fromEntries(
    await Promise.all(entries.map(async ([name, rules]) => [name, await countMatching(server.db, store, rules)])),
  );
  expect(live).toEqual(sql);
  return live;
}

beforeAll(async () => {
  server = await startTestServer();
  store = (await signIn(server.app, 'demo@recompra.cl')).user.store!;
  // The demo store's import is not what this is about (no Shopify answers here).
  await server.db.query('delete from jobs');
  await server.db.query(
    `insert into products (store_id, external_id, title, product_type) values ($1, 1, 'Zapatilla', 'Zapatillas'), ($1, 2, 'Polera', 'Poleras')`,
    [store],
  );
  await change(async (tx) => {
    await tx.query(
      `insert into customers (store_id, external_id, first_name, tags)
       values ($1, 1, 'Ana', '["VIP"]'), ($1, 2, 'Berta', '[]'), ($1, 3, 'Carla', '[]'), ($1, 4, 'Dora', '[]')`,
      [store],
    );
    return [
      await addOrder(tx, 1, 5, 50_000, 1),
      await addOrder(tx, 1, 200, 30_000, 2, true),
      await addOrder(tx, 2, 10, 10_000, 2, true),
      await addOrder(tx, 3, 400, 90_000, 1),
    ];
  });
  counts = new LiveCounts(server.db);
  await counts.loaded(store);
});
afterAll(async () => {
  await counts?.close();
  await server?.close();
});

describe('the live count in memory', () => {
  it('counts what the compiled rules count', async () => {
    expect(await bothWays()).toEqual({
      boughtThisMonth: 2,
      vip: 1,
      shoes: 2,
      twoOrMore: 1,
      aboveAverage: 1,
      discountedLastYear: 1,
      neverBought: 1,
    });
  });

  it('follows new orders, customers, tags, products and erasures through the store events', async () => {
    await change(async (tx) => [await addOrder(tx, 4, 1, 20_000, 1), await addOrder(tx, 3, 2, 15_000, 2)]);
    expect(await bothWays()).toMatchObject({ boughtThisMonth: 4, shoes: 3, twoOrMore: 2, neverBought: 0 });

    await change(async (tx) => {
      await tx.query(`insert into customers (store_id, external_id, first_name, tags) values ($1, 5, 'Elena', '["vip"]')`, [store]);
      await tx.query(`update customers set tags = '["vip "]' where store_id = $1 and external_id = 2`, [store]);
      return [{ kind: 'customers_touched', customers: ['5', '2'] }];
    });
    expect(await bothWays()).toMatchObject({ vip: 3, neverBought: 1 });

    await change(async (tx) => {
      await tx.query(`update products set product_type = 'Zapatillas' where store_id = $1 and external_id = 2`, [store]);
      return [{ kind: 'products_touched' }];
    });
    expect(await bothWays()).toMatchObject({ shoes: 4 });

    await change(async (tx) => {
      await tx.query('delete from customers where store_id = $1 and external_id = 1', [store]);
      return [{ kind: 'customer_erased', customers: ['1'] }];
    });
    expect(await bothWays()).toMatchObject({ vip: 2, shoes: 3 });
  });

  it('loads again after a change to everything, answering from the compiled rules meanwhile', async () => {
    await change(async (tx) => {
      await tx.query(`update customers set tags = '[]' where store_id = $1`, [store]);
      return [{ kind: 'import_phase_finished', detail: { phase: 'refresh' } }];
    });
    // The load starts with this count, which the compiled rules answer.
    expect(await counts.count(store, RULES.vip)).toBe(0);
    await counts.loaded(store);
    expect(await bothWays()).toMatchObject({ vip: 0 });
  });

  it.runIf(process.env.TEST_DATABASE_URL)('sees a writer whose event committed after a later event', async () => {
    // Recorded by hand: the store events' delivery rows would make the two writers wait on each other.
    const record = (tx: Queryable, event: StoreEvent) =>
      tx.query(`insert into store_events (store_id, kind, customers) values ($1, $2, $3::bigint[])`, [store, event.kind, event.customers]);
    const before = await counts.count(store, RULES.twoOrMore);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let recorded!: () => void;
    const written = new Promise<void>((resolve) => {
      recorded = resolve;
    });
    // The slow writer takes its transaction and event ids first, and commits last.
    const slow = server.db.transaction(async (tx) => {
      await addOrder(tx, 5, 1, 5_000, 2);
      await record(tx, await addOrder(tx, 5, 3, 5_000, 2));
      recorded();
      await held;
    });
    await written;
    await server.db.transaction(async (tx) => record(tx, await addOrder(tx, 2, 1, 5_000, 1)));
    expect(await counts.count(store, RULES.twoOrMore)).toBe(before + 1);
    release();
    await slow;
    expect(await counts.count(store, RULES.twoOrMore)).toBe(before + 2);
  });
});
