import { isOptOutReply, toE164, withinWindow } from '../../../shared/whatsapp-campaigns.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { WHATSAPP_PHONE_SQL, type WhatsappRecipient, whatsappReachable } from '../../platform/store-data/audiences.ts';
import { storeTimeZone } from '../../platform/store-data/store-calendar.ts';
import type {
  RecordedStoreEvent,
  StoreEventSubscriber,
  StoreEvents,
  WhatsappInboundMessage,
  WhatsappStatusUpdate,
} from '../../platform/store-data/store-events.ts';
import { recordWhatsappPreference } from '../../platform/store-data/whatsapp-preferences.ts';
import { type CampaignRow, campaignRow, campaignRows } from './campaign-repository.ts';
import {
  addOutboxRows,
  announceCampaign,
  CAMPAIGN_SUBSCRIBER,
  finishIfDone,
  pauseCampaigns,
  recordMessagesSent,
  requestSending,
  resumeCampaigns,
  type SentRow,
} from './campaign-sender.ts';

/*
 * What moves the campaigns besides their own sending, each from a store event (features meet only there):
 * Meta's statuses move each outbox row forward only; a customer's reply or quick-reply tap counts for the message
 * it follows (Meta's link-click events carry a tracking token of Meta's own, which names no message, so link
 * taps are not counted per campaign); an opt-out (a reply such as BAJA, Meta's stop, a withdrawn consent) cancels what was
 * queued for that customer; a template's pause, return or deletion pauses or resumes the campaigns that use it;
 * and the automated campaigns' events add rows to the outbox, due after their delay and within their window.
 */

export const OPT_OUT_CONFIRM_QUEUE = 'whatsapp-opt-out-confirm';
/** Meta's code for a person who stopped the business's marketing messages. */
const STOPPED_MARKETING = 131050;

/**
 * Meta's statuses, merged per message: each row takes the furthest state any of them reached. A row in doubt that a
 * status settles as sent is told as sent (`whatsapp_message_sent`), as the sender tells those Meta's answer settles.
 */
async function applyStatuses(
  tx: Queryable,
  events: Pick<StoreEvents, 'record'>,
  storeId: number,
  statuses: WhatsappStatusUpdate[],
): Promise<Set<string>> {
  const byMessage = new Map<
    string,
    {
      wamid: string;
      callback: string | null;
      sent: string | null;
      delivered: string | null;
      read: string | null;
      failed: string | null;
      error: unknown;
    }
  >();
  const earliest = (a: string | null, b: string) => (a === null || b < a ? b : a);
  for (const status of statuses) {
    const merged = byMessage.get(status.messageId) ?? {
      wamid: status.messageId,
      callback: null,
      sent: null,
      delivered: null,
      read: null,
      failed: null,
      error: null,
    };
    merged.callback = merged.callback ?? status.callback;
    if (status.status === 'failed') {
      merged.failed = earliest(merged.failed, status.at);
      const [error] = status.errors;
      merged.error = error ? { code: error.code, title: error.title, details: error.details } : merged.error;
    } else merged[status.status] = earliest(merged[status.status], status.at);
    byMessage.set(status.messageId, merged);
  }
  if (byMessage.size === 0) return new Set();
  // A failure counts only while the message was not delivered (Meta may still report one after a delivery). A row is
  // found by its message id, or, while in doubt, by its callback: two lookups, each on its own index.
  const rows = await tx.query<Omit<SentRow, 'sent_at'> & { campaign_id: string; settled: boolean; sent_at: Date | null }>(
    `with s as (
       select * from json_to_recordset($2::json)
         as s(wamid text, callback text, sent timestamptz, delivered timestamptz, read timestamptz, failed timestamptz, error jsonb)
     ), found as (
       select w.id, s.wamid, false as settled from s join whatsapp_outbox w on w.wamid = s.wamid
       union all
       select w.id, s.wamid, true from s join whatsapp_outbox w on w.callback = s.callback where w.wamid is null
     ), moved as (
       select w.id, s.wamid, f.settled,
              coalesce(w.sent_at, s.sent, s.delivered, s.read) as sent_at,
              coalesce(w.delivered_at, s.delivered) as delivered_at,
              coalesce(w.read_at, s.read) as read_at,
              case when coalesce(w.delivered_at, s.delivered, w.read_at, s.read) is null then coalesce(w.failed_at, s.failed) end as failed_at,
              case when coalesce(w.delivered_at, s.delivered, w.read_at, s.read) is null then coalesce(w.error, s.error) end as error
         from found f join whatsapp_outbox w on w.id = f.id join s on s.wamid = f.wamid
        where w.store_id = $1 and w.status <> 'cancelled'
     )
     update whatsapp_outbox w
        set wamid = coalesce(w.wamid, m.wamid), sent_at = m.sent_at, delivered_at = m.delivered_at, read_at = m.read_at,
            failed_at = m.failed_at, error = m.error, updated_at = now(),
            status = case when m.read_at is not null then 'read' when m.delivered_at is not null then 'delivered'
                          when m.failed_at is not null then 'failed' when m.sent_at is not null then 'sent' else w.status end
       from moved m
      where w.id = m.id
      returning w.campaign_id::text, m.settled, w.customer_external_id::text, w.phone, w.params, w.wamid, w.sent_at`,
    [storeId, JSON.stringify([...byMessage.values()])],
  );
  // A failure alone settles no message as sent.
  const settled = rows.flatMap((row) => (row.settled && row.sent_at ? [{ ...row, sent_at: row.sent_at }] : []));
  for (const campaignId of new Set(settled.map((row) => row.campaign_id))) {
    const campaign = await campaignRow(tx, storeId, campaignId);
    if (campaign)
      await recordMessagesSent(
        tx,
        events,
        campaign,
        settled.filter((row) => row.campaign_id === campaignId),
      );
  }
  return new Set(rows.map((row) => row.campaign_id));
}

/** Meta refused a message because the person stopped the business's marketing (131050): their consent is off here too. */
async function optOutRefused(tx: Queryable, events: StoreEvents, storeId: number, statuses: WhatsappStatusUpdate[]): Promise<void> {
  for (const status of statuses) {
    const phone = toE164(status.recipient);
    if (status.status === 'failed' && phone && status.errors.some((error) => error.code === STOPPED_MARKETING))
      await recordWhatsappPreference(tx, events, storeId, { phone, optedOut: true, source: 'sendError', at: status.at });
  }
}

/** Counts something once per store, however many times Meta delivers it. */
async function firstTime(tx: Queryable, storeId: number, key: string): Promise<boolean> {
  const rows = await tx.query(
    `insert into whatsapp_campaign_interactions (store_id, key) values ($1, $2) on conflict do nothing returning key`,
    [storeId, key],
  );
  return rows.length > 0;
}

/** Adds one tap to the button of the row's message. */
async function countTap(tx: Queryable, storeId: number, where: string, value: string, button: string): Promise<string | null> {
  const [row] = await tx.query<{ campaign_id: string }>(
    `update whatsapp_outbox set clicks = jsonb_set(clicks, array[$3::text], to_jsonb(coalesce((clicks ->> $3)::int, 0) + 1)), updated_at = now()
      where store_id = $1 and ${where} = $2 returning campaign_id::text`,
    [storeId, value, button],
  );
  return row?.campaign_id ?? null;
}

/** Replies, quick-reply taps and opt-out words in what customers wrote. */
async function applyInbound(tx: Queryable, events: StoreEvents, storeId: number, messages: WhatsappInboundMessage[]): Promise<Set<string>> {
  const touched = new Set<string>();
  for (const message of messages) {
    if (!(await firstTime(tx, storeId, `in:${message.messageId}`))) continue;
    const phone = message.phone ?? toE164(message.from);
    if (phone) {
      // The customer wrote back after a campaign's message: every campaign that reached them in the last week counts it.
      const replied = await tx.query<{ campaign_id: string }>(
        `update whatsapp_outbox set replied_at = $3, updated_at = now()
          where store_id = $1 and phone = $2 and replied_at is null and sent_at is not null
            and sent_at <= $3 and sent_at > $3::timestamptz - interval '7 days'
          returning campaign_id::text`,
        [storeId, phone, message.at],
      );
      for (const row of replied) touched.add(row.campaign_id);
    }
    if (message.type === 'button' && message.contextMessageId) {
      const [row] = await tx.query<{ content: CampaignRow['content'] }>(
        `select c.content from whatsapp_outbox w join whatsapp_campaigns c on c.id = w.campaign_id where w.store_id = $1 and w.wamid = $2`,
        [storeId, message.contextMessageId],
      );
      const index = row?.content.buttons.findIndex((button) => button.text === message.text) ?? -1;
      const campaign = await countTap(tx, storeId, 'wamid', message.contextMessageId, index >= 0 ? String(index) : 'quickReply');
      if (campaign) touched.add(campaign);
    }
    if (phone && message.text && isOptOutReply(message.text)) {
      const [before] = await tx.query<{ opted_out: boolean }>(
        'select opted_out from whatsapp_opt_outs where store_id = $1 and phone = $2',
        [storeId, phone],
      );
      const written = await recordWhatsappPreference(tx, events, storeId, { phone, optedOut: true, source: 'reply', at: message.at });
      // Answered once: a repeated BAJA from someone already out gets no second confirmation.
      if (written && !before?.opted_out)
        await enqueue(tx, OPT_OUT_CONFIRM_QUEUE, { storeId, to: message.from }, { singletonKey: `opt-out:${message.messageId}` });
    }
  }
  return touched;
}

/** Cancels what was queued for these phones or customers: they may no longer be messaged. */
async function cancelQueued(tx: Queryable, storeId: number, where: { phones?: string[]; customers?: string[] }, reason: string) {
  const rows = await tx.query<{ campaign_id: string }>(
    `update whatsapp_outbox set status = 'cancelled', cancel_reason = $4, updated_at = now()
      where store_id = $1 and status = 'pending' and (phone = any($2::text[]) or customer_external_id = any($3::bigint[]))
      returning campaign_id::text`,
    [storeId, where.phones ?? [], where.customers ?? [], reason],
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** The pending rows of these customers whose consent is gone are cancelled. */
async function recheckConsent(tx: Queryable, storeId: number, customers: string[]): Promise<Set<string>> {
  if (customers.length === 0) return new Set();
  const queued = await tx.query<{ customer: string }>(
    `select distinct customer_external_id::text as customer from whatsapp_outbox
      where store_id = $1 and status = 'pending' and customer_external_id = any($2::bigint[])`,
    [storeId, customers],
  );
  if (queued.length === 0) return new Set();
  const reachable = await whatsappReachable(
    tx,
    storeId,
    queued.map((row) => row.customer),
  );
  const gone = queued.map((row) => row.customer).filter((customer) => !reachable.has(customer));
  return gone.length === 0 ? new Set() : cancelQueued(tx, storeId, { customers: gone }, 'optedOut');
}

/** The campaigns of a template, by Meta's id or ours. */
async function campaignsOfTemplate(tx: Queryable, storeId: number, template: { metaId?: string; id?: number }): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `select c.id::text from whatsapp_campaigns c left join whatsapp_templates t on t.id = c.template_id
      where c.store_id = $1 and (t.meta_template_id = $2 or c.template_id = $3)`,
    [storeId, template.metaId ?? null, template.id ?? null],
  );
  return rows.map((row) => row.id);
}

/** The customers as recipients: those who may be messaged, with their phone in E.164. */
async function recipientsAmong(tx: Queryable, storeId: number, customers: string[]): Promise<Map<string, WhatsappRecipient>> {
  if (customers.length === 0) return new Map();
  const reachable = await whatsappReachable(tx, storeId, customers);
  const rows = await tx.query<WhatsappRecipient>(
    `select c.external_id::text as "externalId", ${WHATSAPP_PHONE_SQL} as phone, c.first_name as "firstName", c.last_name as "lastName", c.email
       from customers c where c.store_id = $1 and c.external_id = any($2::bigint[])`,
    [storeId, [...reachable]],
  );
  return new Map(rows.map((row) => [row.externalId, row]));
}

/** The rows an automated campaign owes for one event: who, for what, and when. */
async function triggeredRows(tx: Queryable, storeId: number, campaign: CampaignRow, event: RecordedStoreEvent, timeZone: string) {
  const due = (at: Date) =>
    withinWindow(
      new Date(at.getTime() + campaign.delay_minutes * 60_000),
      campaign.window_start && campaign.window_end ? { start: campaign.window_start, end: campaign.window_end } : null,
      timeZone,
    );
  if (campaign.event === 'segmentEntry' && event.kind === 'segment_entered' && event.detail.segmentId === campaign.segment_id) {
    const recipients = await recipientsAmong(tx, storeId, event.customers);
    return [...recipients.values()].map((recipient) => ({ recipient, triggerKey: `entry:${event.id}`, dueAt: due(event.recordedAt) }));
  }
  if (campaign.event === 'orderFulfilled' && event.kind === 'order_fulfilled') {
    const orders = await tx.query<{ id: string; customer: string }>(
      `select external_id::text as id, customer_external_id::text as customer from orders
        where store_id = $1 and external_id = any($2::bigint[]) and customer_external_id is not null`,
      [storeId, event.orders],
    );
    const recipients = await recipientsAmong(
      tx,
      storeId,
      orders.map((order) => order.customer),
    );
    return orders.flatMap((order) => {
      const recipient = recipients.get(order.customer);
      return recipient ? [{ recipient, triggerKey: `order:${order.id}`, dueAt: due(event.recordedAt), orderId: order.id }] : [];
    });
  }
  if (campaign.event === 'cartAbandoned' && event.kind === 'cart_abandoned') {
    // Each customer's open cart: one message per cart, however many times the cart changes.
    const carts = await tx.query<{ id: string; customer: string; created_at: Date; recovery_url: string | null }>(
      `select distinct on (customer_external_id) external_id::text as id, customer_external_id::text as customer, created_at, recovery_url
         from abandoned_checkouts where store_id = $1 and customer_external_id = any($2::bigint[]) and completed_at is null
        order by customer_external_id, created_at desc`,
      [storeId, event.customers],
    );
    const recipients = await recipientsAmong(
      tx,
      storeId,
      carts.map((cart) => cart.customer),
    );
    return carts.flatMap((cart) => {
      const recipient = recipients.get(cart.customer);
      return recipient ? [{ recipient, triggerKey: `cart:${cart.id}`, dueAt: due(cart.created_at), checkoutUrl: cart.recovery_url }] : [];
    });
  }
  return [];
}

export function campaignSubscriber(events: StoreEvents): StoreEventSubscriber {
  return {
    name: CAMPAIGN_SUBSCRIBER,
    kinds: [
      'whatsapp_message_statuses',
      'whatsapp_messages_received',
      'whatsapp_marketing_preference',
      'whatsapp_template_changed',
      'whatsapp_template_deleted',
      'customers_touched',
      'customer_erased',
      'segment_entered',
      'order_fulfilled',
      'cart_abandoned',
      'cart_recovered',
    ],
    batchSize: 200,
    async handle({ tx, storeId, events: batch }) {
      const touched = new Set<string>();
      const add = (ids: Iterable<string>) => {
        for (const id of ids) touched.add(id);
      };
      let automated: CampaignRow[] | null = null;
      let timeZone: string | null = null;
      // Meta sends a status a change: the batch's are applied at once, in one statement.
      const statuses = batch.flatMap((event) => (event.kind === 'whatsapp_message_statuses' ? event.detail.statuses : []));
      add(await applyStatuses(tx, events, storeId, statuses));
      await optOutRefused(tx, events, storeId, statuses);
      for (const event of batch) {
        switch (event.kind) {
          case 'whatsapp_message_statuses':
            break;
          case 'whatsapp_messages_received':
            add(await applyInbound(tx, events, storeId, event.detail.messages));
            break;
          case 'whatsapp_marketing_preference':
            if (event.detail.optedOut)
              add(await cancelQueued(tx, storeId, { phones: [event.detail.phone], customers: event.customers }, 'optedOut'));
            break;
          case 'customers_touched':
            add(await recheckConsent(tx, storeId, event.customers));
            break;
          case 'customer_erased':
            add(await cancelQueued(tx, storeId, { customers: event.customers }, 'erased'));
            break;
          case 'cart_recovered':
            add(await recheckCarts(tx, storeId, event.customers));
            break;
          case 'whatsapp_template_changed': {
            const ids = await campaignsOfTemplate(tx, storeId, { metaId: event.detail.metaTemplateId });
            const pausedUntil = event.detail.pausedUntil ? new Date(event.detail.pausedUntil) : null;
            if (event.detail.event === 'PAUSED') await pauseCampaigns(tx, storeId, ids, 'templatePaused', pausedUntil);
            else if (event.detail.event === 'DISABLED' || event.detail.event === 'PENDING_DELETION')
              await pauseCampaigns(tx, storeId, ids, 'templateDisabled', null);
            else if (event.detail.event === 'APPROVED' || event.detail.event === 'REINSTATED' || event.detail.event === 'UNPAUSED')
              await resumeCampaigns(tx, storeId, ids, ['templatePaused', 'templateDisabled']);
            break;
          }
          case 'whatsapp_template_deleted':
            await pauseCampaigns(
              tx,
              storeId,
              await campaignsOfTemplate(tx, storeId, { id: event.detail.templateId }),
              'templateDeleted',
              null,
            );
            break;
          case 'segment_entered':
          case 'order_fulfilled':
          case 'cart_abandoned': {
            automated ??= (await campaignRows(tx, storeId)).filter(
              (campaign) => campaign.kind === 'automated' && campaign.status === 'active',
            );
            if (automated.length === 0) break;
            timeZone ??= await storeTimeZone(tx, storeId);
            for (const campaign of automated) {
              const rows = await triggeredRows(tx, storeId, campaign, event, timeZone);
              if ((await addOutboxRows(tx, campaign, rows)) === 0) continue;
              touched.add(campaign.id);
              const first = rows.reduce((earliest, row) => (row.dueAt < earliest ? row.dueAt : earliest), rows[0]!.dueAt);
              await requestSending(tx, storeId, campaign.id, first);
            }
            break;
          }
        }
      }
      for (const campaignId of touched) {
        await finishIfDone(tx, storeId, campaignId);
        await announceCampaign(tx, storeId, campaignId);
      }
    },
  };
}

/** A cart that became an order is not followed up: its queued rows are cancelled. */
async function recheckCarts(tx: Queryable, storeId: number, customers: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ campaign_id: string }>(
    `update whatsapp_outbox w set status = 'cancelled', cancel_reason = 'cartRecovered', updated_at = now()
       from abandoned_checkouts a
      where w.store_id = $1 and w.status = 'pending' and w.customer_external_id = any($2::bigint[])
        and a.store_id = w.store_id and w.trigger_key = 'cart:' || a.external_id and a.completed_at is not null
      returning w.campaign_id::text`,
    [storeId, customers],
  );
  return new Set(rows.map((row) => row.campaign_id));
}
