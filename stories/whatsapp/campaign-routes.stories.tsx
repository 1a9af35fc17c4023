import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { segmentsStore } from '../../mocks/handlers/segments';
import { meAs } from '../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../mocks/handlers/whatsapp-campaigns';
import { WhatsappCampaignFormRoute } from '../../src/web/features/whatsapp/routes/campaign-form-route';
import { WhatsappRoute } from '../../src/web/features/whatsapp/routes/whatsapp-route';
import { Toaster } from '../../src/web/ui/toast';
import { UnderConstruction } from '../../src/web/ui/under-construction';
import { chooseFromMenu, openDialog } from '../ad-campaigns/campaign-story-steps';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

const handlers = (options: Parameters<typeof whatsappCampaignsStore>[0] = {}) => [
  meAs(sessionUsers.admin),
  ...whatsappCampaignsStore(options),
  ...segmentsStore(),
];

/** The campaigns tab and the new-campaign page against the mocked contract: the same screens, fed by real queries and mutations. */
const meta = {
  title: 'Screens/WhatsApp/CampaignRoutes',
  component: WhatsappRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/whatsapp',
    msw: { handlers: handlers() },
  },
  render: () => (
    <>
      <Routes>
        <Route path="/whatsapp" element={<WhatsappRoute />} />
        <Route path="/whatsapp/campaigns/create" element={<WhatsappCampaignFormRoute />} />
        {/* The detail page is built apart. */}
        <Route path="/whatsapp/campaigns/:id" element={<UnderConstruction />} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof WhatsappRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CampaignsTab: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('article', { name: 'Café de otoño' })).toBeVisible();
  },
};
export const CampaignsTabOnPhone: Story = onPhone<Story>({ play: CampaignsTab.play });
export const NotConnected: Story = {
  parameters: { msw: { handlers: handlers({ notConnected: true }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Conecta WhatsApp para crear campañas')).toBeVisible();
  },
};
/** No approved template among the store's: one must be approved first. */
export const NoApprovedTemplate: Story = {
  parameters: { msw: { handlers: handlers({ campaigns: [], templates: [] }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Primero necesitas una plantilla aprobada')).toBeVisible();
  },
};

/** Deleting a sent campaign: the confirmation says its figures are lost, then the list no longer has it. */
export const DeleteSent: Story = {
  parameters: openDialog,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Acciones de Reactivar clientes dormidos' }));
    await chooseFromMenu(canvasElement, 'Eliminar');
    const dialog = within(await body.findByRole('alertdialog'));
    await expect(dialog.getByText(/Se perderán sus cifras/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, 'Eliminamos la campaña «Reactivar clientes dormidos».');
    await waitFor(() => expect(canvas.queryByRole('article', { name: 'Reactivar clientes dormidos' })).toBeNull());
  },
};

/** A new unique campaign from start to end: general data, the message, the server's checks, the toast. */
export const CreateUnique: Story = {
  parameters: { route: '/whatsapp/campaigns/create' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await canvas.findByLabelText(/^Nombre de la campaña/), 'CyberDay clientes VIP');
    await userEvent.click(canvas.getByText('Única'));
    await userEvent.click(await canvas.findByRole('combobox', { name: /^Segmento/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Clientes VIP' }));
    await userEvent.type(canvas.getByLabelText(/^Día de envío/), '20032026');
    await userEvent.type(canvas.getByLabelText(/^Hora de envío/), '1000');
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await canvas.findByText('promo_fin_de_mes'));
    await expect(await canvas.findByText('180 clientes con permiso para WhatsApp, de 240 en el segmento')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Texto para descuento/), '20 % de descuento');
    await userEvent.type(canvas.getByLabelText(/^Texto para codigo/), 'CYBERVIP');
    await userEvent.click(canvas.getByRole('button', { name: 'Programar campaña' }));
    await toastShown(canvasElement, 'Creamos la campaña «CyberDay clientes VIP».');
  },
};

/** The server refuses a text (the mocked server checks as ours does): the refusal lands on its field. */
export const ServerRefusal: Story = {
  parameters: {
    route: '/whatsapp/campaigns/create',
    msw: {
      handlers: handlers({
        refusal: {
          status: 400,
          body: {
            message: 'Revisa los campos marcados.',
            code: 'invalid_request',
            fieldErrors: [{ field: 'name', message: 'Ya tienes una campaña con este nombre.' }],
          },
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.type(await canvas.findByLabelText(/^Nombre de la campaña/), 'Carro abandonado');
    await userEvent.click(canvas.getByText('Automatizada'));
    await userEvent.click(canvas.getByText('Pedido despachado'));
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await canvas.findByText('gracias_por_tu_compra'));
    await userEvent.click(canvas.getByRole('button', { name: 'Crear campaña' }));
    await expect(await canvas.findByText('Ya tienes una campaña con este nombre.')).toBeVisible();
    await expect(body.getByText('Revisa los campos marcados.')).toBeVisible();
  },
};
