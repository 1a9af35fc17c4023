import type { Queryable } from '../../platform/database/db.ts';
import { ABANDONED_CART, countedOrder } from '../../platform/store-data/counted-orders.ts';
import { storeTimeZone } from '../../platform/store-data/store-calendar.ts';

/*
 * The metric rollups (migrations 0005 and 0014): per-customer aggregates, counted orders by day, the
 * days each customer bought on, customers by the day of their newest order and activity, and
 * today-independent totals. The dashboard's store-events
 * subscriber (rebuild.ts) rebuilds them whole when an import phase or the nightly refresh ends, and
 * otherwise refreshes only the customers and days a batch of webhooks touched. Dashboard reads
 * (repository.ts) read only these. Writing them is this engine's whole job, so its SQL stays here.
 *
 * What counts (the definitions the dashboard's help texts repeat):
 * - A counted order is a real one (not a test order), paid or authorized (a bank transfer waiting for
 *   its money counts once it is paid), not cancelled and not voided or fully refunded;
 *   its income is its current total (after returns and edits) less refunds that returned nothing, in the
 *   shop's currency. It is placed when Shopify says it was processed (orders imported from another
 *   platform keep their original date). Every figure below reads counted orders only.
 * - Days are calendar days in the store's Shopify time zone.
 * - A customer is someone with a counted order. Their activity is their newest counted order or
 *   abandoned cart (SPEC §9 "active"); someone who only left carts is not a customer yet.
 */

/** What a refresh covers: everything, or the customers and orders a webhook touched (platform ids). */
export type RefreshScope = 'all' | { customers: string[]; orders: string[] };

/** Rebuilds the store's rollups for `scope`, in one transaction (the dashboard's store-events subscriber runs it). */
export async function refreshRollups(db: Queryable, storeId: number, scope: RefreshScope = 'all'): Promise<void> {
  const tz = await storeTimeZone(db, storeId);
  if (scope === 'all') {
    // The planner needs the freshly imported rows' shape (PGlite has no autovacuum to learn it).
    await db.query('analyze orders, abandoned_checkouts');
    await rebuildCustomers(db, storeId, tz, null);
    for (const table of ['store_daily_stats', 'customer_order_days', 'store_customer_days'])
      await db.query(`delete from ${table} where store_id = $1`, [storeId]);
    await rebuildDays(db, storeId, tz, null);
    await rebuildCustomerDays(db, storeId, null);
    await rebuildTotals(db, storeId);
  } else {
    const customers = scope.customers;
    const before = await customerDays(db, storeId, customers);
    const state = await totalsState(db, storeId);
    const sumsBefore = await customerSums(db, storeId, customers, state?.mean ?? null);
    await rebuildCustomers(db, storeId, tz, customers);
    const after = await customerDays(db, storeId, customers);
    await shiftTotals(db, storeId, customers, state, sumsBefore);
    const orderDays = await db.query<{ day: string }>(
      'select distinct (placed_at at time zone $3)::date::text as day from orders where store_id = $1 and external_id = any($2::bigint[])',
      [storeId, scope.orders, tz],
    );
    const moved = movedDays(before, after);
    const days = [...new Set([...orderDays.map((row) => row.day), ...moved.firstOrder])];
    for (const table of ['store_daily_stats', 'customer_order_days'])
      await db.query(`delete from ${table} where store_id = $1 and day = any($2::date[])`, [storeId, days]);
    await rebuildDays(db, storeId, tz, days);
    await db.query('delete from store_customer_days where store_id = $1 and day = any($2::date[])', [storeId, moved.recency]);
    await rebuildCustomerDays(db, storeId, moved.recency);
  }
}

/** Where a customer weighs on the daily rollups: first order (new customers), newest order (and whether a repeat buyer), newest activity. */
interface CustomerDays {
  first_order_day: string | null;
  last_order_day: string | null;
  repeat: boolean;
  last_activity_day: string;
}

async function customerDays(db: Queryable, storeId: number, customers: string[]): Promise<Map<string, CustomerDays>> {
  const rows = await db.query<CustomerDays & { customer: string }>(
    `select customer_external_id::text as customer, first_order_day::text, last_order_day::text, orders_count >= 2 as repeat,
            last_activity_day::text
       from customer_stats where store_id = $1 and customer_external_id = any($2::bigint[])`,
    [storeId, customers],
  );
  return new Map(rows.map(({ customer, ...days }) => [customer, days]));
}

/**
 * The days whose rollups a refresh changes: a customer's days before and after, but only where they
 * moved. A new order from a returning customer moves their newest-order day, not their first-order
 * day, so that day's new-customer count is left alone (the refresh of a batch reads far fewer days).
 */
function movedDays(before: Map<string, CustomerDays>, after: Map<string, CustomerDays>): { firstOrder: string[]; recency: string[] } {
  const firstOrder = new Set<string>();
  const recency = new Set<string>();
  const absent: CustomerDays = { first_order_day: null, last_order_day: null, repeat: false, last_activity_day: '' };
  for (const customer of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(customer) ?? absent;
    const is = after.get(customer) ?? absent;
    if (was.first_order_day !== is.first_order_day)
      for (const day of [was.first_order_day, is.first_order_day]) if (day) firstOrder.add(day);
    if (was.last_order_day !== is.last_order_day || was.repeat !== is.repeat)
      for (const day of [was.last_order_day, is.last_order_day]) if (day) recency.add(day);
    if (was.last_activity_day !== is.last_activity_day)
      for (const day of [was.last_activity_day, is.last_activity_day]) if (day) recency.add(day);
  }
  return { firstOrder: [...firstOrder], recency: [...recency] };
}

async function rebuildCustomers(db: Queryable, storeId: number, tz: string, customers: string[] | null): Promise<void> {
  const only = (alias = '') => (customers ? `and ${alias}customer_external_id = any($3::bigint[])` : '');
  const params = customers ? [storeId, tz, customers] : [storeId, tz];
  // Units per order: every line item of the store summed in one pass for a whole rebuild, looked up by
  // order for a few customers.
  const units = customers
    ? `left join lateral (select sum(l.quantity) as units from order_line_items l
                           where l.store_id = o.store_id and l.order_external_id = o.external_id) u on true`
    : `left join (select order_external_id, sum(quantity) as units from order_line_items where store_id = $1 group by 1) u
              on u.order_external_id = o.external_id`;
  await db.query(
    `delete from customer_stats where store_id = $1 ${customers ? 'and customer_external_id = any($2::bigint[])' : ''}`,
    customers ? [storeId, customers] : [storeId],
  );
  // One sort by (customer, time) numbers each customer's orders both ways at once.
  await db.query(
    `with counted as (
       select o.customer_external_id as customer, o.placed_at, o.total_amount, o.discount_total > 0 as discounted,
              (o.placed_at at time zone $2)::date as day, coalesce(u.units, 0) as units,
              row_number() over (partition by o.customer_external_id order by o.placed_at, o.external_id) as n,
              count(*) over (partition by o.customer_external_id) as orders_count
         from orders o
         ${units}
        where o.store_id = $1 and o.customer_external_id is not null and ${countedOrder('o.')} ${only('o.')}),
     per_customer as (
       select customer, count(*) as orders_count, sum(total_amount) as total_spent, count(*) filter (where discounted) as discounted_orders,
              sum(units) as units,
              min(placed_at) as first_order_at, min(placed_at) filter (where n = 2) as second_order_at, max(placed_at) as last_order_at,
              min(day) as first_order_day, max(day) as last_order_day, min(day) filter (where n = orders_count - 2) as third_last_order_day
         from counted group by customer),
     carts as (
       select customer_external_id as customer, max((created_at at time zone $2)::date) as day
         from abandoned_checkouts
        where store_id = $1 and customer_external_id is not null and ${ABANDONED_CART} ${only()}
        group by customer_external_id)
     insert into customer_stats (store_id, customer_external_id, orders_count, total_spent, discounted_orders, units, first_order_at,
                                 second_order_at, last_order_at, first_order_day, last_order_day, third_last_order_day, last_activity_day)
     select $1, p.customer, p.orders_count, p.total_spent, p.discounted_orders, p.units, p.first_order_at, p.second_order_at, p.last_order_at,
            p.first_order_day, p.last_order_day, p.third_last_order_day, greatest(p.last_order_day, c.day)
       from per_customer p left join carts c on c.customer = p.customer`,
    params,
  );
}

/** Counted orders by day, and the customers who bought each day; `days` limits it to those days (each read through the placed-at index). */
async function rebuildDays(db: Queryable, storeId: number, tz: string, days: string[] | null): Promise<void> {
  const source = days
    ? `select d.day, o.total_amount, o.customer_external_id
         from unnest($3::date[]) as d(day)
         join orders o on o.store_id = $1 and o.placed_at >= (d.day::timestamp at time zone $2) and o.placed_at < ((d.day + 1)::timestamp at time zone $2)
        where ${countedOrder('o.')}`
    : `select (placed_at at time zone $2)::date as day, total_amount, customer_external_id from orders where store_id = $1 and ${countedOrder()}`;
  // One read of the orders feeds both tables: the CTE is shared by the two inserts.
  await db.query(
    `with counted as (${source}),
     by_day as (
       select day, count(*)::integer as orders, sum(total_amount) as income, count(customer_external_id)::integer as customer_orders
         from counted group by day),
     firsts as (
       select first_order_day as day, count(*)::integer as new_customers
         from customer_stats where store_id = $1 ${days ? 'and first_order_day = any($3::date[])' : ''} group by first_order_day),
     daily as (
       insert into store_daily_stats (store_id, day, orders, income, customer_orders, new_customers)
       select $1, b.day, b.orders, b.income, b.customer_orders, coalesce(f.new_customers, 0)
         from by_day b left join firsts f on f.day = b.day)
     insert into customer_order_days (store_id, day, customer_external_id)
     select distinct $1::integer, day, customer_external_id from counted where customer_external_id is not null`,
    days ? [storeId, tz, days] : [storeId, tz],
  );
}

/** Customers by the day of their newest order (and whether they bought more than once) and newest activity. */
async function rebuildCustomerDays(db: Queryable, storeId: number, days: string[] | null): Promise<void> {
  const on = (column: string) => (days ? `and ${column} = any($2::date[])` : '');
  await db.query(
    `insert into store_customer_days (store_id, day, last_order, last_order_repeat, last_activity)
     select $1, day, sum(last_order), sum(last_order_repeat), sum(last_activity)
       from (select last_order_day as day, 1 as last_order, (orders_count >= 2)::integer as last_order_repeat, 0 as last_activity
               from customer_stats where store_id = $1 ${on('last_order_day')}
             union all
             select last_activity_day, 0, 0, 1 from customer_stats where store_id = $1 ${on('last_activity_day')}) as recency
      group by day`,
    days ? [storeId, days] : [storeId],
  );
}

/*
 * Figures that do not move with the calendar. "High value" compares each customer's average order
 * value with the average of all customers' averages (SPEC §9 "above-average average spend"). Every
 * other figure is a sum over customers, so a refresh of a few customers shifts it by the difference
 * between their rows before and after. The mean comes from the sum of averages kept beside them; when
 * it moves, only the customers between the old and the new mean change sides, and those are counted
 * through the index on the average: a narrow range, not every customer.
 */

/** Average order value, written as customer_stats_average_idx indexes it. */
const AVERAGE = 'total_spent / orders_count';
const SUMS = `count(*)::integer as customers, (count(*) filter (where orders_count >= 2))::integer as repeat_customers,
  coalesce(sum(extract(epoch from last_order_at - first_order_at) / 86400.0 / (orders_count - 1)) filter (where orders_count >= 2), 0)::float8 as frequency_days_sum,
  coalesce(sum(extract(epoch from second_order_at - first_order_at) / 86400.0) filter (where orders_count >= 2), 0)::float8 as second_order_days_sum,
  (count(*) filter (where discounted_orders = orders_count))::integer as offer,
  coalesce(sum(${AVERAGE}), 0)::text as average_sum`;

interface CustomerSums {
  customers: number;
  repeat_customers: number;
  frequency_days_sum: number;
  second_order_days_sum: number;
  offer: number;
  /** Numeric, as text: exact. */
  average_sum: string;
  /** Of these customers, how many are above the mean given to `customerSums`. */
  above_mean: number;
}

/** The store's totals before a refresh: whether there are any, their high-value count and mean (numeric text, null without customers). */
interface TotalsState {
  high_value: number;
  mean: string | null;
}

async function rebuildTotals(db: Queryable, storeId: number): Promise<void> {
  const [sums] = await db.query<Omit<CustomerSums, 'above_mean'>>(`select ${SUMS} from customer_stats where store_id = $1`, [storeId]);
  const mean = sums!.customers > 0 ? await divide(db, sums!.average_sum, sums!.customers) : null;
  const [high] = await db.query<{ count: number }>(
    `select count(*)::integer as count from customer_stats where store_id = $1 and ${AVERAGE} > $2::numeric`,
    [storeId, mean],
  );
  await db.query(
    `insert into store_customer_totals (store_id, customers, repeat_customers, frequency_days_sum, second_order_days_sum, offer, average_sum, high_value, refreshed_at)
     values ($1, $2, $3, $4, $5, $6, $7::numeric, $8, now())
     on conflict (store_id) do update set customers = excluded.customers, repeat_customers = excluded.repeat_customers,
       frequency_days_sum = excluded.frequency_days_sum, second_order_days_sum = excluded.second_order_days_sum,
       offer = excluded.offer, average_sum = excluded.average_sum, high_value = excluded.high_value, refreshed_at = excluded.refreshed_at`,
    [
      storeId,
      sums!.customers,
      sums!.repeat_customers,
      sums!.frequency_days_sum,
      sums!.second_order_days_sum,
      sums!.offer,
      sums!.average_sum,
      high!.count,
    ],
  );
}

/** The mean of the customers' averages, computed as the full rebuild computes it (numeric division in SQL). */
async function divide(db: Queryable, sum: string, count: number): Promise<string> {
  const [row] = await db.query<{ mean: string }>('select ($1::numeric / $2::integer)::text as mean', [sum, count]);
  return row!.mean;
}

async function totalsState(db: Queryable, storeId: number): Promise<TotalsState | null> {
  const [row] = await db.query<TotalsState>(
    'select high_value, (average_sum / nullif(customers, 0))::text as mean from store_customer_totals where store_id = $1',
    [storeId],
  );
  return row ?? null;
}

/** Some customers' share of the totals as their rows stand now, and how many of them are above `mean`. */
async function customerSums(db: Queryable, storeId: number, customers: string[], mean: string | null): Promise<CustomerSums> {
  const [row] = await db.query<CustomerSums>(
    `select ${SUMS}, (count(*) filter (where ${AVERAGE} > $3::numeric))::integer as above_mean
       from customer_stats where store_id = $1 and customer_external_id = any($2::bigint[])`,
    [storeId, customers, mean],
  );
  return row!;
}

/** Moves the totals from the customers' share `before` (taken with `state`) to their share now. */
async function shiftTotals(
  db: Queryable,
  storeId: number,
  customers: string[],
  state: TotalsState | null,
  before: CustomerSums,
): Promise<void> {
  // Never rebuilt whole yet (a webhook before the import's first phase ended), or no mean to move from.
  if (!state || state.mean === null) return rebuildTotals(db, storeId);
  const sums = await customerSums(db, storeId, customers, null);
  const [updated] = await db.query<{ mean: string | null }>(
    `update store_customer_totals
        set customers = customers + $2, repeat_customers = repeat_customers + $3, frequency_days_sum = frequency_days_sum + $4,
            second_order_days_sum = second_order_days_sum + $5, offer = offer + $6, average_sum = average_sum + ($7::numeric - $8::numeric),
            refreshed_at = now()
      where store_id = $1
      returning (average_sum / nullif(customers, 0))::text as mean`,
    [
      storeId,
      sums.customers - before.customers,
      sums.repeat_customers - before.repeat_customers,
      sums.frequency_days_sum - before.frequency_days_sum,
      sums.second_order_days_sum - before.second_order_days_sum,
      sums.offer - before.offer,
      sums.average_sum,
      before.average_sum,
    ],
  );
  const mean = updated!.mean;
  if (mean === null) return rebuildTotals(db, storeId);
  const after = await customerSums(db, storeId, customers, mean);
  // The untouched customers between the two means crossed it: up when the mean fell, down when it rose.
  const [band] = await db.query<{ crossed: number }>(
    `select (sign($2::numeric - $3::numeric) * count(*))::integer as crossed from customer_stats
      where store_id = $1 and ${AVERAGE} > least($2::numeric, $3::numeric) and ${AVERAGE} <= greatest($2::numeric, $3::numeric)
        and customer_external_id <> all($4::bigint[])`,
    [storeId, state.mean, mean, customers],
  );
  const highValue = state.high_value - before.above_mean + band!.crossed + after.above_mean;
  await db.query('update store_customer_totals set high_value = $2 where store_id = $1', [storeId, highValue]);
}
