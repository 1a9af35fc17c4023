import { readFile } from 'node:fs/promises';
import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import type { MetaUserClient } from '../../integrations/meta/client.ts';
import { MetaError, MetaNoAnswerError } from '../../integrations/meta/errors.ts';
import type { SentMessage } from '../../integrations/meta/whatsapp/messages.ts';
import type { Clock } from '../../platform/clock.ts';
import { type MetaAccess, metaFailure } from '../../platform/connections/meta-connection.ts';
import { whatsappClientOf } from '../../platform/connections/whatsapp-connection.ts';
import type { Database } from '../../platform/database/db.ts';
import { type Handlers, inStore, signedIn } from '../../platform/http/api.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { attachmentOf, uploadAttachment } from './attachments.ts';
import { applyKeptStatuses, chatCallback } from './conversation-events.ts';
import { keepSentMedia, keptMedia } from './media.ts';
import { chatMessages as messages } from './messages.ts';
import {
  announceConversations,
  type Conversation,
  type ConversationMessage,
  type ConversationMessageKind,
  conversationById,
  conversationPage,
  lockWamid,
  messageById,
  messagePage,
  previewOf,
  REENGAGEMENT_ERROR,
  unreadConversationCount,
} from './repository.ts';
import { conversationTemplates, templateMessage, templateText, templateToSend } from './templates.ts';

/*
 * The chat (SPEC §2, §4): the inbox of WhatsApp conversations with its filters, search and count of unread ones; a
 * conversation's messages, newest first; reading one (Meta's read receipt for the customer's newest message); and
 * free text to the customer, only within 24 hours of their last message: the window is the server's rule, so a
 * message outside it is refused and nothing reaches Meta; an approved template at any time (templates.ts), the same
 * way. A file a customer sent is served as the store kept it (media.ts). Every role of the store may use the chat (SPEC §2). A send
 * and a read are announced on the live channel, so the store's other tabs (and the sidebar's count) follow.
 */

type ChatOperations = Pick<
  AppOperations,
  | 'listConversations'
  | 'getUnreadConversationCount'
  | 'getConversation'
  | 'listConversationMessages'
  | 'sendConversationMessage'
  | 'listConversationTemplates'
  | 'sendConversationTemplate'
  | 'sendConversationMedia'
  | 'reactToConversationMessage'
  | 'markConversationRead'
  | 'getConversationMessageMedia'
>;

const PAGE_SIZE = 30;

export const windowClosed = () => new HttpError(409, 'chat_window_closed', messages.windowClosed);
const conversationNotFound = () => new HttpError(404, 'conversation_not_found', messages.conversationNotFound);

async function conversationOr404(db: Database, storeId: number, id: number) {
  const conversation = await conversationById(db, storeId, id);
  if (!conversation) throw conversationNotFound();
  return conversation;
}

interface Outgoing {
  id: string;
  inserted: boolean;
}

/** What a send puts in the conversation: its kind, its text, what it carries, the template it used. */
interface OutgoingContent {
  kind: ConversationMessageKind;
  text: string | null;
  payload?: object;
  templateName?: string;
}

/** The send's row, written before Meta is called: the same client id finds the first one. */
async function outgoingRow(
  db: Database,
  at: number,
  storeId: number,
  conversationId: number,
  clientId: string,
  content: OutgoingContent,
  userId: number,
) {
  const [row] = await db.query<Outgoing>(
    `with inserted as (
       insert into chat_messages (store_id, conversation_id, direction, kind, body, payload, template_name, client_id, status, sent_by_user_id, at)
       values ($1, $2, 'outbound', $7, $4, $8, $9, $3, 'pending', $5, $6)
       on conflict (conversation_id, client_id) do nothing
       returning id::text)
     select id, true as inserted from inserted
     union all
     select id::text, false from chat_messages where conversation_id = $2 and client_id = $3`,
    [
      storeId,
      conversationId,
      clientId,
      content.text,
      userId,
      new Date(at).toISOString(),
      content.kind,
      content.payload === undefined ? null : JSON.stringify(content.payload),
      content.templateName ?? null,
    ],
  );
  return row!;
}

/** The send Meta accepted: its wamid saved, the statuses that came first applied, the conversation answered. */
async function recordSent(db: Database, storeId: number, conversationId: number, messageId: string, wamid: string, preview: string) {
  await db.transaction(async (tx) => {
    await lockWamid(tx, wamid);
    await tx.query(`update chat_messages set wamid = $3 where store_id = $1 and id = $2`, [storeId, messageId, wamid]);
    await applyKeptStatuses(tx, storeId, [wamid]);
    await tx.query(
      `update chat_conversations c
          set last_message_id = m.id, last_message_at = greatest(c.last_message_at, m.at),
              last_message_preview = $4, last_message_direction = 'outbound'
         from chat_messages m
        where c.store_id = $1 and c.id = $2 and m.id = $3`,
      [storeId, conversationId, messageId, preview],
    );
  });
}

async function recordFailed(db: Database, storeId: number, messageId: string, error: MetaError | null) {
  await db.query(
    `update chat_messages set status = 'failed', error_code = $3, error_title = $4, error_details = $5
      where store_id = $1 and id = $2 and status = 'pending'`,
    [storeId, messageId, error?.code ?? null, error?.graph?.message ?? messages.sendFailed, error?.userMessage ?? null],
  );
}

/** The message an earlier call with this client id sent, if one did. */
async function earlierSend(db: Database, storeId: number, conversationId: number, clientId: string) {
  const [earlier] = await db.query<{ id: number }>(
    'select id::float8 as id from chat_messages where conversation_id = $1 and client_id = $2',
    [conversationId, clientId],
  );
  return earlier ? messageById(db, storeId, earlier.id) : null;
}

const windowOpen = (conversation: Conversation, clock: Clock) =>
  conversation.windowClosesAt !== null && Date.parse(conversation.windowClosesAt) > clock.now();

/** Meta's `to`: the phone, or the business-scoped id of a person who hides it. */
const recipientOf = (conversation: Conversation) => conversation.phone ?? conversation.waUserId;

type Deliver = (client: MetaUserClient, phoneNumberId: string, callbackData: string) => Promise<SentMessage>;

/**
 * One send of the chat, whatever it carries: its row first (pending), then Meta; Meta's answer saved, or its failure
 * kept on the message. A refusal for the closed window (Meta's clock, a late webhook) leaves nothing behind.
 */
async function sendOutgoing(
  context: { db: Database; meta: MetaAccess; clock: Clock; storeId: number; userId: number },
  conversation: Conversation,
  clientId: string,
  content: OutgoingContent,
  deliver: Deliver,
  keep?: (messageId: number) => Promise<void>,
): Promise<ConversationMessage> {
  const { db, meta, clock, storeId, userId } = context;
  const { client, phoneNumberId } = await whatsappClientOf(db, meta, storeId);
  const row = await outgoingRow(db, clock.now(), storeId, conversation.id, clientId, content, userId);
  if (row.inserted) {
    await keep?.(Number(row.id));
    try {
      const sent = await deliver(client, phoneNumberId, chatCallback(row.id));
      await recordSent(db, storeId, conversation.id, row.id, sent.messageId, previewOf(content.kind, content.text));
    } catch (error) {
      if (error instanceof MetaError && error.code === REENGAGEMENT_ERROR) {
        // Meta saw the window closed (its clock, a late webhook): refused as ours is, nothing was sent.
        await db.query('delete from chat_messages where store_id = $1 and id = $2', [storeId, row.id]);
        throw windowClosed();
      }
      // No answer, but Meta may have taken it: it stays pending until its statuses (which name it) say.
      if (!(error instanceof MetaNoAnswerError && error.maybeReached)) {
        await recordFailed(db, storeId, row.id, error instanceof MetaError ? error : null);
        await metaFailure(db, storeId, error);
      }
    } finally {
      await announceConversations(db, storeId, [conversation.id]);
    }
  }
  return (await messageById(db, storeId, Number(row.id)))!;
}

export const chatHandlers = (meta: MetaAccess, clock: Clock): Handlers<ChatOperations> => ({
  async listConversations(context) {
    const { storeId } = inStore(context);
    const { filter = 'all', campaignId, q, cursor, limit = PAGE_SIZE } = context.query;
    const page = await conversationPage(context.db, storeId, {
      filter,
      limit,
      ...(campaignId === undefined ? {} : { campaignId }),
      ...(q === undefined ? {} : { q }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { status: 200, body: page };
  },

  async getUnreadConversationCount(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: { count: await unreadConversationCount(context.db, storeId) } };
  },

  async getConversation(context) {
    const { storeId } = inStore(context);
    return { status: 200, body: await conversationOr404(context.db, storeId, context.params.conversationId) };
  },

  async listConversationMessages(context) {
    const { storeId } = inStore(context);
    const conversation = await conversationOr404(context.db, storeId, context.params.conversationId);
    const { before, limit = PAGE_SIZE } = context.query;
    return {
      status: 200,
      body: await messagePage(context.db, storeId, conversation.id, { limit, ...(before === undefined ? {} : { before }) }),
    };
  },

  async sendConversationMessage(context) {
    const { storeId } = inStore(context);
    const conversation = await conversationOr404(context.db, storeId, context.params.conversationId);
    const { clientId, text } = context.body;
    const earlier = await earlierSend(context.db, storeId, conversation.id, clientId);
    if (earlier) return { status: 201, body: earlier };
    // The window is the server's rule: outside it nothing is sent.
    if (!windowOpen(conversation, clock)) throw windowClosed();
    const sender = { db: context.db, meta, clock, storeId, userId: signedIn(context).userId };
    const message = await sendOutgoing(sender, conversation, clientId, { kind: 'text', text }, (client, phoneNumberId, callbackData) =>
      client.whatsapp.sendText(phoneNumberId, { to: recipientOf(conversation), body: text, callbackData }),
    );
    return { status: 201, body: message };
  },

  async listConversationTemplates(context) {
    const { storeId } = inStore(context);
    const conversation = await conversationOr404(context.db, storeId, context.params.conversationId);
    return { status: 200, body: { templates: await conversationTemplates(context.db, storeId, conversation) } };
  },

  async sendConversationTemplate(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const conversation = await conversationOr404(db, storeId, context.params.conversationId);
    const { clientId, templateId, values: typed } = context.body;
    const earlier = await earlierSend(db, storeId, conversation.id, clientId);
    if (earlier) return { status: 201, body: earlier };
    const { template, values } = await templateToSend(db, storeId, conversation, templateId, typed);
    const content: OutgoingContent = {
      kind: 'template',
      text: templateText(template, values),
      payload: { templateId: Number(template.id), values },
      templateName: template.name,
    };
    const sender = { db, meta, clock, storeId, userId: signedIn(context).userId };
    const message = await sendOutgoing(sender, conversation, clientId, content, async (client, phoneNumberId, callbackData) =>
      client.whatsapp.sendTemplate(
        phoneNumberId,
        await templateMessage(db, client, phoneNumberId, { to: recipientOf(conversation), template, values, callbackData }),
      ),
    );
    return { status: 201, body: message };
  },

  async sendConversationMedia(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const conversation = await conversationOr404(db, storeId, context.params.conversationId);
    const { clientId, name, caption } = context.query;
    const earlier = await earlierSend(db, storeId, conversation.id, clientId);
    if (earlier) return { status: 201, body: earlier };
    if (!windowOpen(conversation, clock)) throw windowClosed();
    const kind = await attachmentOf(context.body);
    const { client, phoneNumberId } = await whatsappClientOf(db, meta, storeId);
    const filename = name.trim() || name;
    const { type } = context.body;
    const bytes = await readFile(context.body.path);
    const mediaId = await uploadAttachment(db, storeId, { client, phoneNumberId, type, name: filename, content: bytes });
    const text = kind === 'audio' ? null : (caption ?? null);
    const content: OutgoingContent = {
      kind,
      text,
      payload: { id: mediaId, mime_type: type, filename, bytes: context.body.size },
    };
    const sender = { db, meta, clock, storeId, userId: signedIn(context).userId };
    const message = await sendOutgoing(
      sender,
      conversation,
      clientId,
      content,
      (whatsapp, number, callbackData) =>
        whatsapp.whatsapp.sendMedia(number, {
          to: recipientOf(conversation),
          type: kind,
          mediaId,
          ...(text ? { caption: text } : {}),
          ...(kind === 'document' ? { filename } : {}),
          callbackData,
        }),
      (messageId) => keepSentMedia(db, storeId, messageId, { mediaId, kind, mimeType: type, name: filename, content: bytes }),
    );
    return { status: 201, body: message };
  },

  async reactToConversationMessage(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const conversation = await conversationOr404(db, storeId, context.params.conversationId);
    const [target] = await db.query<{ direction: string; wamid: string | null }>(
      'select direction, wamid from chat_messages where store_id = $1 and conversation_id = $2 and id = $3',
      [storeId, conversation.id, context.params.messageId],
    );
    if (!target) throw new HttpError(404, 'message_not_found', messages.messageNotFound);
    if (target.direction !== 'inbound' || !target.wamid) throw new HttpError(409, 'reaction_not_allowed', messages.reactionNotAllowed);
    if (!windowOpen(conversation, clock)) throw windowClosed();
    const { emoji } = context.body;
    const { client, phoneNumberId } = await whatsappClientOf(db, meta, storeId);
    try {
      await client.whatsapp.sendReaction(phoneNumberId, { to: recipientOf(conversation), messageId: target.wamid, emoji });
    } catch (error) {
      if (error instanceof MetaError && error.code === REENGAGEMENT_ERROR) throw windowClosed();
      await metaFailure(db, storeId, error);
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into chat_reactions (store_id, target_wamid, direction, emoji, at) values ($1, $2, 'outbound', $3, now())
         on conflict (store_id, target_wamid, direction) do update set emoji = excluded.emoji, at = excluded.at`,
        [storeId, target.wamid, emoji],
      );
      await announceConversations(tx, storeId, [conversation.id]);
    });
    return { status: 200, body: (await messageById(db, storeId, context.params.messageId))! };
  },

  async getConversationMessageMedia(context) {
    const { storeId } = inStore(context);
    const conversation = await conversationOr404(context.db, storeId, context.params.conversationId);
    const { type, data, headers } = await keptMedia(context.db, storeId, conversation.id, context.params.messageId);
    return { status: 200, file: { type: type as 'application/octet-stream', data }, headers };
  },

  async markConversationRead(context) {
    const { storeId } = inStore(context);
    const { db } = context;
    const conversation = await conversationOr404(db, storeId, context.params.conversationId);
    const [row] = await db.query<{ wamid: string | null }>(
      `update chat_conversations set unread_count = 0 where store_id = $1 and id = $2 returning last_inbound_wamid as wamid`,
      [storeId, conversation.id],
    );
    // Meta's receipt marks the earlier messages read too; one it does not take leaves the conversation read here.
    if (row?.wamid && conversation.unreadCount > 0)
      try {
        const { client, phoneNumberId } = await whatsappClientOf(db, meta, storeId);
        await client.whatsapp.markRead(phoneNumberId, row.wamid);
      } catch (error) {
        context.request.log.warn({ err: error }, 'WhatsApp read receipt not sent');
      }
    if (conversation.unreadCount > 0) await announceConversations(db, storeId, [conversation.id]);
    return { status: 200, body: (await conversationById(db, storeId, conversation.id))! };
  },
});
