import { cleanup, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary, routeErrorKind } from '../../../src/web/app/route-error';
import { renderWithProviders } from '../render';

const STALE = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/dashboard-route-3f9a.js');

/** A page whose code fails to load, the way a redeploy or a dropped connection makes it fail. */
function renderBrokenPage(error: Error) {
  const Broken = lazy(() => Promise.reject(error));
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard']}>
      <RouteErrorBoundary>
        <Routes>
          <Route
            path="/dashboard"
            element={
              <Suspense fallback={null}>
                <Broken />
              </Suspense>
            }
          />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

const reload = vi.fn();
beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal('location', { ...window.location, reload });
  // React and the router log the failure (the screen is what matters here).
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a page that cannot be shown', () => {
  it('tells a stale page after a redeploy, no connection and anything else apart', () => {
    expect(routeErrorKind(STALE, true)).toBe('newVersion');
    expect(routeErrorKind(new TypeError('Importing a module script failed.'), true)).toBe('newVersion');
    expect(routeErrorKind(STALE, false)).toBe('offline');
    expect(routeErrorKind(new Error('Cannot read properties of undefined'), true)).toBe('unexpected');
  });

  it('reloads once for the new version, and explains in Spanish if the reload did not help', async () => {
    await renderBrokenPage(STALE);
    expect(await screen.findByText('Hay una versión nueva de Recompra')).toBeTruthy();
    // The reload is the screen's effect, which may run just after the screen is drawn.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    cleanup();
    await renderBrokenPage(STALE);
    expect(await screen.findByRole('button', { name: 'Recargar la página' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it('says there is no connection, and tries again when it comes back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderBrokenPage(STALE);
    expect(await screen.findByText('Sin conexión')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    // The screen listens from its effect, which may run just after the screen is drawn: the connection
    // comes back until something hears it, and the first time it is heard reloads the page.
    await waitFor(() => {
      window.dispatchEvent(new Event('online'));
      expect(reload).toHaveBeenCalled();
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('explains any other failure without developer words, with a way home', async () => {
    await renderBrokenPage(new Error('Cannot read properties of undefined'));
    expect(await screen.findByText('No pudimos mostrar esta página')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/dashboard');
  });
});
