import type { components } from '../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { type StoreCalendar, windowStart } from '../../platform/store-data/store-calendar.ts';
import { memberFiguresOf, segmentFiguresOfStore, storeCustomerTotals } from './repository.ts';

type SegmentsStats = components['schemas']['SegmentsStats'];
type SegmentStats = components['schemas']['SegmentStats'];

/*
 * Segment metrics (SPEC §3) over the members as the segment holds them now: the members' aggregates
 * (customer_stats, the dashboard's rollups, so "counted orders", "income" and units mean what the
 * dashboard says) and, for the last 30 days, the members' counted orders of those days. A member without counted orders adds a customer and nothing else.
 */

const money = (value: number) => Math.round(value * 100) / 100;

/** Each segment's members, orders and income, with the store's customers and income to compare against. */
export async function segmentsStats(db: Queryable, storeId: number, currency: string): Promise<SegmentsStats> {
  const store = await storeCustomerTotals(db, storeId);
  const segments = await segmentFiguresOfStore(db, storeId);
  return {
    totalCustomers: store.customers,
    totalIncome: Number(store.income),
    currency,
    segments: segments.map((row) => ({
      segmentId: Number(row.id),
      customers: row.customers,
      orders: row.orders,
      income: Number(row.income),
    })),
  };
}

/** The segment as its metrics need it (the handler has checked it belongs to the store). */
export interface MeasuredSegment {
  id: string;
  status: SegmentStats['status'];
  builtAt: Date | null;
}

export async function segmentStats(
  db: Queryable,
  storeId: number,
  segment: MeasuredSegment,
  timeZone: string,
  calendar: StoreCalendar,
): Promise<SegmentStats> {
  const figures = await memberFiguresOf(db, storeId, segment.id, {
    from: windowStart(calendar.today, 30, 'day'),
    to: calendar.today,
    timeZone,
  });
  const { customers, orders } = figures;
  const totalIncome = Number(figures.total_income);
  return {
    segmentId: Number(segment.id),
    status: segment.status,
    orders: figures.recent_orders,
    income: money(Number(figures.recent_income)),
    totalCustomers: customers,
    totalIncome: money(totalIncome),
    avgIncomeByCustomer: customers > 0 ? money(totalIncome / customers) : 0,
    ordersAvgSize: orders > 0 ? Math.round((Number(figures.units) / orders) * 100) / 100 : 0,
    currency: calendar.currency,
    builtAt: segment.builtAt?.toISOString() ?? null,
  };
}
