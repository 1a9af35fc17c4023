import type { components } from '../../../shared/api/backend.gen.ts';
import type { DateRange, Granularity, IsoDate } from '../../../shared/date-ranges.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { containsFolded, folded } from '../../platform/database/text-search.ts';

/*
 * The dashboard's reads in SQL, and the marketing investment it keeps. The figures (stats.ts) and the
 * overview table (stats-table.ts) decide what to ask and shape the answers; this module asks. Only the
 * rollups are read (rollups.ts and stats-table.ts build them, as engines whose SQL is their job), never
 * the raw orders.
 */

type StatsDimension = components['schemas']['StatsDimension'];
type StatsTableSort = components['schemas']['StatsTableSort'];

/** The yearly investments set, by year. */
export async function yearlyInvestments(db: Queryable, storeId: number): Promise<Map<number, number>> {
  const rows = await db.query<{ year: number; amount: string }>(
    'select year, amount::text from marketing_investments where store_id = $1',
    [storeId],
  );
  return new Map(rows.map((row) => [row.year, Number(row.amount)]));
}

/** Sets a year's marketing investment, replacing what was there. */
export async function upsertInvestment(
  tx: Queryable,
  storeId: number,
  year: number,
  amount: number,
): Promise<{ year: number; amount: string; updated_at: Date }> {
  const [saved] = await tx.query<{ year: number; amount: string; updated_at: Date }>(
    `insert into marketing_investments (store_id, year, amount) values ($1, $2, $3)
     on conflict (store_id, year) do update set amount = excluded.amount, updated_at = now()
     returning year, amount::text, updated_at`,
    [storeId, year, amount],
  );
  return saved!;
}

/** Where each of the overview's windows starts (store days, all ending today). */
export interface OverviewWindows {
  last30Days: IsoDate;
  last3Months: IsoDate;
  last6Months: IsoDate;
  last12Months: IsoDate;
}

export interface OverviewRow {
  orders: number;
  income: string;
  new_30: number;
  new_12m: number;
  active: number;
  bought_30: number;
  asleep: number;
  risky: number;
  star: number;
  customers: number | null;
  repeat_customers: number | null;
  frequency_days_sum: number | null;
  second_order_days_sum: number | null;
  high_value: number | null;
  offer: number | null;
}

/** The store's overview counts and sums, in one read of the rollups. */
export async function overviewFigures(db: Queryable, storeId: number, windows: OverviewWindows): Promise<OverviewRow> {
  const [row] = await db.query<OverviewRow>(
    `select d.orders, d.income, d.new_30, d.new_12m, r.active, r.bought_30, r.asleep, r.risky,
            (select count(*)::integer from customer_stats
              where store_id = $1 and orders_count >= 3 and last_order_day >= $2 and third_last_order_day >= $4) as star,
            t.customers, t.repeat_customers, t.frequency_days_sum, t.second_order_days_sum, t.high_value, t.offer
       from (select coalesce(sum(orders), 0)::integer as orders, coalesce(sum(income), 0)::text as income,
                    coalesce(sum(new_customers) filter (where day >= $2), 0)::integer as new_30,
                    coalesce(sum(new_customers) filter (where day >= $5), 0)::integer as new_12m
               from store_daily_stats where store_id = $1) as d,
            (select coalesce(sum(last_activity) filter (where day >= $3), 0)::integer as active,
                    coalesce(sum(last_order) filter (where day >= $2), 0)::integer as bought_30,
                    coalesce(sum(last_order) filter (where day < $4), 0)::integer as asleep,
                    coalesce(sum(last_order_repeat) filter (where day < $3), 0)::integer as risky
               from store_customer_days where store_id = $1) as r
       left join store_customer_totals t on t.store_id = $1`,
    [storeId, windows.last30Days, windows.last3Months, windows.last6Months, windows.last12Months],
  );
  return row!;
}

export interface PeriodSumsRow {
  /** The first day of the bucket, or the range's first day for a bucket that starts before it. */
  period: string;
  orders: number;
  income: string;
  customer_orders: number;
  new_customers: number;
}

/** A range's daily sums, added up by bucket of `granularity` (buckets without orders are absent). */
export function periodSums(db: Queryable, storeId: number, range: DateRange, granularity: Granularity): Promise<PeriodSumsRow[]> {
  return db.query<PeriodSumsRow>(
    `select greatest(date_trunc($4, day)::date, $2::date)::text as period,
            sum(orders)::integer as orders, sum(income)::text as income,
            sum(customer_orders)::integer as customer_orders, sum(new_customers)::integer as new_customers
       from store_daily_stats
      where store_id = $1 and day >= $2 and day <= $3
      group by 1`,
    [storeId, range.from, range.to, granularity],
  );
}

/** Who bought in a period, in the period before it, and in both. */
export interface Buyers {
  customers: number;
  priorCustomers: number;
  retainedCustomers: number;
}

/**
 * For each pair of a period and the one before it: the customers who bought in it, in the one
 * before, and in both. One pass over the days the periods cover, each customer's days folded into
 * where they bought (a customer is counted once however many days they bought on).
 */
export async function buyersOf(db: Queryable, storeId: number, pairs: [DateRange, DateRange][]): Promise<Buyers[]> {
  // Each distinct period is one flag: against the period before, the comparison is the first pair's prior period.
  const flagOf = new Map<string, number>();
  const params: unknown[] = [storeId];
  const within: string[] = [];
  const flag = (period: DateRange) => {
    const key = `${period.from}/${period.to}`;
    if (!flagOf.has(key)) {
      params.push(period.from, period.to);
      within.push(`day between $${params.length - 1}::date and $${params.length}::date`);
      flagOf.set(key, within.length - 1);
    }
    return `p${flagOf.get(key)}`;
  };
  const counts = pairs.flatMap(([period, prior], pair) => [
    `(count(*) filter (where ${flag(period)}))::integer as customers_${pair}`,
    `(count(*) filter (where ${flag(prior)}))::integer as prior_${pair}`,
    `(count(*) filter (where ${flag(period)} and ${flag(prior)}))::integer as retained_${pair}`,
  ]);
  const flags = within.map((condition, index) => `bool_or(${condition}) as p${index}`);
  const [row] = await db.query<Record<string, number>>(
    `select ${counts.join(', ')}
       from (select ${flags.join(', ')} from customer_order_days
              where store_id = $1 and (${within.join(' or ')}) group by customer_external_id) as buyers`,
    params,
  );
  return pairs.map((_, pair) => ({
    customers: row![`customers_${pair}`]!,
    priorCustomers: row![`prior_${pair}`]!,
    retainedCustomers: row![`retained_${pair}`]!,
  }));
}

/** What the store's Meta campaigns spent in each month of `year` up to today, as last read (the ad account's currency). */
export async function adSpendByMonth(db: Queryable, storeId: number, year: number, today: IsoDate): Promise<Map<number, number>> {
  const rows = await db.query<{ month: number; spend: string }>(
    `select extract(month from day)::integer as month, sum(spend)::text as spend
       from ad_campaign_insight_days where store_id = $1 and day >= make_date($2, 1, 1) and day <= least(make_date($2, 12, 31), $3::date)
      group by 1`,
    [storeId, year, today],
  );
  return new Map(rows.map((row) => [row.month, Number(row.spend)]));
}

/** Counted orders and new customers in each month of `year` (months without orders are absent). */
export function monthlyOrders(
  db: Queryable,
  storeId: number,
  year: number,
): Promise<{ month: number; orders: number; new_customers: number }[]> {
  return db.query<{ month: number; orders: number; new_customers: number }>(
    `select extract(month from day)::integer as month, sum(orders)::integer as orders, sum(new_customers)::integer as new_customers
       from store_daily_stats where store_id = $1 and day >= make_date($2, 1, 1) and day <= make_date($2, 12, 31)
      group by 1`,
    [storeId, year],
  );
}

/** Which rows of an overview table's tab, in what order: the table's query parameters, defaults applied. */
export interface StatsTableQuery {
  dimension: StatsDimension;
  sort: StatsTableSort;
  order: 'asc' | 'desc';
  /** Trimmed; empty keeps every row. */
  q: string;
}

export interface StatsTableRecord {
  key: string;
  customers: number;
  orders: number;
  income: string;
}

/** The name sorts as a reader expects (folded, byte order so both databases agree); ties go by the name. */
const ORDER_BY: Record<StatsTableSort, string> = {
  key: `${folded('key')} collate "C" $dir, key collate "C" $dir`,
  customers: 'customers $dir, key',
  orders: 'orders $dir, key',
  income: 'income $dir, key',
};

/** The `where` and `order by` of a tab's rows; `$1` is the store, `$2` the dimension, `$3` the search. */
function selection(query: StatsTableQuery): { where: string; orderBy: string; params: unknown[] } {
  const search = query.q ? ` and ${containsFolded('key', '$3::text')}` : '';
  return {
    where: `store_id = $1 and dimension = $2${search}`,
    orderBy: ORDER_BY[query.sort].replaceAll('$dir', query.order),
    params: query.q ? [query.q] : [],
  };
}

/** How many rows the tab's selection holds, and when the table was last built (null: never). */
export async function statsTableSummary(
  db: Queryable,
  storeId: number,
  query: StatsTableQuery,
): Promise<{ total: number; built_at: Date | null } | undefined> {
  const { where, params } = selection(query);
  const [summary] = await db.query<{ total: number; built_at: Date | null }>(
    `select (select count(*)::integer from store_stats_table where ${where}) as total,
            (select built_at from store_stats_table_builds where store_id = $1) as built_at`,
    [storeId, query.dimension, ...params],
  );
  return summary;
}

/** The tab's rows in the asked order: all of them, or a page of `pageSize` from `offset`. */
export function statsTableRecords(
  db: Queryable,
  storeId: number,
  query: StatsTableQuery,
  page?: { limit: number; offset: number },
): Promise<StatsTableRecord[]> {
  const { where, orderBy, params } = selection(query);
  const next = 3 + params.length;
  return db.query<StatsTableRecord>(
    `select key, customers, orders, income from store_stats_table where ${where}
      order by ${orderBy}${page ? ` limit $${next} offset $${next + 1}` : ''}`,
    [storeId, query.dimension, ...params, ...(page ? [page.limit, page.offset] : [])],
  );
}
