import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { campaignDetails, recipientPage, recipientsByCampaign } from '../../mocks/fixtures/whatsapp-campaigns';
import type { components } from '../../src/shared/api/app.gen';
import { CampaignDetailScreen, type CampaignDetailScreenProps } from '../../src/web/features/whatsapp/screens/campaign-detail-screen';

type WhatsappCampaign = components['schemas']['WhatsappCampaign'];

const chats = (campaign: WhatsappCampaign, filter: 'all' | 'read' | 'unread' = 'all', page = 1): CampaignDetailScreenProps['chats'] => ({
  recipients: { status: 'success', data: recipientPage(recipientsByCampaign[campaign.id] ?? [], filter, page) },
  onRetry: fn(),
  filter,
  onFilterChange: fn(),
  page,
  onPageChange: fn(),
  replyTo: null,
  onReplyToChange: fn(),
});

/** The screen showing `campaign`, its chat list on its first page. */
const showing = (campaign: WhatsappCampaign) => ({
  campaign: { status: 'success' as const, data: campaign },
  chats: chats(campaign),
});

const args: CampaignDetailScreenProps = {
  ...showing(campaignDetails.sent),
  onRetry: fn(),
  whatsappHref: '/whatsapp',
  deleteOpen: false,
  onDeleteOpenChange: fn(),
  deleting: false,
  onDeleteConfirm: fn(),
};

/** /whatsapp/campaigns/:id: state, general metrics, funnel, clicks by button, template, campaign and chats (SPEC §2). */
const meta = {
  title: 'Screens/WhatsApp/CampaignDetail',
  component: CampaignDetailScreen,
  args,
  parameters: { visual: { viewport: 'laptop' } },
} satisfies Meta<typeof CampaignDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Sent last week: every figure, the funnel, the clicks by button and the first page of chats. */
export const Sent: Story = {};
export const SentOnPhone: Story = onPhone<Story>({});

/** Sending: 3.120 of 10.000 messages out, figures moving. */
export const Sending: Story = { args: showing(campaignDetails.sending) };
export const SendingOnPhone: Story = onPhone<Story>({ args: showing(campaignDetails.sending) });

/** Part of the send waits for the business's messaging limit, and the page says when it goes out. */
export const SendingDeferredByLimit: Story = {
  args: showing({ ...campaignDetails.sending, deferred: { count: 4500, resumesAt: '2026-03-16T14:30:00.000Z' } }),
};

/** Scheduled: nothing sent yet, so no figures or chats; its template and setup are there. */
export const Scheduled: Story = { args: showing(campaignDetails.scheduled) };
export const ScheduledOnPhone: Story = onPhone<Story>({ args: showing(campaignDetails.scheduled) });

/** An automated cart-abandoned campaign, an hour after the cart, from 9:00 to 21:00. */
export const AutomatedActive: Story = { args: showing(campaignDetails.active) };
export const AutomatedActiveOnPhone: Story = onPhone<Story>({ args: showing(campaignDetails.active) });

/** Paused because Meta paused its template, until this afternoon. */
export const PausedTemplatePaused: Story = { args: showing(campaignDetails.pausedByTemplate) };
export const PausedTemplatePausedOnPhone: Story = onPhone<Story>({ args: showing(campaignDetails.pausedByTemplate) });

/** Paused because its template was deleted: the content it sent stays. */
export const PausedTemplateDeleted: Story = { args: showing(campaignDetails.pausedTemplateDeleted) };
export const PausedTemplateDeletedOnPhone: Story = onPhone<Story>({ args: showing(campaignDetails.pausedTemplateDeleted) });

/** The chat list filtered to those who read the message. */
export const ChatsRead: Story = { args: { chats: chats(campaignDetails.sent, 'read') } };
export const ChatsReadOnPhone: Story = onPhone<Story>({ args: { chats: chats(campaignDetails.sent, 'read') } });
/** The chat list filtered to messages sent or delivered and not read. */
export const ChatsUnread: Story = { args: { chats: chats(campaignDetails.sent, 'unread') } };
export const ChatsUnreadOnPhone: Story = onPhone<Story>({ args: { chats: chats(campaignDetails.sent, 'unread') } });
/** The last page of the chat list. */
export const ChatsLastPage: Story = { args: { chats: chats(campaignDetails.sent, 'all', 3) } };

const failedOnly = (recipientsByCampaign[campaignDetails.sent.id] ?? []).filter((recipient) => recipient.status === 'failed');

/** Messages that failed, each with Meta's error: code, title and details. */
export const FailedMessages: Story = {
  args: {
    chats: {
      ...chats(campaignDetails.sent),
      recipients: { status: 'success', data: { recipients: failedOnly, total: failedOnly.length, page: 1, pageSize: 20 } },
    },
  },
};
export const FailedMessagesOnPhone: Story = onPhone<Story>({ args: FailedMessages.args });

export const ChatsLoading: Story = {
  args: { chats: { ...chats(campaignDetails.sent), recipients: { status: 'loading' } } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const ChatsError: Story = { args: { chats: { ...chats(campaignDetails.sent), recipients: { status: 'error', cause: 'server' } } } };
export const ChatsEmptyUnread: Story = {
  args: {
    chats: {
      ...chats(campaignDetails.sent, 'unread'),
      recipients: { status: 'success', data: { recipients: [], total: 0, page: 1, pageSize: 20 } },
    },
  },
};

const camila = recipientPage(recipientsByCampaign[campaignDetails.sent.id] ?? []).recipients[0]!;

/** A chat chosen: the modal that opens WhatsApp Web to reply. */
export const WebClientModal: Story = { args: { chats: { ...chats(campaignDetails.sent), replyTo: camila } } };
export const WebClientModalOnPhone: Story = onPhone<Story>({ args: { chats: { ...chats(campaignDetails.sent), replyTo: camila } } });

/** Deleting a sent campaign: its metrics are lost. */
export const DeleteSent: Story = { args: { deleteOpen: true } };
/** Deleting a scheduled one: it will not be sent. */
export const DeleteScheduled: Story = { args: { ...showing(campaignDetails.scheduled), deleteOpen: true } };
/** Deleting an automated one: it stops and its metrics are lost. */
export const DeleteAutomated: Story = { args: { ...showing(campaignDetails.active), deleteOpen: true } };
export const DeleteAutomatedOnPhone: Story = onPhone<Story>({ args: { ...showing(campaignDetails.active), deleteOpen: true } });
/** The deletion under way: the confirmation stays, its button busy. */
export const Deleting: Story = {
  args: { deleteOpen: true, deleting: true },
  parameters: { visual: { waitFor: '[role="alertdialog"]' } },
};

export const Loading: Story = {
  args: { campaign: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const LoadingOnPhone: Story = onPhone<Story>({
  args: { campaign: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
});
export const Error: Story = { args: { campaign: { status: 'error', cause: 'server' } } };
export const ErrorOnPhone: Story = onPhone<Story>({ args: { campaign: { status: 'error', cause: 'server' } } });
/** No such campaign (deleted, or another store's). */
export const NotFound: Story = { args: { campaign: { status: 'success', data: null } } };
