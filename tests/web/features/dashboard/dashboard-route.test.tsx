import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storeStats } from '../../../../mocks/fixtures/dashboard';
import { sessionUsers, userWithoutStore } from '../../../../mocks/fixtures/session';
import { storeStatsAnswer, storeStatsFails } from '../../../../mocks/handlers/dashboard';
import { meAs } from '../../../../mocks/handlers/session';
import { DashboardRoute } from '../../../../src/web/features/dashboard/routes/dashboard-route';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(cleanup);

describe('DashboardRoute', () => {
  it('shows the store total orders formatted for Chile', async () => {
    server.use(meAs(sessionUsers.admin), storeStatsAnswer({ ...storeStats, totalOrders: 1234567 }));
    await renderWithApp(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByText('1.234.567')).toBeTruthy();
    expect(screen.getByText('Pedidos totales')).toBeTruthy();
  });

  it('offers a retry when the figure fails, and shows it once the retry works', async () => {
    server.use(meAs(sessionUsers.admin), storeStatsFails());
    await renderWithApp(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByText('No pudimos cargar esta información.')).toBeTruthy();
    server.use(storeStatsAnswer({ ...storeStats, totalOrders: 42 }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('42')).toBeTruthy();
  });

  it('asks to connect a store when the user has none', async () => {
    server.use(meAs(userWithoutStore));
    await renderWithApp(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByText('Conecta tu tienda para ver sus indicadores.')).toBeTruthy();
  });
});
