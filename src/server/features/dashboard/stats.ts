import dayjs from 'dayjs';
import type { components as AppComponents } from '../../../shared/api/app.gen.ts';
import type { components } from '../../../shared/api/backend.gen.ts';
import {
  buckets,
  type Comparison,
  comparisonRange,
  type DateRange,
  type DateRangePreset,
  type Granularity,
  type IsoDate,
  periodBefore,
} from '../../../shared/date-ranges.ts';
import { bumpDataVersion } from '../../platform/data-version.ts';
import type { Database, Queryable } from '../../platform/db.ts';
import { type StoreCalendar, windowStart } from '../../platform/store-calendar.ts';

type StoreStats = components['schemas']['StoreStats'];
type RangeTotals = components['schemas']['RangeTotals'];
type StatsPoint = components['schemas']['StatsPoint'];
type AcquisitionCostChart = AppComponents['schemas']['AcquisitionCostChart'];
type MarketingInvestment = AppComponents['schemas']['MarketingInvestment'];

/*
 * The dashboard's figures, read from the rollups (rollups.ts) only. "The last N days/months" end
 * today (the store's calendar) and count it, as the date-range presets do: the last 30 days are today
 * and the 29 before it.
 */

const ISO = 'YYYY-MM-DD';
const money = (value: number) => Math.round(value * 100) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** The yearly investments set, by year. */
async function investments(db: Queryable, storeId: number): Promise<Map<number, number>> {
  const rows = await db.query<{ year: number; amount: string }>(
    'select year, amount::text from marketing_investments where store_id = $1',
    [storeId],
  );
  return new Map(rows.map((row) => [row.year, Number(row.amount)]));
}

/** Sets a year's marketing investment, replacing what was there. */
export async function saveInvestment(db: Database, storeId: number, year: number, amount: number): Promise<MarketingInvestment> {
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx.query<{ year: number; amount: string; updated_at: Date }>(
      `insert into marketing_investments (store_id, year, amount) values ($1, $2, $3)
       on conflict (store_id, year) do update set amount = excluded.amount, updated_at = now()
       returning year, amount::text, updated_at`,
      [storeId, year, amount],
    );
    await bumpDataVersion(tx, storeId);
    return saved;
  });
  return { year: row!.year, amount: Number(row!.amount), updatedAt: row!.updated_at.toISOString() };
}

/** The investment that falls in a period, and the years it touches that have none set (their share is unknown). */
export interface PeriodInvestment {
  amount: number;
  missingYears: number[];
}

/** The part of the yearly investments that falls in `range`: each year's amount spread evenly over its days. */
export function investmentIn(range: DateRange, amounts: Map<number, number>): PeriodInvestment {
  let total = 0;
  const missingYears: number[] = [];
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  for (let year = from.year(); year <= to.year(); year += 1) {
    const amount = amounts.get(year);
    if (amount === undefined) {
      missingYears.push(year);
      continue;
    }
    const start = dayjs(`${year}-01-01`);
    const end = dayjs(`${year}-12-31`);
    const overlap = (to.isBefore(end) ? to : end).diff(from.isAfter(start) ? from : start, 'day') + 1;
    total += (amount * overlap) / (end.diff(start, 'day') + 1);
  }
  return { amount: money(total), missingYears };
}

/** Investment / count; unknown (not free) while a year of the period has no investment set. */
const costOf = (investment: PeriodInvestment, count: number) =>
  investment.missingYears.length > 0 ? null : nullableMoney(ratio(investment.amount, count));

export async function storeStats(db: Queryable, storeId: number, { today, currency }: StoreCalendar): Promise<StoreStats> {
  const last30Days = windowStart(today, 30, 'day');
  const last3Months = windowStart(today, 3, 'month');
  const last6Months = windowStart(today, 6, 'month');
  const last12Months = windowStart(today, 12, 'month');
  const [row] = await db.query<{
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
  }>(
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
    [storeId, last30Days, last3Months, last6Months, last12Months],
  );
  const r = row!;
  const income = Number(r.income);
  const customers = r.customers ?? 0;
  const repeat = r.repeat_customers ?? 0;
  const investment = investmentIn({ from: last12Months, to: today }, await investments(db, storeId));
  return {
    totalOrders: r.orders,
    totalIncome: income,
    ordersAvgIncome: nullableMoney(ratio(income, r.orders)),
    activeCustomers: r.active,
    newCustomersRate: percent(r.new_30, r.bought_30),
    recurrentCustomersRate: percent(repeat, customers),
    avgPurchaseFrequency: ratio(r.frequency_days_sum ?? 0, repeat),
    avgDaysUntilNextOrder: ratio(r.second_order_days_sum ?? 0, repeat),
    acquisitionCost: costOf(investment, r.new_12m),
    acquisitionCostMissingYears: investment.missingYears,
    customers: {
      total: customers,
      active: r.active,
      star: r.star,
      asleep: r.asleep,
      new: r.new_30,
      risky: r.risky,
      highValue: r.high_value ?? 0,
      offer: r.offer ?? 0,
    },
    currency,
    asOf: today,
  };
}

const nullableMoney = (value: number | null) => (value === null ? null : money(value));

interface DayTotals {
  orders: number;
  income: number;
  customerOrders: number;
  newCustomers: number;
}

/** Who bought in a period, in the period before it, and in both. */
interface Buyers {
  customers: number;
  priorCustomers: number;
  retainedCustomers: number;
}

function rangeTotals(sums: DayTotals, buyers: Buyers, priorRange: DateRange, investment: PeriodInvestment): RangeTotals {
  return {
    income: money(sums.income),
    orders: sums.orders,
    customerOrders: sums.customerOrders,
    customers: buyers.customers,
    newCustomers: sums.newCustomers,
    returningOrders: sums.customerOrders - sums.newCustomers,
    ordersAvgIncome: nullableMoney(ratio(sums.income, sums.orders)),
    newCustomersRate: percent(sums.newCustomers, buyers.customers),
    priorRange,
    priorCustomers: buyers.priorCustomers,
    retainedCustomers: buyers.retainedCustomers,
    retentionRate: percent(buyers.retainedCustomers, buyers.priorCustomers),
    investment: investment.amount,
    missingInvestmentYears: investment.missingYears,
    acquisitionCostPerCustomer: costOf(investment, sums.newCustomers),
    acquisitionCostPerOrder: costOf(investment, sums.orders),
  };
}

/** What `statsInRange` answers about a range: its figures, its comparison period's, and their series. */
export interface RangeQuestion {
  range: DateRange;
  /** The preset the range came from; null for a custom one. It decides which period comes before. */
  preset: DateRangePreset | null;
  comparison: Comparison;
  granularity: Granularity;
  today: IsoDate;
}

export async function statsInRange(
  db: Queryable,
  storeId: number,
  { range, preset, comparison, granularity, today }: RangeQuestion,
): Promise<{ totals: RangeTotals; previous: RangeTotals; previousRange: DateRange; series: StatsPoint[]; previousSeries: StatsPoint[] }> {
  const previousRange = comparisonRange(range, preset, comparison);
  const [current, before] = await Promise.all([
    periodFigures(db, storeId, range, granularity, today),
    periodFigures(db, storeId, previousRange, granularity, today),
  ]);
  const priorRange = periodBefore(range, preset);
  const previousPrior = periodBefore(previousRange, preset);
  const [buyers, previousBuyers] = await buyersOf(db, storeId, [
    [range, priorRange],
    [previousRange, previousPrior],
  ]);
  const amounts = await investments(db, storeId);
  return {
    totals: rangeTotals(current.sums, buyers!, priorRange, investmentIn(range, amounts)),
    previous: rangeTotals(before.sums, previousBuyers!, previousPrior, investmentIn(previousRange, amounts)),
    previousRange,
    series: current.series,
    previousSeries: before.series,
  };
}

/** A period's daily sums, added up and grouped into its series' points. */
async function periodFigures(
  db: Queryable,
  storeId: number,
  range: DateRange,
  granularity: Granularity,
  today: IsoDate,
): Promise<{ sums: DayTotals; series: StatsPoint[] }> {
  const rows = await db.query<{ period: string; orders: number; income: string; customer_orders: number; new_customers: number }>(
    `select greatest(date_trunc($4, day)::date, $2::date)::text as period,
            sum(orders)::integer as orders, sum(income)::text as income,
            sum(customer_orders)::integer as customer_orders, sum(new_customers)::integer as new_customers
       from store_daily_stats
      where store_id = $1 and day >= $2 and day <= $3
      group by 1`,
    [storeId, range.from, range.to, granularity],
  );
  const sums: DayTotals = { orders: 0, income: 0, customerOrders: 0, newCustomers: 0 };
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const series = buckets(range, granularity, today).map(({ period, partial }): StatsPoint => {
    const row = byPeriod.get(period);
    if (!row) return { period, income: 0, orders: 0, newCustomers: 0, returningOrders: 0, partial };
    const income = Number(row.income);
    sums.orders += row.orders;
    sums.income += income;
    sums.customerOrders += row.customer_orders;
    sums.newCustomers += row.new_customers;
    return {
      period,
      income,
      orders: row.orders,
      newCustomers: row.new_customers,
      returningOrders: row.customer_orders - row.new_customers,
      partial,
    };
  });
  return { sums, series };
}

/**
 * For each pair of a period and the one before it: the customers who bought in it, in the one
 * before, and in both. One pass over the days the periods cover, each customer's days folded into
 * where they bought (a customer is counted once however many days they bought on).
 */
async function buyersOf(db: Queryable, storeId: number, pairs: [DateRange, DateRange][]): Promise<Buyers[]> {
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
async function adSpendByMonth(db: Queryable, storeId: number, year: number, today: IsoDate): Promise<Map<number, number>> {
  const rows = await db.query<{ month: number; spend: string }>(
    `select extract(month from day)::integer as month, sum(spend)::text as spend
       from ad_campaign_insight_days where store_id = $1 and day >= make_date($2, 1, 1) and day <= least(make_date($2, 12, 31), $3::date)
      group by 1`,
    [storeId, year, today],
  );
  return new Map(rows.map((row) => [row.month, money(Number(row.spend))]));
}

/** Month by month of `year`, up to the store's current month. */
export async function acquisitionCostChart(
  db: Queryable,
  storeId: number,
  year: number,
  today: IsoDate,
): Promise<Omit<AcquisitionCostChart, 'currency'>> {
  const lastMonth = year < dayjs(today).year() ? 12 : year === dayjs(today).year() ? dayjs(today).month() + 1 : 0;
  const rows = await db.query<{ month: number; orders: number; new_customers: number }>(
    `select extract(month from day)::integer as month, sum(orders)::integer as orders, sum(new_customers)::integer as new_customers
       from store_daily_stats where store_id = $1 and day >= make_date($2, 1, 1) and day <= make_date($2, 12, 31)
      group by 1`,
    [storeId, year],
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const amounts = await investments(db, storeId);
  const adSpend = await adSpendByMonth(db, storeId, year, today);
  const months = Array.from({ length: lastMonth }, (_, index) => {
    const start = dayjs(`${year}-01-01`).add(index, 'month');
    const end = start.endOf('month').format(ISO);
    // The current month runs to today: its investment too, or its cost would spike against finished months.
    const partial = end >= today;
    const investment = investmentIn({ from: start.format(ISO), to: partial ? today : end }, amounts);
    const row = byMonth.get(index + 1);
    const newCustomers = row?.new_customers ?? 0;
    const orders = row?.orders ?? 0;
    return {
      month: start.format('YYYY-MM'),
      investment: investment.amount,
      adSpend: adSpend.get(index + 1) ?? 0,
      newCustomers,
      orders,
      costPerCustomer: costOf(investment, newCustomers),
      costPerOrder: costOf(investment, orders),
      partial,
    };
  });
  return { year, investment: amounts.get(year) ?? null, months };
}
