import type { components } from '../../../shared/api/app.gen.ts';
import { MESSAGING_LIMIT_CUSTOMERS, type WhatsappMessagingLimit } from '../../../shared/messaging.ts';
import type { WhatsappConnection } from '../../platform/connections/whatsapp-connection.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { whatsappReachable } from '../../platform/store-data/audiences.ts';
import { countedOrder } from '../../platform/store-data/counted-orders.ts';

/*
 * What a campaign being written would meet: a real customer's values for its preview, and how much of the
 * business's messaging limit is left. Who may be messaged is the audience module's (platform/store-data).
 */

type WhatsappCampaignSample = components['schemas']['WhatsappCampaignSample'];

/** Customers looked at for a sample: the first with consent among the most recent buyers. */
const SAMPLE_CANDIDATES = 50;

/*
 * A customer's product for a message: their last counted order's dearest line (its unit price, in the order's
 * money), or the given order's. The preview reads one customer's, the outbox every recipient's at once.
 */
const PRODUCT_JSON = `json_build_object('name', l.title, 'price', round(l.discounted_total / greatest(l.quantity, 1)), 'quantity', l.quantity)`;
const ORDER_LINES = 'from orders o join order_line_items l on l.store_id = o.store_id and l.order_external_id = o.external_id';
const LAST_FIRST = 'o.placed_at desc, l.discounted_total desc';

const LAST_ORDER_PRODUCT_SQL = (customer: string) =>
  `(select ${PRODUCT_JSON} ${ORDER_LINES} where o.store_id = c.store_id and o.customer_external_id = ${customer} and ${countedOrder('o.')}
     order by ${LAST_FIRST} limit 1)`;

export interface MessageProduct {
  name: string;
  price: number;
  quantity: number;
}

/** Each customer's product: from their last counted order, or from the order `orderOf` names for them (a fulfilled one). */
export async function productsOf(
  db: Queryable,
  storeId: number,
  customers: string[],
  orderOf?: Map<string, string>,
): Promise<Map<string, MessageProduct>> {
  if (customers.length === 0) return new Map();
  const rows = await db.query<{ customer: string; product: { name: string; price: string | number; quantity: number } }>(
    `select distinct on (o.customer_external_id) o.customer_external_id::text as customer, ${PRODUCT_JSON} as product
       ${ORDER_LINES} where o.store_id = $1 and o.customer_external_id = any($2::bigint[])
        and ($3::bigint[] is null and ${countedOrder('o.')} or o.external_id = any($3::bigint[]))
      order by o.customer_external_id, ${LAST_FIRST}`,
    [storeId, customers, orderOf ? [...orderOf.values()] : null],
  );
  return new Map(rows.map(({ customer, product }) => [customer, { ...product, price: Number(product.price) }]));
}

/** A consented customer of the segment (any, without one), with what the preview fills the variables with. */
export async function audienceSample(
  db: Queryable,
  storeId: number,
  { segmentId, withProduct }: { segmentId: number | null; withProduct: boolean },
): Promise<WhatsappCampaignSample | null> {
  const candidates = await db.query<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    product: { name: string; price: string | number; quantity: number } | null;
  }>(
    `select c.external_id::text as id, c.first_name, c.last_name, c.email, ${withProduct ? LAST_ORDER_PRODUCT_SQL('c.external_id') : 'null'} as product
       from customers c
      where c.store_id = $1 and c.phone is not null
        and ($2::bigint is null or exists (select 1 from segment_members m where m.store_id = c.store_id and m.segment_id = $2 and m.customer_external_id = c.external_id))
      order by c.updated_at desc nulls last, c.external_id
      limit ${SAMPLE_CANDIDATES}`,
    [storeId, segmentId],
  );
  const reachable = await whatsappReachable(
    db,
    storeId,
    candidates.map((candidate) => candidate.id),
  );
  const chosen = candidates.find((candidate) => reachable.has(candidate.id));
  if (!chosen) return null;
  return {
    firstName: chosen.first_name,
    lastName: chosen.last_name,
    email: chosen.email,
    productName: chosen.product?.name ?? null,
    productPrice: chosen.product ? Number(chosen.product.price) : null,
    productQuantity: chosen.product?.quantity ?? null,
  };
}

export interface MessagingAllowance {
  tier: WhatsappMessagingLimit;
  /** Unique customers per 24 hours; null when unlimited or unknown. */
  perDay: number | null;
  /** How many more customers may be reached now; null when unlimited or unknown. */
  availableNow: number | null;
  /** When the oldest customer reached in the last 24 hours stops counting; null when none did. */
  freesAt: Date | null;
}

/**
 * The business's messaging limit as it stands: Meta counts the unique customers reached outside their own
 * conversations in a rolling 24 hours across the business's numbers, so every store on the account counts.
 */
export async function messagingAllowance(db: Queryable, storeId: number, connection: WhatsappConnection): Promise<MessagingAllowance> {
  const [connected] = await db.query<{ tier: WhatsappMessagingLimit | null }>(
    `select messaging_limit as tier from whatsapp_connections where store_id = $1`,
    [storeId],
  );
  const tier = connected?.tier ?? null;
  const perDay = tier ? MESSAGING_LIMIT_CUSTOMERS[tier] : null;
  if (perDay === null) return { tier, perDay, availableNow: null, freesAt: null };
  // The people reached in the last 24 hours by every store on this business account: those Meta took a message
  // for, and those a process has claimed one for and is sending it to now (no answer recorded yet).
  const [row] = await db.query<{ reached: string; oldest: Date | null }>(
    `with reached as (
       select o.phone, coalesce(o.sent_at, o.claimed_at) as at from whatsapp_outbox o
        where o.store_id in (select store_id from whatsapp_connections where whatsapp_id = $1)
          and (o.sent_at > now() - interval '24 hours'
               or (o.status = 'sending' and o.sent_at is null and o.claimed_at > now() - interval '24 hours')))
     select count(distinct phone) as reached, min(at) as oldest from reached`,
    [connection.wabaId],
  );
  const reached = Number(row?.reached ?? 0);
  return {
    tier,
    perDay,
    availableNow: Math.max(0, perDay - reached),
    freesAt: row?.oldest ? new Date(row.oldest.getTime() + 24 * 60 * 60 * 1000) : null,
  };
}
