import dayjs from 'dayjs';
import type { components as AppComponents } from '../../../shared/api/app.gen.ts';
import type { components } from '../../../shared/api/backend.gen.ts';
import { bucketStarts, type DateRange, type Granularity, type IsoDate, previousPeriod } from '../../../shared/date-ranges.ts';
import { bumpDataVersion } from '../../platform/data-version.ts';
import type { Database, Queryable } from '../../platform/db.ts';
import { DEFAULT_TIME_ZONE } from './rollups.ts';

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

/** Today on the store's calendar, and the currency its money is in. */
export interface StoreCalendar {
  today: IsoDate;
  currency: string;
}

/** The calendar of a store whose Shopify connection gives `timeZone` and `currency` (either may be missing). */
export function calendarOf(timeZone: string | null | undefined, currency: string | null | undefined, now = new Date()): StoreCalendar {
  return { today: todayIn(timeZone || DEFAULT_TIME_ZONE, now), currency: currency ?? 'CLP' };
}

const todays = new Map<string, { day: IsoDate; until: number; format: Intl.DateTimeFormat }>();

/**
 * The calendar day in `timeZone` (en-CA writes YYYY-MM-DD). Every request asks, so the formatter is
 * built once per zone and the day kept until the next whole minute (zones change day only on one).
 */
function todayIn(timeZone: string, now: Date): IsoDate {
  const time = now.getTime();
  let today = todays.get(timeZone);
  if (!today) {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    todays.set(timeZone, (today = { day: '', until: -Infinity, format }));
  }
  if (time >= today.until || time < today.until - 60_000) {
    today.day = today.format.format(now);
    today.until = (Math.floor(time / 60_000) + 1) * 60_000;
  }
  return today.day;
}

/** First day of "the last `amount` `unit`s" ending today. */
export const windowStart = (today: IsoDate, amount: number, unit: 'day' | 'month') =>
  dayjs(today).subtract(amount, unit).add(1, 'day').format(ISO);

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

/**
 * The part of the yearly investments that falls in `range`; null when no year of the range has one
 * set, so acquisition costs read "unknown" rather than free.
 */
export function investmentIn(range: DateRange, amounts: Map<number, number>): number | null {
  let total: number | null = null;
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  for (let year = from.year(); year <= to.year(); year += 1) {
    const amount = amounts.get(year);
    if (amount === undefined) continue;
    total ??= 0;
    const start = dayjs(`${year}-01-01`);
    const end = dayjs(`${year}-12-31`);
    const overlap = (to.isBefore(end) ? to : end).diff(from.isAfter(start) ? from : start, 'day') + 1;
    total += (amount * overlap) / (end.diff(start, 'day') + 1);
  }
  return total === null ? null : money(total);
}

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
    acquisitionCost: investment === null ? null : nullableMoney(ratio(investment, r.new_12m)),
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

function rangeTotals(sums: DayTotals, investment: number | null): RangeTotals {
  const returningOrders = sums.customerOrders - sums.newCustomers;
  return {
    income: sums.income,
    orders: sums.orders,
    customerOrders: sums.customerOrders,
    newCustomers: sums.newCustomers,
    returningOrders,
    ordersAvgIncome: nullableMoney(ratio(sums.income, sums.orders)),
    newCustomersRate: percent(sums.newCustomers, sums.customerOrders),
    retentionRate: percent(returningOrders, sums.customerOrders),
    investment: investment ?? 0,
    acquisitionCostPerCustomer: investment === null ? null : nullableMoney(ratio(investment, sums.newCustomers)),
    acquisitionCostPerOrder: investment === null ? null : nullableMoney(ratio(investment, sums.orders)),
  };
}

export async function statsInRange(
  db: Queryable,
  storeId: number,
  range: DateRange,
  granularity: Granularity,
): Promise<{ totals: RangeTotals; previous: RangeTotals; previousRange: DateRange; series: StatsPoint[] }> {
  const previousRange = previousPeriod(range);
  const sums = await db.query<{
    period: string;
    current: boolean;
    orders: number;
    income: string;
    customer_orders: number;
    new_customers: number;
  }>(
    `select greatest(date_trunc($6, day)::date, $2::date)::text as period, day >= $2 as current,
            sum(orders)::integer as orders, sum(income)::text as income,
            sum(customer_orders)::integer as customer_orders, sum(new_customers)::integer as new_customers
       from store_daily_stats
      where store_id = $1 and ((day >= $2 and day <= $3) or (day >= $4 and day <= $5))
      group by 1, 2`,
    [storeId, range.from, range.to, previousRange.from, previousRange.to, granularity],
  );
  const current: DayTotals = { orders: 0, income: 0, customerOrders: 0, newCustomers: 0 };
  const before: DayTotals = { orders: 0, income: 0, customerOrders: 0, newCustomers: 0 };
  const points = new Map<string, StatsPoint>();
  for (const row of sums) {
    const into = row.current ? current : before;
    const income = Number(row.income);
    into.orders += row.orders;
    into.income += income;
    into.customerOrders += row.customer_orders;
    into.newCustomers += row.new_customers;
    if (row.current)
      points.set(row.period, {
        period: row.period,
        income,
        orders: row.orders,
        newCustomers: row.new_customers,
        returningOrders: row.customer_orders - row.new_customers,
      });
  }
  const amounts = await investments(db, storeId);
  return {
    totals: rangeTotals({ ...current, income: money(current.income) }, investmentIn(range, amounts)),
    previous: rangeTotals({ ...before, income: money(before.income) }, investmentIn(previousRange, amounts)),
    previousRange,
    series: bucketStarts(range, granularity).map(
      (period) => points.get(period) ?? { period, income: 0, orders: 0, newCustomers: 0, returningOrders: 0 },
    ),
  };
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
  const months = Array.from({ length: lastMonth }, (_, index) => {
    const start = dayjs(`${year}-01-01`).add(index, 'month');
    const investment = investmentIn({ from: start.format(ISO), to: start.endOf('month').format(ISO) }, amounts) ?? 0;
    const row = byMonth.get(index + 1);
    const newCustomers = row?.new_customers ?? 0;
    const orders = row?.orders ?? 0;
    return {
      month: start.format('YYYY-MM'),
      investment,
      newCustomers,
      orders,
      costPerCustomer: amounts.has(year) ? nullableMoney(ratio(investment, newCustomers)) : null,
      costPerOrder: amounts.has(year) ? nullableMoney(ratio(investment, orders)) : null,
    };
  });
  return { year, investment: amounts.get(year) ?? null, months };
}
