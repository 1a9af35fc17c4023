import type { components } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { publishLive } from '../../platform/store-data/live.ts';
import { storeHasTemplateNamed } from '../../platform/store-data/whatsapp-templates.ts';
import { chatMessages as messages } from './messages.ts';

/*
 * The chat's SQL: conversations (one per WhatsApp user of a store), their messages both ways, the reactions
 * on them by the target's wamid, Meta's statuses that came before the send they are about saved its wamid, and
 * the campaigns' sends by phone (chat_campaign_sends, from the WhatsApp feature's store events).
 */

export type Conversation = components['schemas']['Conversation'];
export type ConversationMessage = components['schemas']['ConversationMessage'];
export type ConversationMessageKind = components['schemas']['ConversationMessageKind'];
export type ConversationFilter = 'all' | 'unread' | 'read' | 'answered';

/** WhatsApp's service window: free text within this long of the customer's last message (SPEC §9). */
export const CHAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Meta's refusal of free text outside the window. */
export const REENGAGEMENT_ERROR = 131047;
/** Keeps the reads of one wamid's status and the send that saves it in turn (any constant, with the wamid's hash). */
const WAMID_LOCK_SPACE = 7_310_036;

interface ConversationRow {
  id: number;
  wa_user_id: string;
  customer_id: string | null;
  name: string | null;
  phone: string | null;
  last_message_preview: string;
  last_message_at: Date;
  last_message_direction: 'inbound' | 'outbound';
  unread_count: number;
  last_inbound_at: Date | null;
  opted_out: boolean;
}

const CONVERSATION_SELECT = `
  select cv.id::float8 as id, cv.wa_user_id, cv.customer_external_id::text as customer_id,
         coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), cv.profile_name) as name,
         cv.phone, cv.last_message_preview, cv.last_message_at, cv.last_message_direction, cv.unread_count, cv.last_inbound_at,
         exists (select 1 from whatsapp_opt_outs o where o.store_id = cv.store_id and o.phone = cv.phone and o.opted_out) as opted_out
    from chat_conversations cv
    left join customers c on c.store_id = cv.store_id and c.external_id = cv.customer_external_id`;

function conversationOf(row: ConversationRow): Conversation {
  return {
    id: row.id,
    waUserId: row.wa_user_id,
    customerId: row.customer_id,
    name: row.name,
    phone: row.phone,
    lastMessage: { preview: row.last_message_preview, at: row.last_message_at.toISOString(), direction: row.last_message_direction },
    unreadCount: row.unread_count,
    read: row.unread_count === 0,
    answered: row.last_message_direction === 'outbound',
    windowClosesAt: row.last_inbound_at ? new Date(row.last_inbound_at.getTime() + CHAT_WINDOW_MS).toISOString() : null,
    optedOut: row.opted_out,
  };
}

export async function conversationById(db: Queryable, storeId: number, id: number): Promise<Conversation | null> {
  const [row] = await db.query<ConversationRow>(`${CONVERSATION_SELECT} where cv.store_id = $1 and cv.id = $2`, [storeId, id]);
  return row ? conversationOf(row) : null;
}

/** The keyset cursor: the last row's message time (milliseconds, as every write gives it) and id. */
const cursorOf = (conversation: Conversation) => Buffer.from(`${conversation.lastMessage.at}|${conversation.id}`).toString('base64url');

function parseCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^\d{1,15}$/.test(id)) return null;
  return { at, id: Number(id) };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function conversationPage(
  db: Queryable,
  storeId: number,
  options: { filter: ConversationFilter; campaignId?: number; q?: string; cursor?: string; limit: number },
): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  const after = parseCursor(options.cursor);
  const digits = options.q?.replace(/\D/g, '') ?? '';
  const rows = await db.query<ConversationRow>(
    `${CONVERSATION_SELECT}
      where cv.store_id = $1
        and ($2::timestamptz is null or (cv.last_message_at, cv.id) < ($2::timestamptz, $3::bigint))
        and case $4 when 'unread' then cv.unread_count > 0 when 'read' then cv.unread_count = 0
                    when 'answered' then cv.last_message_direction = 'outbound' else true end
        and ($5::text is null or concat_ws(' ', c.first_name, c.last_name) ilike $5 or cv.profile_name ilike $5
             or ($6::text <> '' and (cv.phone like '%' || $6 || '%' or cv.wa_user_id like '%' || $6 || '%')))
        and ($7::bigint is null or exists (select 1 from chat_campaign_sends s
                                            where s.store_id = cv.store_id and s.campaign_id = $7 and s.phone = cv.phone))
      order by cv.last_message_at desc, cv.id desc
      limit $8`,
    [
      storeId,
      after?.at ?? null,
      after?.id ?? null,
      options.filter,
      options.q ? likePattern(options.q) : null,
      digits,
      options.campaignId ?? null,
      options.limit + 1,
    ],
  );
  const conversations = rows.slice(0, options.limit).map(conversationOf);
  const last = conversations.at(-1);
  return { conversations, nextCursor: rows.length > options.limit && last ? cursorOf(last) : null };
}

export async function unreadConversationCount(db: Queryable, storeId: number): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from chat_conversations where store_id = $1 and unread_count > 0',
    [storeId],
  );
  return row?.count ?? 0;
}

interface MessageRow {
  id: number;
  direction: 'inbound' | 'outbound';
  kind: ConversationMessageKind;
  body: string | null;
  payload: Record<string, unknown> | null;
  status: ConversationMessage['status'];
  error_code: number | null;
  error_title: string | null;
  error_details: string | null;
  template_name: string | null;
  template_missing: boolean;
  campaign_id: number | null;
  at: Date;
  reactions: ConversationMessage['reactions'];
  media: ConversationMessage['media'];
}

const MESSAGE_SELECT = `
  select m.id::float8 as id, m.direction, m.kind, m.body, m.payload, m.status, m.error_code, m.error_title, m.error_details,
         m.template_name, m.at,
         (m.kind = 'template' and m.template_name is not null
          and not ${storeHasTemplateNamed('m.store_id', 'm.template_name')}) as template_missing,
         (select s.campaign_id::float8 from chat_campaign_sends s where s.store_id = m.store_id and s.wamid = m.wamid) as campaign_id,
         coalesce((select json_agg(json_build_object('emoji', r.emoji, 'from', r.direction) order by r.direction)
                     from chat_reactions r where r.store_id = m.store_id and r.target_wamid = m.wamid
                     and r.emoji <> ''), '[]'::json) as reactions,
         (select json_build_object('state', f.state, 'mimeType', f.mime_type, 'fileName', f.file_name, 'size', f.size,
                                   'failure', f.failure,
                                   'url', case when f.state = 'kept'
                                               then format('/api/private/stores/%s/conversations/%s/messages/%s/media',
                                                           m.store_id, m.conversation_id, m.id) end)
            from chat_media f where f.message_id = m.id) as media
    from chat_messages m`;

function messageOf(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    text: row.body,
    payload: row.payload,
    status: row.status,
    // Meta's 131047 says what our own refusal says: the window had closed.
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            title: row.error_code === REENGAGEMENT_ERROR ? messages.windowClosed : (row.error_title ?? ''),
            details: row.error_details,
          },
    reactions: row.reactions,
    templateName: row.template_name,
    templateMissing: row.template_missing,
    campaignId: row.campaign_id,
    media: row.media,
    at: row.at.toISOString(),
  };
}

export async function messagePage(
  db: Queryable,
  storeId: number,
  conversationId: number,
  options: { before?: number; limit: number },
): Promise<{ messages: ConversationMessage[]; nextBefore: number | null }> {
  const rows = await db.query<MessageRow>(
    `${MESSAGE_SELECT}
      where m.store_id = $1 and m.conversation_id = $2 and ($3::bigint is null or m.id < $3)
      order by m.id desc limit $4`,
    [storeId, conversationId, options.before ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit).map(messageOf);
  return { messages: page, nextBefore: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null };
}

export async function messageById(db: Queryable, storeId: number, id: number): Promise<ConversationMessage | null> {
  const [row] = await db.query<MessageRow>(`${MESSAGE_SELECT} where m.store_id = $1 and m.id = $2`, [storeId, id]);
  return row ? messageOf(row) : null;
}

/** What the list shows of a message: its text, else its kind's word. */
export const previewOf = (kind: ConversationMessageKind, text: string | null) => (text?.trim() || messages.previews[kind]).slice(0, 200);

/** Takes the wamid's lock: a status and the send that saves that wamid go one after the other. */
export async function lockWamid(tx: Queryable, wamid: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [WAMID_LOCK_SPACE, wamid]);
}

export interface StatusChange {
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: string;
  error: { code: number; title: string; details: string | null } | null;
}

type MessageStatus = NonNullable<ConversationMessage['status']>;
const RANK: Record<Exclude<MessageStatus, 'failed'>, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

/**
 * Where a status takes an outgoing message: forward only (pending < sent < delivered < read); a failure counts only
 * while the message was not delivered, and a delivery or a read after a failure wins. Null when it changes nothing.
 */
export function statusAfter(current: MessageStatus, next: StatusChange['status']): MessageStatus | null {
  if (next === 'failed') return current === 'pending' || current === 'sent' ? 'failed' : null;
  if (current === 'failed') return next === 'delivered' || next === 'read' ? next : null;
  return RANK[next] > RANK[current] ? next : null;
}

/**
 * Applies statuses to the outgoing messages with their wamids, each message's in the order given, in two statements
 * however many (a campaign's come by thousands). The wamids that are a message's; the conversation of a message that
 * moved joins `moved` (a campaign's message without a conversation yet moves too, and no conversation with it).
 */
export async function applyStatusChanges(
  tx: Queryable,
  storeId: number,
  changes: StatusChange[],
  moved?: Set<number>,
): Promise<Set<string>> {
  if (changes.length === 0) return new Set();
  const rows = await tx.query<{
    id: string;
    wamid: string;
    direction: 'inbound' | 'outbound';
    status: MessageStatus | null;
    error_code: number | null;
    error_title: string | null;
    error_details: string | null;
    conversation_id: number | null;
  }>(
    `select id::text, wamid, direction, status, error_code, error_title, error_details, conversation_id::float8 as conversation_id
       from chat_messages where store_id = $1 and wamid = any($2::text[]) for update`,
    [storeId, [...new Set(changes.map((change) => change.wamid))]],
  );
  const byWamid = new Map(rows.map((row) => [row.wamid, { ...row, moved: false }]));
  for (const change of changes) {
    const message = byWamid.get(change.wamid);
    if (message?.direction !== 'outbound' || message.status === null) continue;
    const status = statusAfter(message.status, change.status);
    if (status === null) continue;
    const error = status === 'failed' ? change.error : null;
    Object.assign(message, {
      status,
      error_code: error?.code ?? null,
      error_title: error?.title ?? null,
      error_details: error?.details ?? null,
    });
    message.moved = true;
  }
  const changed = [...byWamid.values()].filter((message) => message.moved);
  if (changed.length > 0)
    await tx.query(
      `update chat_messages m set status = c.status, error_code = c.error_code, error_title = c.error_title, error_details = c.error_details
         from json_to_recordset($2::json) as c(id bigint, status text, error_code integer, error_title text, error_details text)
        where m.store_id = $1 and m.id = c.id`,
      [storeId, JSON.stringify(changed)],
    );
  for (const message of changed) if (message.conversation_id !== null) moved?.add(message.conversation_id);
  return new Set(byWamid.keys());
}

/** Tells the store's open tabs that these conversations changed (the live channel); last in the writer's transaction. */
export function announceConversations(tx: Queryable, storeId: number, conversationIds: Iterable<number>): Promise<void> {
  return publishLive(tx, storeId, ...[...conversationIds].map((conversationId) => ({ topic: 'conversation' as const, conversationId })));
}
