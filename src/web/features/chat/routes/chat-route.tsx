import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { attachmentKind, attachmentProblem } from '../../../../shared/chat-attachments';
import { WHATSAPP_NOT_CONNECTED } from '../../../../shared/whatsapp-connection';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError, serverFieldErrorsOf } from '../../../api/errors';
import { type Loadable, loadableOf } from '../../../api/loadable';
import { useServerNow } from '../../../api/server-clock';
import { toaster } from '../../../ui/toaster';
import {
  type ConversationFilter,
  useChatCampaigns,
  useConversation,
  useConversationMessages,
  useConversations,
  useConversationTemplates,
  useMarkConversationRead,
  useReactToConversationMessage,
  useSendConversationMedia,
  useSendConversationMessage,
  useSendConversationTemplate,
} from '../api/conversations';
import {
  chatWindowAt,
  EMPTY_TEMPLATE_DRAFT,
  messagesInOrder,
  type OptimisticSend,
  optimisticMessage,
  type TemplateDraft,
  valuesToSend,
} from '../screens/chat-rules';
import { ChatScreen } from '../screens/chat-screen';
import type { ConversationPaneProps } from '../screens/conversation-pane';

/** The search is asked once the merchant stops typing for this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** The open conversation lives in the URL (`/chat?c=ID`), so the browser's back returns to the list. */
const CONVERSATION_PARAM = 'c';

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The server's refusals of a send, in the merchant's words. */
const SEND_REFUSALS = {
  chat_window_closed: 'errors.windowClosed',
  [WHATSAPP_NOT_CONNECTED]: 'errors.notConnected',
  chat_opted_out: 'errors.optedOut',
  template_not_found: 'errors.templateNotFound',
  template_not_approved: 'errors.templateNotApproved',
} as const;

/** The send's failure in the merchant's words (SPEC §8 "error sending message"). */
function sendErrorKey(error: unknown) {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404) && error.code && Object.hasOwn(SEND_REFUSALS, error.code))
    return SEND_REFUSALS[error.code as keyof typeof SEND_REFUSALS];
  return 'errors.sendFailed' as const;
}

/** What the composer shows of an attached file. */
function attachmentOf(file: File | undefined): ConversationPaneProps['attachment'] {
  const kind = file ? attachmentKind(file.type) : null;
  return file && kind ? { name: file.name, size: file.size, kind } : null;
}

/** /chat: the inbox and the open conversation, kept current by the live channel. */
export function ChatRoute() {
  const { t } = useTranslation('chat');
  const { storeId } = useCurrentStore();
  const [params, setParams] = useSearchParams();
  const rawId = Number(params.get(CONVERSATION_PARAM));
  const openId = Number.isInteger(rawId) && rawId > 0 ? rawId : null;

  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim().slice(0, 80), SEARCH_DEBOUNCE_MS);
  const conversations = useConversations(storeId, { filter, campaignId, q });
  const campaigns = useChatCampaigns(storeId);
  const timeZone = campaigns.data?.timeZone;
  // The same object while the list stays: the messages are not all drawn again for it.
  const campaignNames = useMemo(
    () => Object.fromEntries((campaigns.data?.campaigns ?? []).map((each) => [each.id, each.name])),
    [campaigns.data],
  );

  const conversation = useConversation(storeId, openId);
  const messages = useConversationMessages(storeId, openId);
  const markRead = useMarkConversationRead(storeId);
  const send = useSendConversationMessage(storeId);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [outbox, setOutbox] = useState<OptimisticSend[]>([]);
  // The pill's count, for the conversation it was counted in.
  const [unseen, setUnseen] = useState({ conversationId: openId, count: 0 });
  // The window is the server's rule, so the time left and the switch to templates follow the server's clock (as its
  // answers say it), not this device's: the composer offers free text exactly while the server takes it.
  const now = useServerNow();
  const chatWindow = chatWindowAt(conversation.data?.windowClosesAt ?? null, now);
  // The templates are asked for once the composer offers only them.
  const templates = useConversationTemplates(storeId, openId, conversation.data !== undefined && !chatWindow.open);
  const sendTemplate = useSendConversationTemplate(storeId);
  const [templateDrafts, setTemplateDrafts] = useState<Record<number, TemplateDraft>>({});
  const sendMedia = useSendConversationMedia(storeId);
  const react = useReactToConversationMessage(storeId);
  const [pickerFor, setPickerFor] = useState<number | null>(null);
  // The file attached in each conversation's composer, and why it cannot go.
  const [attachments, setAttachments] = useState<Record<number, File | undefined>>({});
  const [attachmentProblems, setAttachmentProblems] = useState<Record<number, ConversationPaneProps['attachmentProblem']>>({});

  // Opening a conversation reads it; so does a message that arrives while it is open.
  const unreadCount = conversation.data?.unreadCount ?? 0;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (openId !== null && unreadCount > 0) read(openId);
  }, [openId, unreadCount, read]);

  const open = useCallback((id: number | null) => setParams(id === null ? {} : { [CONVERSATION_PARAM]: String(id) }), [setParams]);

  const listLoadable = loadableOf(conversations);
  const list: Loadable<{ conversations: NonNullable<typeof conversations.data>['pages'][number]['conversations']; hasMore: boolean }> =
    listLoadable.status === 'success'
      ? {
          status: 'success',
          data: { conversations: listLoadable.data.pages.flatMap((page) => page.conversations), hasMore: conversations.hasNextPage },
        }
      : listLoadable;

  const pending = useMemo(() => outbox.filter((each) => each.conversationId === openId), [outbox, openId]);
  const messagesLoadable = loadableOf(messages);
  const shown: Loadable<ReturnType<typeof messagesInOrder>> =
    messagesLoadable.status === 'success'
      ? { status: 'success', data: [...messagesInOrder(messagesLoadable.data.pages), ...pending.map(optimisticMessage)] }
      : messagesLoadable;

  const conversationLoadable: Loadable<NonNullable<typeof conversation.data> | null> =
    conversation.error instanceof ApiError && conversation.error.status === 404
      ? { status: 'success', data: null }
      : loadableOf(conversation);

  const onUnseen = useCallback(
    (count: number) =>
      setUnseen((before) => ({ conversationId: openId, count: (before.conversationId === openId ? before.count : 0) + count })),
    [openId],
  );
  const onSeenAll = useCallback(() => setUnseen({ conversationId: openId, count: 0 }), [openId]);

  const attach = (conversationId: number, file: File | undefined) => {
    const problem = file ? attachmentProblem(file) : null;
    setAttachments((before) => ({ ...before, [conversationId]: problem ? before[conversationId] : file }));
    setAttachmentProblems((before) => ({ ...before, [conversationId]: problem }));
  };

  /** The attachment with the draft as its caption; the composer empties once the server answered. */
  const sendAttachment = (conversationId: number, file: File) => {
    const caption = (drafts[conversationId] ?? '').trim();
    sendMedia.mutate(
      { conversationId, clientId: crypto.randomUUID(), file, caption },
      {
        onSuccess: () => {
          attach(conversationId, undefined);
          setDrafts((before) => ({ ...before, [conversationId]: '' }));
        },
        onError: (error) => {
          // The server's words for a file its rules refuse stay beside the file; Meta's failures are toasts.
          const refused = serverFieldErrorsOf(error)[''];
          if (refused) {
            setAttachmentProblems((before) => ({ ...before, [conversationId]: { problem: 'server', message: refused } }));
            return;
          }
          if (error instanceof ApiError && error.status === 502 && error.code !== 'chat_upload_failed') {
            // WhatsApp failed the send: the message stays in the conversation, failed with Meta's error.
            attach(conversationId, undefined);
            setDrafts((before) => ({ ...before, [conversationId]: '' }));
          }
          toaster.show({
            status: 'error',
            message: t(error instanceof ApiError && error.code === 'chat_upload_failed' ? 'errors.uploadFailed' : sendErrorKey(error)),
          });
        },
      },
    );
  };

  const sendDraft = (conversationId: number) => {
    const file = attachments[conversationId];
    if (file) return sendAttachment(conversationId, file);
    const text = (drafts[conversationId] ?? '').trim();
    if (text === '') return;
    const optimistic: OptimisticSend = { clientId: crypto.randomUUID(), conversationId, text, at: new Date().toISOString() };
    setOutbox((before) => [...before, optimistic]);
    setDrafts((before) => ({ ...before, [conversationId]: '' }));
    const settle = () => setOutbox((before) => before.filter((each) => each.clientId !== optimistic.clientId));
    send.mutate(
      { conversationId, clientId: optimistic.clientId, text },
      {
        onSuccess: settle,
        onError: (error) => {
          settle();
          // Nothing was sent: what was written comes back to the composer, unless the merchant already wrote something
          // else. After Meta's failure (502) the message stays in the conversation, failed with Meta's error, instead.
          if (!(error instanceof ApiError && error.status === 502))
            setDrafts((before) => (before[conversationId] ? before : { ...before, [conversationId]: text }));
          toaster.show({ status: 'error', message: t(sendErrorKey(error)) });
        },
      },
    );
  };

  const sendTemplateDraft = (conversationId: number) => {
    const draft = templateDrafts[conversationId] ?? EMPTY_TEMPLATE_DRAFT;
    const template = templates.data?.templates.find((each) => each.id === draft.templateId);
    if (!template) return;
    sendTemplate.mutate(
      { conversationId, clientId: crypto.randomUUID(), templateId: template.id, values: valuesToSend(template, draft.values) },
      {
        // Sent, or kept failed with Meta's error in the conversation: the composer starts again.
        onSuccess: () => setTemplateDrafts((before) => ({ ...before, [conversationId]: EMPTY_TEMPLATE_DRAFT })),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 502)
            setTemplateDrafts((before) => ({ ...before, [conversationId]: EMPTY_TEMPLATE_DRAFT }));
          // A template gone or no longer approved leaves the list: it is asked for again.
          if (error instanceof ApiError && (error.code === 'template_not_found' || error.code === 'template_not_approved'))
            void templates.refetch();
          toaster.show({ status: 'error', message: t(sendErrorKey(error)) });
        },
      },
    );
  };

  return (
    <ChatScreen
      list={{
        conversations: list,
        onRetry: () => void conversations.refetch(),
        filter,
        onFilterChange: setFilter,
        campaigns: campaigns.data?.campaigns ?? [],
        campaignId,
        onCampaignChange: setCampaignId,
        search,
        onSearchChange: setSearch,
        searched: q,
        loadingMore: conversations.isFetchingNextPage,
        onLoadMore: () => void conversations.fetchNextPage(),
        openId,
        onOpen: open,
        timeZone,
      }}
      pane={
        openId === null
          ? null
          : {
              conversation: conversationLoadable,
              onRetry: () => void conversation.refetch(),
              messages: shown,
              onRetryMessages: () => void messages.refetch(),
              hasOlder: messages.hasNextPage,
              loadingOlder: messages.isFetchingNextPage,
              onLoadOlder: () => void messages.fetchNextPage(),
              window: chatWindow,
              draft: drafts[openId] ?? '',
              onDraftChange: (draft) => setDrafts((before) => ({ ...before, [openId]: draft })),
              onSend: () => sendDraft(openId),
              attachment: attachmentOf(attachments[openId]),
              attachmentProblem: attachmentProblems[openId] ?? null,
              onAttach: (file) => attach(openId, file),
              onRemoveAttachment: () => attach(openId, undefined),
              sendingAttachment: sendMedia.isPending && sendMedia.variables.conversationId === openId,
              reactions: {
                pickerFor,
                onPickerChange: setPickerFor,
                onReact: (messageId, emoji) => {
                  setPickerFor(null);
                  react.mutate(
                    { conversationId: openId, messageId, emoji },
                    {
                      onError: (error) =>
                        toaster.show({
                          status: 'error',
                          message: t(
                            error instanceof ApiError && error.code === 'chat_window_closed'
                              ? 'errors.windowClosed'
                              : 'errors.reactionFailed',
                          ),
                        }),
                    },
                  );
                },
              },
              templates: {
                templates: loadableOf({
                  data: templates.data?.templates,
                  error: templates.error,
                  isError: templates.isError,
                  isFetching: templates.isFetching,
                }),
                onRetry: () => void templates.refetch(),
                draft: templateDrafts[openId] ?? EMPTY_TEMPLATE_DRAFT,
                onDraftChange: (draft) => setTemplateDrafts((before) => ({ ...before, [openId]: draft })),
                onSend: () => sendTemplateDraft(openId),
                sending: sendTemplate.isPending && sendTemplate.variables.conversationId === openId,
              },
              unseenCount: unseen.conversationId === openId ? unseen.count : 0,
              onUnseen,
              onSeenAll,
              onBack: () => open(null),
              timeZone,
              campaignNames,
            }
      }
    />
  );
}
