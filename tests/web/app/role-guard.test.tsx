import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { integrationsSocialAdsExpired } from '../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../mocks/fixtures/session';
import { integrationsAnswer } from '../../../mocks/handlers/integrations';
import { meAs, meWithoutSession } from '../../../mocks/handlers/session';
import { AppRoutes } from '../../../src/web/app/router';
import { pageNavigation } from '../../../src/web/lib/navigation';
import { setupMockServer } from '../msw';
import { renderWithProviders } from '../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('RoleGuard', () => {
  it('shows the loading animation, then the shell with the page', async () => {
    server.use(meAs(sessionUsers.user));
    await renderAt('/whatsapp');
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    expect(await screen.findByText('En construcción')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('aria-current')).toBe('page');
  });

  it('names the tab after the page, and says an unknown address is no page, inside the shell', async () => {
    server.use(meAs(sessionUsers.user));
    await renderAt('/whatsapp');
    await screen.findByText('En construcción');
    await waitFor(() => expect(document.title).toBe('WhatsApp · Recompra'));
    cleanup();
    await renderAt('/no-existe');
    expect(await screen.findByText('No encontramos esta página')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Página no encontrada · Recompra'));
    fireEvent.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    expect(await screen.findByText('Los indicadores clave de tu tienda.')).toBeTruthy();
  });

  it('sends a colaborator away from integrations to the dashboard', async () => {
    server.use(meAs(sessionUsers.colaborator));
    await renderAt('/integrations');
    expect(await screen.findByText('Los indicadores clave de tu tienda.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inicio' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'Integraciones' })).toBeNull();
  });

  it('puts the banners that apply above the page', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsExpired));
    await renderAt('/whatsapp');
    expect(await screen.findByText('Tu conexión con Meta venció. Renuévala para que tus campañas sigan funcionando.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renovar conexión' }).getAttribute('href')).toBe('/integrations');
    expect(screen.getByRole('link', { name: 'Conectar WhatsApp' }).getAttribute('href')).toBe('/integrations');
  });

  it('leaves for the login with returnTo when there is no session', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    server.use(meWithoutSession());
    await renderAt('/chat?filter=unread');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/login?returnTo=%2Fchat%3Ffilter%3Dunread'));
  });
});
