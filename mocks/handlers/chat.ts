import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import {
  allConversations,
  chatWindowClosedError,
  conversationNotFoundError,
  conversationsByCampaign,
  messagesByConversation,
  metaFailure,
  metaSendError,
} from '../fixtures/chat';
import { serverError } from '../fixtures/session';
import { whatsappNotConnectedError } from '../fixtures/whatsapp-templates';
import { appHttp } from './clients';
import { mockState } from './mock-state';

type Conversation = App['schemas']['Conversation'];
type ConversationMessage = App['schemas']['ConversationMessage'];

type Call = 'list' | 'count' | 'conversation' | 'messages' | 'send' | 'read';

export interface ChatStoreOptions {
  /** The inbox, the most recent message first; the fixtures' by default. */
  conversations?: readonly Conversation[];
  /** Each conversation's messages, oldest first; the fixtures' by default. */
  messages?: Readonly<Record<number, readonly ConversationMessage[]>>;
  /** Calls that fail with a server error. */
  failing?: readonly Call[];
  /** Calls that never answer (loading states, a send on its way). */
  pending?: readonly Call[];
  /** How a send goes wrong: Meta failed (502, the message kept failed), or no WhatsApp connected (409). */
  sendFails?: 'meta' | 'notConnected' | undefined;
}

const fails = () => Response.json(serverError, { status: 500 });
const PAGE_SIZE = 30;
const digits = (value: string) => value.replace(/\D/g, '');

/** Whether a conversation matches the inbox's filter, campaign and search, as the server judges it. */
function matches(conversation: Conversation, filter: string | null, campaignId: number | null, q: string | null): boolean {
  if (filter === 'unread' && conversation.unreadCount === 0) return false;
  if (filter === 'read' && conversation.unreadCount > 0) return false;
  if (filter === 'answered' && !conversation.answered) return false;
  if (campaignId !== null && !(conversationsByCampaign[campaignId] ?? []).includes(conversation.id)) return false;
  if (q) {
    const needle = q.toLocaleLowerCase('es');
    const byName = (conversation.name ?? '').toLocaleLowerCase('es').includes(needle);
    const byPhone = digits(q) !== '' && digits(conversation.phone ?? '').includes(digits(q));
    if (!byName && !byPhone) return false;
  }
  return true;
}

/**
 * A store's chat from the fixtures: the inbox with its filters, search and pages (the cursor is the offset), each
 * conversation's messages newest first a page at a time, the unread count, reading (which changes the next answers),
 * and sending within the 24-hour window (the server's rule), which adds the message as the server does.
 */
export function chatStore({
  conversations: initial = allConversations,
  messages: initialMessages = messagesByConversation,
  failing = [],
  pending = [],
  sendFails,
}: ChatStoreOptions = {}) {
  const inbox = mockState(() => initial.map((each) => ({ ...each })));
  const threads = mockState(() => new Map(Object.entries(initialMessages).map(([id, list]) => [Number(id), [...list]])));
  const wait = async (call: Call) => {
    if (pending.includes(call)) await delay('infinite');
  };
  const find = (id: string | number) => inbox.current.find((each) => each.id === Number(id));
  const notFound = () => Response.json(conversationNotFoundError, { status: 404 });
  const nextId = () => Math.max(2000, ...[...threads.current.values()].flat().map((each) => each.id)) + 1;
  return [
    appHttp.get('/private/stores/{id}/conversations', async ({ query, response }) => {
      await wait('list');
      if (failing.includes('list')) return response.untyped(fails());
      const campaignId = query.get('campaignId');
      const found = inbox.current.filter((each) =>
        matches(each, query.get('filter'), campaignId === null ? null : Number(campaignId), query.get('q')),
      );
      const offset = Number(query.get('cursor') ?? '0');
      const limit = Number(query.get('limit') ?? PAGE_SIZE);
      const page = found.slice(offset, offset + limit);
      return response(200).json({ conversations: page, nextCursor: offset + limit < found.length ? String(offset + limit) : null });
    }),
    appHttp.get('/private/stores/{id}/conversations/unreadCount', async ({ response }) => {
      await wait('count');
      if (failing.includes('count')) return response.untyped(fails());
      return response(200).json({ count: inbox.current.filter((each) => each.unreadCount > 0).length });
    }),
    appHttp.get('/private/stores/{id}/conversations/{conversationId}', async ({ params, response }) => {
      await wait('conversation');
      if (failing.includes('conversation')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      return conversation ? response(200).json(conversation) : response.untyped(notFound());
    }),
    appHttp.get('/private/stores/{id}/conversations/{conversationId}/messages', async ({ params, query, response }) => {
      await wait('messages');
      if (failing.includes('messages')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      const before = query.get('before');
      const limit = Number(query.get('limit') ?? PAGE_SIZE);
      const newestFirst = (threads.current.get(conversation.id) ?? []).toReversed();
      const older = before === null ? newestFirst : newestFirst.filter((each) => each.id < Number(before));
      const page = older.slice(0, limit);
      return response(200).json({ messages: page, nextBefore: older.length > limit ? (page.at(-1)?.id ?? null) : null });
    }),
    appHttp.post('/private/stores/{id}/conversations/{conversationId}/messages', async ({ params, request, response }) => {
      await wait('send');
      if (failing.includes('send')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      if (sendFails === 'notConnected') return response(409).json(whatsappNotConnectedError);
      if (conversation.windowClosesAt === null || Date.parse(conversation.windowClosesAt) <= Date.now())
        return response(409).json(chatWindowClosedError);
      const { text } = await request.json();
      const sent: ConversationMessage = {
        id: nextId(),
        direction: 'outbound',
        kind: 'text',
        text,
        payload: null,
        status: sendFails === 'meta' ? 'failed' : 'sent',
        error: sendFails === 'meta' ? metaFailure : null,
        reactions: [],
        templateName: null,
        at: new Date().toISOString(),
      };
      threads.current.set(conversation.id, [...(threads.current.get(conversation.id) ?? []), sent]);
      Object.assign(conversation, {
        answered: true,
        lastMessage: { preview: text, at: sent.at, direction: 'outbound' },
      } satisfies Partial<Conversation>);
      if (sendFails === 'meta') return response(502).json(metaSendError);
      return response(201).json(sent);
    }),
    appHttp.post('/private/stores/{id}/conversations/{conversationId}/read', async ({ params, response }) => {
      await wait('read');
      if (failing.includes('read')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      Object.assign(conversation, { unreadCount: 0, read: true });
      return response(200).json(conversation);
    }),
  ];
}

export const chatHandlers = chatStore();
