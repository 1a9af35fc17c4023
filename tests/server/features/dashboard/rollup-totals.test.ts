import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshRollups } from '../../../../src/server/features/dashboard/rollups.ts';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { addStore, migratedDatabase } from '../../support/harness.ts';

// The store-wide totals follow a refresh of a few customers by difference (rollups.ts); each step
// below must leave exactly what a rebuild from scratch gives, above all the "high value" count, whose
// mean moves with every change.
let db: Database;
let store: number;
let nextOrder = 1;
beforeAll(async () => {
  db = await migratedDatabase();
  store = await addStore(db, 'Totales');
  // Five customers with one order each: 100 … 500, so the mean of their averages is 300.
  for (const [customer, total] of [
    [1, 100],
    [2, 200],
    [3, 300],
    [4, 400],
    [5, 500],
  ])
    await order(customer!, total!);
  await db.transaction((tx) => refreshRollups(tx, store));
});
afterAll(() => db.close());

async function order(customer: number, total: number, discount = 0): Promise<string> {
  const id = String(nextOrder++);
  await db.query(
    `insert into orders (store_id, external_id, name, placed_at, total_amount, customer_external_id, discount_total)
     values ($1, $2, $3, '2026-06-01T15:00:00Z', $4, $5, $6)`,
    [store, id, `#${id}`, total, customer, discount],
  );
  return id;
}

const totals = async () =>
  (
    await db.query(
      `select customers, repeat_customers, high_value, offer, average_sum::text, round(frequency_days_sum::numeric, 6)::text as frequency
         from store_customer_totals where store_id = $1`,
      [store],
    )
  )[0];

/** Refreshes only `customers`, then checks the result against a rebuild from scratch. */
async function refreshAndCompare(customers: number[], orders: string[]) {
  await db.transaction((tx) => refreshRollups(tx, store, { customers: customers.map(String), orders }));
  const incremental = await totals();
  await db.transaction((tx) => refreshRollups(tx, store));
  expect(incremental).toEqual(await totals());
  return incremental as { high_value: number; customers: number };
}

it('counts the customers above the mean as it rises past untouched customers', async () => {
  expect(await totals()).toMatchObject({ customers: 5, high_value: 2 });
  // Customer 5's average jumps to 5,250: the mean rises to 1,250, and customer 4 (400) falls below it.
  const result = await refreshAndCompare([5], [await order(5, 10_000)]);
  expect(result).toMatchObject({ customers: 5, high_value: 1 });
});

it('counts them as the mean falls below untouched customers', async () => {
  // Customer 5's big order is cancelled: back to a mean of 300, and customer 4 is above it again.
  await db.query(`update orders set cancelled_at = now() where store_id = $1 and total_amount = 10000`, [store]);
  const result = await refreshAndCompare([5], []);
  expect(result).toMatchObject({ customers: 5, high_value: 2 });
});

it('follows new customers, repeat buyers and discounted first orders', async () => {
  const first = await order(6, 50, 5);
  const repeat = await order(1, 700);
  const result = await refreshAndCompare([6, 1], [first, repeat]);
  expect(result).toMatchObject({ customers: 6 });
});
