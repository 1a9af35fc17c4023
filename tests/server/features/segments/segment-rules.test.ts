/*
 * The segment rule compiler against an independent reference: random rule trees evaluated by the
 * compiled SQL and by plain TypeScript over the store's raw rows (customers, orders, line items,
 * products as the import wrote them), sharing no code with the compiler or the rollups it reads.
 * Every tree must select exactly the same customers, and so must the live count's in-memory index
 * (features/segments/count-index.ts). Also: the six default segments count what the
 * dashboard counts.
 */

import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSegment } from '../../../../src/server/features/segments/compiler.ts';
import type { SegmentCountIndex } from '../../../../src/server/features/segments/count-index.ts';
import { LiveCounts } from '../../../../src/server/features/segments/live-count.ts';
import type { StartedSandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import {
  DEFAULT_SEGMENT_RULES,
  SEGMENT_CONDITION_FIELDS,
  type SegmentCondition,
  type SegmentPeriod,
  type SegmentRules,
} from '../../../../src/shared/segments.ts';
import { type Caller, importSandboxStore, type TestServer } from '../../support/harness.ts';

const TZ = 'America/Santiago';
const NOW = new Date();
let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;
let storeId: number;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const localDay = (instant: Date) => dayFormat.format(instant);
const TODAY = localDay(NOW);

interface Order {
  id: string;
  customer: string;
  day: string;
  total: number;
  discounted: boolean;
  products: Set<string>;
}
interface Reference {
  customers: { id: string; tags: string[] }[];
  orders: Map<string, Order[]>;
  products: Map<string, { tags: string[]; type: string }>;
}
let data: Reference;
let counts: LiveCounts;
let index: SegmentCountIndex;
/** The store average the rollups keep, which the live count compares with. */
let mean: number | null;

beforeAll(async () => {
  ({ sandbox, server, owner, storeId } = await importSandboxStore(400, 3000, NOW));
  data = await readReference();
  counts = new LiveCounts(server.db);
  index = await counts.loaded(storeId);
  const [totals] = await server.db.query<{ mean: string | null }>(
    'select (average_sum / nullif(customers, 0))::text as mean from store_customer_totals where store_id = $1',
    [storeId],
  );
  mean = totals?.mean == null ? null : Number(totals.mean);
});
afterAll(async () => {
  await counts?.close();
  await server?.close();
  await sandbox?.close();
});

/** The raw rows, read back as plain values; what counts is restated here, not imported. */
async function readReference(): Promise<Reference> {
  const db = server.db;
  const customers = await db.query<{ id: string; tags: string[] }>(
    'select external_id::text as id, tags from customers where store_id = $1',
    [storeId],
  );
  const products = await db.query<{ id: string; tags: string[]; type: string }>(
    'select external_id::text as id, tags, product_type as type from products where store_id = $1',
    [storeId],
  );
  const orders = await db.query<{
    id: string;
    customer: string | null;
    placed_at: Date;
    total: string;
    discount: string;
    test: boolean;
    cancelled_at: Date | null;
    financial_status: string | null;
  }>(
    `select external_id::text as id, customer_external_id::text as customer, placed_at, total_amount::text as total,
            discount_total::text as discount, test, cancelled_at, financial_status
       from orders where store_id = $1`,
    [storeId],
  );
  const lines = await db.query<{ order: string; product: string | null }>(
    'select order_external_id::text as order, product_external_id::text as product from order_line_items where store_id = $1',
    [storeId],
  );
  const productsOf = new Map<string, Set<string>>();
  for (const line of lines) {
    if (!line.product) continue;
    if (!productsOf.has(line.order)) productsOf.set(line.order, new Set());
    productsOf.get(line.order)!.add(line.product);
  }
  const byCustomer = new Map<string, Order[]>();
  for (const order of orders) {
    const counted =
      !order.test && !order.cancelled_at && !['PENDING', 'EXPIRED', 'VOIDED', 'REFUNDED'].includes(order.financial_status ?? '');
    if (!counted || !order.customer) continue;
    const list = byCustomer.get(order.customer) ?? [];
    list.push({
      id: order.id,
      customer: order.customer,
      day: localDay(order.placed_at),
      total: Number(order.total),
      discounted: Number(order.discount) > 0,
      products: productsOf.get(order.id) ?? new Set(),
    });
    byCustomer.set(order.customer, list);
  }
  return {
    customers,
    orders: byCustomer,
    products: new Map(products.map((product) => [product.id, { tags: product.tags, type: product.type }])),
  };
}

const norm = (value: string) => value.trim().toLowerCase();

function daysOf(period: SegmentPeriod | undefined): { from: string; to: string } {
  if (!period || period.kind === 'anytime') return { from: '0000-01-01', to: '9999-12-31' };
  if (period.kind === 'between') return { from: period.from, to: period.to };
  const days = period.unit === 'week' ? period.amount * 7 : period.amount;
  const unit = period.unit === 'week' ? 'day' : period.unit;
  return { from: dayjs(TODAY).subtract(days, unit).add(1, 'day').format('YYYY-MM-DD'), to: TODAY };
}

function referenceMembers(rules: SegmentRules): Set<string> {
  const averages = [...data.orders.values()].map((orders) => orders.reduce((sum, order) => sum + order.total, 0) / orders.length);
  const mean = averages.reduce((sum, value) => sum + value, 0) / averages.length;
  const holds = (customer: { id: string; tags: string[] }, condition: SegmentCondition): boolean => {
    const all = data.orders.get(customer.id) ?? [];
    const within = (period?: SegmentPeriod) => {
      const { from, to } = daysOf(period);
      return all.filter((order) => order.day >= from && order.day <= to);
    };
    switch (condition.field) {
      case 'purchase':
        return within(condition.period).length > 0;
      case 'firstPurchase': {
        if (all.length === 0) return false;
        const first = all.reduce((min, order) => (order.day < min ? order.day : min), all[0]!.day);
        const { from, to } = daysOf(condition.period);
        return first >= from && first <= to;
      }
      case 'productTags':
      case 'productTypes': {
        const wanted = new Set(condition.values.map(norm));
        return within(condition.period).some((order) =>
          [...order.products].some((id) => {
            const product = data.products.get(id);
            if (!product) return false;
            return condition.field === 'productTypes' ? wanted.has(norm(product.type)) : product.tags.some((tag) => wanted.has(norm(tag)));
          }),
        );
      }
      case 'customerTags': {
        const wanted = new Set(condition.values.map(norm));
        return customer.tags.some((tag) => wanted.has(norm(tag)));
      }
      case 'purchaseType': {
        const orders = within(condition.period);
        return orders.length > 0 && orders.every((order) => order.discounted === (condition.value === 'withDiscount'));
      }
      case 'ordersCount':
      case 'totalSpent': {
        const orders = within(condition.period);
        const value = condition.field === 'ordersCount' ? orders.length : orders.reduce((sum, order) => sum + order.total, 0);
        return (condition.from === undefined || value >= condition.from) && (condition.to === undefined || value <= condition.to);
      }
      case 'averageOrderValue':
        return all.length > 0 && all.reduce((sum, order) => sum + order.total, 0) / all.length > mean;
    }
  };
  const evaluate = (customer: { id: string; tags: string[] }) => {
    const blocks = rules.blocks.map((block) => {
      const results = block.conditions.map((condition) => {
        const positive = holds(customer, condition);
        return condition.operator === 'isNot' || condition.operator === 'notHas' ? !positive : positive;
      });
      return block.join === 'and' ? results.every(Boolean) : results.some(Boolean);
    });
    return rules.join === 'and' ? blocks.every(Boolean) : blocks.some(Boolean);
  };
  return new Set(data.customers.filter(evaluate).map((customer) => customer.id));
}

async function sqlMembers(rules: SegmentRules, onlyCustomers?: string[]): Promise<Set<string>> {
  const query = compileSegment(rules, { storeId, today: TODAY, timeZone: TZ }, onlyCustomers);
  const rows = await server.db.query<{ customer: string }>(query.text, query.params);
  return new Set(rows.map((row) => row.customer));
}

/** A small seeded generator (mulberry32), so a failing tree can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}

function randomRules(seed: number): SegmentRules {
  const r = random(seed);
  const productTags = [...new Set([...data.products.values()].flatMap((product) => product.tags))];
  const productTypes = [...new Set([...data.products.values()].map((product) => product.type))];
  const customerTags = [...new Set(data.customers.flatMap((customer) => customer.tags))];
  const some = (pool: string[]) => {
    const values = Array.from({ length: r.int(1, 3) }, () => (r.next() < 0.1 ? 'ninguna-etiqueta' : r.pick(pool)));
    // Case and spaces do not matter.
    return values.map((value) => (r.next() < 0.2 ? ` ${value.toUpperCase()} ` : value));
  };
  const period = (): SegmentPeriod => {
    const kind = r.pick(['anytime', 'between', 'last'] as const);
    if (kind === 'anytime') return { kind };
    if (kind === 'last') return { kind, amount: r.int(1, 18), unit: r.pick(['day', 'week', 'month', 'year'] as const) };
    const from = dayjs(TODAY).subtract(r.int(0, 900), 'day');
    return { kind, from: from.format('YYYY-MM-DD'), to: from.add(r.int(0, 400), 'day').format('YYYY-MM-DD') };
  };
  const maybePeriod = () => (r.next() < 0.5 ? { period: period() } : {});
  /** From (0 to `fromSteps` × `step`) to a bit above it, either end sometimes left out. */
  const range = (fromSteps: number, step: number, span: number) => {
    const from = r.next() < 0.7 ? r.int(0, fromSteps) * step : undefined;
    const to = r.next() < 0.5 || from === undefined ? (from ?? 0) + r.int(1, span / step) * step : undefined;
    return { operator: 'fromTo' as const, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
  };
  const condition = (): SegmentCondition => {
    const field = r.pick(SEGMENT_CONDITION_FIELDS);
    switch (field) {
      case 'purchase':
      case 'firstPurchase':
        return { field, operator: r.pick(['is', 'isNot'] as const), period: period() };
      case 'productTags':
        return { field, operator: r.pick(['has', 'notHas'] as const), values: some(productTags), ...maybePeriod() };
      case 'productTypes':
        return { field, operator: r.pick(['has', 'notHas'] as const), values: some(productTypes), ...maybePeriod() };
      case 'customerTags':
        return { field, operator: r.pick(['has', 'notHas'] as const), values: some(customerTags) };
      case 'purchaseType':
        return {
          field,
          operator: r.pick(['is', 'isNot'] as const),
          value: r.pick(['withDiscount', 'withoutDiscount'] as const),
          ...maybePeriod(),
        };
      case 'ordersCount':
        return { field, ...range(4, 1, 5), ...maybePeriod() };
      case 'totalSpent':
        return { field, ...range(200, 1000, 400 * 1000), ...maybePeriod() };
      case 'averageOrderValue':
        return { field, operator: r.pick(['is', 'isNot'] as const), value: 'aboveStoreAverage' };
    }
  };
  return {
    join: r.pick(['and', 'or'] as const),
    blocks: Array.from({ length: r.int(1, 3) }, () => ({
      join: r.pick(['and', 'or'] as const),
      conditions: Array.from({ length: r.int(1, 3) }, condition),
    })),
  };
}

describe('the segment rule compiler', () => {
  it('selects exactly the customers an independent evaluation of the raw rows selects, for random rule trees', async () => {
    let nonTrivial = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const rules = randomRules(seed);
      const expected = referenceMembers(rules);
      const actual = await sqlMembers(rules);
      const label = `seed ${seed}: ${JSON.stringify(rules)}`;
      expect([...actual].sort(), label).toEqual([...expected].sort());
      // The forms' live count, in memory, selects the same customers.
      expect(index.members(rules, TODAY, mean).sort(), `${label} (live count)`).toEqual([...expected].sort());
      // Evaluated for a few customers only (the segments' subscriber), the same answer for those.
      const some = data.customers.filter((_, index) => index % 7 === seed % 7).map((customer) => customer.id);
      expect([...(await sqlMembers(rules, some))].sort(), `${label} (some customers)`).toEqual(
        some.filter((id) => expected.has(id)).sort(),
      );
      if (expected.size > 0 && expected.size < data.customers.length) nonTrivial++;
    }
    // The trees must discriminate, or agreeing would prove little.
    expect(nonTrivial).toBeGreaterThan(75);
  });

  it('puts in each default segment the customers the dashboard counts under its definition', async () => {
    const { customers } = (await server.app.inject({ url: `/backend/stores/${storeId}/stats`, cookies: owner.cookies })).json();
    const sizes = Object.fromEntries(
      await Promise.all(Object.entries(DEFAULT_SEGMENT_RULES).map(async ([key, rules]) => [key, (await sqlMembers(rules)).size] as const)),
    );
    expect(sizes).toEqual({
      highValueCustomers: customers.highValue,
      frequentCustomers: customers.star,
      asleepCustomers: customers.asleep,
      newCustomers: customers.new,
      offerCustomers: customers.offer,
      riskyCustomers: customers.risky,
    });
    for (const [key, rules] of Object.entries(DEFAULT_SEGMENT_RULES))
      expect((await sqlMembers(rules)).size, key).toBe(referenceMembers(rules).size);
  });
});
