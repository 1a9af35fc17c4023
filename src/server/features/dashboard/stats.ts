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
import type { Database, Queryable } from '../../platform/database/db.ts';
import { bumpDataVersion } from '../../platform/store-data/data-version.ts';
import { type StoreCalendar, windowStart } from '../../platform/store-data/store-calendar.ts';
import {
  adSpendByMonth,
  type Buyers,
  buyersOf,
  monthlyOrders,
  overviewFigures,
  periodSums,
  upsertInvestment,
  yearlyInvestments,
} from './repository.ts';

type StoreStats = components['schemas']['StoreStats'];
type RangeTotals = components['schemas']['RangeTotals'];
type StatsPoint = components['schemas']['StatsPoint'];
type AcquisitionCostChart = AppComponents['schemas']['AcquisitionCostChart'];
type MarketingInvestment = AppComponents['schemas']['MarketingInvestment'];

/*
 * The dashboard's figures, from the rollups (rollups.ts) as repository.ts reads them. "The last N days/months" end
 * today (the store's calendar) and count it, as the date-range presets do: the last 30 days are today
 * and the 29 before it.
 */

const ISO = 'YYYY-MM-DD';
const money = (value: number) => Math.round(value * 100) / 100;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** Sets a year's marketing investment, replacing what was there. */
export async function saveInvestment(db: Database, storeId: number, year: number, amount: number): Promise<MarketingInvestment> {
  const row = await db.transaction(async (tx) => {
    const saved = await upsertInvestment(tx, storeId, year, amount);
    await bumpDataVersion(tx, storeId);
    return saved;
  });
  return { year: row.year, amount: Number(row.amount), updatedAt: row.updated_at.toISOString() };
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
  const r = await overviewFigures(db, storeId, { last30Days, last3Months, last6Months, last12Months });
  const income = Number(r.income);
  const customers = r.customers ?? 0;
  const repeat = r.repeat_customers ?? 0;
  const investment = investmentIn({ from: last12Months, to: today }, await yearlyInvestments(db, storeId));
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
  const amounts = await yearlyInvestments(db, storeId);
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
  const rows = await periodSums(db, storeId, range, granularity);
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

/** Month by month of `year`, up to the store's current month. */
export async function acquisitionCostChart(
  db: Queryable,
  storeId: number,
  year: number,
  today: IsoDate,
): Promise<Omit<AcquisitionCostChart, 'currency'>> {
  const lastMonth = year < dayjs(today).year() ? 12 : year === dayjs(today).year() ? dayjs(today).month() + 1 : 0;
  const rows = await monthlyOrders(db, storeId, year);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const amounts = await yearlyInvestments(db, storeId);
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
      adSpend: money(adSpend.get(index + 1) ?? 0),
      newCustomers,
      orders,
      costPerCustomer: costOf(investment, newCustomers),
      costPerOrder: costOf(investment, orders),
      partial,
    };
  });
  return { year, investment: amounts.get(year) ?? null, months };
}
