import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { sessionUsers } from '../../mocks/fixtures/session';
import { templateRefusedError } from '../../mocks/fixtures/whatsapp-templates';
import { meAs } from '../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../mocks/handlers/whatsapp-campaigns';
import { whatsappTemplatesStore } from '../../mocks/handlers/whatsapp-templates';
import { TemplateDetailRoute } from '../../src/web/features/whatsapp/routes/template-detail-route';
import { TemplateFormRoute } from '../../src/web/features/whatsapp/routes/template-form-route';
import { WhatsappRoute } from '../../src/web/features/whatsapp/routes/whatsapp-route';
import { Toaster } from '../../src/web/ui/toast';
import { chooseFromMenu } from '../ad-campaigns/campaign-story-steps';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

/** The three template pages' containers against the mocked contract: the same screens, fed by real queries and mutations. */
const meta = {
  title: 'Screens/WhatsApp/TemplateRoutes',
  component: WhatsappRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/whatsapp?tab=templates',
    msw: { handlers: [meAs(sessionUsers.admin), ...whatsappTemplatesStore(), ...whatsappCampaignsStore()] },
  },
  render: () => (
    <>
      <Routes>
        <Route path="/whatsapp" element={<WhatsappRoute />} />
        <Route path="/whatsapp/templates/create" element={<TemplateFormRoute />} />
        <Route path="/whatsapp/templates/:id" element={<TemplateDetailRoute />} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof WhatsappRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TemplatesTab: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('article', { name: 'carrito_abandonado' })).toBeVisible();
  },
};
export const TemplatesTabOnPhone: Story = onPhone<Story>({ play: TemplatesTab.play });
export const NotConnected: Story = {
  parameters: {
    msw: {
      handlers: [
        meAs(sessionUsers.admin),
        ...whatsappTemplatesStore({ notConnected: true }),
        ...whatsappCampaignsStore({ notConnected: true }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Conecta WhatsApp para crear plantillas')).toBeVisible();
  },
};
export const Detail: Story = { parameters: { route: '/whatsapp/templates/301' } };
export const DetailOnPhone: Story = onPhone<Story>({ parameters: { route: '/whatsapp/templates/301' } });
export const EditRejected: Story = { parameters: { route: '/whatsapp/templates/304?editar' } };

/** One more button than Meta allows: the limit-reached toast (SPEC §8). */
export const ButtonLimitToast: Story = {
  parameters: { route: '/whatsapp/templates/301?editar' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Agregar botón' }));
    await chooseFromMenu(canvasElement, 'Llamar a un teléfono');
    await toastShown(canvasElement, 'Llegaste al máximo de botones de ese tipo.');
    // The merchant reads the toast and clicks away from the menu's button: the picture never depends on whether its
    // focus ring came back before the toast did.
    await userEvent.click(canvas.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(canvasElement.ownerDocument.activeElement).toBe(canvasElement.ownerDocument.body));
  },
};

/** Meta refuses the new template: the creation error with the server's message appended (SPEC §8). */
export const EditRefusedByMeta: Story = {
  parameters: {
    route: '/whatsapp/templates/301?editar',
    msw: { handlers: [meAs(sessionUsers.admin), ...whatsappTemplatesStore({ refusal: { status: 422, body: templateRefusedError } })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Siguiente' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Guardar y enviar a revisión' }));
    await expect(await canvas.findByText(/No pudimos guardar la plantilla\. Meta no aceptó la plantilla/)).toBeVisible();
  },
};
