import { numericId, type Order } from '../../../integrations/shopify/types.ts';
import {
  checkoutFromWebhook,
  customerFromWebhook,
  type Delivery,
  orderFromWebhook,
  productFromWebhook,
  refundFromWebhook,
} from '../../../integrations/shopify/webhooks.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { bumpDataVersion } from '../../../platform/store-data/data-version.ts';
import type { StoreEvent, StoreEventKind, StoreEvents } from '../../../platform/store-data/store-events.ts';
import { queueDataRequest } from './data-requests.ts';
import { markUninstalled } from './repository.ts';
import {
  completeCheckout,
  erasePlatformCustomer,
  erasePlatformProduct,
  eraseStoreData,
  upsertAbandonedCheckouts,
  upsertCustomers,
  upsertLineItems,
  upsertProducts,
  writeOrders,
} from './store-data.ts';
import { syncMoved } from './store-sync.ts';

/*
 * What each Shopify webhook does to a store's data, applied once per delivery in the transaction that
 * records its id, and announced as a store event so the features that read the data follow. Every
 * change is judged against what is stored: deliveries come late, twice and out of order, and an
 * older state never replaces a newer one. Its SQL stays beside each rule, since judging a delivery
 * against what is stored is the applier's job (store-data.ts writes the records).
 */

export type ApplicableDelivery = Exclude<Delivery, { kind: 'ignored' }>;

interface StoredOrderState {
  customer: string | null;
  cancelled: boolean;
  fulfillment: string | null;
  financial: string | null;
}

/** What a delivery did to an order, judged against the state stored before it. */
function orderChange(previous: StoredOrderState | undefined, order: Order): Extract<StoreEventKind, `order_${string}`> {
  if (!previous) return 'order_created';
  if (!previous.cancelled && order.cancelledAt) return 'order_cancelled';
  if (previous.financial !== 'REFUNDED' && order.displayFinancialStatus === 'REFUNDED') return 'order_refunded';
  if (previous.fulfillment !== 'FULFILLED' && order.displayFulfillmentStatus === 'FULFILLED') return 'order_fulfilled';
  return 'order_updated';
}

type Applier<K extends ApplicableDelivery['kind']> = (
  tx: Queryable,
  storeId: number,
  payload: Extract<ApplicableDelivery, { kind: K }>['payload'],
  /** When Shopify triggered the delivery: the moment a deletion or redaction happened. */
  at: string,
) => Promise<StoreEvent | null>;

const appliers: { [K in ApplicableDelivery['kind']]: Applier<K> } = {
  async order(tx, storeId, payload) {
    const { order, items } = orderFromWebhook(payload);
    const orderId = numericId(order.id)!;
    const [previous] = await tx.query<StoredOrderState>(
      `select customer_external_id::text as customer, cancelled_at is not null as cancelled, fulfillment_status as fulfillment,
              financial_status as financial
         from orders where store_id = $1 and external_id = $2`,
      [storeId, orderId],
    );
    const { written } = await writeOrders(tx, storeId, [order]);
    // An older state than the stored one is acknowledged (its id is kept) but changes nothing.
    if (written === 0) return null;
    await upsertLineItems(tx, storeId, items);
    // Every checkout fires checkouts/create; the one this order came from is no abandoned cart.
    if (payload.checkout_id) await completeCheckout(tx, storeId, String(payload.checkout_id), order.createdAt);
    // A changed customer leaves the previous one's figures to refresh too.
    const customers = [...new Set([numericId(order.customer?.id), previous?.customer ?? null].filter((id): id is string => id !== null))];
    return { kind: orderChange(previous, order), customers, orders: [orderId] };
  },

  async checkout(tx, storeId, payload) {
    const checkout = checkoutFromWebhook(payload);
    if ((await upsertAbandonedCheckouts(tx, storeId, [checkout])) === 0) return null;
    const customer = numericId(checkout.customer?.id);
    return { kind: checkout.completedAt ? 'cart_recovered' : 'cart_abandoned', customers: customer ? [customer] : [] };
  },

  /**
   * A refund lowers what the order kept and the units its lines keep. The stored order already holds
   * it when it was written at or after the refund (the order's own webhook or the import came first).
   */
  async refund(tx, storeId, payload) {
    const refund = refundFromWebhook(payload);
    const [order] = await tx.query<{ customer: string | null }>(
      `update orders set total_amount = greatest(0, total_amount - $3::numeric), updated_at = $4::timestamptz,
              financial_status = case when total_amount - $3::numeric <= 0 then 'REFUNDED' else 'PARTIALLY_REFUNDED' end
        where store_id = $1 and external_id = $2 and updated_at < $4::timestamptz
        returning customer_external_id::text as customer`,
      [storeId, refund.orderId, refund.amount, refund.at],
    );
    if (!order) return null;
    for (const [lineId, units] of refund.returned)
      await tx.query(
        `update order_line_items set discounted_total = case when quantity > 0 then discounted_total * greatest(0, quantity - $4) / quantity else 0 end,
                quantity = greatest(0, quantity - $4)
          where store_id = $1 and order_external_id = $2 and external_id = $3`,
        [storeId, refund.orderId, lineId, units],
      );
    return { kind: 'order_refunded', customers: order.customer ? [order.customer] : [], orders: [refund.orderId] };
  },

  /** A new customer, or a changed one: contact data and consent (a withdrawn consent stops campaigns reaching them). */
  async customer(tx, storeId, payload) {
    const customer = customerFromWebhook(payload);
    if ((await upsertCustomers(tx, storeId, [customer])) === 0) return null;
    return { kind: 'customers_touched', customers: [numericId(customer.id)!] };
  },

  async customerDeleted(tx, storeId, payload, at) {
    const erased = await erasePlatformCustomer(tx, storeId, String(payload.id), { keepOrders: true, at });
    return { kind: 'customer_erased', customers: [String(payload.id)], orders: erased.orders };
  },

  async product(tx, storeId, payload) {
    await upsertProducts(tx, storeId, [productFromWebhook(payload)]);
    return { kind: 'products_touched' };
  },

  async productDeleted(tx, storeId, payload, at) {
    await erasePlatformProduct(tx, storeId, String(payload.id), at);
    return { kind: 'products_touched' };
  },

  /**
   * A customer's redaction: their record, carts and every tie of their orders to them go, and so does
   * what ties the orders Shopify lists to a person (a guest's order included). The features that keep
   * customer data of their own erase theirs on the `customer_erased` event.
   */
  async customerRedact(tx, storeId, payload, at) {
    const erased = await erasePlatformCustomer(tx, storeId, String(payload.customer.id), { keepOrders: false, at });
    const listed = await redactOrders(tx, storeId, (payload.orders_to_redact ?? []).map(String));
    return { kind: 'customer_erased', customers: [String(payload.customer.id)], orders: [...new Set([...erased.orders, ...listed])] };
  },

  /**
   * The store owner asked Shopify for what we hold on a customer: a job gathers it and mails it to the
   * store's administrators (data-requests.ts); the store event tells the features that follow requests.
   */
  async customerDataRequest(tx, storeId, payload, at) {
    await queueDataRequest(tx, {
      storeId,
      customerId: String(payload.customer.id),
      ordersRequested: (payload.orders_requested ?? []).map(String),
      dataRequestId: payload.data_request?.id ?? null,
      requestedAt: at,
    });
    return {
      kind: 'customer_data_requested',
      customers: [String(payload.customer.id)],
      orders: (payload.orders_requested ?? []).map(String),
      detail: { dataRequestId: payload.data_request?.id ?? null },
    };
  },

  /** 48 hours after a store uninstalls the app, Shopify asks for its data to go: all of it goes. */
  async shopRedact(tx, storeId) {
    await eraseStoreData(tx, storeId);
    return { kind: 'store_erased' };
  },

  /**
   * The shop uninstalled the app: its token is revoked, so the store stops syncing (connection.ts finds
   * no client for it) and shows as disconnected, with its data kept until the merchant installs the app
   * again or Shopify asks for the shop's redaction.
   */
  async appUninstalled(tx, storeId, _payload, at) {
    if (await markUninstalled(tx, storeId, at)) await syncMoved(tx, storeId);
    return null;
  },
};

/** Orders a redaction lists: nothing in them points at a person any more. */
async function redactOrders(tx: Queryable, storeId: number, orders: string[]): Promise<string[]> {
  if (orders.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `update orders set customer_external_id = null, city = null
      where store_id = $1 and external_id = any($2::bigint[]) and (customer_external_id is not null or city is not null)
      returning external_id::text as id`,
    [storeId, orders],
  );
  return rows.map((row) => row.id);
}

/** What identifies a delivery and when Shopify triggered it. */
export interface DeliveryHeaders {
  webhookId: string;
  topic: string;
  triggeredAt: string;
}

/** Applies a delivery to one store once (by webhook id); an older or already-held state changes nothing. */
export async function applyDelivery(
  tx: Queryable,
  events: StoreEvents,
  storeId: number,
  { webhookId, topic, triggeredAt }: DeliveryHeaders,
  delivery: ApplicableDelivery,
): Promise<void> {
  const [fresh] = await tx.query(
    'insert into webhook_deliveries (webhook_id, store_id, topic) values ($1, $2, $3) on conflict do nothing returning webhook_id',
    [webhookId, storeId, topic],
  );
  if (!fresh) return;
  const apply = appliers[delivery.kind] as Applier<typeof delivery.kind>;
  const change = await apply(tx, storeId, delivery.payload as never, triggeredAt);
  if (!change) return;
  await events.record(tx, storeId, [change]);
  await bumpDataVersion(tx, storeId);
}
