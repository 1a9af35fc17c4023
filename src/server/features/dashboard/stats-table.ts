import type { components } from '../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';
import { type StatsTableQuery, type StatsTableRecord, statsTableRecords, statsTableSummary } from './repository.ts';

type StatsTablePage = components['schemas']['StatsTablePage'];
type StatsTableRow = components['schemas']['StatsTableRow'];
type StatsDimension = components['schemas']['StatsDimension'];
type StatsTableSort = components['schemas']['StatsTableSort'];

/*
 * The overview table: distinct customers, counted orders and income by product, buyer location,
 * dispatch method, payment gateway and discount code, over the store's whole history. It is rebuilt
 * whole each night (and when an import phase ends), so it reads as "updated nightly": new orders show
 * the next day. An order with no value for a dimension (no address, no discount code…) is grouped under
 * the empty key, which the screen names. An order paid through two gateways or with two codes counts
 * under each; a product's income is its lines' discounted totals, every other income the orders' totals.
 *
 * Its rebuild keeps its SQL here: building the table from the orders is this module's whole job (as the
 * rollups' is rollups.ts'). Reading it is repository.ts'.
 */

const orderSource = (key: string, from = 'orders o') =>
  `select o.customer_external_id as customer, o.external_id as order_id, o.total_amount as income, ${key} as key
     from ${from} where o.store_id = $1 and ${countedOrder('o.')}`;

const SOURCES: Record<StatsDimension, string> = {
  products: `select o.customer_external_id as customer, o.external_id as order_id, l.discounted_total as income, coalesce(p.title, l.title) as key
               from order_line_items l
               join orders o on o.store_id = l.store_id and o.external_id = l.order_external_id
               left join products p on p.store_id = l.store_id and p.external_id = l.product_external_id
              where l.store_id = $1 and ${countedOrder('o.')}`,
  locations: orderSource(`concat_ws(', ', nullif(o.city, ''), nullif(o.region, ''))`),
  dispatchMethods: orderSource(`coalesce(o.shipping_method, '')`),
  paymentMethods: orderSource(
    `coalesce(g.value, '')`,
    `orders o left join lateral jsonb_array_elements_text(o.payment_gateways) as g(value) on true`,
  ),
  discounts: orderSource(
    `coalesce(d.value, '')`,
    `orders o left join lateral jsonb_array_elements_text(o.discount_codes) as d(value) on true`,
  ),
};

export async function rebuildStatsTable(db: Queryable, storeId: number): Promise<void> {
  await db.query('delete from store_stats_table where store_id = $1', [storeId]);
  for (const [dimension, source] of Object.entries(SOURCES)) {
    await db.query(
      `insert into store_stats_table (store_id, dimension, key, customers, orders, income)
       select $1, $2, key, count(distinct customer), count(distinct order_id), sum(income)
         from (${source}) as facts group by key`,
      [storeId, dimension],
    );
  }
  await db.query(
    'insert into store_stats_table_builds (store_id, built_at) values ($1, now()) on conflict (store_id) do update set built_at = excluded.built_at',
    [storeId],
  );
}

/** The default order of a column: figures from the largest, names from A. */
export const defaultOrder = (sort: StatsTableSort): 'asc' | 'desc' => (sort === 'key' ? 'asc' : 'desc');

export async function statsTablePage(
  db: Queryable,
  storeId: number,
  query: StatsTableQuery,
  page: number,
  pageSize: number,
): Promise<StatsTablePage> {
  const summary = await statsTableSummary(db, storeId, query);
  const rows = await statsTableRecords(db, storeId, query, { limit: pageSize, offset: (page - 1) * pageSize });
  const totalRows = summary?.total ?? 0;
  return {
    dimension: query.dimension,
    page,
    pageSize,
    totalRows,
    totalPages: Math.ceil(totalRows / pageSize),
    rows: rows.map(toRow),
    updatedAt: summary?.built_at ? summary.built_at.toISOString() : null,
  };
}

/** Every row of a tab in the asked order (the XLSX export). */
export async function statsTableRows(db: Queryable, storeId: number, query: StatsTableQuery): Promise<StatsTableRow[]> {
  return (await statsTableRecords(db, storeId, query)).map(toRow);
}

const toRow = (row: StatsTableRecord): StatsTableRow => ({
  key: row.key,
  customers: row.customers,
  orders: row.orders,
  income: Number(row.income),
});
