import { delay } from 'msw';
import type { components as App } from '../../src/shared/api/app.gen';
import { attachmentKind, attachmentProblem } from '../../src/shared/chat-attachments';
import {
  allConversations,
  attachmentRefusal,
  chatOptedOutError,
  chatWindowClosedError,
  conversationNotFoundError,
  conversationsByCampaign,
  kept,
  mediaNotFoundError,
  messagesByConversation,
  metaFailure,
  metaSendError,
  templateNotFoundError,
  templatesFor,
  uploadFailedError,
} from '../fixtures/chat';
import { boletaPdf, poleraPhoto, stickerImage, videoStart, voiceNoteStart } from '../fixtures/chat-files';
import { serverError } from '../fixtures/session';
import { whatsappNotConnectedError } from '../fixtures/whatsapp-templates';
import { appHttp } from './clients';
import { mockState } from './mock-state';

type Conversation = App['schemas']['Conversation'];
type ConversationMessage = App['schemas']['ConversationMessage'];

type Call = 'list' | 'count' | 'conversation' | 'messages' | 'send' | 'read' | 'templates' | 'sendTemplate' | 'sendMedia' | 'react';

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
  /** Meta does not take an attachment's upload (502 `chat_upload_failed`, nothing kept). */
  uploadFails?: boolean;
  /** The templates the store deleted since the screen listed them: sending one answers 404. */
  deletedTemplates?: readonly number[];
}

const fails = () => Response.json(serverError, { status: 500 });

/** The bytes the store kept of a kind of file (mocks/fixtures/chat-files.ts). */
const fileOf = (kind: ConversationMessage['kind']) =>
  ({ image: poleraPhoto, sticker: stickerImage, video: videoStart, audio: voiceNoteStart })[kind as string] ?? boletaPdf;
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
  deletedTemplates = [],
  uploadFails = false,
}: ChatStoreOptions = {}) {
  const inbox = mockState(() => initial.map((each) => ({ ...each })));
  const threads = mockState(() => new Map(Object.entries(initialMessages).map(([id, list]) => [Number(id), [...list]])));
  /** The bytes of the files the store sent, by message id. */
  const sentFiles = mockState(() => new Map<number, Uint8Array>());
  const wait = async (call: Call) => {
    if (pending.includes(call)) await delay('infinite');
  };
  const find = (id: string | number) => inbox.current.find((each) => each.id === Number(id));
  const notFound = () => Response.json(conversationNotFoundError, { status: 404 });
  const nextId = () => Math.max(2000, ...[...threads.current.values()].flat().map((each) => each.id)) + 1;
  /** A message the store sends, as the server answers it: sent, or failed with Meta's error. */
  const outgoing = (fails: ChatStoreOptions['sendFails']): ConversationMessage => ({
    id: nextId(),
    direction: 'outbound',
    kind: 'text',
    text: null,
    payload: null,
    status: fails === 'meta' ? 'failed' : 'sent',
    error: fails === 'meta' ? metaFailure : null,
    reactions: [],
    templateName: null,
    templateMissing: false,
    campaignId: null,
    media: null,
    at: new Date().toISOString(),
  });
  /** The message joins the conversation, which is answered now. */
  const add = (conversation: Conversation, sent: ConversationMessage) => {
    threads.current.set(conversation.id, [...(threads.current.get(conversation.id) ?? []), sent]);
    Object.assign(conversation, {
      answered: true,
      lastMessage: { preview: sent.text ?? '', at: sent.at, direction: 'outbound' },
    } satisfies Partial<Conversation>);
  };
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
    appHttp.get('/private/stores/{id}/conversations/{conversationId}/messages/{messageId}/media', ({ params, response }) => {
      const message = threads.current.get(Number(params.conversationId))?.find((each) => each.id === Number(params.messageId));
      const media = message?.media;
      if (!message || media?.state !== 'kept') return response.untyped(Response.json(mediaNotFoundError, { status: 404 }));
      const file = sentFiles.current.get(message.id) ?? fileOf(message.kind);
      return response.untyped(
        new Response(file.slice().buffer, {
          headers: {
            'content-type': message.kind === 'sticker' ? 'image/png' : media.mimeType,
            'content-disposition':
              message.kind === 'document' ? `attachment; filename*=UTF-8''${encodeURIComponent(media.fileName ?? '')}` : 'inline',
          },
        }),
      );
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
      const sent: ConversationMessage = { ...outgoing(sendFails), text };
      add(conversation, sent);
      if (sendFails === 'meta') return response(502).json(metaSendError);
      return response(201).json(sent);
    }),
    appHttp.get('/private/stores/{id}/conversations/{conversationId}/templates', async ({ params, response }) => {
      await wait('templates');
      if (failing.includes('templates')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      return response(200).json({ templates: templatesFor(conversation) });
    }),
    appHttp.post('/private/stores/{id}/conversations/{conversationId}/templateMessages', async ({ params, request, response }) => {
      await wait('sendTemplate');
      if (failing.includes('sendTemplate')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      if (sendFails === 'notConnected') return response(409).json(whatsappNotConnectedError);
      const { templateId, values } = await request.json();
      const template = templatesFor(conversation).find((each) => each.id === templateId);
      if (!template || deletedTemplates.includes(templateId)) return response(404).json(templateNotFoundError);
      if (template.blocked) return response(409).json(chatOptedOutError);
      const filled = (text: string) =>
        text.replace(
          /\{\{([a-z][a-z0-9_]*)\}\}/g,
          (written, name: string) => values[name] ?? template.variables.find((each) => each.name === name)?.value ?? written,
        );
      const sent: ConversationMessage = {
        ...outgoing(sendFails),
        kind: 'template',
        text: [template.headerText, template.body]
          .filter((part) => part !== null)
          .map(filled)
          .join('\n\n'),
        payload: { templateId, values },
        templateName: template.name,
      };
      add(conversation, sent);
      if (sendFails === 'meta') return response(502).json(metaSendError);
      return response(201).json(sent);
    }),
    appHttp.post('/private/stores/{id}/conversations/{conversationId}/media', async ({ params, query, request, response }) => {
      await wait('sendMedia');
      if (failing.includes('sendMedia')) return response.untyped(fails());
      const conversation = find(params.conversationId);
      if (!conversation) return response.untyped(notFound());
      if (sendFails === 'notConnected') return response(409).json(whatsappNotConnectedError);
      if (conversation.windowClosesAt === null || Date.parse(conversation.windowClosesAt) <= Date.now())
        return response(409).json(chatWindowClosedError);
      const type = request.headers.get('content-type') ?? '';
      const bytes = new Uint8Array(await request.arrayBuffer());
      const size = bytes.byteLength;
      const kind = attachmentKind(type);
      if (!kind || attachmentProblem({ type, size })) return response(400).json(attachmentRefusal);
      if (uploadFails) return response(502).json(uploadFailedError);
      const name = query.get('name') ?? '';
      const message = outgoing(sendFails);
      const sent: ConversationMessage = {
        ...message,
        kind,
        text: kind === 'audio' ? null : query.get('caption'),
        payload: { id: `media-${nextId()}`, mime_type: type, filename: name, bytes: size },
        // Kept as it went, as the server keeps it.
        media: kept(conversation.id, message.id, { mimeType: type, fileName: kind === 'document' ? name : null, size }),
      };
      sentFiles.current.set(message.id, bytes);
      add(conversation, sent);
      if (sendFails === 'meta') return response(502).json(metaSendError);
      return response(201).json(sent);
    }),
    appHttp.put(
      '/private/stores/{id}/conversations/{conversationId}/messages/{messageId}/reaction',
      async ({ params, request, response }) => {
        await wait('react');
        if (failing.includes('react')) return response.untyped(fails());
        const conversation = find(params.conversationId);
        const message = conversation
          ? threads.current.get(conversation.id)?.find((each) => each.id === Number(params.messageId))
          : undefined;
        if (!conversation || !message) return response.untyped(notFound());
        if (conversation.windowClosesAt === null || Date.parse(conversation.windowClosesAt) <= Date.now())
          return response(409).json(chatWindowClosedError);
        const { emoji } = await request.json();
        const others = message.reactions.filter((each) => each.from !== 'outbound');
        const reacted: ConversationMessage = { ...message, reactions: emoji === '' ? others : [...others, { emoji, from: 'outbound' }] };
        threads.current.set(
          conversation.id,
          (threads.current.get(conversation.id) ?? []).map((each) => (each.id === message.id ? reacted : each)),
        );
        return response(200).json(reacted);
      },
    ),
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
