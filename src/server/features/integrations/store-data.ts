import type { Queryable } from '../../platform/db.ts';
import type { AbandonedCheckout, Customer, LineItem, Order, Product } from '../../integrations/shopify/types.ts';

/*
 * Writes imported Shopify records into the store's tables, a batch per statement (unnest of column
 * arrays), as upserts keyed by the platform's id: re-importing the same record never duplicates it.
 */

const list = (values: string[] | null | undefined) => JSON.stringify(values ?? []);
/** The numeric id at the end of a Shopify gid (`gid://shopify/Order/123` → `123`), as text for a bigint parameter. */
export const numericId = (gid: string | null | undefined): string | null => (gid ? gid.slice(gid.lastIndexOf('/') + 1) : null);
const amount = (money: { shopMoney: { amount: string } } | null | undefined) => money?.shopMoney.amount ?? '0';
const consented = (consent: { marketingState: string } | null | undefined) => consent?.marketingState === 'SUBSCRIBED';

export async function upsertProducts(db: Queryable, storeId: number, products: Product[]): Promise<void> {
  if (products.length === 0) return;
  await db.query(
    `insert into products (store_id, external_id, title, product_type, tags, created_at, updated_at)
     select $1, * from unnest($2::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::timestamptz[])
     on conflict (store_id, external_id) do update set title = excluded.title, product_type = excluded.product_type,
       tags = excluded.tags, updated_at = excluded.updated_at`,
    [
      storeId,
      products.map((p) => numericId(p.id)),
      products.map((p) => p.title),
      products.map((p) => p.productType ?? ''),
      products.map((p) => list(p.tags)),
      products.map((p) => p.createdAt),
      products.map((p) => p.updatedAt),
    ],
  );
}

export async function upsertCustomers(db: Queryable, storeId: number, customers: Customer[]): Promise<void> {
  if (customers.length === 0) return;
  await db.query(
    `insert into customers (store_id, external_id, first_name, last_name, email, phone, tags, email_consent, sms_consent, region, city, created_at, updated_at)
     select $1, * from unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::boolean[], $9::boolean[], $10::text[], $11::text[],
                              $12::timestamptz[], $13::timestamptz[])
     on conflict (store_id, external_id) do update set first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
       phone = excluded.phone, tags = excluded.tags, email_consent = excluded.email_consent, sms_consent = excluded.sms_consent,
       region = excluded.region, city = excluded.city, updated_at = excluded.updated_at`,
    [
      storeId,
      customers.map((c) => numericId(c.id)),
      customers.map((c) => c.firstName),
      customers.map((c) => c.lastName),
      customers.map((c) => c.email),
      customers.map((c) => c.phone),
      customers.map((c) => list(c.tags)),
      customers.map((c) => consented(c.emailMarketingConsent)),
      customers.map((c) => consented(c.smsMarketingConsent)),
      customers.map((c) => c.defaultAddress?.province ?? null),
      customers.map((c) => c.defaultAddress?.city ?? null),
      customers.map((c) => c.createdAt),
      customers.map((c) => c.updatedAt),
    ],
  );
}

/** Upserts orders; returns how many were new (not seen before). */
export async function upsertOrders(db: Queryable, storeId: number, orders: Order[]): Promise<number> {
  if (orders.length === 0) return 0;
  const [row] = await db.query<{ inserted: number }>(
    `with written as (
       insert into orders (store_id, external_id, name, placed_at, total_amount, currency, customer_external_id, discount_total, discount_codes,
                           payment_gateways, shipping_method, region, city, fulfillment_status, financial_status, cancelled_at, updated_at)
       select $1, * from unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::numeric[], $6::text[], $7::bigint[], $8::numeric[], $9::jsonb[],
                                $10::jsonb[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::timestamptz[], $17::timestamptz[])
       on conflict (store_id, external_id) do update set name = excluded.name, total_amount = excluded.total_amount,
         customer_external_id = excluded.customer_external_id, discount_total = excluded.discount_total, discount_codes = excluded.discount_codes,
         payment_gateways = excluded.payment_gateways, shipping_method = excluded.shipping_method, region = excluded.region, city = excluded.city,
         fulfillment_status = excluded.fulfillment_status, financial_status = excluded.financial_status, cancelled_at = excluded.cancelled_at,
         updated_at = excluded.updated_at
       returning (xmax = 0) as inserted)
     select count(*) filter (where inserted)::integer as inserted from written`,
    [
      storeId,
      orders.map((o) => numericId(o.id)),
      orders.map((o) => o.name),
      orders.map((o) => o.createdAt),
      orders.map((o) => amount(o.currentTotalPriceSet)),
      orders.map((o) => o.currentTotalPriceSet?.shopMoney.currencyCode ?? 'CLP'),
      orders.map((o) => numericId(o.customer?.id)),
      orders.map((o) => amount(o.totalDiscountsSet)),
      orders.map((o) => list(o.discountCodes)),
      orders.map((o) => list(o.paymentGatewayNames)),
      orders.map((o) => o.shippingLine?.title ?? null),
      orders.map((o) => o.shippingAddress?.province ?? null),
      orders.map((o) => o.shippingAddress?.city ?? null),
      orders.map((o) => o.displayFulfillmentStatus ?? null),
      orders.map((o) => o.displayFinancialStatus ?? null),
      orders.map((o) => o.cancelledAt ?? null),
      orders.map((o) => o.updatedAt ?? o.createdAt),
    ],
  );
  return row?.inserted ?? 0;
}

export async function upsertLineItems(db: Queryable, storeId: number, items: LineItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.query(
    `insert into order_line_items (store_id, external_id, order_external_id, product_external_id, title, quantity, original_total, discounted_total)
     select $1, * from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::integer[], $7::numeric[], $8::numeric[])
     on conflict (store_id, external_id) do update set quantity = excluded.quantity, original_total = excluded.original_total,
       discounted_total = excluded.discounted_total, product_external_id = excluded.product_external_id, title = excluded.title`,
    [
      storeId,
      items.map((i) => numericId(i.id)),
      items.map((i) => numericId(i.__parentId)),
      items.map((i) => numericId(i.product?.id)),
      items.map((i) => i.title),
      items.map((i) => i.quantity),
      items.map((i) => amount(i.originalTotalSet)),
      items.map((i) => amount(i.discountedTotalSet)),
    ],
  );
}

export async function upsertAbandonedCheckouts(db: Queryable, storeId: number, checkouts: AbandonedCheckout[]): Promise<void> {
  if (checkouts.length === 0) return;
  await db.query(
    `insert into abandoned_checkouts (store_id, external_id, customer_external_id, created_at, completed_at, total_amount, recovery_url)
     select $1, * from unnest($2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[], $6::numeric[], $7::text[])
     on conflict (store_id, external_id) do update set completed_at = excluded.completed_at, total_amount = excluded.total_amount`,
    [
      storeId,
      checkouts.map((c) => numericId(c.id)),
      checkouts.map((c) => numericId(c.customer?.id)),
      checkouts.map((c) => c.createdAt),
      checkouts.map((c) => c.completedAt ?? null),
      checkouts.map((c) => amount(c.totalPriceSet)),
      checkouts.map((c) => c.abandonedCheckoutUrl ?? null),
    ],
  );
}
