import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { integrationsSocialAdsConnected } from '../../mocks/fixtures/integrations';
import { sessionUsers } from '../../mocks/fixtures/session';
import { disconnectMetaFails, integrationsAnswer } from '../../mocks/handlers/integrations';
import { meAs } from '../../mocks/handlers/session';
import { IntegrationsRoute } from '../../src/web/features/integrations/routes/integrations-route';
import { Toaster } from '../../src/web/ui/toast';
import { userEvent } from '../support/user-event';

function IntegrationsPage() {
  return (
    <>
      <IntegrationsRoute />
      <Toaster />
    </>
  );
}

/** The container against the mocked contract: disconnecting Meta as the server answers it. */
const meta = {
  title: 'Screens/Integrations/IntegrationsRoute',
  component: IntegrationsPage,
  parameters: {
    providers: ['query', 'router'],
    route: '/integrations',
    msw: { handlers: [meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsConnected), disconnectMetaFails()] },
  },
} satisfies Meta<typeof IntegrationsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server could not disconnect Meta: the toast says so and the question stays, to try again or cancel. */
export const SocialAdsDisconnectFailed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = within((await canvas.findByRole('heading', { name: 'Anuncios: Meta' })).closest('article')!);
    await userEvent.click(await card.findByRole('button', { name: 'Desconectar' }));
    const page = within(document.body);
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Desconectar Meta' }));
    await waitFor(() => expect(page.getByText('No se pudo desconectar Meta. Inténtalo de nuevo en unos minutos.')).toBeVisible());
    await expect(page.getByRole('alertdialog', { name: '¿Desconectar Meta?' })).toBeVisible();
  },
};

/** The same refusal at a phone's width. */
export const SocialAdsDisconnectFailedOnPhone: Story = onPhone(SocialAdsDisconnectFailed);
