import type { Queryable } from '../database/db.ts';

/*
 * Everything Recompra keeps about one customer of a store, for a data request (privacy law, Shopify's
 * `customers/data_request`). Like the store's erasure (store-erasure.ts) it reads the tables from the
 * database's catalogue, so a table a feature adds later is never left out: every table with `store_id`
 * and `customer_external_id` gives the customer's rows (their orders, carts, figures, segment
 * memberships, list and audience syncs…), the customer record is `customers` itself, and every table
 * with `order_external_id` gives the rows of their orders and of the orders the request names. What is kept
 * by phone rather than by customer (their WhatsApp opt-outs) comes by the phone of their record.
 */

export type CustomerData = Record<string, Record<string, unknown>[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The store's tables that have `column` (and `store_id`), by name. */
async function tablesWith(db: Queryable, column: string): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select c.table_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and c.column_name = $1 and t.table_type = 'BASE TABLE'
        and exists (select 1 from information_schema.columns s
                     where s.table_schema = c.table_schema and s.table_name = c.table_name and s.column_name = 'store_id')
      order by c.table_name`,
    [column],
  );
  return rows.map((row) => row.table_name);
}

/** Rows as JSON (numbers, dates and numerics as PostgreSQL writes them), `store_id` left out: it is the store's own. */
async function rowsOf(db: Queryable, table: string, where: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const rows = await db.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) - 'store_id' as row from ${quoted(table)} t where t.store_id = $1 and ${where}`,
    params,
  );
  return rows.map((entry) => entry.row);
}

/**
 * What the store holds about `customerId` (Shopify's numeric id) and about `ordersRequested`, by table;
 * tables with nothing about them are left out.
 */
export async function customerDataOf(
  db: Queryable,
  storeId: number,
  customerId: string,
  ordersRequested: readonly string[] = [],
): Promise<CustomerData> {
  const data: CustomerData = {};
  const add = (table: string, rows: Record<string, unknown>[]) => {
    if (rows.length > 0) data[table] = [...(data[table] ?? []), ...rows];
  };
  add('customers', await rowsOf(db, 'customers', 't.external_id = $2::bigint', [storeId, customerId]));
  const phone = data.customers?.[0]?.phone_e164;
  if (typeof phone === 'string') add('whatsapp_opt_outs', await rowsOf(db, 'whatsapp_opt_outs', 't.phone = $2', [storeId, phone]));
  for (const table of await tablesWith(db, 'customer_external_id'))
    add(table, await rowsOf(db, table, 't.customer_external_id = $2::bigint', [storeId, customerId]));
  // Orders the request names that no longer point at the customer (a guest checkout, a redaction).
  const named = ordersRequested.filter((id) => !data.orders?.some((order) => String(order.external_id) === id));
  if (named.length > 0) add('orders', await rowsOf(db, 'orders', 't.external_id = any($2::bigint[])', [storeId, named]));
  const orders = (data.orders ?? []).map((order) => String(order.external_id));
  if (orders.length > 0)
    for (const table of await tablesWith(db, 'order_external_id'))
      add(table, await rowsOf(db, table, 't.order_external_id = any($2::bigint[])', [storeId, orders]));
  return data;
}
