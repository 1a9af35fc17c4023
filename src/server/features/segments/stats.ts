import type { components } from '../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { type StoreCalendar, windowStart } from '../../platform/store-data/store-calendar.ts';

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
  const [store] = await db.query<{ customers: number; income: string }>(
    `select (select count(*)::integer from customers where store_id = $1) as customers,
            (select coalesce(sum(total_spent), 0)::text from customer_stats where store_id = $1) as income`,
    [storeId],
  );
  // Kept on each segment by its build and the segments' subscriber (membership.ts).
  const segments = await db.query<{ id: string; customers: number; orders: number; income: string }>(
    `select id::text, coalesce(customers, 0) as customers, orders, income::text from segments where store_id = $1 order by id`,
    [storeId],
  );
  return {
    totalCustomers: store!.customers,
    totalIncome: Number(store!.income),
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
  const [figures] = await db.query<{
    customers: number;
    total_income: string;
    recent_orders: number;
    recent_income: string;
    orders: number;
    units: string;
  }>(
    // All time from the members' aggregates; the last 30 days from those days' orders (placed-at index).
    `with totals as (
       select count(*)::integer as customers, coalesce(sum(s.total_spent), 0)::text as total_income,
              coalesce(sum(s.orders_count), 0)::integer as orders, coalesce(sum(s.units), 0)::text as units
         from segment_members m
         left join customer_stats s on s.store_id = m.store_id and s.customer_external_id = m.customer_external_id
        where m.segment_id = $1),
     recent as (
       select count(*)::integer as recent_orders, coalesce(sum(o.total_amount), 0)::text as recent_income
         from orders o
        where o.store_id = $2 and ${countedOrder('o.')}
          and o.customer_external_id in (select customer_external_id from segment_members where segment_id = $1)
          and o.placed_at >= ($3::date::timestamp at time zone $5::text) and o.placed_at < (($4::date + 1)::timestamp at time zone $5::text))
     select * from totals, recent`,
    [segment.id, storeId, windowStart(calendar.today, 30, 'day'), calendar.today, timeZone],
  );
  const { customers, orders } = figures!;
  const totalIncome = Number(figures!.total_income);
  return {
    segmentId: Number(segment.id),
    status: segment.status,
    orders: figures!.recent_orders,
    income: money(Number(figures!.recent_income)),
    totalCustomers: customers,
    totalIncome: money(totalIncome),
    avgIncomeByCustomer: customers > 0 ? money(totalIncome / customers) : 0,
    ordersAvgSize: orders > 0 ? Math.round((Number(figures!.units) / orders) * 100) / 100 : 0,
    currency: calendar.currency,
    builtAt: segment.builtAt?.toISOString() ?? null,
  };
}
