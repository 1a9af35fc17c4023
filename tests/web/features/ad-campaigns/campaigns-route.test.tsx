import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { insightsNoData, summerCampaign, summerInsightsRefreshing } from '../../../../mocks/fixtures/ad-campaigns';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { adCampaignsStore } from '../../../../mocks/handlers/ad-campaigns';
import { meAs } from '../../../../mocks/handlers/session';
import { CampaignDetailRoute } from '../../../../src/web/features/ad-campaigns/routes/campaign-detail-route';
import { CampaignsRoute } from '../../../../src/web/features/ad-campaigns/routes/campaigns-route';
import { Toaster } from '../../../../src/web/ui/toast';
import { toaster } from '../../../../src/web/ui/toaster';
import { chooseMenuItem } from '../../menu';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  server.events.removeAllListeners();
  // One toaster for the whole file: a test's toasts must not queue in front of the next one's.
  toaster.store.remove();
});

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const renderApp = (route: string) =>
  renderWithApp(
    <>
      <Routes>
        <Route path="/campaigns" element={<CampaignsRoute />} />
        <Route path="/campaigns/:id" element={<CampaignDetailRoute />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <Toaster />
    </>,
    { route },
  );

/** The calls that reached the server, as `METHOD path`, with their bodies. */
function callsMade() {
  const calls: { call: string; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const { pathname, search } = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
    calls.push({ call: `${request.method} ${pathname}${search}`, body });
  });
  return calls;
}

async function chooseAction(campaign: string, label: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Acciones de ${campaign}` }));
  await chooseMenuItem(label);
}

const row = async (name: string) => within(await screen.findByRole('article', { name }));
const toast = async (message: string) => expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);

describe('CampaignsRoute', () => {
  it('deactivates a running campaign from its menu: the call goes out and the row says so', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    const calls = callsMade();
    await renderApp('/campaigns');
    expect((await row('Recompra de verano')).getByText('Activa')).toBeTruthy();
    await chooseAction('Recompra de verano', 'Desactivar');
    await toast('Desactivamos la campaña «Recompra de verano».');
    await waitFor(async () => expect((await row('Recompra de verano')).getByText('Desactivada')).toBeTruthy());
    expect(calls).toContainEqual({
      call: `PUT /api/private/stores/1/adCampaigns/${summerCampaign.id}/activation`,
      body: { active: false },
    });
  });

  it('refuses a daily budget below the ad account minimum before any call, naming the minimum and its currency', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    const calls = callsMade();
    await renderApp('/campaigns');
    await chooseAction('Recompra de verano', 'Presupuesto diario');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Mínimo de tu cuenta publicitaria: $5.000 (CLP).')).toBeTruthy();
    const input = dialog.getByRole('spinbutton', { name: /Presupuesto diario/ });
    await userEvent.clear(input);
    await userEvent.type(input, '4999');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(
      await dialog.findByText('El presupuesto diario debe ser de al menos $5.000 (CLP), el mínimo de tu cuenta publicitaria.'),
    ).toBeTruthy();
    expect(calls.filter(({ call }) => call.endsWith('/dailyBudget'))).toEqual([]);
  });

  it('saves a daily budget at or above the minimum and shows it in the row', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    const calls = callsMade();
    await renderApp('/campaigns');
    await chooseAction('Recompra de verano', 'Presupuesto diario');
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByText('Mínimo de tu cuenta publicitaria: $5.000 (CLP).');
    const input = dialog.getByRole('spinbutton', { name: /Presupuesto diario/ });
    await userEvent.clear(input);
    await userEvent.type(input, '5000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await toast('Guardamos el nuevo presupuesto diario de «Recompra de verano».');
    await waitFor(async () => expect((await row('Recompra de verano')).getByText('$5.000')).toBeTruthy());
    expect(calls).toContainEqual({
      call: `PUT /api/private/stores/1/adCampaigns/${summerCampaign.id}/dailyBudget`,
      body: { dailyBudget: 5000 },
    });
  });

  it('says SPEC §8 words when Meta fails the deletion, keeping the confirmation open to try again', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore({ failing: ['delete'] }));
    await renderApp('/campaigns');
    await chooseAction('Recompra de verano', 'Eliminar');
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar campaña' }));
    await toast('Ocurrió un error al eliminar la campaña.');
    const confirmation = within(screen.getByRole('alertdialog', { name: '¿Eliminar la campaña «Recompra de verano»?' }));
    await waitFor(() => expect(confirmation.getByRole('button', { name: 'Eliminar campaña' }).getAttribute('aria-busy')).toBeNull());
  });

  it('leads to Integrations when the list answers that Meta must be connected first', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore({ metaProblem: 'notConnected' }));
    await renderApp('/campaigns');
    const link = await screen.findByRole('link', { name: 'Ir a Integraciones' });
    expect(link.getAttribute('href')).toBe('/integrations');
    expect(screen.getByText('Conecta tu cuenta de Meta')).toBeTruthy();
  });

  it('filters by status from the tabs, asking the server for that status', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    const calls = callsMade();
    await renderApp('/campaigns');
    await row('Recompra de verano');
    await userEvent.click(screen.getByRole('tab', { name: 'Finalizadas' }));
    expect(await row('Black Friday 2025')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Recompra de verano' })).toBeNull());
    expect(calls.map(({ call }) => call)).toContain('GET /api/private/stores/1/adCampaigns?status=finished');
  });
});

describe('CampaignDetailRoute', () => {
  it('shows the details and the figures, and that none has come yet before Meta reads them', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore({ insights: { [summerCampaign.id]: insightsNoData } }));
    await renderApp(`/campaigns/${summerCampaign.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recompra de verano' })).toBeTruthy();
    expect(await screen.findByText('Aún no hay resultados')).toBeTruthy();
    expect(screen.getByText('Región Metropolitana y Viña del Mar')).toBeTruthy();
  });

  it('says the figures are being read again while Meta refreshes them', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore({ insights: { [summerCampaign.id]: summerInsightsRefreshing } }));
    await renderApp(`/campaigns/${summerCampaign.id}`);
    expect((await screen.findByRole('status')).textContent).toBe('Actualizando los resultados desde Meta…');
    expect(screen.getByText('9,06x')).toBeTruthy();
  });

  it('says a campaign that does not exist is not found', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    await renderApp('/campaigns/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos esta campaña' })).toBeTruthy();
  });

  it('goes back to the list after deleting', async () => {
    server.use(meAs(sessionUsers.admin), ...adCampaignsStore());
    await renderApp(`/campaigns/${summerCampaign.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Más acciones de Recompra de verano' }));
    await chooseMenuItem('Eliminar');
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar campaña' }));
    await toast('Campaña «Recompra de verano» eliminada.');
    expect(await row('Carritos abandonados')).toBeTruthy();
  });
});
