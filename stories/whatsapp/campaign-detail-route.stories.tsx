import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { campaignDetails, whatsappCampaignDetails } from '../../mocks/fixtures/whatsapp-campaigns';
import { meAs } from '../../mocks/handlers/session';
import { type WhatsappCampaignsStoreOptions, whatsappCampaignsStore } from '../../mocks/handlers/whatsapp-campaigns';
import { WhatsappCampaignDetailRoute } from '../../src/web/features/whatsapp/routes/campaign-detail-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

const store = (options: WhatsappCampaignsStoreOptions = {}) => ({
  msw: { handlers: [meAs(sessionUsers.admin), ...whatsappCampaignsStore({ campaigns: whatsappCampaignDetails, ...options })] },
});

/** The container against the mocked contract, at /whatsapp/campaigns/:id; the WhatsApp page stands in as text after a deletion. */
const meta = {
  title: 'Screens/WhatsApp/CampaignDetailRoute',
  component: WhatsappCampaignDetailRoute,
  parameters: {
    providers: ['query', 'router'],
    route: `/whatsapp/campaigns/${campaignDetails.sent.id}`,
    ...store(),
    visual: { viewport: 'laptop' },
  },
  render: () => (
    <>
      <Routes>
        <Route path="/whatsapp/campaigns/:id" element={<WhatsappCampaignDetailRoute />} />
        <Route path="/whatsapp" element={<p>Campañas de WhatsApp</p>} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof WhatsappCampaignDetailRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Página 1 de 3')).toBeVisible();
  },
};
export const LoadedOnPhone: Story = onPhone<Story>({ play: Loaded.play });

/** "Leídos" chosen: the server answers only those who read the message. */
export const FiltersRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Leídos' }));
    await expect(await canvas.findByText('Página 1 de 2')).toBeVisible();
  },
};

/** A chat chosen: the modal that opens WhatsApp Web to reply. */
export const OpensWebClient: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Responder a Camila González en WhatsApp Web' }));
    await expect(await body.findByRole('link', { name: 'Abrir WhatsApp Web' })).toBeVisible();
  },
};

/** Deleted after the confirmation: back to WhatsApp, with a toast. */
export const DeletesCampaign: Story = {
  parameters: { route: `/whatsapp/campaigns/${campaignDetails.active.id}`, ...store() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Eliminar campaña' }));
    const dialog = within(await body.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, `Eliminamos la campaña «${campaignDetails.active.name}».`);
    await expect(await canvas.findByText('Campañas de WhatsApp')).toBeVisible();
  },
};

/** The server refuses the deletion: the error toast, the campaign stays. */
export const DeleteFails: Story = {
  parameters: { route: `/whatsapp/campaigns/${campaignDetails.active.id}`, ...store({ failing: ['delete'] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Eliminar campaña' }));
    const dialog = within(await body.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, 'No se pudo eliminar la campaña. Inténtalo de nuevo en unos minutos.');
  },
};

export const Loading: Story = {
  parameters: { ...store({ pending: ['campaign'] }), visual: { waitFor: '[aria-busy="true"]' } },
};
export const Error: Story = { parameters: store({ failing: ['campaign'] }) };
export const ChatsError: Story = { parameters: store({ failing: ['recipients'] }) };
/** An id no campaign has (404). */
export const NotFound: Story = { parameters: { route: '/whatsapp/campaigns/999' } };
