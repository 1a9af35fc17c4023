/*
 * The dashboard's figures against an independent reference: plain TypeScript over the raw orders and
 * carts as Shopify's API gives them (the sandbox store, through the real client), sharing no code with
 * the SQL rollups. Counts must match exactly, money to the peso.
 */

import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../../src/server/features/dashboard/rollups.ts';
import type { ShopifyClient } from '../../../../src/server/integrations/shopify/client.ts';
import { orderPayload, type StartedSandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { AbandonedCheckout, LineItem, Order, Product } from '../../../../src/server/integrations/shopify/types.ts';
import { type Caller, deliverWebhook, importSandboxStore, type TestServer } from '../../support/harness.ts';

const TZ = 'America/Santiago';
const NOW = new Date();
let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;
let storeId: number;
let raw: { orders: Order[]; items: LineItem[]; products: Product[]; checkouts: AbandonedCheckout[] };

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const days = new Map<string, string>();
/** The store's calendar day of an instant (en-CA writes YYYY-MM-DD). */
const localDay = (iso: string) => days.get(iso) ?? (days.set(iso, dayFormat.format(new Date(iso))), days.get(iso)!);
const TODAY = localDay(NOW.toISOString());
const since = (amount: number, unit: 'day' | 'month') => dayjs(TODAY).subtract(amount, unit).add(1, 'day').format('YYYY-MM-DD');
const tail = (gid: string | null | undefined) => (gid ? gid.slice(gid.lastIndexOf('/') + 1) : null);
const isCounted = (order: Order) =>
  !order.test && !order.cancelledAt && !['PENDING', 'EXPIRED', 'VOIDED', 'REFUNDED'].includes(order.displayFinancialStatus ?? '');
const cents = (value: string | number) => Math.round(Number(value) * 100);
/** What a sale brought in: its current total, less what was refunded without anything coming back. */
const incomeCents = (order: Order) =>
  Math.min(
    cents(order.currentTotalPriceSet.shopMoney.amount),
    cents(order.totalPriceSet.shopMoney.amount) - cents(order.totalRefundedSet.shopMoney.amount),
  );
/** A line's net after every discount, for the units kept. */
const lineCents = (item: LineItem) =>
  Math.round(
    ((cents(item.originalTotalSet.shopMoney.amount) -
      item.discountAllocations.reduce((sum, allocation) => sum + cents(allocation.allocatedAmountSet.shopMoney.amount), 0)) *
      item.currentQuantity) /
      item.quantity,
  );
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  let client: ShopifyClient;
  ({ sandbox, server, owner, storeId, client } = await importSandboxStore(500, 4000, NOW));
  raw = { orders: [], items: [], products: [], checkouts: [] };
  for await (const record of client.bulkExport('orders')) (record.kind === 'order' ? raw.orders : raw.items).push(record as never);
  for await (const product of client.bulkExport('products')) raw.products.push(product);
  for await (const checkout of client.bulkExport('abandonedCheckouts')) raw.checkouts.push(checkout);
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const get = (url: string) => server.app.inject({ url, cookies: owner.cookies });

/** Each customer's counted orders, oldest first. */
function customerOrders(orders: Order[]) {
  const byCustomer = new Map<string, Order[]>();
  for (const order of orders.filter(isCounted)) {
    const customer = tail(order.customer?.id);
    if (!customer) continue;
    byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), order]);
  }
  for (const list of byCustomer.values())
    list.sort((a, b) => a.processedAt.localeCompare(b.processedAt) || Number(tail(a.id)) - Number(tail(b.id)));
  return byCustomer;
}

function referenceStats(orders: Order[], checkouts: AbandonedCheckout[], investments: Record<number, number>) {
  const counted = orders.filter(isCounted);
  const byCustomer = customerOrders(orders);
  const lastCart = new Map<string, string>();
  // A cart counts once it is abandoned: not completed, and untouched for an hour (ABANDONED_CART).
  const abandonedBefore = NOW.getTime() - HOUR_MS;
  for (const checkout of checkouts) {
    const customer = tail(checkout.customer?.id);
    if (!customer || checkout.completedAt || Date.parse(checkout.updatedAt ?? checkout.createdAt) > abandonedBefore) continue;
    const day = localDay(checkout.createdAt);
    if (!lastCart.has(customer) || lastCart.get(customer)! < day) lastCart.set(customer, day);
  }
  const d30 = since(30, 'day');
  const m3 = since(3, 'month');
  const m6 = since(6, 'month');
  const m12 = since(12, 'month');
  let active = 0;
  let star = 0;
  let asleep = 0;
  let fresh = 0;
  let risky = 0;
  let offer = 0;
  let bought30 = 0;
  let repeat = 0;
  let frequency = 0;
  let toSecond = 0;
  let new12m = 0;
  const averages: number[] = [];
  for (const [customer, list] of byCustomer) {
    const days = list.map((order) => localDay(order.processedAt));
    const last = days[days.length - 1]!;
    const activity = lastCart.get(customer) && lastCart.get(customer)! > last ? lastCart.get(customer)! : last;
    if (activity >= m3) active += 1;
    if (last >= d30 && days.filter((day) => day >= m6).length >= 3) star += 1;
    if (last < m6) asleep += 1;
    if (days[0]! >= d30) fresh += 1;
    if (days[0]! >= m12) new12m += 1;
    if (last >= d30) bought30 += 1;
    if (list.length > 1 && last < m3) risky += 1;
    if (list.every((order) => Number(order.totalDiscountsSet?.shopMoney.amount ?? 0) > 0)) offer += 1;
    if (list.length >= 2) {
      repeat += 1;
      const first = Date.parse(list[0]!.processedAt);
      frequency += (Date.parse(list[list.length - 1]!.processedAt) - first) / DAY_MS / (list.length - 1);
      toSecond += (Date.parse(list[1]!.processedAt) - first) / DAY_MS;
    }
    averages.push(list.reduce((sum, order) => sum + incomeCents(order), 0) / list.length);
  }
  const mean = averages.reduce((a, b) => a + b, 0) / averages.length;
  const totalCents = counted.reduce((sum, order) => sum + incomeCents(order), 0);
  const investment = referenceInvestment(m12, TODAY, investments);
  const missing = missingYears(m12, TODAY, investments);
  return {
    totalOrders: counted.length,
    totalIncome: totalCents / 100,
    ordersAvgIncome: counted.length ? totalCents / 100 / counted.length : null,
    activeCustomers: active,
    newCustomersRate: bought30 ? (fresh / bought30) * 100 : null,
    recurrentCustomersRate: byCustomer.size ? (repeat / byCustomer.size) * 100 : null,
    avgPurchaseFrequency: repeat ? frequency / repeat : null,
    avgDaysUntilNextOrder: repeat ? toSecond / repeat : null,
    // Unknown, not free, while a year of the period has no investment.
    acquisitionCost: missing.length === 0 && new12m ? investment / new12m : null,
    acquisitionCostMissingYears: missing,
    customers: {
      total: byCustomer.size,
      active,
      star,
      asleep,
      new: fresh,
      risky,
      highValue: averages.filter((average) => average > mean).length,
      offer,
    },
  };
}

/** Each year's amount spread over its days, summed over [from, to]. */
function referenceInvestment(from: string, to: string, investments: Record<number, number>): number {
  let total = 0;
  for (let day = dayjs(from); !day.isAfter(to); day = day.add(1, 'day')) {
    const amount = investments[day.year()];
    const year = day.year();
    if (amount) total += amount / ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365);
  }
  return total;
}

/** The years between `from` and `to` that have no investment. */
function missingYears(from: string, to: string, investments: Record<number, number>): number[] {
  const years: number[] = [];
  for (let year = dayjs(from).year(); year <= dayjs(to).year(); year += 1) if (investments[year] === undefined) years.push(year);
  return years;
}

type Range = { from: string; to: string };
const iso = (date: dayjs.Dayjs) => date.format('YYYY-MM-DD');
const isMonthEnd = (date: dayjs.Dayjs) => date.date() === date.daysInMonth();
/** `months` months earlier: the same day number (or the month's last day when shorter); a month's last day stays its last day. */
function monthsEarlier(range: Range, months: number): Range {
  const to = dayjs(range.to);
  const moved = to.subtract(months, 'month');
  return { from: iso(dayjs(range.from).subtract(months, 'month')), to: iso(isMonthEnd(to) ? moved.endOf('month') : moved) };
}
const daysEarlier = (range: Range, days: number): Range => ({
  from: iso(dayjs(range.from).subtract(days, 'day')),
  to: iso(dayjs(range.to).subtract(days, 'day')),
});
const lengthOf = (range: Range) => dayjs(range.to).diff(range.from, 'day') + 1;

/** What each preset means, written out: its range today and the period before it (the definitions). */
const PRESETS = {
  last7Days: { range: () => ({ from: iso(dayjs(TODAY).subtract(6, 'day')), to: TODAY }), before: (r: Range) => daysEarlier(r, 7) },
  last30Days: { range: () => ({ from: since(30, 'day'), to: TODAY }), before: (r: Range) => daysEarlier(r, lengthOf(r)) },
  last12Weeks: { range: () => ({ from: iso(dayjs(TODAY).subtract(83, 'day')), to: TODAY }), before: (r: Range) => daysEarlier(r, 84) },
  last12Months: { range: () => ({ from: since(12, 'month'), to: TODAY }), before: (r: Range) => daysEarlier(r, lengthOf(r)) },
  previousMonth: {
    range: () => {
      const month = dayjs(TODAY).subtract(1, 'month');
      return { from: iso(month.startOf('month')), to: iso(month.endOf('month')) };
    },
    before: (r: Range) => ({ from: iso(dayjs(r.from).subtract(1, 'month')), to: iso(dayjs(r.from).subtract(1, 'day')) }),
  },
  previousYear: {
    range: () => ({ from: `${dayjs(TODAY).year() - 1}-01-01`, to: `${dayjs(TODAY).year() - 1}-12-31` }),
    before: (r: Range) => ({ from: `${dayjs(r.from).year() - 1}-01-01`, to: `${dayjs(r.from).year() - 1}-12-31` }),
  },
  weekToDate: {
    range: () => ({ from: iso(dayjs(TODAY).subtract((dayjs(TODAY).day() + 6) % 7, 'day')), to: TODAY }),
    before: (r: Range) => daysEarlier(r, 7),
  },
  monthToDate: { range: () => ({ from: iso(dayjs(TODAY).startOf('month')), to: TODAY }), before: (r: Range) => monthsEarlier(r, 1) },
  quarterToDate: {
    range: () => ({
      from: iso(
        dayjs(TODAY)
          .startOf('month')
          .subtract(dayjs(TODAY).month() % 3, 'month'),
      ),
      to: TODAY,
    }),
    before: (r: Range) => monthsEarlier(r, 3),
  },
  yearToDate: { range: () => ({ from: `${dayjs(TODAY).year()}-01-01`, to: TODAY }), before: (r: Range) => monthsEarlier(r, 12) },
} satisfies Record<string, { range: () => Range; before: (range: Range) => Range }>;

/** Each customer's days with a counted order. */
const buyingDays = new Map<Order[], Map<string, string[]>>();
function customersIn(orders: Order[], range: Range): Set<string> {
  if (!buyingDays.has(orders))
    buyingDays.set(
      orders,
      new Map([...customerOrders(orders)].map(([customer, list]) => [customer, list.map((order) => localDay(order.processedAt))])),
    );
  const found = new Set<string>();
  for (const [customer, list] of buyingDays.get(orders)!) if (list.some((day) => day >= range.from && day <= range.to)) found.add(customer);
  return found;
}

const firstOrders = new Map<Order[], Set<string>>();

function referenceRange(orders: Order[], from: string, to: string, investments: Record<number, number>, prior: Range) {
  if (!firstOrders.has(orders)) firstOrders.set(orders, new Set([...customerOrders(orders).values()].map((list) => list[0]!.id)));
  const firsts = firstOrders.get(orders)!;
  const inRange = orders.filter(isCounted).filter((order) => {
    const day = localDay(order.processedAt);
    return day >= from && day <= to;
  });
  const withCustomer = inRange.filter((order) => order.customer);
  const newCustomers = withCustomer.filter((order) => firsts.has(order.id)).length;
  const rangeCents = inRange.reduce((sum, order) => sum + incomeCents(order), 0);
  const investment = referenceInvestment(from, to, investments);
  const missing = missingYears(from, to, investments);
  const buyers = customersIn(orders, { from, to });
  const priorBuyers = customersIn(orders, prior);
  const retained = [...priorBuyers].filter((customer) => buyers.has(customer)).length;
  return {
    orders: inRange.length,
    income: rangeCents / 100,
    customerOrders: withCustomer.length,
    customers: buyers.size,
    newCustomers,
    returningOrders: withCustomer.length - newCustomers,
    newCustomersRate: buyers.size ? (newCustomers / buyers.size) * 100 : null,
    priorRange: prior,
    priorCustomers: priorBuyers.size,
    retainedCustomers: retained,
    retentionRate: priorBuyers.size ? (retained / priorBuyers.size) * 100 : null,
    investment,
    missingInvestmentYears: missing,
    acquisitionCostPerCustomer: missing.length === 0 && newCustomers ? investment / newCustomers : null,
    acquisitionCostPerOrder: missing.length === 0 && inRange.length ? investment / inRange.length : null,
  };
}

/** Money to the peso, rates and days to a millionth; everything else exactly. */
function expectClose(actual: Record<string, unknown>, expected: Record<string, unknown>, path = '') {
  for (const [key, value] of Object.entries(expected)) {
    const got = actual[key];
    const where = `${path}${key}`;
    if (Array.isArray(value)) expect(got, where).toEqual(value);
    else if (value !== null && typeof value === 'object')
      expectClose(got as Record<string, unknown>, value as Record<string, unknown>, `${where}.`);
    else if (typeof value === 'number' && !Number.isInteger(value))
      expect(Math.abs((got as number) - value), where).toBeLessThan(/Rate|Frequency|Days/.test(key) ? 1e-6 : 0.5);
    else expect(got, where).toEqual(value);
  }
}

describe('store metrics against the reference', () => {
  it('computes every all-time indicator and customer group exactly', async () => {
    const response = await get(`/backend/stores/${storeId}/stats`);
    expect(response.statusCode).toBe(200);
    const reference = referenceStats(raw.orders, raw.checkouts, {});
    expect(reference.customers.star).toBeGreaterThan(0);
    expect(reference.customers.risky).toBeGreaterThan(0);
    expect(reference.totalOrders).toBeLessThan(raw.orders.length);
    expectClose(response.json(), reference);
    expect(response.json()).toMatchObject({ currency: 'CLP', asOf: TODAY, acquisitionCost: null });
  });

  it.each(Object.keys(PRESETS) as (keyof typeof PRESETS)[])('matches the reference for %s against the period before', async (preset) => {
    const { range: rangeOf, before } = PRESETS[preset];
    const range = rangeOf();
    const response = await get(`/backend/stores/${storeId}/statsInRange?preset=${preset}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ range, previousRange: before(range), comparison: 'previousPeriod' });
    expectClose(body.totals, referenceRange(raw.orders, range.from, range.to, {}, before(range)));
    const previous = before(range);
    expectClose(body.previous, referenceRange(raw.orders, previous.from, previous.to, {}, before(previous)));
    expect(body.previousSeries.length).toBeGreaterThan(0);
  });

  it.each(['last30Days', 'previousMonth', 'monthToDate', 'last12Months'] as const)(
    'matches the reference for %s against the same period last year',
    async (preset) => {
      const { range: rangeOf, before } = PRESETS[preset];
      const range = rangeOf();
      const body = (await get(`/backend/stores/${storeId}/statsInRange?preset=${preset}&comparison=samePeriodLastYear`)).json();
      const lastYear = monthsEarlier(range, 12);
      expect(body).toMatchObject({ range, previousRange: lastYear, comparison: 'samePeriodLastYear' });
      // The retention rate always follows the period just before, whatever the comparison.
      expectClose(body.totals, referenceRange(raw.orders, range.from, range.to, {}, before(range)));
      expectClose(body.previous, referenceRange(raw.orders, lastYear.from, lastYear.to, {}, before(lastYear)));
    },
  );

  it('makes the share of new customers and the retention rate two figures, not complements', async () => {
    const { totals } = (await get(`/backend/stores/${storeId}/statsInRange?preset=last12Months`)).json();
    expect(totals.retainedCustomers).toBeGreaterThan(0);
    expect(totals.newCustomers).toBeGreaterThan(0);
    expect(Math.abs(totals.newCustomersRate + totals.retentionRate - 100)).toBeGreaterThan(1);
    // The store-level share of new customers is the range's for the last 30 days.
    const stats = (await get(`/backend/stores/${storeId}/stats`)).json();
    const month = (await get(`/backend/stores/${storeId}/statsInRange?preset=last30Days`)).json();
    expect(stats.newCustomersRate).toBe(month.totals.newCustomersRate);
    expect(stats.customers.active).toBeLessThanOrEqual(stats.customers.total);
  });

  it('compares a custom range of whole months with as many months before, and any other with its length before', async () => {
    const month = dayjs(TODAY).subtract(3, 'month');
    const whole = { from: iso(month.startOf('month')), to: iso(month.endOf('month')) };
    const body = (await get(`/backend/stores/${storeId}/statsInRange?from=${whole.from}&to=${whole.to}`)).json();
    const before = { from: iso(month.subtract(1, 'month').startOf('month')), to: iso(month.subtract(1, 'month').endOf('month')) };
    expect(body.previousRange).toEqual(before);
    expectClose(body.totals, referenceRange(raw.orders, whole.from, whole.to, {}, before));
    const odd = { from: iso(month.add(4, 'day')), to: iso(month.add(20, 'day')) };
    const other = (await get(`/backend/stores/${storeId}/statsInRange?from=${odd.from}&to=${odd.to}`)).json();
    expect(other.previousRange).toEqual(daysEarlier(odd, 17));
  });

  it('marks the points the range cuts, or that are not over, as partial', async () => {
    const body = (await get(`/backend/stores/${storeId}/statsInRange?preset=last12Months&granularity=week`)).json();
    const first = dayjs(body.series[0].period);
    expect(body.series[0].partial).toBe(first.day() !== 1);
    expect(body.series.at(-1).partial).toBe(true);
    expect(body.series.slice(1, -1).every((point: { partial: boolean }) => !point.partial)).toBe(true);
    const months = (await get(`/backend/stores/${storeId}/statsInRange?preset=previousYear&granularity=month`)).json();
    expect(months.series.some((point: { partial: boolean }) => point.partial)).toBe(false);
  });

  it('splits a custom range by week and by month into points that add up to the reference', async () => {
    const from = dayjs(TODAY).subtract(2, 'year').format('YYYY-MM-DD');
    for (const granularity of ['week', 'month'] as const) {
      const body = (await get(`/backend/stores/${storeId}/statsInRange?from=${from}&to=${TODAY}&granularity=${granularity}`)).json();
      expect(body.preset).toBeNull();
      expect(body.series[0].period).toBe(from);
      for (const [index, point] of body.series.entries()) {
        const end =
          index + 1 < body.series.length
            ? dayjs(body.series[index + 1].period)
                .subtract(1, 'day')
                .format('YYYY-MM-DD')
            : TODAY;
        if (index > 0) expect(dayjs(point.period).day()).toBe(granularity === 'week' ? 1 : dayjs(point.period).day());
        const reference = referenceRange(raw.orders, point.period, end, {}, { from: point.period, to: end });
        expectClose(point, {
          orders: reference.orders,
          income: reference.income,
          newCustomers: reference.newCustomers,
          returningOrders: reference.returningOrders,
        });
      }
    }
  });

  it('refuses a range in the wrong order and one with too many points, in Spanish', async () => {
    const reversed = await get(`/backend/stores/${storeId}/statsInRange?from=2026-05-01&to=2026-04-01`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual([{ field: 'to', message: 'La fecha de término no puede ser anterior a la de inicio.' }]);
    const tooLong = await get(`/backend/stores/${storeId}/statsInRange?from=2020-01-01&to=2026-01-01&granularity=day`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors[0].message).toMatch(/como máximo 400 resultados/);
    const half = await get(`/backend/stores/${storeId}/statsInRange?from=2026-01-01`);
    expect(half.json().fieldErrors).toEqual([{ field: 'to', message: 'Este campo es obligatorio.' }]);
  });

  it('spreads the yearly investment into acquisition costs', async () => {
    const year = dayjs(TODAY).year();
    const investments = { [year]: 36_500_000, [year - 1]: 12_000_000 };
    for (const [y, amount] of Object.entries(investments)) {
      const saved = await server.app.inject({
        method: 'POST',
        url: `/api/private/stores/${storeId}/monthlyInversion`,
        cookies: owner.cookies,
        headers: owner.headers,
        payload: { year: Number(y), amount },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ year: Number(y), amount });
    }
    const reference = referenceStats(raw.orders, raw.checkouts, investments);
    expect(reference.acquisitionCost).not.toBeNull();
    expectClose((await get(`/backend/stores/${storeId}/stats`)).json(), {
      acquisitionCost: reference.acquisitionCost,
      acquisitionCostMissingYears: [],
    });
    const { range: rangeOf, before } = PRESETS.last12Months;
    const range = (await get(`/backend/stores/${storeId}/statsInRange?preset=last12Months`)).json();
    expectClose(range.totals, referenceRange(raw.orders, rangeOf().from, rangeOf().to, investments, before(rangeOf())));
    // Two years ago has no investment: the comparison period's costs are unknown, and say why.
    const previous = before(rangeOf());
    expectClose(range.previous, referenceRange(raw.orders, previous.from, previous.to, investments, before(previous)));
    expect(range.previous.missingInvestmentYears).toContain(year - 2);
    expect(range.previous.acquisitionCostPerCustomer).toBeNull();

    const chart = (await get(`/api/private/stores/${storeId}/stats/charts/acquisitionCost?year=${year - 1}`)).json();
    expect(chart.investment).toBe(12_000_000);
    expect(chart.months).toHaveLength(12);
    const current = (await get(`/api/private/stores/${storeId}/stats/charts/acquisitionCost`)).json();
    expect(current.months).toHaveLength(dayjs(TODAY).month() + 1);
    for (const month of [...chart.months, ...current.months]) {
      const start = dayjs(`${month.month}-01`);
      // The current month runs to today, its investment too.
      const end = start.endOf('month').format('YYYY-MM-DD') < TODAY ? start.endOf('month').format('YYYY-MM-DD') : TODAY;
      const reference = referenceRange(raw.orders, start.format('YYYY-MM-DD'), end, investments, { from: end, to: end });
      expectClose(month, {
        investment: reference.investment,
        newCustomers: reference.newCustomers,
        orders: reference.orders,
        costPerCustomer: reference.acquisitionCostPerCustomer,
        costPerOrder: reference.acquisitionCostPerOrder,
        partial: end === TODAY,
      });
    }
    expect(current.months.at(-1).partial).toBe(true);
  });

  it('validates the investment and keeps it from colaborators', async () => {
    const post = (payload: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/private/stores/${storeId}/monthlyInversion`,
        cookies: owner.cookies,
        headers: owner.headers,
        payload: payload as object,
      });
    expect((await post({ year: 2026 })).json().fieldErrors).toEqual([{ field: 'amount', message: 'Este campo es obligatorio.' }]);
    expect((await post({ year: 2026, amount: -1 })).statusCode).toBe(400);
    expect((await post({ year: 2026, amount: 100_000_000_001 })).statusCode).toBe(400);
    // What the browser once sent for 999999999999999999 is refused in Spanish, on its field, not stored as another number.
    const far = await post({ year: 2026, amount: 999_999_999_999_999_999 });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors).toEqual([{ field: 'amount', message: expect.stringMatching(/100000000000|100\.000\.000\.000/) }]);
  });
});

describe('the overview table', () => {
  /** Reference rows of a dimension: key → distinct customers, orders, income in cents. */
  function referenceTable(keysOf: (order: Order) => string[], incomeOf?: (order: Order, key: string) => number) {
    const rows = new Map<string, { customers: Set<string>; orders: Set<string>; cents: number }>();
    for (const order of raw.orders.filter(isCounted)) {
      for (const key of new Set(keysOf(order))) {
        const row = rows.get(key) ?? { customers: new Set(), orders: new Set(), cents: 0 };
        if (order.customer) row.customers.add(order.customer.id);
        row.orders.add(order.id);
        row.cents += incomeOf ? incomeOf(order, key) : incomeCents(order);
        rows.set(key, row);
      }
    }
    return [...rows].map(([key, row]) => ({ key, customers: row.customers.size, orders: row.orders.size, income: row.cents / 100 }));
  }

  it.each(['products', 'locations', 'dispatchMethods', 'paymentMethods', 'discounts'] as const)(
    'matches the reference for %s, page by page',
    async (dimension) => {
      const titles = new Map(raw.products.map((product) => [product.id, product.title]));
      const linesOf = new Map<string, LineItem[]>();
      for (const item of raw.items) linesOf.set(item.__parentId, [...(linesOf.get(item.__parentId) ?? []), item]);
      const lineKey = (item: LineItem) => (item.product ? (titles.get(item.product.id) ?? item.title) : item.title);
      const reference = {
        products: () =>
          referenceTable(
            (order) => (linesOf.get(order.id) ?? []).map(lineKey),
            (order, key) =>
              (linesOf.get(order.id) ?? []).filter((item) => lineKey(item) === key).reduce((sum, item) => sum + lineCents(item), 0),
          ),
        locations: () =>
          referenceTable((order) => [[order.shippingAddress?.city, order.shippingAddress?.province].filter(Boolean).join(', ')]),
        dispatchMethods: () => referenceTable((order) => [order.shippingLine?.title ?? '']),
        paymentMethods: () => referenceTable((order) => (order.paymentGatewayNames.length ? order.paymentGatewayNames : [''])),
        discounts: () => referenceTable((order) => (order.discountCodes.length ? order.discountCodes : [''])),
      }[dimension]();
      reference.sort((a, b) => b.income - a.income || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const rows: unknown[] = [];
      let page = 1;
      let totalPages = 1;
      while (page <= totalPages) {
        const body = (await get(`/backend/stores/${storeId}/stats/table?dimension=${dimension}&page=${page}&pageSize=7`)).json();
        totalPages = body.totalPages;
        expect(body.totalRows).toBe(reference.length);
        expect(body.updatedAt).not.toBeNull();
        rows.push(...body.rows);
        page += 1;
      }
      expect(totalPages).toBe(Math.ceil(reference.length / 7));
      expect(rows.map((row) => (row as { key: string }).key).sort()).toEqual(reference.map((row) => row.key).sort());
      for (const row of reference)
        expectClose(rows.find((candidate) => (candidate as { key: string }).key === row.key) as Record<string, unknown>, row);
    },
  );
});

describe('webhooks keep the rollups current', () => {
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all([
        ...['customer_stats', 'customer_order_days', 'store_daily_stats', 'store_customer_days'].map(async (table) => [
          table,
          await server.db.query(`select * from ${table} where store_id = $1 order by 2, 3`, [storeId]),
        ]),
        // The totals follow by difference: floating sums of days may differ from a fresh sum in the last bits only.
        server.db
          .query(
            `select customers, repeat_customers, round(frequency_days_sum::numeric, 6)::text as frequency,
                    round(second_order_days_sum::numeric, 6)::text as second_order, high_value, offer, average_sum::text
               from store_customer_totals where store_id = $1`,
            [storeId],
          )
          .then((rows) => ['store_customer_totals', rows]),
      ]),
    );

  it('leaves exactly what a full rebuild gives after a new order for an existing customer', async () => {
    const template = orderPayload(sandbox.store.orderAt(5), sandbox.store.nowSeconds());
    const lineItems = (template.line_items as { id: number }[]).map((line) => ({ ...line, id: line.id + 8_000_000_000 }));
    const body = JSON.stringify({
      ...template,
      id: 98_000_001,
      admin_graphql_api_id: 'gid://shopify/Order/98000001',
      name: '#98001',
      created_at: NOW.toISOString(),
      line_items: lineItems,
    });
    const before = (await get(`/backend/stores/${storeId}/stats`)).json();
    const response = await deliverWebhook(server.app, {
      topic: 'orders/create',
      body,
      secret: sandbox.webhookSecret,
      webhookId: 'metrics-1',
    });
    expect(response.statusCode).toBe(200);
    const after = (await get(`/backend/stores/${storeId}/stats`)).json();
    expect(after.totalOrders).toBe(before.totalOrders + 1);
    const incremental = await snapshot();
    await server.db.transaction((tx) => refreshRollups(tx, storeId));
    expect(await snapshot()).toEqual(incremental);
  });

  it('stays equal to a full rebuild through a burst of cancellations, new customers and reassigned orders', async () => {
    const post = async (topic: string, payload: Record<string, unknown>, id: string) => {
      const response = await deliverWebhook(server.app, { topic, body: payload, secret: sandbox.webhookSecret, webhookId: id });
      expect(response.statusCode).toBe(200);
      // After each change, what the dashboard's subscriber left is what a full rebuild gives.
      const incremental = await snapshot();
      await server.db.transaction((tx) => refreshRollups(tx, storeId));
      expect(await snapshot()).toEqual(incremental);
    };
    const later = (payload: Record<string, unknown>, minutes: number) =>
      new Date(Date.parse(payload.updated_at as string) + minutes * 60_000).toISOString();
    const cancelled = orderPayload(sandbox.store.orderAt(7), sandbox.store.nowSeconds());
    await post('orders/cancelled', { ...cancelled, cancelled_at: later(cancelled, 1), updated_at: later(cancelled, 1) }, 'burst-1');
    const reassigned = orderPayload(sandbox.store.orderAt(9), sandbox.store.nowSeconds());
    const other = orderPayload(sandbox.store.orderAt(11), sandbox.store.nowSeconds());
    await post('orders/updated', { ...reassigned, customer: other.customer, updated_at: later(reassigned, 2) }, 'burst-2');
    const template = orderPayload(sandbox.store.orderAt(13), sandbox.store.nowSeconds());
    await post(
      'orders/create',
      {
        ...template,
        id: 98_000_002,
        admin_graphql_api_id: 'gid://shopify/Order/98000002',
        name: '#98002',
        created_at: NOW.toISOString(),
        customer: { id: 97_000_001, admin_graphql_api_id: 'gid://shopify/Customer/97000001' },
        // A first order with a discount: a new "offer" customer.
        total_discounts: '1000.00',
        line_items: (template.line_items as { id: number }[]).map((line) => ({ ...line, id: line.id + 9_000_000_000 })),
      },
      'burst-3',
    );
    const kinds = await server.db.query<{ kind: string }>(
      `select kind from store_events where store_id = $1 and kind like 'order%' order by id desc limit 3`,
      [storeId],
    );
    expect(kinds.map((row) => row.kind).reverse()).toEqual(['order_cancelled', 'order_updated', 'order_created']);
  });
});
