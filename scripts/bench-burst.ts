// A burst of signed Shopify order webhooks (bench:webhooks, bench:segments, the segments' restart test).

import { SANDBOX_SHOP } from '../src/server/integrations/shopify/sandbox/index.ts';
import { signWebhook } from '../src/server/integrations/shopify/webhooks.ts';
import type { Database } from '../src/server/platform/database/db.ts';

/** A REST order as Shopify posts it for orders/create (only what the webhook reads, plus a few usual fields). */
export function orderWebhookBody(id: number, customer: number): string {
  const now = new Date().toISOString();
  const total = 10_000 + (id % 90) * 1_000;
  return JSON.stringify({
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id}`,
    order_number: id,
    created_at: now,
    updated_at: now,
    cancelled_at: null,
    currency: 'CLP',
    current_total_price: `${total}.00`,
    total_price: `${total}.00`,
    total_discounts: '0.00',
    financial_status: 'paid',
    fulfillment_status: null,
    discount_codes: [],
    payment_gateway_names: ['Webpay Plus'],
    shipping_lines: [{ title: 'Chilexpress' }],
    shipping_address: { province: 'Región Metropolitana', city: 'Santiago', province_code: 'RM' },
    customer: { id: customer, admin_graphql_api_id: `gid://shopify/Customer/${customer}` },
    line_items: [{ id: id * 10, product_id: 1 + (id % 300), title: 'Producto', quantity: 1, price: `${total}.00`, total_discount: '0.00' }],
  });
}

/** A delivery: Shopify's webhook id (a redelivery repeats it) and the body. */
export interface OrderWebhook {
  id: string;
  body: string;
}

/**
 * Posts `webhooks` to the server at `address` as orders/create from the sandbox shop, `concurrency` at
 * a time, as fast as it answers. Returns how many got each status; a sender whose connection is
 * refused (the server died) stops, and what it had not sent is not counted.
 */
export async function postOrderWebhooks(
  address: string,
  secret: string,
  webhooks: readonly OrderWebhook[],
  concurrency: number,
): Promise<Map<number, number>> {
  let next = 0;
  const statuses = new Map<number, number>();
  const sender = async () => {
    while (next < webhooks.length) {
      const webhook = webhooks[next++]!;
      const response = await fetch(`${address}/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': SANDBOX_SHOP,
          'x-shopify-webhook-id': webhook.id,
          'x-shopify-triggered-at': new Date().toISOString(),
          'x-shopify-hmac-sha256': signWebhook(webhook.body, secret),
        },
        body: webhook.body,
      }).catch(() => null);
      if (!response) return;
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return statuses;
}

/** Resolves once every store-events subscriber has handled every event: no delivery left, no store-events job waiting or running. */
export async function subscribersDone(db: Database): Promise<void> {
  for (;;) {
    const [pending] = await db.query<{ deliveries: number; jobs: number }>(
      `select (select count(*)::integer from store_event_deliveries) as deliveries,
              (select count(*)::integer from jobs where queue = 'store-events' and status in ('pending', 'running')) as jobs`,
    );
    if (pending!.deliveries === 0 && pending!.jobs === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
