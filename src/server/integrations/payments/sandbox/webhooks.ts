import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { mulberry32 } from '../../random.ts';
import { STRIPE_API_VERSION } from '../types.ts';
import type { Store } from './objects.ts';

/*
 * Events and their delivery as Stripe does it: every change is recorded as an event (kept for
 * `GET /v1/events`) and queued for each webhook endpoint that wants its type; a delivery is a POST of
 * the event's JSON signed `Stripe-Signature: t=<seconds>,v1=<HMAC-SHA256(secret, "t.body")>`.
 * Delivery happens apart from the request that caused it. Stripe's habits are kept, and can be made
 * worse on purpose: failed deliveries (non-2xx, no answer) are retried with backoff; deliveries may
 * be shuffled and sent twice.
 */

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Event types sent there; all when absent (Stripe's `*`). */
  enabledEvents?: readonly string[];
}

export interface DeliveryOptions {
  /** The sandbox's clock in ms: when a failed delivery is due again. */
  now: () => number;
  /** Waits after the 1st, 2nd… failed attempt; after the last one the delivery is given up. */
  retryDelaysMs: readonly number[];
  /** How long a receiver may take to answer. */
  timeoutMs: number;
  /** Shuffles each round of deliveries with this seed (out-of-order arrival); in queue order when null. */
  shuffleSeed: number | null;
  /** The share of deliveries (0…1) sent twice in a round. */
  duplicateRate: number;
  /** Receivers given at registration, besides the endpoints created through the API. */
  targets: readonly WebhookTarget[];
}

export interface PendingDelivery {
  eventId: string;
  type: string;
  url: string;
  /** Attempts so far. */
  attempts: number;
  /** When it is next due, in the sandbox's ms. */
  nextAttemptAt: number;
  lastStatus: number | null;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  url: string;
  /** The receiver's status, or 0 when it did not answer. */
  status: number;
  delivered: boolean;
}

interface Delivery extends PendingDelivery {
  secret: string;
}

/** What caused an event: a request (its id and idempotency key), or the passing of time. */
export interface EventCause {
  requestId: string | null;
  idempotencyKey: string | null;
}

export const BACKGROUND: EventCause = { requestId: null, idempotencyKey: null };

/** Stripe's signature header for `payload` at `timestamp` (seconds). */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const wants = (enabledEvents: readonly string[] | undefined, type: string) =>
  !enabledEvents || enabledEvents.includes('*') || enabledEvents.includes(type);

export type Events = ReturnType<typeof createEvents>;

export function createEvents(store: Store, options: DeliveryOptions) {
  const queue: Delivery[] = [];
  const log: DeliveryRecord[] = [];
  const shuffle = options.shuffleSeed === null ? null : mulberry32(options.shuffleSeed);
  const duplicates = mulberry32((options.shuffleSeed ?? 0) ^ 0x5eed);
  let rounds: Promise<void> = Promise.resolve();

  function targetsFor(type: string): Array<{ url: string; secret: string }> {
    const registered = store
      .all('webhook_endpoint')
      .filter((endpoint) => endpoint.status === 'enabled' && wants(endpoint.enabled_events, type))
      .map((endpoint) => ({ url: endpoint.url, secret: endpoint.secret ?? '' }));
    const given = options.targets.filter((target) => wants(target.enabledEvents, type));
    return [...registered, ...given];
  }

  function settle(eventId: string) {
    const event = store.get('event', eventId);
    if (event) event.pending_webhooks = queue.filter((delivery) => delivery.eventId === eventId).length;
  }

  async function post(delivery: Delivery): Promise<number> {
    const event = store.get('event', delivery.eventId);
    if (!event) return 0;
    // Stripe sends the event pretty-printed; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    // Receivers check the signature's age against their own clock, so it is signed with the wall clock.
    const header = signPayload(payload, delivery.secret, Math.floor(Date.now() / 1000));
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      // The body is not read beyond this: Stripe ignores it.
      await response.body?.cancel();
      return response.status;
    } catch {
      return 0;
    }
  }

  async function round() {
    const now = options.now();
    const due = queue.filter((delivery) => delivery.nextAttemptAt <= now);
    const sends: Delivery[] = [];
    for (const delivery of due) {
      sends.push(delivery);
      if (options.duplicateRate > 0 && duplicates() < options.duplicateRate) sends.push(delivery);
    }
    if (shuffle)
      for (let index = sends.length - 1; index > 0; index -= 1) {
        const other = Math.floor(shuffle() * (index + 1));
        [sends[index], sends[other]] = [sends[other]!, sends[index]!];
      }
    const outcome = new Map<Delivery, number>();
    for (const delivery of sends) {
      const status = await post(delivery);
      log.push({ eventId: delivery.eventId, type: delivery.type, url: delivery.url, status, delivered: isSuccess(status) });
      // A duplicate that got through settles the delivery, whatever its twin met.
      if (!isSuccess(outcome.get(delivery) ?? 0)) outcome.set(delivery, status);
    }
    for (const [delivery, status] of outcome) {
      const at = queue.indexOf(delivery);
      if (at === -1) continue;
      delivery.attempts += 1;
      delivery.lastStatus = status;
      if (isSuccess(status) || delivery.attempts > options.retryDelaysMs.length) queue.splice(at, 1);
      else delivery.nextAttemptAt = options.now() + options.retryDelaysMs[delivery.attempts - 1]!;
      settle(delivery.eventId);
    }
  }

  return {
    /** Records an event about `object` (a snapshot of it now) and queues its deliveries. */
    record<T extends { id: string; object: string }>(
      type: Stripe.Event.Type,
      object: T,
      at: { created: number; cause: EventCause; previous?: Record<string, unknown> },
    ): Stripe.Event {
      const targets = targetsFor(type);
      const event = {
        id: store.newId('event'),
        object: 'event' as const,
        api_version: STRIPE_API_VERSION,
        created: at.created,
        data: { object: structuredClone(object), ...(at.previous ? { previous_attributes: structuredClone(at.previous) } : {}) },
        livemode: false,
        pending_webhooks: targets.length,
        request: { id: at.cause.requestId, idempotency_key: at.cause.idempotencyKey },
        type,
        // The SDK's Event is a union keyed by `type`; a type and an object known only at run time pick no member.
      } as unknown as Stripe.Event;
      store.put('event', event);
      const nextAttemptAt = options.now();
      for (const target of targets)
        queue.push({ eventId: event.id, type, url: target.url, secret: target.secret, attempts: 0, nextAttemptAt, lastStatus: null });
      return event;
    },
    /** Deliveries waiting (never tried, or failed and due again later). */
    pending(): PendingDelivery[] {
      return queue.map(({ secret: _secret, ...delivery }) => ({ ...delivery }));
    },
    /** Every POST made so far, in order. */
    deliveries(): DeliveryRecord[] {
      return [...log];
    },
    /** Sends every delivery that is due now; rounds run one at a time. */
    deliverPending(): Promise<void> {
      const run = rounds.then(round);
      rounds = run.catch(() => undefined);
      return run;
    },
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;
