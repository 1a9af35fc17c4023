import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  activeCampaign,
  scheduledCampaign,
  sendingCampaign,
  sentCampaign,
  whatsappCampaignSummaries,
} from '../../mocks/fixtures/whatsapp-campaigns';
import {
  abandonedCartTemplate,
  disabledTemplate,
  editedTodayTemplate,
  pausedTemplate,
  pendingTemplate,
  rejectedTemplate,
  whatsappTemplateSummaries,
} from '../../mocks/fixtures/whatsapp-templates';
import { WhatsappScreen, type WhatsappScreenProps } from '../../src/web/features/whatsapp/screens/whatsapp-screen';

const args: WhatsappScreenProps = {
  tab: 'templates',
  onTabChange: fn(),
  campaigns: { status: 'success', data: whatsappCampaignSummaries },
  onCampaignsRetry: fn(),
  hasApprovedTemplate: true,
  createCampaignHref: '/whatsapp/campaigns/create',
  campaignHref: (id) => `/whatsapp/campaigns/${id}`,
  onCampaignAction: fn(),
  campaignDeleteTarget: null,
  campaignDeleting: false,
  onCampaignDeleteCancel: fn(),
  onCampaignDeleteConfirm: fn(),
  templates: { status: 'success', data: whatsappTemplateSummaries },
  onRetry: fn(),
  notConnected: false,
  integrationsHref: '/integrations',
  createTemplateHref: '/whatsapp/templates/create',
  templateHref: (id) => `/whatsapp/templates/${id}`,
  onTemplateAction: fn(),
  infoOpen: false,
  onInfoOpenChange: fn(),
  deleteTarget: null,
  deleting: false,
  onDeleteCancel: fn(),
  onDeleteConfirm: fn(),
};

/** /whatsapp: the campaigns and templates tabs, the templates with each status Meta gives, the info modal. */
const meta = {
  title: 'Screens/WhatsApp/Whatsapp',
  component: WhatsappScreen,
  args,
} satisfies Meta<typeof WhatsappScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const only = (...templates: (typeof whatsappTemplateSummaries)[number][]) => ({
  templates: { status: 'success' as const, data: templates },
});

/** Every status at once: paused until a time, approved and not editable again today, pending, rejected with Meta's reason, approved, disabled. */
export const Templates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rejected = within(canvas.getByRole('article', { name: 'cupon_recompra' }));
    await expect(rejected.getByText('Rechazada')).toBeVisible();
    await expect(rejected.getByText(/El formato no cumple las reglas de Meta/)).toBeVisible();
    const paused = within(canvas.getByRole('article', { name: 'ultima_oportunidad' }));
    await expect(paused.getByText(/hasta el 15 mar 2026, 15:00/)).toBeVisible();
  },
};
export const TemplatesOnPhone: Story = onPhone<Story>({});

export const Pending: Story = { args: only(pendingTemplate) };
export const Approved: Story = { args: only(abandonedCartTemplate) };
/** Meta's reason, in Spanish, and the way to fix it. */
export const Rejected: Story = { args: only(rejectedTemplate) };
export const RejectedOnPhone: Story = onPhone<Story>({ args: only(rejectedTemplate) });
/** Paused for low quality until a time. */
export const Paused: Story = { args: only(pausedTemplate) };
export const Disabled: Story = { args: only(disabledTemplate) };
/** Approved and edited this morning: Meta allows one edit a day. */
export const ApprovedEditedToday: Story = { args: only(editedTodayTemplate) };

export const Empty: Story = { args: { templates: { status: 'success', data: [] } } };
export const EmptyOnPhone: Story = onPhone<Story>({ args: { templates: { status: 'success', data: [] } } });
export const Loading: Story = {
  args: { templates: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const LoadError: Story = { args: { templates: { status: 'error', cause: 'server' } } };
/** No messaging-app integration: the tab leads to Integrations. */
export const NotConnected: Story = { args: { notConnected: true } };
export const NotConnectedAsColaborator: Story = { args: { notConnected: true, integrationsHref: undefined } };

/**
 * The campaigns tab with every state: created, scheduled, sending x of y, sent, and automated ones active and
 * paused for each reason (template paused until a time, disabled, deleted; WhatsApp disconnected).
 */
export const Campaigns: Story = {
  args: { tab: 'campaigns' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sending = within(canvas.getByRole('article', { name: sendingCampaign.name }));
    await expect(sending.getByText('Enviando 1.240 de 3.200')).toBeVisible();
    const paused = within(canvas.getByRole('article', { name: 'Bienvenida a clientes nuevos' }));
    await expect(paused.getByText(/Meta pausó la plantilla por su calidad hasta el 15 mar 2026, 15:00/)).toBeVisible();
    const sent = within(canvas.getByRole('article', { name: sentCampaign.name }));
    await expect(sent.getByText('1.790 (98 %)')).toBeVisible();
  },
};
export const CampaignsOnPhone: Story = onPhone<Story>({ args: { tab: 'campaigns' } });
export const CampaignsOnLaptop: Story = { args: { tab: 'campaigns' }, parameters: { visual: { viewport: 'laptop' } } };

const campaignsOnly = (...campaigns: (typeof whatsappCampaignSummaries)[number][]) => ({
  tab: 'campaigns' as const,
  campaigns: { status: 'success' as const, data: campaigns },
});
export const CampaignScheduled: Story = { args: campaignsOnly(scheduledCampaign) };
export const CampaignSending: Story = { args: campaignsOnly(sendingCampaign) };
export const CampaignActive: Story = { args: campaignsOnly(activeCampaign) };

export const CampaignsEmpty: Story = { args: campaignsOnly() };
export const CampaignsEmptyOnPhone: Story = onPhone<Story>({ args: campaignsOnly() });
/** No approved template yet: one must be approved first, and the way to create it. */
export const CampaignsNoApprovedTemplate: Story = { args: { ...campaignsOnly(), hasApprovedTemplate: false } };
export const CampaignsNoApprovedTemplateOnPhone: Story = onPhone<Story>({ args: { ...campaignsOnly(), hasApprovedTemplate: false } });
export const CampaignsLoading: Story = {
  args: { tab: 'campaigns', campaigns: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};
export const CampaignsLoadError: Story = { args: { tab: 'campaigns', campaigns: { status: 'error', cause: 'server' } } };
/** No messaging-app integration: the campaigns tab leads to Integrations too. */
export const CampaignsNotConnected: Story = { args: { tab: 'campaigns', notConnected: true } };
export const CampaignsNotConnectedOnPhone: Story = onPhone<Story>({ args: { tab: 'campaigns', notConnected: true } });

/** What unique and automated campaigns are, consent, and Meta's price per message with its date. */
export const CampaignsInfoModal: Story = {
  args: { tab: 'campaigns', infoOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Campañas de WhatsApp' });
    await expect(within(dialog).getByText(/US\$0,0889 uno de marketing/)).toBeVisible();
  },
};
export const CampaignsInfoModalOnPhone: Story = onPhone<Story>({ args: { tab: 'campaigns', infoOpen: true } });

/** Deleting says what is lost: a sent campaign's figures… */
export const CampaignDeleteSent: Story = { args: { tab: 'campaigns', campaignDeleteTarget: sentCampaign } };
/** …a scheduled one's sending… */
export const CampaignDeleteScheduled: Story = { args: { tab: 'campaigns', campaignDeleteTarget: scheduledCampaign } };
/** …an automated one's sending and figures. */
export const CampaignDeleteAutomated: Story = { args: { tab: 'campaigns', campaignDeleteTarget: activeCampaign } };
export const CampaignDeleteOnPhone: Story = onPhone<Story>({ args: { tab: 'campaigns', campaignDeleteTarget: sentCampaign } });
export const CampaignDeleting: Story = {
  args: { tab: 'campaigns', campaignDeleteTarget: sentCampaign, campaignDeleting: true },
  parameters: { visual: { waitFor: 'text=Eliminando…' } },
};

export const InfoModal: Story = {
  args: { infoOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Plantillas de mensaje' });
    await expect(within(dialog).getByText(/hasta 48 horas/)).toBeVisible();
  },
};
export const InfoModalOnPhone: Story = onPhone<Story>({ args: { infoOpen: true } });

export const DeleteConfirmation: Story = { args: { deleteTarget: abandonedCartTemplate } };
export const Deleting: Story = {
  args: { deleteTarget: abandonedCartTemplate, deleting: true },
  parameters: { visual: { waitFor: 'text=Eliminando…' } },
};
