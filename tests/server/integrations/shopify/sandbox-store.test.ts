import { describe, expect, it } from 'vitest';
import { createDemoStore, type OrderFacts } from '../../../../src/server/integrations/shopify/sandbox/generator.ts';

// The demo store as a Chilean shop's owner would see it: its year, week and day, its customers,
// its payments and refunds. Figures come from the generated facts, before any API.
const NOW = new Date('2026-11-20T12:00:00Z');
const store = createDemoStore({ now: NOW });
const now = store.nowSeconds();
const index = store.currentIndex(now);
const orders: OrderFacts[] = [];
for (let rank = 0; rank < index.time.length; rank++) {
  const order = store.orderAt(rank, index);
  if (order.createdAt <= now) orders.push(order);
}

const local = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});
const START_MS = Date.UTC(2023, 10, 1);
function localOf(seconds: number) {
  const parts = Object.fromEntries(local.formatToParts(new Date(START_MS + seconds * 1000)).map((part) => [part.type, part.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), weekday: parts.weekday! };
}
const placed = orders.map((order) => localOf(order.processedAt));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('the demo store looks like a Chilean shop', () => {
  it('peaks on CyberDay and before Christmas and dips in February, over the last 12 months by week', () => {
    const weekOf = (day: string) => {
      const date = new Date(`${day}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return date.toISOString().slice(0, 10);
    };
    const weeks = new Map<string, number>();
    for (const { day } of placed) if (day >= '2025-11-24' && day < '2026-11-16') weeks.set(weekOf(day), (weeks.get(weekOf(day)) ?? 0) + 1);
    expect(weeks.size).toBe(51);
    const typical = median([...weeks.values()]);
    const week = (monday: string) => weeks.get(monday) ?? 0;
    // CyberDay 2026: from Monday 1 June and Monday 5 October.
    expect(week('2026-06-01')).toBeGreaterThan(1.5 * typical);
    expect(week('2026-10-05')).toBeGreaterThan(1.4 * typical);
    expect(Math.max(week('2025-12-08'), week('2025-12-15'))).toBeGreaterThan(1.4 * typical);
    expect(week('2026-02-09')).toBeLessThan(typical);
  });

  it('sells in the evening more than at night, and on Mondays more than on Saturdays', () => {
    const at = (from: number, to: number) => placed.filter(({ hour }) => hour >= from && hour < to).length;
    expect(at(2, 6) * 8).toBeLessThan(at(19, 23));
    const on = (weekday: string) => placed.filter((p) => p.weekday === weekday).length;
    expect(on('Mon')).toBeGreaterThan(1.15 * on('Sat'));
  });

  it('has buyers who mostly buy once, guests, subscribers who never bought, and customers with several addresses', () => {
    const perCustomer = new Map<number, number>();
    for (const order of orders) if (order.customer) perCustomer.set(order.customer.index, (perCustomer.get(order.customer.index) ?? 0) + 1);
    const counts = [...perCustomer.values()];
    const perBuyer = counts.reduce((sum, n) => sum + n, 0) / counts.length;
    expect(perBuyer).toBeGreaterThan(1.3);
    expect(perBuyer).toBeLessThan(2);
    expect(counts.filter((n) => n === 1).length / counts.length).toBeGreaterThan(0.6);
    expect(counts.filter((n) => n >= 5).length).toBeGreaterThan(50);
    const guests = orders.filter((order) => order.customer === null).length / orders.length;
    expect(guests).toBeGreaterThan(0.03);
    expect(guests).toBeLessThan(0.1);

    const visible = store.visibleCustomers(now);
    const profiles = Array.from({ length: visible }, (_, i) => store.profile(i));
    const neverBought = profiles.filter((profile) => !perCustomer.has(profile.index));
    expect(neverBought.length / visible).toBeGreaterThan(0.07);
    expect(neverBought.every((profile) => profile.kind === 'subscriber' && profile.emailState === 'SUBSCRIBED')).toBe(true);
    expect(profiles.filter((profile) => profile.addresses.length > 1).length / visible).toBeGreaterThan(0.12);
  });

  it('gathers consent at checkout from some, and some withdraw it later', () => {
    const profiles = Array.from({ length: store.visibleCustomers(now) }, (_, i) => store.profile(i)).filter((p) => p.kind !== 'subscriber');
    const subscribed = profiles.filter((profile) => profile.emailState === 'SUBSCRIBED').length / profiles.length;
    expect(subscribed).toBeGreaterThan(0.3);
    expect(subscribed).toBeLessThan(0.55);
    const withdrawn = profiles.filter(
      (profile) => store.customerNode(profile, now).emailMarketingConsent?.marketingState === 'UNSUBSCRIBED',
    );
    expect(withdrawn.length).toBeGreaterThan(0);
    expect(withdrawn.every((profile) => profile.emailWithdrawnAt !== null && profile.emailWithdrawnAt <= now)).toBe(true);
  });

  it('has pending transfers, authorized cards, voided and refunded orders, returns, refunds without cancellation and test orders', () => {
    const recent = orders.filter((order) => order.processedAt > now - 2 * 86_400);
    const statuses = new Set(recent.map((order) => store.orderNode(order, now).displayFinancialStatus));
    expect([...statuses]).toEqual(expect.arrayContaining(['PENDING', 'AUTHORIZED', 'PAID']));
    const all = new Map<string, number>();
    for (const order of orders) {
      const status = store.orderNode(order, now).displayFinancialStatus!;
      all.set(status, (all.get(status) ?? 0) + 1);
    }
    expect([...all.keys()]).toEqual(expect.arrayContaining(['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED', 'VOIDED']));
    const returns = orders.filter((order) => order.refunds.some((refund) => refund.lines.length > 0) && order.cancelledAt === null);
    const goodwill = orders.filter((order) => order.refunds.some((refund) => refund.lines.length === 0));
    expect(returns.length / orders.length).toBeGreaterThan(0.02);
    expect(goodwill.length).toBeGreaterThan(0);
    expect(orders.filter((order) => order.test).length).toBeGreaterThan(0);
    // A partial refund leaves the order counted, with less kept.
    const partial = returns.find((order) => order.lines.length > 1)!;
    const node = store.orderNode(partial, now);
    expect(node.displayFinancialStatus).toBe('PARTIALLY_REFUNDED');
    expect(Number(node.currentTotalPriceSet.shopMoney.amount)).toBeLessThan(partial.total);
  });

  it('keeps code discounts out of line items’ discounted totals, as Shopify does', () => {
    const coded = orders.find((order) => order.discountCode && order.lines.every((line) => line.automatic === 0))!;
    const lines = store.lineItemNodes(coded, now);
    for (const line of lines) expect(line.discountedTotalSet).toEqual(line.originalTotalSet);
    const allocated = lines
      .flatMap((line) => line.discountAllocations)
      .reduce((sum, a) => sum + Number(a.allocatedAmountSet.shopMoney.amount), 0);
    expect(allocated).toBe(coded.codeDiscount);
  });

  it('places imported orders on their original date, created on the day of the move to Shopify', () => {
    const imported = orders.filter((order) => order.createdAt !== order.processedAt);
    expect(imported.length).toBeGreaterThan(100);
    expect(new Set(imported.map((order) => localOf(order.createdAt).day))).toEqual(new Set(['2024-01-15']));
    expect(imported.every((order) => order.processedAt < order.createdAt)).toBe(true);
  });

  it('leaves carts mostly from customers who bought recently', () => {
    const carts = Array.from({ length: store.visibleCheckouts(now) }, (_, j) => store.checkoutAt(j)).filter((cart) => cart.customer);
    const recentBuyer = carts.filter((cart) =>
      store.orderTimesOf(cart.customer!, cart.createdAt).some((time) => time > cart.createdAt - 60 * 86_400),
    );
    expect(recentBuyer.length / carts.length).toBeGreaterThan(0.6);
  });

  it('gives the same ids on a later day for what was already there', () => {
    const later = createDemoStore({ now: new Date('2026-12-20T12:00:00Z') });
    const laterIndex = later.currentIndex(later.nowSeconds());
    for (const rank of [0, 1000, 10_000, orders.length - 1]) {
      expect(later.orderAt(rank, laterIndex)).toMatchObject({
        id: orders[rank]!.id,
        name: orders[rank]!.name,
        processedAt: orders[rank]!.processedAt,
      });
    }
  });
});
