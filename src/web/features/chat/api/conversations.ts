import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { components, operations } from '../../../../shared/api/app.gen';
import { appClient } from '../../../api/clients';
import { requireStoreId } from '../../../api/current-store';
import { unwrap } from '../../../api/errors';
import { chatKeys, whatsappCampaignKeys } from '../../../api/keys';
import { storeQuery } from '../../../api/store-query';

/*
 * SPEC §7 data areas "messaging campaigns and chats" and "unread chat count". Each query waits until the session names
 * the store; every key comes from `chatKeys`, and the live channel (`LiveConversation`) refreshes the inbox, the
 * changed conversation with its messages, and the count. The inbox and a conversation's messages are read a page at a
 * time (keyset: `cursor`, `before`).
 */

export type Conversation = components['schemas']['Conversation'];
export type ConversationPage = components['schemas']['ConversationPage'];
export type ConversationMessage = components['schemas']['ConversationMessage'];
export type ConversationMessagePage = components['schemas']['ConversationMessagePage'];
export type ConversationTemplate = components['schemas']['ConversationTemplate'];
export type ConversationFilter = NonNullable<NonNullable<operations['listConversations']['parameters']['query']>['filter']>;
export type ConversationsQuery = { filter: ConversationFilter; campaignId: number | null; q: string };

type StoreKeyId = number | undefined;

/** The inbox, the most recent message first, a page at a time (`nextCursor`). */
export const conversationsQuery = (storeId: StoreKeyId, query: ConversationsQuery) =>
  infiniteQueryOptions({
    queryKey: chatKeys.list(storeId, query),
    // The hooks wait for the store (`enabled`): an infinite query's pages need their page parameter.
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/conversations', {
          params: {
            path: { id: requireStoreId(storeId) },
            query: {
              filter: query.filter,
              ...(query.campaignId === null ? {} : { campaignId: query.campaignId }),
              ...(query.q === '' ? {} : { q: query.q }),
              ...(pageParam === null ? {} : { cursor: pageParam }),
            },
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ConversationPage) => page.nextCursor,
  });

/** A conversation's messages, the newest page first; each next page is older (`nextBefore`). */
export const conversationMessagesQuery = (storeId: StoreKeyId, conversationId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(storeId, conversationId),
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await appClient.GET('/private/stores/{id}/conversations/{conversationId}/messages', {
          params: { path: { id: requireStoreId(storeId), conversationId }, query: pageParam === null ? {} : { before: pageParam } },
          signal,
        }),
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page: ConversationMessagePage) => page.nextBefore,
  });

/** One conversation, as the list shows it. */
export const conversationQuery = (storeId: StoreKeyId, conversationId: number) =>
  storeQuery(chatKeys.detail(storeId, conversationId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/conversations/{conversationId}', { params: { path: { id, conversationId } }, signal }),
  );

/** The approved templates the conversation's customer can be sent, with what their data fills. */
export const conversationTemplatesQuery = (storeId: StoreKeyId, conversationId: number) =>
  storeQuery(chatKeys.templates(storeId, conversationId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/conversations/{conversationId}/templates', { params: { path: { id, conversationId } }, signal }),
  );

/** How many conversations have something unread: the sidebar's count. */
export const unreadConversationCountQuery = (storeId: StoreKeyId) =>
  storeQuery(chatKeys.unreadCount(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/conversations/unreadCount', { params: { path: { id } }, signal }),
  );

/**
 * The store's WhatsApp campaigns, for the inbox's campaign filter: the campaigns' own list and key, so the live
 * channel keeps it current with the campaigns page.
 */
export const chatCampaignsQuery = (storeId: StoreKeyId) =>
  storeQuery(whatsappCampaignKeys.list(storeId), storeId, (id, signal) =>
    appClient.GET('/private/stores/{id}/whatsappCampaigns', { params: { path: { id } }, signal }),
  );

/** The inbox; the list on screen stays while another filter's or search's first page loads. */
export function useConversations(storeId: StoreKeyId, query: ConversationsQuery) {
  return useInfiniteQuery({ ...conversationsQuery(storeId, query), enabled: storeId !== undefined, placeholderData: keepPreviousData });
}

/** `conversationId` null: none is open, nothing is asked. */
export function useConversationMessages(storeId: StoreKeyId, conversationId: number | null) {
  return useInfiniteQuery({
    ...conversationMessagesQuery(storeId, conversationId ?? 0),
    enabled: storeId !== undefined && conversationId !== null,
  });
}

export function useConversation(storeId: StoreKeyId, conversationId: number | null) {
  return useQuery({ ...conversationQuery(storeId, conversationId ?? 0), enabled: conversationId !== null });
}

/** Asked only while the composer offers templates (`enabled`). */
export function useConversationTemplates(storeId: StoreKeyId, conversationId: number | null, enabled: boolean) {
  return useQuery({ ...conversationTemplatesQuery(storeId, conversationId ?? 0), enabled: enabled && conversationId !== null });
}

/** `enabled` false: the user cannot open the chat (no store yet), so the sidebar shows no count. */
export function useUnreadConversationCount(storeId: StoreKeyId, enabled = true) {
  return useQuery({ ...unreadConversationCountQuery(storeId), enabled });
}

/** The campaigns offered by the inbox's campaign filter; a store without WhatsApp has none to offer. */
export function useChatCampaigns(storeId: StoreKeyId) {
  return useQuery({ ...chatCampaignsQuery(storeId), retry: false });
}

/**
 * The merchant opened the conversation: it is read. Its answer is the conversation; the lists and the count read
 * theirs again (a read conversation leaves the unread filter).
 */
export function useMarkConversationRead(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: number) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/conversations/{conversationId}/read', {
          params: { path: { id: requireStoreId(storeId), conversationId } },
        }),
      ),
    onSuccess: (conversation) => {
      queryClient.setQueryData(chatKeys.detail(storeId, conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(storeId) });
      return queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount(storeId) });
    },
  });
}

export interface SendConversationMessage {
  conversationId: number;
  clientId: string;
  text: string;
}

/** A send's answer joins the newest page of the conversation, unless a page already holds it. */
function joinNewest(queryClient: QueryClient, storeId: StoreKeyId, conversationId: number, message: ConversationMessage) {
  queryClient.setQueryData(conversationMessagesQuery(storeId, conversationId).queryKey, (data) => {
    if (!data) return data;
    const [newest, ...older] = data.pages;
    if (!newest || data.pages.some((page) => page.messages.some((each) => each.id === message.id))) return data;
    return { ...data, pages: [{ ...newest, messages: [message, ...newest.messages] }, ...older] };
  });
}

/** Whatever a send came to, the conversation and the inbox read theirs again. */
const afterSend = (queryClient: QueryClient, storeId: StoreKeyId, conversationId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.detail(storeId, conversationId) }),
    queryClient.invalidateQueries({ queryKey: chatKeys.lists(storeId) }),
  ]);

/**
 * Sends free text. The server's message joins the newest page of the conversation (it replaces the optimistic one the
 * container shows meanwhile, by `clientId`); whatever the outcome the conversation and the inbox read theirs again: a
 * failure Meta gave (502) is kept as a failed message, and a closed window (409) changes what the composer offers.
 */
export function useSendConversationMessage(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, clientId, text }: SendConversationMessage) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/conversations/{conversationId}/messages', {
          params: { path: { id: requireStoreId(storeId), conversationId } },
          body: { clientId, text },
        }),
      ),
    onSuccess: (message, { conversationId }) => joinNewest(queryClient, storeId, conversationId, message),
    onSettled: (_message, _error, { conversationId }) => afterSend(queryClient, storeId, conversationId),
  });
}

export interface SendConversationTemplate {
  conversationId: number;
  clientId: string;
  templateId: number;
  /** What the merchant typed or changed, by variable name; the rest is the customer's data. */
  values: Record<string, string>;
}

/** Sends an approved template (in or out of the window); its message joins the conversation as free text's does. */
export function useSendConversationTemplate(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, clientId, templateId, values }: SendConversationTemplate) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/conversations/{conversationId}/templateMessages', {
          params: { path: { id: requireStoreId(storeId), conversationId } },
          body: { clientId, templateId, values },
        }),
      ),
    onSuccess: (message, { conversationId }) => joinNewest(queryClient, storeId, conversationId, message),
    onSettled: (_message, _error, { conversationId }) => afterSend(queryClient, storeId, conversationId),
  });
}

export interface SendConversationMedia {
  conversationId: number;
  clientId: string;
  file: File;
  caption: string;
}

/**
 * Uploads a file and sends it (`sendConversationMedia`), within the window: the request's whole body is the file.
 * Its message joins the conversation as free text's does.
 */
export function useSendConversationMedia(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, clientId, file, caption }: SendConversationMedia) =>
      unwrap(
        await appClient.POST('/private/stores/{id}/conversations/{conversationId}/media', {
          params: {
            path: { id: requireStoreId(storeId), conversationId },
            query: { clientId, name: file.name, ...(caption === '' ? {} : { caption }) },
          },
          // The contract types a binary body as a string; the file goes as it is, not as JSON.
          body: file as unknown as string,
          bodySerializer: (body) => body,
          headers: { 'Content-Type': file.type },
        }),
      ),
    onSuccess: (message, { conversationId }) => joinNewest(queryClient, storeId, conversationId, message),
    onSettled: (_message, _error, { conversationId }) => afterSend(queryClient, storeId, conversationId),
  });
}

export interface ReactToConversationMessage {
  conversationId: number;
  messageId: number;
  /** Empty takes the store's reaction back. */
  emoji: string;
}

/** The store's reaction to a customer's message: the server's answer (the message with its reactions) replaces it. */
export function useReactToConversationMessage(storeId: StoreKeyId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, messageId, emoji }: ReactToConversationMessage) =>
      unwrap(
        await appClient.PUT('/private/stores/{id}/conversations/{conversationId}/messages/{messageId}/reaction', {
          params: { path: { id: requireStoreId(storeId), conversationId, messageId } },
          body: { emoji },
        }),
      ),
    onSuccess: (message, { conversationId }) =>
      queryClient.setQueryData(conversationMessagesQuery(storeId, conversationId).queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                messages: page.messages.map((each) => (each.id === message.id ? message : each)),
              })),
            }
          : data,
      ),
  });
}
