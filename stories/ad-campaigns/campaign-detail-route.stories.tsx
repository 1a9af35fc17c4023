import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { insightsNoData, summerCampaign, summerInsightsRefreshing } from '../../mocks/fixtures/ad-campaigns';
import { sessionUsers } from '../../mocks/fixtures/session';
import { adCampaignsStore } from '../../mocks/handlers/ad-campaigns';
import { meAs } from '../../mocks/handlers/session';
import { CampaignDetailRoute } from '../../src/web/features/ad-campaigns/routes/campaign-detail-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';
import { campaignsStore, chooseFromMenu } from './campaign-story-steps';

/** The container against the mocked contract, at /campaigns/:id; the list stands in as text after a deletion. */
const meta = {
  title: 'Screens/AdCampaigns/CampaignDetailRoute',
  component: CampaignDetailRoute,
  parameters: {
    providers: ['query', 'router'],
    route: `/campaigns/${summerCampaign.id}`,
    msw: { handlers: [meAs(sessionUsers.admin), ...adCampaignsStore()] },
  },
  render: () => (
    <>
      <Routes>
        <Route path="/campaigns/:id" element={<CampaignDetailRoute />} />
        <Route path="/campaigns" element={<p>Lista de campañas</p>} />
      </Routes>
      <Toaster />
    </>
  ),
} satisfies Meta<typeof CampaignDetailRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('9,06x')).toBeVisible();
  },
};

export const LoadedOnPhone: Story = onPhone<Story>({});

export const NoDataYet: Story = { parameters: campaignsStore({ insights: { [summerCampaign.id]: insightsNoData } }) };

/** Meta's figures are being read again: the last ones stay, said to be updating. */
export const Refreshing: Story = {
  parameters: campaignsStore({ insights: { [summerCampaign.id]: summerInsightsRefreshing } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Actualizando los resultados desde Meta…');
  },
};

export const Loading: Story = {
  parameters: { ...campaignsStore({ pending: ['campaign'] }), visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { parameters: campaignsStore({ failing: ['campaign'] }) };

export const InsightsError: Story = { parameters: campaignsStore({ failing: ['insights'] }) };

/** An id no campaign has (404). */
export const NotFound: Story = { parameters: { route: '/campaigns/999' } };

/** Deactivated from the header: the badge follows, with a toast. */
export const DeactivatesCampaign: Story = {
  // A store of its own: what the story changes stays in it.
  parameters: campaignsStore(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Desactivar' }));
    await toastShown(canvasElement, 'Desactivamos la campaña «Recompra de verano».');
    await expect(await canvas.findByRole('button', { name: 'Activar' })).toBeVisible();
  },
};

/** Deleted after the confirmation: back to the list, with a toast. */
export const DeletesCampaign: Story = {
  parameters: campaignsStore(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Más acciones de Recompra de verano' }));
    await chooseFromMenu(canvasElement, 'Eliminar');
    const dialog = within(await body.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Eliminar campaña' }));
    await toastShown(canvasElement, 'Campaña «Recompra de verano» eliminada.');
    await expect(await canvas.findByText('Lista de campañas')).toBeVisible();
  },
};
