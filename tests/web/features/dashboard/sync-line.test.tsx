import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { syncFinished } from '../../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { dashboardStore } from '../../../../mocks/handlers/dashboard';
import { storeSyncAnswer } from '../../../../mocks/handlers/integrations';
import { meAs } from '../../../../mocks/handlers/session';
import { DashboardRoute } from '../../../../src/web/features/dashboard/routes/dashboard-route';
import { SyncLine } from '../../../../src/web/features/dashboard/screens/sync-line';
import { setupMockServer } from '../../msw';
import { renderWithApp, renderWithProviders } from '../../render';

const server = setupMockServer();

describe('the dashboard sync line', () => {
  it('says how long ago the store last synced, under the header', async () => {
    const minutesAgo = new Date(Date.now() - 12 * 60_000 - 5_000).toISOString();
    // Ahead of the store's usual answers: the first handler that matches answers.
    server.use(meAs(sessionUsers.colaborator), storeSyncAnswer({ ...syncFinished, lastSyncedAt: minutesAgo }), ...dashboardStore());
    await renderWithApp(<DashboardRoute />, { route: '/dashboard' });
    expect(await screen.findByText('Última sincronización hace 12 min')).toBeTruthy();
  });

  it('says so before any data came in, and shows nothing while unknown', async () => {
    await renderWithProviders(<SyncLine lastSyncedAt={null} />);
    expect(screen.getByText('Aún no hemos sincronizado datos de tu tienda.')).toBeTruthy();
    cleanup();
    const { container } = await renderWithProviders(<SyncLine lastSyncedAt={undefined} />);
    expect(container.textContent).toBe('');
  });
});
