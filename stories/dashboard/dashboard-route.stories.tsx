import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { noActiveCampaigns } from '../../mocks/fixtures/ad-campaigns';
import { sessionUsers } from '../../mocks/fixtures/session';
import {
  acquisitionCostFails,
  activeCampaignsFails,
  adAccountAnswer,
  dashboardStore,
  setInvestmentFails,
  statsInRangeFails,
  statsTableFails,
  statsTableXlsxAnswer,
  storeStatsFails,
} from '../../mocks/handlers/dashboard';
import { storeSyncAnswer } from '../../mocks/handlers/integrations';
import { meAs } from '../../mocks/handlers/session';
import { whatsappCampaignsStore } from '../../mocks/handlers/whatsapp-campaigns';
import { DashboardRoute } from '../../src/web/features/dashboard/routes/dashboard-route';
import { DashboardWhatsappCampaigns } from '../../src/web/features/whatsapp/routes/dashboard-campaigns';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

/** The container against mocked APIs: the same screen, fed by real queries. */
const meta = {
  title: 'Screens/Dashboard/DashboardRoute',
  component: DashboardRoute,
  parameters: {
    providers: ['query', 'router'],
    route: '/dashboard',
    msw: { handlers: [meAs(sessionUsers.admin), ...dashboardStore()] },
  },
  render: () => (
    <>
      <DashboardRoute />
      <Toaster />
    </>
  ),
} satisfies Meta<typeof DashboardRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const Error: Story = {
  parameters: {
    msw: {
      handlers: [
        meAs(sessionUsers.admin),
        storeSyncAnswer(),
        storeStatsFails(),
        statsInRangeFails(),
        acquisitionCostFails(),
        statsTableFails(),
        activeCampaignsFails(),
        adAccountAnswer(),
      ],
    },
  },
};

/** No ad campaign running: the section says what it will show. */
export const NoActiveCampaigns: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...dashboardStore({ activeCampaigns: noActiveCampaigns })] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No tienes campañas activas')).toBeVisible();
  },
};

/** With the WhatsApp part, as app/features.ts hands it over. */
const withWhatsappPart = () => (
  <DashboardRoute whatsappCampaigns={(section) => <DashboardWhatsappCampaigns>{section}</DashboardWhatsappCampaigns>} />
);

/** The WhatsApp campaigns sending now, from the mocked contract: the sending one and the active automated one. */
export const WhatsappCampaigns: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...dashboardStore(), ...whatsappCampaignsStore()] } },
  render: withWhatsappPart,
  play: async ({ canvasElement }) => {
    const section = within(await within(canvasElement).findByRole('region', { name: 'Campañas de WhatsApp activas' }));
    await expect(await section.findByRole('link', { name: 'Café de otoño' })).toHaveAttribute('href', '/whatsapp/campaigns/406');
    await expect(section.getByRole('link', { name: 'Recordatorio de carro abandonado' })).toBeVisible();
    // Scheduled, sent and paused campaigns are not sending.
    await expect(section.queryByRole('link', { name: 'Reactivar clientes dormidos' })).toBeNull();
  },
};

/** WhatsApp not connected (the list answers 409): no WhatsApp section, and no error. */
export const WhatsappNotConnected: Story = {
  parameters: {
    msw: { handlers: [meAs(sessionUsers.admin), ...dashboardStore(), ...whatsappCampaignsStore({ notConnected: true })] },
  },
  render: withWhatsappPart,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Campañas activas' });
    // Every section drawn and every answer in: nothing is busy any more.
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull());
    await expect(canvas.queryByRole('region', { name: 'Campañas de WhatsApp activas' })).toBeNull();
    await expect(canvas.queryByText('No pudimos cargar esta información.')).toBeNull();
  },
};

/** Opened from a link with a range, a granularity and a tab of its own. */
export const FromAddress: Story = {
  parameters: {
    route: '/dashboard?preset=last12Months&granularity=month&tab=paymentMethods',
  },
};

/** The comparison chosen in the header goes into the address and the figures follow it. */
export const ComparesWithLastYear: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/Comparado con el período anterior/);
    const choices = within(canvas.getByRole('group', { name: 'Comparar con' }));
    await userEvent.click(choices.getByRole('button', { name: 'Mismo período del año anterior' }));
    await expect(await canvas.findByText(/Comparado con el mismo período del año anterior/)).toBeVisible();
    await expect(choices.getByRole('button', { name: 'Mismo período del año anterior' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The first investment of the year: the acquisition costs appear as soon as it is saved. */
export const SetsInvestment: Story = {
  parameters: {
    msw: {
      handlers: [meAs(sessionUsers.admin), ...dashboardStore({ investments: {} })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Definir inversión' }));
    // Pasted whole: typed key by key, Ark regroups the thousands while the caret moves on.
    await userEvent.click(await body.findByLabelText(/Inversión anual/));
    await userEvent.paste('120000000');
    await userEvent.click(body.getByRole('button', { name: 'Guardar' }));
    await toastShown(canvasElement, 'Guardamos tu inversión en marketing de 2026.');
    // The chart and the indicators refetch and redraw: give them the time a busy machine needs.
    await expect(await canvas.findByText('Inversión en marketing de 2026: $120.000.000')).toBeVisible();
    // The modal hands the focus back while the page redraws, which scrolls it by an amount that varies
    // with the timing: the picture (and the toast fixed to the screen) is taken from the top.
    canvasElement.ownerDocument.defaultView?.scrollTo(0, 0);
  },
};

export const InvestmentError: Story = {
  parameters: {
    msw: {
      handlers: [meAs(sessionUsers.admin), setInvestmentFails(), ...dashboardStore()],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByText('Inversión en marketing de 2026: $120.000.000');
    await userEvent.click(canvas.getByRole('button', { name: 'Actualizar inversión' }));
    await userEvent.click(await body.findByRole('button', { name: 'Guardar' }));
    await toastShown(canvasElement, 'No se pudo actualizar la inversión. Inténtalo de nuevo en unos minutos.');
  },
};

/** The overview table opened from a link sorted by orders from the smallest and searched: the server's rows, the header marked. */
export const TableSortedAndSearchedFromAddress: Story = {
  parameters: { route: '/dashboard?sort=orders&order=asc&q=polera' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The overview table's headers are the sortable ones; other tables of the page have a "Pedidos" column too.
    await waitFor(() => expect(canvasElement.querySelector('th[aria-sort="ascending"]')).toHaveTextContent('Pedidos'));
    await expect(canvas.getByRole('searchbox', { name: 'Buscar producto' })).toHaveValue('polera');
  },
};

/** Typing a search that matches nothing, then clearing it from the empty state. */
export const TableSearchWithoutResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Buscar producto' }), 'sandalias');
    await expect(await canvas.findByText('No hay resultados para «sandalias»')).toBeVisible();
  },
};

/** The download is on its way: the button stays busy until the file arrives. */
export const TableExporting: Story = {
  parameters: {
    msw: { handlers: [meAs(sessionUsers.admin), statsTableXlsxAnswer({ pending: true }), ...dashboardStore()] },
    visual: { waitFor: 'button[aria-busy="true"]' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Página 1 de 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar XLSX' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Descargar XLSX' })).toHaveAttribute('aria-busy', 'true'));
  },
};
