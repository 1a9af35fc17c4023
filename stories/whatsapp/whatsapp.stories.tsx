import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
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

/** The campaigns tab is still being built. */
export const CampaignsTab: Story = { args: { tab: 'campaigns' } };
export const CampaignsTabOnPhone: Story = onPhone<Story>({ args: { tab: 'campaigns' } });

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
