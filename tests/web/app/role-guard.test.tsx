import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** What the WhatsApp page says under its title, once it is shown. */
const WHATSAPP_PAGE = 'Tus campañas de WhatsApp y las plantillas de mensaje que Meta aprobó para enviarlas.';

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
    expect(await screen.findByText(WHATSAPP_PAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('aria-current')).toBe('page');
  });

  it('names the tab after the page, and says an unknown address is no page, inside the shell', async () => {
    server.use(meAs(sessionUsers.user));
    await renderAt('/whatsapp');
    await screen.findByText(WHATSAPP_PAGE);
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

describe('the terms and the privacy policy', () => {
  it('open signed out, without sending anyone to sign in, and link to each other and to support', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    server.use(meWithoutSession());
    await renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeTruthy();
    // The figures come from the product's own constants.
    expect(screen.getByText(/Tu plan comienza con 7 días de prueba gratuita/)).toBeTruthy();
    expect(screen.getByText(/hasta 5 colaboradores por tienda/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'soporte@recompra.cl' }).getAttribute('href')).toBe('mailto:soporte@recompra.cl');
    expect(assign).not.toHaveBeenCalled();
    expect(document.title).toBe('Términos del servicio · Recompra');
  });

  it('says what is stored, for how long and who processes it, with the merchant’s rights under Chilean law', async () => {
    server.use(meWithoutSession());
    await renderAt('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeTruthy();
    const retention = screen.getByRole('region', { name: /Por cuánto tiempo los guardamos/ });
    expect(within(retention).getByText(/Sesiones: 14 días/)).toBeTruthy();
    expect(within(retention).getByText(/Avisos a tus pestañas abiertas: 1 día\./)).toBeTruthy();
    const processors = screen.getByRole('region', { name: /Con quién los compartimos/ });
    for (const name of ['Shopify', 'Meta', 'Klaviyo', 'Stripe'])
      expect(within(processors).getAllByText(new RegExp(name)).length).toBeGreaterThan(0);
    const rights = screen.getByRole('region', { name: /Tus derechos/ });
    expect(within(rights).getByText(/Ley 19\.628 y la Ley 21\.719/)).toBeTruthy();
    expect(screen.getAllByText(/soporte@recompra\.cl/).length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Términos del servicio' }).getAttribute('href')).toBe('/terms');
  });
});
