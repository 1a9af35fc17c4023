import {
  type AbandonedCheckout,
  type Customer,
  type LineItem,
  numericId,
  type Order,
  type Product,
} from '../../../integrations/shopify/types.ts';
import type { Queryable } from '../../../platform/database/db.ts';

/*
 * Writes imported Shopify records into the store's tables, a batch per statement, as upserts keyed by
 * the platform's id: re-importing the same record never duplicates it. A batch travels as one JSON
 * parameter read with json_to_recordset: within 10% of one array per column, and simpler to build.
 * Writing them is this module's whole job, so its SQL is here rather than in repository.ts.
 */

const amount = (money: { shopMoney: { amount: string } } | null | undefined) => money?.shopMoney.amount ?? '0';
/**
 * An order's income: its current total (after returns and edits) less any refund that returned
 * nothing (a goodwill refund). Shopify gives no field for the latter, but charged less refunded
 * never exceeds it, so the smaller of the two is the income.
 */
function income(order: Order): string {
  const current = Number(amount(order.currentTotalPriceSet));
  if (!order.totalPriceSet) return current.toFixed(2);
  const kept = Number(amount(order.totalPriceSet)) - Number(amount(order.totalRefundedSet));
  return Math.max(0, Math.min(current, kept)).toFixed(2);
}

/**
 * A line's net: its share of the sale after every discount (line-level, order-level and codes, which
 * Shopify leaves out of `discountedTotalSet`), for the units still kept after returns.
 */
function lineNet(item: LineItem): string {
  const allocated = (item.discountAllocations ?? []).reduce((sum, allocation) => sum + Number(amount(allocation.allocatedAmountSet)), 0);
  const net = Number(amount(item.originalTotalSet)) - allocated;
  const kept = item.quantity > 0 ? (item.currentQuantity ?? item.quantity) / item.quantity : 0;
  return Math.max(0, net * kept).toFixed(2);
}
const consented = (consent: { marketingState: string } | null | undefined) => consent?.marketingState === 'SUBSCRIBED';

/**
 * True when Shopify erased the object `id` (a column of the batch) at or after `at`: a write dated
 * then or before is older news (see 0029_platform_tombstones.sql). `$1` is the store.
 */
const erasedSince = (kind: 'customer' | 'product', id: string, at: string, { redactedOnly = false } = {}) =>
  `exists (select 1 from platform_tombstones t where t.store_id = $1 and t.kind = '${kind}' and t.external_id = ${id}
             and t.erased_at >= ${at}${redactedOnly ? ' and t.redacted' : ''})`;

/** Runs an `insert … on conflict` of one JSON batch; returns how many rows it wrote (new or updated). */
async function upsert(db: Queryable, sql: string, storeId: number, rows: object[]): Promise<number> {
  if (rows.length === 0) return 0;
  const [result] = await db.query<{ written: number }>(
    `with written as (${sql} returning 1) select count(*)::integer as written from written`,
    [storeId, JSON.stringify(rows)],
  );
  return result?.written ?? 0;
}

/** Upserts products, never over a newer state nor one Shopify has since deleted; returns how many were written. */
export function upsertProducts(db: Queryable, storeId: number, products: Product[]): Promise<number> {
  return upsert(
    db,
    `insert into products (store_id, external_id, title, product_type, tags, created_at, updated_at)
     select $1, r.id, r.title, coalesce(r.product_type, ''), coalesce(r.tags, '[]'), r.created_at, r.updated_at
       from json_to_recordset($2::json) as r(id bigint, title text, product_type text, tags jsonb, created_at timestamptz, updated_at timestamptz)
      where not ${erasedSince('product', 'r.id', 'r.updated_at')}
     on conflict (store_id, external_id) do update set title = excluded.title, product_type = excluded.product_type,
       tags = excluded.tags, updated_at = excluded.updated_at
     where products.updated_at is null or excluded.updated_at >= products.updated_at`,
    storeId,
    products.map((p) => ({
      id: numericId(p.id),
      title: p.title,
      product_type: p.productType,
      tags: p.tags,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
  );
}

/**
 * The customer's WhatsApp choice as the audience rule reads it (audiences.ts): true when subscribed, false
 * when withdrawn, pending or redacted, null while Shopify has none for them (NEVER_SUBSCRIBED: never
 * offered, as in a store that does not collect it), and `known: false` when the record does not say.
 */
function whatsappConsent(customer: Customer): { known: boolean; consent: boolean | null; at: string | null } {
  if (customer.defaultPhoneNumber === undefined) return { known: false, consent: null, at: null };
  const consent = customer.defaultPhoneNumber?.whatsAppMarketingConsent;
  if (!consent || consent.state === 'NEVER_SUBSCRIBED') return { known: true, consent: null, at: consent?.updatedAt ?? null };
  return { known: true, consent: consent.state === 'SUBSCRIBED', at: consent.updatedAt };
}

/**
 * Upserts customers, never over a newer state (a late webhook cannot restore a withdrawn consent) and never
 * one Shopify has since deleted or redacted; returns how many were written. A record that does not say the
 * WhatsApp consent (see `Customer.defaultPhoneNumber`) keeps the one stored.
 */
export function upsertCustomers(db: Queryable, storeId: number, customers: Customer[]): Promise<number> {
  return upsert(
    db,
    `insert into customers (store_id, external_id, first_name, last_name, email, phone, tags, email_consent, sms_consent, sms_consent_at,
                           whatsapp_consent, whatsapp_consent_at, region, city, created_at, updated_at)
     select $1, r.id, r.first_name, r.last_name, r.email, r.phone, coalesce(r.tags, '[]'), r.email_consent, r.sms_consent, r.sms_consent_at,
            case when r.whatsapp_known then r.whatsapp_consent else e.whatsapp_consent end,
            case when r.whatsapp_known then r.whatsapp_consent_at else e.whatsapp_consent_at end,
            r.region, r.city, r.created_at, r.updated_at
       from json_to_recordset($2::json) as r(id bigint, first_name text, last_name text, email text, phone text, tags jsonb, email_consent boolean,
                                             sms_consent boolean, sms_consent_at timestamptz, whatsapp_known boolean, whatsapp_consent boolean,
                                             whatsapp_consent_at timestamptz, region text, city text, created_at timestamptz, updated_at timestamptz)
       left join customers e on e.store_id = $1 and e.external_id = r.id
      where not ${erasedSince('customer', 'r.id', 'r.updated_at')}
     on conflict (store_id, external_id) do update set first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
       phone = excluded.phone, tags = excluded.tags, email_consent = excluded.email_consent, sms_consent = excluded.sms_consent,
       sms_consent_at = excluded.sms_consent_at, whatsapp_consent = excluded.whatsapp_consent, whatsapp_consent_at = excluded.whatsapp_consent_at,
       region = excluded.region, city = excluded.city, updated_at = excluded.updated_at
     where customers.updated_at is null or excluded.updated_at >= customers.updated_at`,
    storeId,
    customers.map((c) => {
      const whatsapp = whatsappConsent(c);
      return {
        id: numericId(c.id),
        first_name: c.firstName,
        last_name: c.lastName,
        email: c.email,
        phone: c.phone,
        tags: c.tags,
        email_consent: consented(c.emailMarketingConsent),
        sms_consent: consented(c.smsMarketingConsent),
        sms_consent_at: c.smsMarketingConsent?.consentUpdatedAt ?? null,
        whatsapp_known: whatsapp.known,
        whatsapp_consent: whatsapp.consent,
        whatsapp_consent_at: whatsapp.at,
        region: c.defaultAddress?.province ?? null,
        city: c.defaultAddress?.city ?? null,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
      };
    }),
  );
}

/**
 * Upserts orders, never over a newer state: a row is replaced only when the incoming `updated_at` is
 * not older than the stored one (equal rewrites the same state), so a late webhook, a replayed body or
 * an export taken before a webhook cannot roll an order back, nor tie it again to a customer redacted since. Returns how many were new and how many
 * were written (new or not older).
 */
export async function writeOrders(db: Queryable, storeId: number, orders: Order[]): Promise<{ inserted: number; written: number }> {
  if (orders.length === 0) return { inserted: 0, written: 0 };
  const [result] = await db.query<{ inserted: number; written: number }>(
    `with written as (
       insert into orders (store_id, external_id, name, placed_at, total_amount, currency, customer_external_id, discount_total, discount_codes,
                           payment_gateways, shipping_method, region, city, fulfillment_status, financial_status, cancelled_at, updated_at, test)
       select $1, r.id, r.name, r.placed_at, r.total, coalesce(r.currency, 'CLP'), case when e.redacted then null else r.customer_id end,
              r.discount, coalesce(r.codes, '[]'), coalesce(r.gateways, '[]'), r.shipping, r.region, case when e.redacted then null else r.city end,
              r.fulfillment, r.financial, r.cancelled_at, r.updated_at, coalesce(r.test, false)
         from json_to_recordset($2::json) as r(id bigint, name text, placed_at timestamptz, total numeric, currency text, customer_id bigint,
                                               discount numeric, codes jsonb, gateways jsonb, shipping text, region text, city text,
                                               fulfillment text, financial text, cancelled_at timestamptz, updated_at timestamptz, test boolean)
        cross join lateral (select ${erasedSince('customer', 'r.customer_id', 'r.updated_at', { redactedOnly: true })} as redacted) e
       on conflict (store_id, external_id) do update set name = excluded.name, placed_at = excluded.placed_at, total_amount = excluded.total_amount,
         customer_external_id = excluded.customer_external_id, discount_total = excluded.discount_total, discount_codes = excluded.discount_codes,
         payment_gateways = excluded.payment_gateways, shipping_method = excluded.shipping_method, region = excluded.region, city = excluded.city,
         fulfillment_status = excluded.fulfillment_status, financial_status = excluded.financial_status, cancelled_at = excluded.cancelled_at,
         updated_at = excluded.updated_at
       where orders.updated_at is null or excluded.updated_at >= orders.updated_at
       returning (xmax = 0) as inserted)
     select count(*) filter (where inserted)::integer as inserted, count(*)::integer as written from written`,
    [
      storeId,
      JSON.stringify(
        orders.map((o) => ({
          id: numericId(o.id),
          name: o.name,
          placed_at: o.processedAt ?? o.createdAt,
          total: income(o),
          currency: o.currentTotalPriceSet?.shopMoney.currencyCode,
          customer_id: numericId(o.customer?.id),
          discount: amount(o.totalDiscountsSet),
          codes: o.discountCodes,
          gateways: o.paymentGatewayNames,
          shipping: o.shippingLine?.title ?? null,
          region: o.shippingAddress?.province ?? null,
          city: o.shippingAddress?.city ?? null,
          fulfillment: o.displayFulfillmentStatus ?? null,
          financial: o.displayFinancialStatus ?? null,
          cancelled_at: o.cancelledAt ?? null,
          updated_at: o.updatedAt ?? o.createdAt,
          test: o.test ?? false,
        })),
      ),
    ],
  );
  return { inserted: result?.inserted ?? 0, written: result?.written ?? 0 };
}

/** Upserts orders (see `writeOrders`); returns how many were new (not seen before). */
export async function upsertOrders(db: Queryable, storeId: number, orders: Order[]): Promise<number> {
  return (await writeOrders(db, storeId, orders)).inserted;
}

export function upsertLineItems(db: Queryable, storeId: number, items: LineItem[]): Promise<number> {
  return upsert(
    db,
    `insert into order_line_items (store_id, external_id, order_external_id, product_external_id, title, quantity, original_total, discounted_total)
     select $1, r.id, r.order_id, r.product_id, r.title, r.quantity, r.original, r.discounted
       from json_to_recordset($2::json) as r(id bigint, order_id bigint, product_id bigint, title text, quantity integer, original numeric, discounted numeric)
     on conflict (store_id, order_external_id, external_id) do update set quantity = excluded.quantity, original_total = excluded.original_total,
       discounted_total = excluded.discounted_total, product_external_id = excluded.product_external_id, title = excluded.title`,
    storeId,
    items.map((i) => ({
      id: numericId(i.id),
      order_id: numericId(i.__parentId),
      product_id: numericId(i.product?.id),
      title: i.title,
      quantity: i.currentQuantity ?? i.quantity,
      original: amount(i.originalTotalSet),
      discounted: lineNet(i),
    })),
  );
}

/** Upserts carts, never over a newer state (the rule of `writeOrders`) nor for a customer erased since; returns how many were written. */
export async function upsertAbandonedCheckouts(db: Queryable, storeId: number, checkouts: AbandonedCheckout[]): Promise<number> {
  if (checkouts.length === 0) return 0;
  const [result] = await db.query<{ written: number }>(
    `with written as (
       insert into abandoned_checkouts (store_id, external_id, customer_external_id, created_at, completed_at, total_amount, recovery_url, updated_at)
       select $1, r.id, r.customer_id, r.created_at, r.completed_at, r.total, r.url, r.updated_at
         from json_to_recordset($2::json) as r(id bigint, customer_id bigint, created_at timestamptz, completed_at timestamptz, total numeric, url text,
                                               updated_at timestamptz)
        where not ${erasedSince('customer', 'r.customer_id', 'r.updated_at')}
       on conflict (store_id, external_id) do update set completed_at = excluded.completed_at, total_amount = excluded.total_amount,
         updated_at = excluded.updated_at
       where abandoned_checkouts.updated_at is null or excluded.updated_at >= abandoned_checkouts.updated_at
       returning 1)
     select count(*)::integer as written from written`,
    [
      storeId,
      JSON.stringify(
        checkouts.map((c) => ({
          id: numericId(c.id),
          customer_id: numericId(c.customer?.id),
          created_at: c.createdAt,
          completed_at: c.completedAt ?? null,
          total: amount(c.totalPriceSet),
          url: c.abandonedCheckoutUrl ?? null,
          updated_at: c.updatedAt ?? c.createdAt,
        })),
      ),
    ],
  );
  return result?.written ?? 0;
}

/** Marks the checkout an order came from as completed: it is no abandoned cart. */
export async function completeCheckout(db: Queryable, storeId: number, checkoutId: string, completedAt: string): Promise<void> {
  await db.query(
    `update abandoned_checkouts set completed_at = $3::timestamptz
      where store_id = $1 and external_id = $2 and completed_at is null`,
    [storeId, checkoutId, completedAt],
  );
}

/** Records that Shopify erased an object at `at`, so older writes of it change nothing. */
async function leaveTombstone(db: Queryable, storeId: number, kind: 'customer' | 'product', id: string, at: string, redacted: boolean) {
  await db.query(
    `insert into platform_tombstones (store_id, kind, external_id, erased_at, redacted) values ($1, $2, $3, $4, $5)
     on conflict (store_id, kind, external_id) do update
       set erased_at = greatest(platform_tombstones.erased_at, excluded.erased_at), redacted = platform_tombstones.redacted or excluded.redacted`,
    [storeId, kind, id, at, redacted],
  );
}

/**
 * Erases a customer of the platform from the store as of `at`: their record and carts go, and their orders
 * either stay theirs (a deletion: Shopify deletes only customers without orders) or are kept for the store's
 * totals with nothing left that points to them (a redaction). Returns the orders that lost their customer.
 */
export async function erasePlatformCustomer(
  db: Queryable,
  storeId: number,
  customerId: string,
  { keepOrders, at }: { keepOrders: boolean; at: string },
): Promise<{ orders: string[] }> {
  await leaveTombstone(db, storeId, 'customer', customerId, at, !keepOrders);
  await db.query('delete from customers where store_id = $1 and external_id = $2', [storeId, customerId]);
  await db.query('delete from abandoned_checkouts where store_id = $1 and customer_external_id = $2', [storeId, customerId]);
  if (keepOrders) return { orders: [] };
  const orders = await db.query<{ id: string }>(
    `update orders set customer_external_id = null, city = null where store_id = $1 and customer_external_id = $2 returning external_id::text as id`,
    [storeId, customerId],
  );
  return { orders: orders.map((order) => order.id) };
}

/** Erases a product Shopify deleted at `at`. */
export async function erasePlatformProduct(db: Queryable, storeId: number, productId: string, at: string): Promise<void> {
  await leaveTombstone(db, storeId, 'product', productId, at, false);
  await db.query('delete from products where store_id = $1 and external_id = $2', [storeId, productId]);
}

/** Erases everything the store holds from its platform (a shop's redaction after it uninstalled the app). */
export async function eraseStoreData(db: Queryable, storeId: number): Promise<void> {
  for (const table of ['order_line_items', 'orders', 'abandoned_checkouts', 'customers', 'products', 'platform_tombstones'])
    await db.query(`delete from ${table} where store_id = $1`, [storeId]);
}
