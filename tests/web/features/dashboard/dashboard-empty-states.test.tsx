import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { storeStatsEmpty } from '../../../../mocks/fixtures/dashboard';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { dashboardStore, storeStatsAnswer } from '../../../../mocks/handlers/dashboard';
import { meAs } from '../../../../mocks/handlers/session';
import { DashboardRoute } from '../../../../src/web/features/dashboard/routes/dashboard-route';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  server.events.removeAllListeners();
});

/** The address the dashboard keeps its range in, as the browser's bar would show it. */
function Address() {
  return <output aria-label="Dirección">{useLocation().search}</output>;
}

const renderDashboard = (route = '/dashboard') =>
  renderWithApp(
    <>
      <DashboardRoute />
      <Address />
    </>,
    { route },
  );

/** The query strings of the range requests the page makes from now on. */
function rangeQueriesAsked(): string[] {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes('/statsInRange')) asked.push(new URL(request.url).search);
  });
  return asked;
}

const OFFER = 'Ver los últimos 12 meses';

describe('DashboardRoute, a range without sales', () => {
  it('offers the last 12 months in each empty chart, and shows them from the address', async () => {
    // A store that sells (its all-time figures say so), with nothing in any range asked.
    server.use(meAs(sessionUsers.admin), ...dashboardStore({ empty: true }));
    const asked = rangeQueriesAsked();
    await renderDashboard();
    // Each chart is a lazy section of its own: wait for both, not for the first to arrive.
    await waitFor(() => expect(screen.getAllByRole('button', { name: OFFER })).toHaveLength(2));
    const offers = screen.getAllByRole('button', { name: OFFER });
    expect(screen.getAllByText('Aquí verás cómo evolucionan tus ingresos y pedidos. Prueba con otro rango de fechas.')).toHaveLength(2);
    await userEvent.click(offers[0]!);
    expect(screen.getByRole('status', { name: 'Dirección' }).textContent).toBe('?preset=last12Months&granularity=week');
    await waitFor(() => expect(asked).toContain('?preset=last12Months&granularity=week'));
    // Still no sales: the charts explain, without offering the range they already show.
    expect(await screen.findAllByText('Sin ventas en este período', undefined)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
  });

  it('offers nothing when the range already covers the last 12 months', async () => {
    server.use(meAs(sessionUsers.admin), ...dashboardStore({ empty: true }));
    await renderDashboard('/dashboard?from=2024-06-01&to=2026-11-20');
    expect(await screen.findAllByText('Sin ventas en este período', undefined)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
  });

  it('says what the charts will show when the store has never sold, with no range to try', async () => {
    server.use(meAs(sessionUsers.admin), storeStatsAnswer(storeStatsEmpty), ...dashboardStore({ empty: true }));
    await renderDashboard();
    expect(await screen.findAllByText('Aún no tienes ventas', undefined)).toHaveLength(2);
    expect(screen.queryByText('Sin ventas en este período')).toBeNull();
    expect(screen.queryByRole('button', { name: OFFER })).toBeNull();
  });
});
