import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appHttp } from '../../../../mocks/handlers/clients';
import { logoutOffline, logoutRefused } from '../../../../mocks/handlers/session';
import { LogoutRoute } from '../../../../src/web/features/session/routes/logout-route';
import { pageNavigation } from '../../../../src/web/lib/navigation';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

beforeEach(() => {
  document.cookie = 'recompra_csrf=token-123; path=/';
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.cookie = 'recompra_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('LogoutRoute', () => {
  it('posts the sign-out once with the CSRF token, then loads the login screen', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const tokens: (string | null)[] = [];
    server.use(
      appHttp.post('/auth/logout', ({ request, response }) => {
        tokens.push(request.headers.get('x-csrf-token'));
        return response(204).empty();
      }),
    );
    await renderWithApp(<LogoutRoute />, { route: '/api/auth/logout' });
    expect(screen.getByText('Cerrando sesión…')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/login'));
    expect(tokens).toEqual(['token-123']);
  });

  it("shows the server's reason when it refuses, and signs out on retry", async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    server.use(logoutRefused());
    await renderWithApp(<LogoutRoute />, { route: '/api/auth/logout' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No pudimos verificar el origen de la solicitud. Recarga la página e inténtalo de nuevo.',
    );
    expect(assign).not.toHaveBeenCalled();
    server.resetHandlers();
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/auth/login'));
  });

  it('asks to check the connection when nothing came back', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    server.use(logoutOffline());
    await renderWithApp(<LogoutRoute />, { route: '/api/auth/logout' });
    expect(await screen.findByRole('heading', { name: 'No pudimos cerrar tu sesión' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Revisa tu conexión e inténtalo de nuevo.');
    expect(assign).not.toHaveBeenCalled();
  });
});
