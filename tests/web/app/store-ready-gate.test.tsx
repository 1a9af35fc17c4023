import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { syncFailedLastYear, syncFinished, syncMidway } from '../../../mocks/fixtures/integrations';
import { sessionUsers, userWithoutStore } from '../../../mocks/fixtures/session';
import { subscriptionStates } from '../../../mocks/fixtures/subscription';
import { storeSyncAnswer, storeSyncSequence } from '../../../mocks/handlers/integrations';
import { liveChannel } from '../../../mocks/handlers/live';
import { meAs } from '../../../mocks/handlers/session';
import { billingStore, planRequired } from '../../../mocks/handlers/subscription';
import { AppRoutes } from '../../../src/web/app/router';
import { setupMockServer } from '../msw';
import { renderWithProviders } from '../render';

/** What the WhatsApp page says under its title, once it is shown. */
const WHATSAPP_PAGE = 'Tus campañas de WhatsApp y las plantillas de mensaje que Meta aprobó para enviarlas.';

const server = setupMockServer();

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

describe('StoreReadyGate', () => {
  it('shows the welcome guide with the store form when the user has no store', async () => {
    server.use(meAs(userWithoutStore));
    await renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida a Recompra' })).toBeTruthy();
    expect(screen.getByLabelText('Dirección de la tienda').getAttribute('placeholder')).toBe('mitienda.myshopify.com');
    expect(screen.queryByText('Pedidos totales')).toBeNull();
  });

  it('shows the import progress while the last year downloads, then the page with "Tienda conectada"', async () => {
    const live = liveChannel();
    server.use(meAs(sessionUsers.admin), live.handler, storeSyncSequence([syncMidway, syncFinished]));
    await renderAt('/whatsapp');
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('4.100 de 8.200 pedidos')).toBeTruthy();
    // The import moves on when the live channel says so.
    await waitFor(() => expect(live.channel.open).toBe(1));
    live.channel.send({ topic: 'storeSync' });
    expect(await screen.findByText('Tienda conectada.')).toBeTruthy();
    expect(screen.getByText('Ya tenemos el último año de pedidos; el resto del historial sigue llegando.')).toBeTruthy();
    const page = await screen.findByText(WHATSAPP_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText('Tienda conectada.')).toBeNull();
    // The same page, not a new one: whatever the merchant had open or typed there stays.
    expect(screen.getByText(WHATSAPP_PAGE)).toBe(page);
  });

  it('opens a store imported before straight away, with no confirmation', async () => {
    server.use(meAs(sessionUsers.admin), storeSyncAnswer(syncFinished));
    await renderAt('/whatsapp');
    expect(await screen.findByText(WHATSAPP_PAGE)).toBeTruthy();
    expect(screen.queryByText('Tienda conectada.')).toBeNull();
  });

  it('shows the error and a retry when the import failed before the last year was in', async () => {
    server.use(meAs(sessionUsers.admin), storeSyncAnswer(syncFailedLastYear));
    await renderAt('/dashboard');
    expect(await screen.findByText(syncFailedLastYear.error!)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('shows the page when the import has finished', async () => {
    server.use(meAs(sessionUsers.admin), storeSyncAnswer(syncFinished));
    await renderAt('/dashboard');
    expect(await screen.findByText('Pedidos totales')).toBeTruthy();
  });

  it('shows the way to the plans instead of a data page when the store has neither plan nor trial', async () => {
    server.use(
      meAs(sessionUsers.admin),
      storeSyncAnswer(syncFinished),
      ...planRequired(),
      ...billingStore({ state: subscriptionStates.none }),
    );
    await renderAt('/segments');
    expect(await screen.findByRole('heading', { name: 'Necesitas un plan para ver los datos de tu tienda' })).toBeTruthy();
    expect(screen.getByText(/comienza tu prueba gratuita de 7 días/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Elegir un plan' }).getAttribute('href')).toBe('/account/change-plan');
  });

  it("takes a 402 from any of the page's calls as the same state, whatever the subscription said before", async () => {
    server.use(meAs(sessionUsers.admin), storeSyncAnswer(syncFinished), ...planRequired(), ...billingStore());
    await renderAt('/segments');
    expect(await screen.findByRole('heading', { name: 'Necesitas un plan para ver los datos de tu tienda' })).toBeTruthy();
    expect(screen.queryByText('No pudimos cargar esta información.')).toBeNull();
  });
});
