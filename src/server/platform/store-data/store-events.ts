import type { Database, Queryable } from '../database/db.ts';
import { enqueue, type JobWorker } from '../jobs/jobs.ts';

/*
 * Store events: the one road between server features (ARCHITECTURE.md "How data flows").
 *
 * Whatever changes a store's data (an import phase, the nightly refresh, a webhook) records what
 * changed with `record`, in the transaction that changed it. Each feature that cares subscribes at
 * start-up; recording an event leaves one delivery row per interested subscriber and asks for that
 * subscriber's job for the store, all in the writer's transaction. The job hands the subscriber its
 * pending events in batches, and deletes their delivery rows in the subscriber's own transaction:
 * a crash anywhere loses nothing (the rows are still there) and runs nothing twice (the rows went
 * with the subscriber's writes).
 */

/** Nothing beyond the event's customers and orders. */
type NoDetail = Record<string, never>;
/** Where a segment's events come from. */
interface OfSegment {
  segmentId: string;
}

/** Each kind of store event, with what it carries beyond its customers and orders. */
export interface StoreEventDetails {
  /**
   * Customer records were written (import or refresh batches, a `customers/create` or `customers/update`):
   * names, contact data, consent (email, SMS, WhatsApp). What reads consent (the WhatsApp audience) looks again.
   */
  customers_touched: NoDetail;
  order_created: NoDetail;
  /** Any other change to an order: paid, edited, a new customer. */
  order_updated: NoDetail;
  order_fulfilled: NoDetail;
  order_cancelled: NoDetail;
  order_refunded: NoDetail;
  /** A cart left without paying, or updated while still unpaid. */
  cart_abandoned: NoDetail;
  /** A cart that ended in an order. */
  cart_recovered: NoDetail;
  /** A customer deleted in the platform or redacted (privacy law): their data is gone, their orders kept without them. */
  customer_erased: NoDetail;
  /** The store owner asked for a customer's data through Shopify, with Shopify's request id. */
  customer_data_requested: { dataRequestId: number | null };
  /** Products created, changed or deleted. */
  products_touched: NoDetail;
  /** Everything the store held from its platform was erased (the shop uninstalled the app). */
  store_erased: NoDetail;
  /**
   * The dashboard's per-customer aggregates (customer_stats) were refreshed for the event's customers, or
   * for every customer (`all`): what reads them (segments) can look again.
   */
  customer_stats_refreshed: { all?: true };
  /** Customers entered a segment, at its build or as their data changed. */
  segment_entered: OfSegment;
  /** Customers left a segment. */
  segment_left: OfSegment;
  /** The merchant deleted a custom segment: what follows its members stops. */
  segment_deleted: OfSegment;
  /** An import phase ended (lastYear, history) or the nightly refresh did (refresh): anything may have changed. */
  import_phase_finished: { phase: 'lastYear' | 'history' | 'refresh' };
  /**
   * Meta changed a template of the store's WhatsApp Business Account (its webhook: review, pause, quality),
   * as of `at` (Meta's time). Meta's own words: what each field means is Meta's (integrations/meta/whatsapp).
   */
  whatsapp_template_changed: WhatsappTemplateChange;
  /** A template was deleted (by the merchant here, or in Meta): the campaigns that use it pause (SPEC §4). */
  whatsapp_template_deleted: { templateId: number; name: string };
  /** Meta's statuses for messages the store's number sent (its `messages` webhook), as delivered: any order, repeats included. */
  whatsapp_message_statuses: { phoneNumberId: string; statuses: WhatsappStatusUpdate[] };
  /** Messages customers sent to the store's number (its `messages` webhook); the same message may come twice. */
  whatsapp_messages_received: { phoneNumberId: string; messages: WhatsappInboundMessage[] };
  /**
   * A customer stopped (or asked again for) WhatsApp marketing from the store: a reply such as BAJA, Meta's
   * "stop promotions" (`user_preferences`), or a send refused with 131050. The event's customers are those
   * with that phone; `phone` is E.164.
   */
  whatsapp_marketing_preference: { phone: string; optedOut: boolean; source: WhatsappPreferenceSource; at: string };
  /** Taps on the links of the store's marketing messages (Meta's click events), by the tracking token sent with each. */
  whatsapp_link_clicks: { phoneNumberId: string; clicks: WhatsappLinkClick[] };
  /**
   * Messages of a campaign Meta took (the campaign's sender recorded their wamids), as their customers got them;
   * the event's customers are their recipients. The same message may come twice.
   */
  whatsapp_message_sent: { campaignId: string; templateName: string; messages: WhatsappSentMessage[] };
}

/** Meta's status of one message, in its terms (`statuses[]` of the `messages` webhook). */
export interface WhatsappStatusUpdate {
  /** The message's id (wamid). */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** ISO instant of Meta's status. */
  at: string;
  /** The WhatsApp user it went to (`recipient_id`). */
  recipient: string;
  /** Meta's errors, for a failed message. */
  errors: WhatsappMessageErrorDetail[];
  /** What the sender asked Meta to echo with the message's statuses (`biz_opaque_callback_data`), when it did. */
  callback: string | null;
}

export interface WhatsappMessageErrorDetail {
  code: number;
  title: string;
  details: string | null;
}

/** One message a customer sent (`messages[]` of the webhook), what every reader needs, and Meta's own object. */
export interface WhatsappInboundMessage {
  messageId: string;
  /** The WhatsApp user: the phone's digits (`wa_id`), or Meta's business-scoped user id when the number is hidden. */
  from: string;
  /** E.164 when Meta gave the number; null for a user known only by the business-scoped id. */
  phone: string | null;
  profileName: string | null;
  /** ISO instant Meta received it. */
  at: string;
  /** Meta's type: text, image, video, audio, document, sticker, location, contacts, reaction, button, interactive, unsupported… */
  type: string;
  /** What the customer wrote or tapped: a text's body, a button's or an interactive reply's title; null otherwise. */
  text: string | null;
  /** The message this one answers (a quick reply's template, a reply to a message). */
  contextMessageId: string | null;
  /** A quick-reply button's payload. */
  buttonPayload: string | null;
  /** Meta's message object as delivered (media ids, location, contacts…). */
  raw: Record<string, unknown>;
}

export type WhatsappPreferenceSource = 'reply' | 'meta' | 'sendError';

/** One message the store's number sent, as its customer got it. */
export interface WhatsappSentMessage {
  /** E.164. */
  phone: string;
  /** Meta's id for it. */
  wamid: string;
  /** Its text: the template's text header and body with this message's values in place. */
  text: string;
  /** ISO instant Meta took it. */
  at: string;
}

export interface WhatsappLinkClick {
  /** The tracking token the message was sent with; null when Meta's event carried none. */
  trackingToken: string | null;
  clickId: string | null;
  component: 'cta' | 'body';
  at: string;
}

/** What Meta said of a template, in its own terms, from `message_template_status_update` or `message_template_quality_update`. */
export interface WhatsappTemplateChange {
  wabaId: string;
  metaTemplateId: string;
  /** ISO instant of Meta's change (the webhook entry's time). */
  at: string;
  /** Meta's event: APPROVED, REJECTED, PAUSED, DISABLED, REINSTATED, PENDING_DELETION, FLAGGED…; null for a quality change alone. */
  event: string | null;
  /** Meta's reason for a rejection (INVALID_FORMAT, PROMOTIONAL…) or NONE. */
  reason: string | null;
  /** Meta's words about the change (`other_info`), when it gave any. */
  detail: string | null;
  /** Until when a PAUSED template is paused, as Meta's event says. */
  pausedUntil: string | null;
  /** The new quality, for a quality change. */
  quality: string | null;
}

export type StoreEventKind = keyof StoreEventDetails;

/** An event to record: its kind decides its detail, which may be left out only where all of it is optional. */
export type StoreEvent = {
  [K in StoreEventKind]: {
    kind: K;
    /** The platform's numeric customer ids the change touches (a reassigned order names both customers). */
    customers?: string[];
    orders?: string[];
  } & (Record<never, never> extends StoreEventDetails[K] ? { detail?: StoreEventDetails[K] } : { detail: StoreEventDetails[K] });
}[StoreEventKind];

/** An event as a subscriber receives it; `kind` narrows `detail`. */
export type RecordedStoreEvent = {
  [K in StoreEventKind]: {
    id: number;
    recordedAt: Date;
    kind: K;
    customers: string[];
    orders: string[];
    detail: StoreEventDetails[K];
  };
}[StoreEventKind];

export interface SubscriberBatch {
  /** The subscriber's transaction: its writes and the batch's acknowledgement commit together. */
  tx: Queryable;
  storeId: number;
  /** Oldest first; at most `batchSize`. */
  events: RecordedStoreEvent[];
  /** Runs once the batch has committed (maintenance that cannot run in a transaction, such as a vacuum). */
  afterCommit(task: (db: Database) => Promise<void>): void;
}

export interface StoreEventSubscriber {
  /** Stable: delivery rows carry it. */
  name: string;
  kinds: readonly StoreEventKind[];
  handle(batch: SubscriberBatch): Promise<void>;
  /** Events handed over at once; a subscriber that merges events (the rollups) wants many. */
  batchSize?: number;
}

export const STORE_EVENTS_QUEUE = 'store-events';

/** SQL: whether the store (`storeId`, an SQL expression) has events of `kind` its subscriber `name` has not handled yet. */
export const eventsWaitingFor = (name: string, kind: StoreEventKind, storeId: string) =>
  `exists (select 1 from store_event_deliveries d join store_events e on e.id = d.event_id
            where d.subscriber = '${name.replace(/'/g, "''")}' and d.store_id = ${storeId} and e.kind = '${kind}')`;
const DEFAULT_BATCH_SIZE = 500;
// Any constant; with the subscriber's hash it keys the lock that keeps one batch per subscriber and store at a time.
const LOCK_SPACE = 7_310_011;

export class StoreEvents {
  private readonly subscribers = new Map<string, StoreEventSubscriber>();

  constructor(private readonly db: Database) {}

  subscribe(subscriber: StoreEventSubscriber): void {
    if (this.subscribers.has(subscriber.name)) throw new Error(`El suscriptor ${subscriber.name} ya está registrado.`);
    this.subscribers.set(subscriber.name, subscriber);
  }

  /** Records `events` in the writer's transaction `tx`, with a delivery for each subscriber that wants it. */
  async record(tx: Queryable, storeId: number, events: StoreEvent[]): Promise<void> {
    const interested = new Set<string>();
    for (const event of events) {
      const names = [...this.subscribers.values()].filter((subscriber) => subscriber.kinds.includes(event.kind)).map((s) => s.name);
      const [row] = await tx.query<{ id: string }>(
        `insert into store_events (store_id, kind, customers, orders, detail) values ($1, $2, $3::bigint[], $4::bigint[], $5) returning id::text`,
        [storeId, event.kind, event.customers ?? [], event.orders ?? [], JSON.stringify(event.detail ?? {})],
      );
      if (names.length === 0) continue;
      await tx.query(
        `insert into store_event_deliveries (subscriber, event_id, store_id) select name, $2, $3 from unnest($1::text[]) as name`,
        [names, row!.id, storeId],
      );
      for (const name of names) interested.add(name);
    }
    for (const name of interested)
      await enqueue(tx, STORE_EVENTS_QUEUE, { subscriber: name, storeId }, { singletonKey: `${name}:${storeId}`, rerunIfRunning: true });
  }

  /**
   * Hands every pending event of the store to its subscribers now, in this process (the import
   * calls it so the dashboard opens on figures that are ready). The queued jobs then find nothing left.
   */
  async settle(storeId: number): Promise<void> {
    for (const name of this.subscribers.keys()) while (await this.runBatch(name, storeId)) {}
  }

  /** Registers the job that runs subscribers; call once, after every feature has subscribed. */
  registerJob(worker: JobWorker, log: (line: string) => void = console.log): void {
    worker.register<{ subscriber: string; storeId: number }>(STORE_EVENTS_QUEUE, {
      handler: async (job, context) => {
        while (await this.runBatch(job.payload.subscriber, job.payload.storeId)) await context.heartbeat();
      },
      onFinalFailure: async (job, error) =>
        log(
          `El suscriptor ${job.payload.subscriber} no pudo procesar los eventos de la tienda ${job.payload.storeId}: ${String(error)}. Quedan pendientes para el próximo evento.`,
        ),
    });
  }

  /** One batch of the subscriber's pending events for the store, in one transaction; false when none was left. */
  private async runBatch(name: string, storeId: number): Promise<boolean> {
    const subscriber = this.subscribers.get(name);
    // A name queued before its feature was removed: nothing here runs it.
    if (!subscriber) return false;
    const afterCommit: ((db: Database) => Promise<void>)[] = [];
    const handled = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2) # $3)', [LOCK_SPACE, name, storeId]);
      const events = await tx.query<{
        id: string;
        kind: StoreEventKind;
        customers: string[];
        orders: string[];
        detail: StoreEventDetails[StoreEventKind];
        recorded_at: Date;
      }>(
        `with batch as (
           delete from store_event_deliveries
            where (subscriber, store_id, event_id) in (
              select subscriber, store_id, event_id from store_event_deliveries
               where subscriber = $1 and store_id = $2 order by event_id limit $3)
           returning event_id)
         select e.id::text, e.kind, e.customers::text[] as customers, e.orders::text[] as orders, e.detail, e.recorded_at
           from store_events e join batch b on b.event_id = e.id
          order by e.id`,
        [name, storeId, subscriber.batchSize ?? DEFAULT_BATCH_SIZE],
      );
      if (events.length === 0) return false;
      await subscriber.handle({
        tx,
        storeId,
        events: events.map(
          (row) =>
            // Recorded by `record` from a `StoreEvent` of this kind, so its detail is that kind's.
            ({
              id: Number(row.id),
              kind: row.kind,
              customers: row.customers,
              orders: row.orders,
              detail: row.detail,
              recordedAt: row.recorded_at,
            }) as RecordedStoreEvent,
        ),
        afterCommit: (task) => afterCommit.push(task),
      });
      return true;
    });
    for (const task of afterCommit) await task(this.db);
    return handled;
  }
}
