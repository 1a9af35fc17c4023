import type { WebhookTopic } from '../types.ts';
import type { DemoStore } from './generator.ts';
import { type Happening, happeningsBetween } from './happenings.ts';
import { hash32, mulberry32 } from './prng.ts';
import type { Subscriptions } from './subscriptions.ts';
import { deliverWebhook, stableUuid, topicHeader, topicKey } from './webhooks.ts';

export interface TickReport {
  ordersCreated: number;
  ordersFulfilled: number;
  checkoutsCreated: number;
  /** Deliveries answered 2xx, duplicates included. */
  delivered: number;
  failed: number;
  /** Events delivered after later ones. */
  late: number;
  /** Events delivered a second time. */
  duplicated: number;
  /** Events by topic (`orders/create`…), duplicates not counted. */
  byTopic: Record<string, number>;
}

export interface WebhookClockOptions {
  store: DemoStore;
  subscriptions: Subscriptions;
  shop: string;
  secret: string;
  /** Shares of the webhooks due in a tick that arrive late, and twice. */
  lateShare: number;
  duplicateShare: number;
}

/**
 * Turns passing time into webhooks: each tick sends what happened in the store since the last one
 * (orders created and fulfilled, carts left), signed like Shopify, with its habits: some late, after
 * events that happened later, and some twice under the same webhook id.
 */
export function createWebhookClock(options: WebhookClockOptions) {
  const { store, subscriptions, shop, secret, lateShare, duplicateShare } = options;
  let lastTick = store.nowSeconds();

  async function deliverToSubscribers(
    topic: WebhookTopic | string,
    payload: object,
    ids: { webhookId?: string; eventId?: string } = {},
  ): Promise<number[]> {
    const header = topicHeader(topic);
    const statuses: number[] = [];
    for (const target of subscriptions.targets(header)) {
      statuses.push(await deliverWebhook(header, payload, { url: target.uri, secret, shop, ...ids }));
    }
    return statuses;
  }

  async function tick(): Promise<TickReport> {
    const now = store.nowSeconds();
    const from = lastTick;
    lastTick = Math.max(lastTick, now);
    const report: TickReport = {
      ordersCreated: 0,
      ordersFulfilled: 0,
      checkoutsCreated: 0,
      delivered: 0,
      failed: 0,
      late: 0,
      duplicated: 0,
      byTopic: {},
    };
    if (now <= from) return report;
    const events = happeningsBetween(store, shop, from, now);
    // Seeded by the tick's span, so the same clock gives the same deliveries in the same order.
    const random = mulberry32(hash32(from, now));
    const inOrder: Happening[] = [];
    const afterwards: Happening[] = [];
    for (const event of events) {
      if (event.topic === 'ORDERS_CREATE') report.ordersCreated++;
      else if (event.topic === 'ORDERS_FULFILLED') report.ordersFulfilled++;
      else if (event.topic === 'CHECKOUTS_CREATE') report.checkoutsCreated++;
      const header = topicHeader(event.topic);
      report.byTopic[header] = (report.byTopic[header] ?? 0) + 1;
      if (random() < lateShare) {
        report.late++;
        afterwards.push(event);
      } else inOrder.push(event);
      if (random() < duplicateShare) {
        report.duplicated++;
        afterwards.push(event);
      }
    }
    // Late ones come last, newest first: a fulfilment can arrive before its order's creation.
    for (const event of [...inOrder, ...afterwards.reverse()]) {
      // One id per happening (the same order changes many times); a duplicate repeats it.
      const key = [topicKey(event.topic), event.id, event.at];
      const statuses = await deliverToSubscribers(event.topic, event.payload(), {
        webhookId: stableUuid(...key),
        eventId: stableUuid(...key, 99),
      });
      for (const status of statuses) {
        if (status >= 200 && status < 300) report.delivered++;
        else report.failed++;
      }
    }
    return report;
  }

  let ticking: Promise<TickReport> | null = null;
  return {
    deliverToSubscribers,
    /** Sends the webhooks due since the last tick; one tick at a time, a call during a tick runs after it. */
    emitDueWebhooks(): Promise<TickReport> {
      const run = (ticking ?? Promise.resolve()).catch(() => undefined).then(tick);
      ticking = run.finally(() => {
        if (ticking === run) ticking = null;
      });
      return run;
    },
  };
}
