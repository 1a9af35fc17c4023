import type { Queryable } from '../../platform/database/db.ts';
import { customersWithPhone } from '../../platform/store-data/audiences.ts';
import type {
  StoreEventDetails,
  StoreEventSubscriber,
  WhatsappInboundMessage,
  WhatsappStatusUpdate,
} from '../../platform/store-data/store-events.ts';
import { recordIncomingMedia } from './media.ts';
import {
  announceConversations,
  applyStatusChanges,
  type ConversationMessageKind,
  lockWamid,
  previewOf,
  type StatusChange,
} from './repository.ts';

/*
 * The chat from Meta's `messages` webhook, as store events (features meet only there): each message a customer
 * sends becomes one of their conversation's, once however many times Meta delivers it (its wamid), linked to the
 * store's customer with that phone; a reaction attaches to the message it reacts to; a kind WhatsApp does not
 * deliver stays as a placeholder, so the unread count and the 24-hour window stay right; a customer imported or
 * changed later is linked then, and an erased one unlinked. Meta's statuses move the
 * chat's outgoing messages forward only; a status that comes before the send saved its wamid waits for it. Each
 * conversation that changed is announced on the live channel once per batch, so open inboxes read it again. A
 * customer's file is recorded pending and its download queued in the same transaction (media.ts).
 *
 * A campaign's message (the WhatsApp feature's `whatsapp_message_sent`) is kept by phone, for the list's "by campaign"
 * filter, and becomes an outgoing template message of its phone's conversation; without one it waits, and the
 * conversation the customer's reply opens begins with it. A campaign opens no conversation itself.
 */

export const CHAT_SUBSCRIBER = 'chat';

/** What a chat send asks Meta to echo in its statuses (`biz_opaque_callback_data`): its message's id. */
export const chatCallback = (messageId: string) => `chat:${messageId}`;
const CALLBACK = /^chat:(\d{1,15})$/;

const KINDS = new Set<ConversationMessageKind>([
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contacts',
  'button',
  'interactive',
]);
const MEDIA = new Set(['image', 'video', 'audio', 'document', 'sticker']);

const objectOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The kind, text and payload the chat keeps of a customer's message, from Meta's object. */
function contentOf(message: WhatsappInboundMessage): { kind: ConversationMessageKind; text: string | null; payload: object | null } {
  const kind = KINDS.has(message.type as ConversationMessageKind) ? (message.type as ConversationMessageKind) : 'unsupported';
  const raw = message.raw;
  if (MEDIA.has(kind)) {
    const media = objectOf(raw[kind]) ?? {};
    const caption = typeof media.caption === 'string' ? media.caption : null;
    return { kind, text: message.text ?? caption, payload: media };
  }
  if (kind === 'location') return { kind, text: null, payload: objectOf(raw.location) };
  if (kind === 'contacts') return { kind, text: null, payload: { contacts: Array.isArray(raw.contacts) ? raw.contacts : [] } };
  if (kind === 'button') return { kind, text: message.text, payload: { payload: message.buttonPayload } };
  if (kind === 'interactive') return { kind, text: message.text, payload: objectOf(raw.interactive) };
  if (kind === 'unsupported') return { kind, text: null, payload: { type: message.type, errors: raw.errors ?? null } };
  return { kind, text: message.text, payload: null };
}

/** A reaction (an empty emoji takes it back), kept by its target's wamid: only a newer one replaces it. */
async function applyReaction(tx: Queryable, storeId: number, message: WhatsappInboundMessage, changed: Set<number>): Promise<void> {
  const reaction = objectOf(message.raw.reaction);
  const target = typeof reaction?.message_id === 'string' ? reaction.message_id : null;
  if (!target) return;
  const emoji = typeof reaction?.emoji === 'string' ? reaction.emoji : '';
  await tx.query(
    `insert into chat_reactions (store_id, target_wamid, direction, emoji, at) values ($1, $2, 'inbound', $3, $4)
     on conflict (store_id, target_wamid, direction) do update set emoji = excluded.emoji, at = excluded.at
     where chat_reactions.at <= excluded.at`,
    [storeId, target, emoji, message.at],
  );
  const [reacted] = await tx.query<{ id: number | null }>(
    'select conversation_id::float8 as id from chat_messages where store_id = $1 and wamid = $2',
    [storeId, target],
  );
  if (reacted?.id != null) changed.add(reacted.id);
}

/**
 * SQL: whether the inbound message at `$3` is the conversation's latest. Meta gives whole seconds and our sends
 * milliseconds: a message of the same second as the store's last one came after it (it answers it, or crossed it).
 */
const LATEST = `last_message_id is null or date_trunc('second', last_message_at) <= $3`;

async function receive(tx: Queryable, storeId: number, message: WhatsappInboundMessage, changed: Set<number>): Promise<void> {
  if (message.type === 'reaction') return applyReaction(tx, storeId, message, changed);
  if (!message.from) return;
  const [customer] = message.phone ? await customersWithPhone(tx, storeId, message.phone) : [];
  const { kind, text, payload } = contentOf(message);
  const [conversation] = await tx.query<{ id: string }>(
    `insert into chat_conversations (store_id, wa_user_id, phone, profile_name, customer_external_id, last_message_at, last_message_preview)
     values ($1, $2, $3, $4, $5, $6, '')
     on conflict (store_id, wa_user_id) do update
        set phone = coalesce(excluded.phone, chat_conversations.phone),
            profile_name = coalesce(excluded.profile_name, chat_conversations.profile_name),
            customer_external_id = coalesce(excluded.customer_external_id, chat_conversations.customer_external_id)
     returning id::text`,
    [storeId, message.from, message.phone, message.profileName, customer ?? null, message.at],
  );
  const [inserted] = await tx.query<{ id: string }>(
    `insert into chat_messages (store_id, conversation_id, direction, kind, body, payload, wamid, at)
     values ($1, $2, 'inbound', $3, $4, $5, $6, $7)
     on conflict (store_id, wamid) do nothing returning id::text`,
    [storeId, conversation!.id, kind, text, payload === null ? null : JSON.stringify(payload), message.messageId, message.at],
  );
  // Meta delivered it before: nothing changes.
  if (!inserted) return;
  changed.add(Number(conversation!.id));
  // The campaign messages the customer got before the conversation was there: it begins with them (their ids come first).
  if (message.phone)
    await tx.query(
      `update chat_messages m set conversation_id = $2
         from chat_campaign_sends s
        where s.store_id = $1 and s.phone = $3 and m.store_id = $1 and m.wamid = s.wamid and m.conversation_id is null`,
      [storeId, conversation!.id, message.phone],
    );
  if (MEDIA.has(kind) && payload)
    await recordIncomingMedia(tx, storeId, { id: inserted.id, kind, payload: payload as Record<string, unknown> });
  await tx.query(
    `update chat_conversations
        set unread_count = unread_count + 1,
            last_inbound_wamid = case when last_inbound_at is null or last_inbound_at <= $3 then $4 else last_inbound_wamid end,
            last_inbound_at = greatest(last_inbound_at, $3),
            last_message_id = case when ${LATEST} then $5 else last_message_id end,
            last_message_preview = case when ${LATEST} then $6 else last_message_preview end,
            last_message_direction = case when ${LATEST} then 'inbound' else last_message_direction end,
            last_message_at = greatest(last_message_at, $3)
      where store_id = $1 and id = $2`,
    [storeId, conversation!.id, message.at, message.messageId, inserted.id, previewOf(kind, text)],
  );
}

const changeOf = (status: WhatsappStatusUpdate): StatusChange => {
  const [error] = status.errors;
  return { wamid: status.messageId, status: status.status, at: status.at, error: error ?? null };
};

/**
 * A campaign's messages: each once however many times the event comes (its wamid), an outgoing template message of
 * its phone's conversation, or of none yet; all of an event's in two statements (a campaign may reach thousands).
 * Statuses Meta gave before the event came are applied now.
 */
async function recordCampaignMessages(
  tx: Queryable,
  storeId: number,
  sent: StoreEventDetails['whatsapp_message_sent'],
  changed: Set<number>,
): Promise<void> {
  if (sent.messages.length === 0) return;
  const recorded = await tx.query<{ wamid: string; conversation_id: number | null }>(
    `with message as (
       select * from json_to_recordset($3::json) as m(phone text, wamid text, text text, at timestamptz)
     ), kept as (
       insert into chat_campaign_sends (store_id, wamid, campaign_id, phone, sent_at)
       select $1, wamid, $2, phone, at from message
       on conflict do nothing
       returning wamid
     )
     insert into chat_messages (store_id, conversation_id, direction, kind, body, wamid, status, template_name, at)
     select $1,
            (select cv.id from chat_conversations cv where cv.store_id = $1 and cv.phone = m.phone
              order by cv.last_message_at desc, cv.id desc limit 1),
            'outbound', 'template', m.text, m.wamid, 'sent', $4, m.at
       from message m join kept k on k.wamid = m.wamid
     on conflict (store_id, wamid) do nothing
     returning wamid, conversation_id::float8 as conversation_id`,
    [storeId, sent.campaignId, JSON.stringify(sent.messages), sent.templateName],
  );
  for (const row of recorded) if (row.conversation_id !== null) changed.add(row.conversation_id);
  if (recorded.length > 0)
    await applyKeptStatuses(
      tx,
      storeId,
      recorded.map((row) => row.wamid),
      changed,
    );
}

/**
 * Meta's statuses for the chat's messages, the campaigns' included, in a few statements however many. A status for a
 * wamid no chat message carries yet is kept (a chat send waiting for Meta's answer, or a campaign's message whose
 * event has not come yet), and applied when the wamid lands; one that never lands is forgotten after a day.
 */
async function applyStatuses(tx: Queryable, storeId: number, statuses: WhatsappStatusUpdate[], changed: Set<number>): Promise<void> {
  if (statuses.length === 0) return;
  const changes = statuses.map(changeOf);
  // While a chat send waits for Meta's answer it may save a wamid of these: each goes in turn with that send.
  const [waiting] = await tx.query(
    `select 1 from chat_messages where store_id = $1 and direction = 'outbound' and wamid is null and status = 'pending' limit 1`,
    [storeId],
  );
  if (waiting) for (const wamid of [...new Set(changes.map((change) => change.wamid))].sort()) await lockWamid(tx, wamid);
  // The send named its message in the callback Meta echoes: its wamid is known from the status itself.
  for (const status of statuses) {
    const sentAs = status.callback?.match(CALLBACK)?.[1];
    if (sentAs)
      await tx.query('update chat_messages set wamid = $3 where store_id = $1 and id = $2 and wamid is null', [
        storeId,
        sentAs,
        status.messageId,
      ]);
  }
  const known = await applyStatusChanges(tx, storeId, changes, changed);
  const kept = changes.filter((change) => !known.has(change.wamid));
  if (kept.length > 0)
    await tx.query(
      `insert into chat_pending_statuses (store_id, wamid, status, error_code, error_title, error_details, at)
       select $1, k.wamid, k.status, k.error_code, k.error_title, k.error_details, k.at
         from json_to_recordset($2::json) as k(wamid text, status text, error_code integer, error_title text, error_details text, at timestamptz)
       on conflict do nothing`,
      [
        storeId,
        JSON.stringify(
          kept.map((change) => ({
            wamid: change.wamid,
            status: change.status,
            error_code: change.error?.code ?? null,
            error_title: change.error?.title ?? null,
            error_details: change.error?.details ?? null,
            at: change.at,
          })),
        ),
      ],
    );
}

/**
 * The statuses kept for wamids that have just landed (a send saved its wamid, a campaign's messages came), applied in
 * Meta's order; a send's caller holds its wamid's lock.
 */
export async function applyKeptStatuses(tx: Queryable, storeId: number, wamids: string[], moved?: Set<number>): Promise<void> {
  const kept = await tx.query<{
    wamid: string;
    status: StatusChange['status'];
    error_code: number | null;
    error_title: string | null;
    error_details: string | null;
    at: Date;
  }>(
    `delete from chat_pending_statuses where store_id = $1 and wamid = any($2::text[])
     returning wamid, status, error_code, error_title, error_details, at`,
    [storeId, wamids],
  );
  kept.sort((a, b) => a.at.getTime() - b.at.getTime());
  await applyStatusChanges(
    tx,
    storeId,
    kept.map((row) => ({
      wamid: row.wamid,
      status: row.status,
      at: row.at.toISOString(),
      error: row.error_code === null ? null : { code: row.error_code, title: row.error_title ?? '', details: row.error_details },
    })),
    moved,
  );
}

/** Customers imported or changed after they wrote: each conversation follows the customer with its phone. */
async function linkCustomers(tx: Queryable, storeId: number, customers: string[], changed: Set<number>): Promise<void> {
  if (customers.length === 0) return;
  const linked = await tx.query<{ id: number }>(
    `update chat_conversations cv set customer_external_id = c.external_id
       from customers c
      where c.store_id = $1 and c.external_id = any($2::bigint[]) and cv.store_id = $1 and cv.phone = c.phone_e164
        and cv.customer_external_id is distinct from c.external_id
      returning cv.id::float8 as id`,
    [storeId, customers],
  );
  for (const row of linked) changed.add(row.id);
}

export function chatSubscriber(): StoreEventSubscriber {
  return {
    name: CHAT_SUBSCRIBER,
    kinds: ['whatsapp_messages_received', 'whatsapp_message_sent', 'whatsapp_message_statuses', 'customers_touched', 'customer_erased'],
    batchSize: 200,
    async handle({ tx, storeId, events }) {
      const changed = new Set<number>();
      for (const event of events) {
        if (event.kind === 'whatsapp_messages_received')
          for (const message of event.detail.messages) await receive(tx, storeId, message, changed);
        else if (event.kind === 'whatsapp_message_sent') await recordCampaignMessages(tx, storeId, event.detail, changed);
        else if (event.kind === 'customers_touched') await linkCustomers(tx, storeId, event.customers, changed);
        else if (event.kind === 'customer_erased') {
          const unlinked = await tx.query<{ id: number }>(
            `update chat_conversations set customer_external_id = null where store_id = $1 and customer_external_id = any($2::bigint[])
             returning id::float8 as id`,
            [storeId, event.customers],
          );
          for (const row of unlinked) changed.add(row.id);
        }
      }
      // After the batch's messages, received and sent: a status never waits for a message of the same batch.
      await applyStatuses(
        tx,
        storeId,
        events.flatMap((event) => (event.kind === 'whatsapp_message_statuses' ? event.detail.statuses : [])),
        changed,
      );
      // What waited a day for its send is no send's.
      await tx.query(`delete from chat_pending_statuses where store_id = $1 and recorded_at < now() - interval '1 day'`, [storeId]);
      // Last in the transaction (publishLive's rule).
      await announceConversations(tx, storeId, changed);
    },
  };
}
