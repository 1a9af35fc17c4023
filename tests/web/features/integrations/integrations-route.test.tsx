import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  installMissingScopesError,
  integrationsNeedsAttention,
  integrationsSocialAdsConnected,
  integrationsStoreOnly,
  integrationsStoreRefreshing,
  integrationsStoreUninstalled,
  refusedShopifyInstall,
  syncFinished,
  syncHistoric,
  syncRefreshing,
} from '../../../../mocks/fixtures/integrations';
import { sessionUsers, userWithoutStore } from '../../../../mocks/fixtures/session';
import {
  disconnectMetaAnswer,
  disconnectMetaFails,
  integrationsAnswer,
  shopifyInstallAnswer,
  storeSyncRefreshAnswer,
  storeSyncRefreshBusy,
  storeSyncRetryAnswer,
} from '../../../../mocks/handlers/integrations';
import { liveChannel } from '../../../../mocks/handlers/live';
import { meAs } from '../../../../mocks/handlers/session';
import { IntegrationsRoute } from '../../../../src/web/features/integrations/routes/integrations-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { LiveUpdates, renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

const metaCard = async () => (await screen.findByRole('heading', { name: 'Anuncios: Meta' })).closest('article')!;

const storeCard = async () => (await screen.findByRole('heading', { name: 'Tienda: Shopify' })).closest('article')!;

describe('IntegrationsRoute', () => {
  it('shows the connected store with its address and import status', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await storeCard());
    expect(await card.findByText('recompra-demo.myshopify.com')).toBeTruthy();
    expect(card.getByText('Datos al día')).toBeTruthy();
    expect(screen.getByText('Pronto sumaremos más integraciones.')).toBeTruthy();
  });

  it('retries a failed import from the card', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsNeedsAttention), storeSyncRetryAnswer(syncHistoric));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await storeCard());
    expect(await card.findByText(integrationsNeedsAttention.store.sync.error!)).toBeTruthy();
    server.use(integrationsAnswer({ ...integrationsStoreOnly, store: { ...integrationsStoreOnly.store, sync: syncHistoric } }));
    fireEvent.click(card.getByRole('button', { name: 'Reintentar' }));
    expect(await card.findByText('Descargando historial')).toBeTruthy();
  });

  it('opens the store form when a user without a store connects one', async () => {
    server.use(meAs(userWithoutStore));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(within(await storeCard()).getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByRole('dialog', { name: 'Conecta tu tienda de Shopify' })).toBeTruthy();
    expect(screen.getByLabelText('Token de acceso').getAttribute('type')).toBe('password');
  });

  it('shows a store whose shop uninstalled the app as disconnected, and installs it again from the store form', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreUninstalled));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await storeCard());
    expect(await card.findByText('Desconectada')).toBeTruthy();
    expect(card.getByRole('status').textContent).toMatch(/^Desinstalaste la app de Recompra en Shopify el /);
    fireEvent.click(card.getByRole('button', { name: 'Conectar con Shopify' }));
    const dialog = within(await screen.findByRole('dialog'));
    // The same store, its address filled in: "Conectar con Shopify" there installs the app on it again.
    expect((dialog.getByLabelText('Tu tienda en Shopify') as HTMLInputElement).value).toBe('recompra-demo.myshopify.com');
    expect(dialog.getByRole('button', { name: 'Conectar con Shopify' })).toBeTruthy();
  });

  it('opens the store form on why Shopify refused the install, back from Shopify', async () => {
    server.use(meAs(userWithoutStore), shopifyInstallAnswer(refusedShopifyInstall(installMissingScopesError)));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations?shopifyInstall=41' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Conecta tu tienda de Shopify' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(installMissingScopesError.message);
    expect((dialog.getByLabelText('Tu tienda en Shopify') as HTMLInputElement).value).toBe('recompra-demo.myshopify.com');
  });

  it('says when the data last came in, syncs on demand and reports how it ended', async () => {
    const live = liveChannel();
    server.use(meAs(sessionUsers.admin), live.handler, integrationsAnswer(integrationsStoreOnly), storeSyncRefreshAnswer(syncRefreshing));
    await renderWithApp(
      <>
        <LiveUpdates />
        <IntegrationsRoute />
      </>,
      { route: '/integrations' },
    );
    const card = within(await storeCard());
    expect(await card.findByText(/^Última sincronización hace \d+ días$/)).toBeTruthy();
    await waitFor(() => expect(live.channel.open).toBe(1));
    server.use(integrationsAnswer(integrationsStoreRefreshing));
    fireEvent.click(card.getByRole('button', { name: 'Sincronizar ahora' }));
    expect(await screen.findByText('Estamos sincronizando tu tienda.')).toBeTruthy();
    expect(await card.findByRole('button', { name: 'Ya estamos sincronizando' })).toHaveProperty('disabled', true);
    // The refresh ends with Shopify refusing the token: the card and a toast say it in the merchant's words.
    const failed = {
      ...syncFinished,
      lastSyncedAt: new Date().toISOString(),
      failures: [{ code: 'tokenRejected' as const, at: new Date().toISOString() }],
    };
    server.use(integrationsAnswer({ ...integrationsStoreOnly, store: { ...integrationsStoreOnly.store, sync: failed } }));
    live.channel.send({ topic: 'storeSync' });
    expect(await screen.findByText('No pudimos sincronizar tu tienda.')).toBeTruthy();
    expect(card.getAllByText(/Shopify rechazó el token de acceso: vuelve a conectar la tienda\./).length).toBeGreaterThan(0);
    expect(card.getByText('Última sincronización hace un momento')).toBeTruthy();
  });

  it('says a sync is already running instead of starting another', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly), storeSyncRefreshBusy());
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(await within(await storeCard()).findByRole('button', { name: 'Sincronizar ahora' }));
    expect(await screen.findByText('Ya estamos sincronizando tu tienda.')).toBeTruthy();
  });

  it('names what Meta connects and disconnects it once confirmed, the card reading the connection again', async () => {
    let disconnected = 0;
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsConnected), disconnectMetaAnswer());
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'DELETE' && new URL(request.url).pathname.endsWith('/metaSettings')) disconnected += 1;
    });
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await metaCard());
    expect(await card.findByText('Tienda Demo — Principal')).toBeTruthy();
    expect(card.getByText('Tienda Demo')).toBeTruthy();
    expect(card.getByText('Píxel Tienda Demo')).toBeTruthy();
    expect(card.getByText('ID 9100000000000001')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Desconectar' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: '¿Desconectar Meta?' }));
    // Cancelling asks nothing of the server.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(disconnected).toBe(0);

    server.use(integrationsAnswer(integrationsStoreOnly));
    fireEvent.click(card.getByRole('button', { name: 'Desconectar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desconectar Meta' }));
    expect(await screen.findByText('Desconectamos Meta. Lo que creaste en Meta sigue allá.')).toBeTruthy();
    expect(disconnected).toBe(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await card.findByRole('button', { name: 'Conectar Meta' })).toBeTruthy();
    expect(card.queryByText('Tienda Demo — Principal')).toBeNull();
  });

  it('keeps the question open and says so when disconnecting Meta fails', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsConnected), disconnectMetaFails());
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(await within(await metaCard()).findByRole('button', { name: 'Desconectar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desconectar Meta' }));
    expect(await screen.findByText('No se pudo desconectar Meta. Inténtalo de nuevo en unos minutos.')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: '¿Desconectar Meta?' })).toBeTruthy();
  });

  it('offers no disconnection to a role that may not manage integrations', async () => {
    server.use(meAs(sessionUsers.colaborator), integrationsAnswer(integrationsSocialAdsConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await metaCard());
    expect(await card.findByText('Píxel Tienda Demo')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Desconectar' })).toBeNull();
  });

  it('shows the health without "Sincronizar ahora" to a role that may not sync', async () => {
    server.use(meAs(sessionUsers.colaborator), integrationsAnswer(integrationsStoreOnly));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await storeCard());
    expect(await card.findByText(/^Última sincronización hace/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Sincronizar ahora' })).toBeNull();
  });
});
