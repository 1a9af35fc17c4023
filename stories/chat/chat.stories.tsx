import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  allConversations,
  arrivingMessage,
  conversations,
  conversationsByCampaign,
  failedAnswer,
  mediaDownloading,
  mediaFailed,
  messagesByConversation,
  outgoingMedia,
  templatesFor,
} from '../../mocks/fixtures/chat';
import { STORE_TIME_ZONE, sentCampaign, whatsappCampaignSummaries } from '../../mocks/fixtures/whatsapp-campaigns';
import { chatHandlers, chatStore } from '../../mocks/handlers/chat';
import type { components } from '../../src/shared/api/app.gen';
import { chatWindowAt, EMPTY_TEMPLATE_DRAFT, type TemplateDraft } from '../../src/web/features/chat/screens/chat-rules';
import { ChatScreen, type ChatScreenProps } from '../../src/web/features/chat/screens/chat-screen';
import type { ConversationFilter } from '../../src/web/features/chat/screens/conversation-list';
import type { ConversationPaneProps } from '../../src/web/features/chat/screens/conversation-pane';

type Conversation = components['schemas']['Conversation'];
type ConversationMessage = components['schemas']['ConversationMessage'];

/** Storybook's frozen now (.storybook/frozen-time.ts). */
const NOW = Date.parse('2026-03-15T15:00:00.000Z');

const listed = (list: readonly Conversation[], hasMore = false): ChatScreenProps['list']['conversations'] => ({
  status: 'success',
  data: { conversations: list, hasMore },
});

const list: ChatScreenProps['list'] = {
  conversations: listed(allConversations),
  onRetry: fn(),
  filter: 'all',
  onFilterChange: fn(),
  campaigns: whatsappCampaignSummaries.map(({ id, name }) => ({ id, name })),
  campaignId: null,
  onCampaignChange: fn(),
  search: '',
  onSearchChange: fn(),
  searched: '',
  loadingMore: false,
  onLoadMore: fn(),
  openId: null,
  onOpen: fn(),
  timeZone: STORE_TIME_ZONE,
};

/** The list filtered as the server filters it. */
const filtered = (filter: ConversationFilter, campaignId: number | null = null): ChatScreenProps['list'] => ({
  ...list,
  filter,
  campaignId,
  conversations: listed(
    allConversations.filter(
      (each) =>
        (filter !== 'unread' || each.unreadCount > 0) &&
        (filter !== 'read' || each.unreadCount === 0) &&
        (filter !== 'answered' || each.answered) &&
        (campaignId === null || (conversationsByCampaign[campaignId] ?? []).includes(each.id)),
    ),
  ),
});

/** The screen with `conversation` open, showing `messages` (its fixtures' by default). */
const opened = (
  conversation: Conversation,
  pane: Partial<ConversationPaneProps> = {},
  messages: readonly ConversationMessage[] = messagesByConversation[conversation.id] ?? [],
): ChatScreenProps => ({
  list: { ...list, openId: conversation.id },
  pane: {
    conversation: { status: 'success', data: conversation },
    onRetry: fn(),
    messages: { status: 'success', data: messages },
    onRetryMessages: fn(),
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: fn(),
    window: chatWindowAt(conversation.windowClosesAt, NOW),
    draft: '',
    onDraftChange: fn(),
    onSend: fn(),
    attachment: null,
    attachmentProblem: null,
    onAttach: fn(),
    onRemoveAttachment: fn(),
    sendingAttachment: false,
    reactions: { pickerFor: null, onPickerChange: fn(), onReact: fn() },
    templates: {
      templates: { status: 'success', data: templatesFor(conversation) },
      onRetry: fn(),
      draft: EMPTY_TEMPLATE_DRAFT,
      onDraftChange: fn(),
      onSend: fn(),
      sending: false,
    },
    unseenCount: 0,
    onUnseen: fn(),
    onSeenAll: fn(),
    onBack: fn(),
    timeZone: STORE_TIME_ZONE,
    campaignNames: Object.fromEntries(whatsappCampaignSummaries.map(({ id, name }) => [id, name])),
    ...pane,
  },
});

/** /chat (SPEC §2 Chat): the inbox beside the open conversation; on phones one, then the other. */
const meta = {
  title: 'Screens/Chat/Chat',
  component: ChatScreen,
  args: { list, pane: null },
  // The files customers sent are read from the server, as the screen's images do.
  parameters: { visual: { viewport: 'laptop' }, msw: { handlers: chatHandlers } },
} satisfies Meta<typeof ChatScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No customer has written yet. */
export const Empty: Story = { args: { list: { ...list, conversations: listed([]) } } };
export const EmptyOnPhone: Story = onPhone<Story>(Empty);

/** The inbox's first page on its way. */
export const Loading: Story = {
  args: { list: { ...list, conversations: { status: 'loading' } } },
  parameters: { visual: { viewport: 'laptop', waitFor: '[aria-busy="true"]' } },
};
export const LoadingOnPhone: Story = onPhone<Story>(Loading);

/** The inbox could not be read: the Spanish message and a retry. */
export const ErrorState: Story = { name: 'Error', args: { list: { ...list, conversations: { status: 'error', cause: 'server' } } } };
export const ErrorOnPhone: Story = onPhone<Story>(ErrorState);

/** Every conversation, the most recent first, with more to load. */
export const FilteredAll: Story = { args: { list: { ...list, conversations: listed(allConversations, true) } } };
export const FilteredAllOnPhone: Story = onPhone<Story>(FilteredAll);

export const FilteredUnread: Story = { args: { list: filtered('unread') } };
export const FilteredUnreadOnPhone: Story = onPhone<Story>(FilteredUnread);

export const FilteredRead: Story = { args: { list: filtered('read') } };
export const FilteredReadOnPhone: Story = onPhone<Story>(FilteredRead);

export const FilteredAnswered: Story = { args: { list: filtered('answered') } };
export const FilteredAnsweredOnPhone: Story = onPhone<Story>(FilteredAnswered);

/** Only the customers a campaign reached. */
export const FilteredByCampaign: Story = { args: { list: filtered('all', sentCampaign.id) } };
export const FilteredByCampaignOnPhone: Story = onPhone<Story>(FilteredByCampaign);

/** A filter with nothing in it. */
export const FilteredEmpty: Story = { args: { list: { ...filtered('unread'), conversations: listed([]) } } };

/** A search that matches no name or phone. */
export const SearchNoResult: Story = {
  args: { list: { ...list, search: 'Rodrigo', searched: 'Rodrigo', conversations: listed([]) } },
};
export const SearchNoResultOnPhone: Story = onPhone<Story>(SearchNoResult);

/** Within the 24-hour window: the composer, with the time left. A person without a visible number. */
export const WindowOpen: Story = { args: opened(conversations.hidden, { draft: 'Hola, sí: desde 10 unidades.' }) };
export const WindowOpenOnPhone: Story = onPhone<Story>(WindowOpen);

/** A photo attached within the window, a caption written below it. */
const photo = { name: 'polera-talla-m.jpg', size: 1_258_291, kind: 'image' } as const;
export const AttachmentChosen: Story = {
  args: opened(conversations.joaquin, { attachment: photo, draft: 'Así queda en talla M' }),
};
export const AttachmentChosenOnPhone: Story = onPhone<Story>(AttachmentChosen);

/** The file on its way: uploaded to WhatsApp, then sent. */
export const AttachmentSending: Story = {
  args: opened(conversations.joaquin, { attachment: photo, draft: 'Así queda en talla M', sendingAttachment: true }),
  parameters: { visual: { viewport: 'laptop', waitFor: 'button[data-loading]' } },
};
export const AttachmentSendingOnPhone: Story = onPhone<Story>(AttachmentSending);

/** A file over WhatsApp's limit for its kind, refused before it is uploaded. */
export const AttachmentTooLarge: Story = {
  args: opened(conversations.joaquin, { attachmentProblem: { problem: 'tooLarge', kind: 'image', maxBytes: 5 * 1024 * 1024 } }),
};
export const AttachmentTooLargeOnPhone: Story = onPhone<Story>(AttachmentTooLarge);

/** A type WhatsApp does not send. */
export const AttachmentInvalidType: Story = { args: opened(conversations.joaquin, { attachmentProblem: { problem: 'invalidType' } }) };
export const AttachmentInvalidTypeOnPhone: Story = onPhone<Story>(AttachmentInvalidType);

/** The server refused the file (its bytes are not what its type says), in its words. */
export const AttachmentRefused: Story = {
  args: opened(conversations.joaquin, {
    attachment: photo,
    attachmentProblem: { problem: 'server', message: 'El archivo está dañado o incompleto: no se puede enviar.' },
  }),
};
export const AttachmentRefusedOnPhone: Story = onPhone<Story>(AttachmentRefused);

/** The quick reactions open on a customer's message, the store's current one pressed. */
export const ReactionPicker: Story = {
  // Messages without files: a picture arriving under the open picker would move what the story is about.
  args: opened(conversations.camila, { reactions: { pickerFor: 1101, onPickerChange: fn(), onReact: fn() } }, [
    ...(messagesByConversation[conversations.camila.id] ?? []).slice(-11, -10),
    ...(messagesByConversation[conversations.camila.id] ?? []).slice(-3, -1),
  ]),
};
export const ReactionPickerOnPhone: Story = onPhone<Story>(ReactionPicker);

/** The store's files in the conversation, kept as they went: an image with its caption, a document, a voice note. */
export const OutgoingAttachments: Story = {
  args: opened(conversations.joaquin, {}, outgoingMedia),
  // The files served as the store keeps them.
  parameters: { msw: { handlers: chatStore({ messages: { [conversations.joaquin.id]: outgoingMedia } }) } },
};
export const OutgoingAttachmentsOnPhone: Story = onPhone<Story>(OutgoingAttachments);

/** The window closed: only approved templates, to choose from. */
export const WindowClosed: Story = { args: opened(conversations.valentina, {}, failedAnswer.slice(0, 3)) };
export const WindowClosedOnPhone: Story = onPhone<Story>(WindowClosed);

/** The screen with Valentina's window closed and the template composer as `templates` says. */
const withTemplates = (templates: Partial<ConversationPaneProps['templates']>, conversation: Conversation = conversations.valentina) => {
  const args = opened(
    conversation,
    {},
    conversation.id === conversations.valentina.id ? failedAnswer.slice(0, 3) : messagesByConversation[conversation.id],
  );
  return { ...args, pane: { ...args.pane!, templates: { ...args.pane!.templates, ...templates } } };
};
const chosen = (templateId: number, draft: Partial<TemplateDraft> = {}): TemplateDraft => ({
  ...EMPTY_TEMPLATE_DRAFT,
  templateId,
  ...draft,
});

/** A template chosen: the customer's first name filled from their data, the order number to type, the preview. */
export const TemplateVariablesToFill: Story = { args: withTemplates({ draft: chosen(801) }) };
export const TemplateVariablesToFillOnPhone: Story = onPhone<Story>(TemplateVariablesToFill);

/** Sent with a value missing: the field says so, nothing is sent. */
export const TemplateVariableMissing: Story = { args: withTemplates({ draft: chosen(802, { attempted: true }) }) };
export const TemplateVariableMissingOnPhone: Story = onPhone<Story>(TemplateVariableMissing);

/** Every value written: the template on its way. */
export const TemplateSending: Story = {
  args: withTemplates({ draft: chosen(801, { values: { text_1: '10234' } }), sending: true }),
  parameters: { visual: { viewport: 'laptop', waitFor: 'button[data-loading]' } },
};
export const TemplateSendingOnPhone: Story = onPhone<Story>(TemplateSending);

/** The store has no approved template yet. */
export const NoApprovedTemplates: Story = { args: withTemplates({ templates: { status: 'success', data: [] } }) };
export const NoApprovedTemplatesOnPhone: Story = onPhone<Story>(NoApprovedTemplates);

/** The templates on their way. */
export const TemplatesLoading: Story = {
  args: withTemplates({ templates: { status: 'loading' } }),
  parameters: { visual: { viewport: 'laptop', waitFor: '[aria-busy="true"]' } },
};
export const TemplatesLoadingOnPhone: Story = onPhone<Story>(TemplatesLoading);

/** The templates could not be read: the Spanish message and a retry. */
export const TemplatesError: Story = { args: withTemplates({ templates: { status: 'error', cause: 'server' } }) };
export const TemplatesErrorOnPhone: Story = onPhone<Story>(TemplatesError);

/** The customer stopped the store's marketing and the window closed: marketing templates are not offered, and it says why. */
const optedOutClosed: Conversation = { ...conversations.pedro, windowClosesAt: '2026-03-14T10:00:00.000Z' };
export const OptedOutTemplates: Story = {
  args: { ...withTemplates({ templates: { status: 'success', data: templatesFor(optedOutClosed) } }, optedOutClosed) },
};
export const OptedOutTemplatesOnPhone: Story = onPhone<Story>(OptedOutTemplates);

/** Reached by a campaign's template, never wrote back: no window ever opened. */
export const NeverWrote: Story = {
  args: opened(
    conversations.francisca,
    {},
    (messagesByConversation[conversations.francisca.id] ?? []).map((message) => ({ ...message, templateMissing: false })),
  ),
};
export const NeverWroteOnPhone: Story = onPhone<Story>(NeverWrote);

/** A campaign's message whose template the store deleted since: it says so. */
export const TemplateNoLongerExists: Story = { args: opened(conversations.francisca) };
export const TemplateNoLongerExistsOnPhone: Story = onPhone<Story>(TemplateNoLongerExists);

/** A campaign's message whose campaign the store no longer has: it says a campaign sent it. */
export const CampaignNoLongerExists: Story = { args: opened(conversations.francisca, { campaignNames: {} }) };
export const CampaignNoLongerExistsOnPhone: Story = onPhone<Story>(CampaignNoLongerExists);

/**
 * Each kind a customer sends: text with a reaction, the files the store kept (a photo and a sticker drawn, video and
 * voice note in players, a document to download with its size), location, contacts, replies, unsupported.
 */
export const IncomingKinds: Story = {
  args: opened(conversations.camila, {}, (messagesByConversation[conversations.camila.id] ?? []).slice(-11)),
};
export const IncomingKindsOnPhone: Story = onPhone<Story>(IncomingKinds);

/** The files a customer sent, kept: a video, a voice note, a document with its size, a sticker. */
export const MediaKept: Story = {
  args: opened(conversations.camila, {}, (messagesByConversation[conversations.camila.id] ?? []).slice(-10, -5)),
};
export const MediaKeptOnPhone: Story = onPhone<Story>(MediaKept);

/** A video the customer sent, kept: a frame to play it, and nothing loads until the merchant does. */
export const VideoKept: Story = {
  args: opened(conversations.camila, {}, (messagesByConversation[conversations.camila.id] ?? []).slice(-9, -8)),
};
export const VideoKeptOnPhone: Story = onPhone<Story>(VideoKept);

/** A photo the customer sent with its caption, kept: it opens full size in a new tab. */
export const PhotoKept: Story = {
  args: opened(conversations.camila, {}, (messagesByConversation[conversations.camila.id] ?? []).slice(-11, -9)),
};
export const PhotoKeptOnPhone: Story = onPhone<Story>(PhotoKept);

/** Files a customer just sent, still downloading from WhatsApp. */
export const MediaDownloading: Story = { args: opened(conversations.camila, {}, mediaDownloading) };
export const MediaDownloadingOnPhone: Story = onPhone<Story>(MediaDownloading);

/** Files the store could not keep, each saying why: gone from WhatsApp, WhatsApp not answering, damaged, disconnected. */
export const MediaNotKept: Story = { args: opened(conversations.camila, {}, mediaFailed) };
export const MediaNotKeptOnPhone: Story = onPhone<Story>(MediaNotKept);

/** The store's messages: pending, sent, delivered, read, and a campaign's template. */
export const DeliveryTicks: Story = { args: opened(conversations.joaquin) };
export const DeliveryTicksOnPhone: Story = onPhone<Story>(DeliveryTicks);

/** Meta refused an answer: its code, title and error data. */
export const FailedMessage: Story = { args: opened(conversations.valentina) };
export const FailedMessageOnPhone: Story = onPhone<Story>(FailedMessage);

/** The customer stopped the store's marketing. */
export const OptedOut: Story = { args: opened(conversations.pedro) };
export const OptedOutOnPhone: Story = onPhone<Story>(OptedOut);

/** A message arrived while the merchant read older ones: the pill counts it. */
export const NewMessageArriving: Story = {
  args: opened(conversations.camila, { unseenCount: 1 }, [
    ...(messagesByConversation[conversations.camila.id] ?? []).slice(-11),
    arrivingMessage,
  ]),
};
export const NewMessageArrivingOnPhone: Story = onPhone<Story>(NewMessageArriving);

/** A long conversation: older messages on request. */
export const LongConversation: Story = {
  args: opened(conversations.camila, { hasOlder: true }, (messagesByConversation[conversations.camila.id] ?? []).slice(0, 30)),
};
export const LongConversationOnPhone: Story = onPhone<Story>(LongConversation);

/** Older messages on their way. */
export const LoadingOlderMessages: Story = {
  args: opened(
    conversations.camila,
    { hasOlder: true, loadingOlder: true },
    (messagesByConversation[conversations.camila.id] ?? []).slice(0, 30),
  ),
  parameters: { visual: { viewport: 'laptop', waitFor: 'button[data-loading]' } },
};
export const LoadingOlderMessagesOnPhone: Story = onPhone<Story>(LoadingOlderMessages);

/** The conversation's messages could not be read. */
export const MessagesError: Story = {
  args: {
    ...opened(conversations.joaquin),
    pane: { ...opened(conversations.joaquin).pane!, messages: { status: 'error', cause: 'network' } },
  },
};
export const MessagesErrorOnPhone: Story = onPhone<Story>(MessagesError);
