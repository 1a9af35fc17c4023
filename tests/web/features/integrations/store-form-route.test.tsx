import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installDeniedError,
  invalidStoreCredentialsError,
  refusedShopifyInstall,
  sandboxStoreSettings,
  shopifyInstallStart,
  shopifyUnreachableError,
} from '../../../../mocks/fixtures/integrations';
import { backendHttp } from '../../../../mocks/handlers/clients';
import { shopifyInstallAnswer } from '../../../../mocks/handlers/integrations';
import { StoreFormRoute } from '../../../../src/web/features/integrations/routes/store-form-route';
import { pageNavigation } from '../../../../src/web/lib/navigation';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function fill(values: { name: string; url: string; accessToken: string }) {
  fireEvent.change(screen.getByLabelText('Nombre de la tienda'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('Dirección de la tienda'), { target: { value: values.url } });
  fireEvent.change(screen.getByLabelText('Token de acceso'), { target: { value: values.accessToken } });
  fireEvent.click(screen.getByRole('button', { name: 'Conectar tienda' }));
}

describe('StoreFormRoute (connecting the first store)', () => {
  it('shows Shopify refusing the credentials on the token field', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<StoreFormRoute storeId={null} afterCreate="/dashboard" />);
    fill({ ...sandboxStoreSettings, accessToken: 'shpat_equivocado' });
    expect(await screen.findByText(invalidStoreCredentialsError.message)).toBeTruthy();
    expect(screen.getByLabelText('Token de acceso').getAttribute('aria-invalid')).toBe('true');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server message when Shopify cannot be reached', async () => {
    server.use(backendHttp.post('/me/stores/shopifySettings', ({ response }) => response(422).json(shopifyUnreachableError)));
    await renderWithApp(<StoreFormRoute storeId={null} afterCreate="/dashboard" />);
    fill(sandboxStoreSettings);
    expect((await screen.findByRole('alert')).textContent).toBe(shopifyUnreachableError.message);
  });

  it('starts the app over on the dashboard once the store is created', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<StoreFormRoute storeId={null} afterCreate="/dashboard" />);
    fill(sandboxStoreSettings);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });
});

describe('StoreFormRoute ("Conectar con Shopify")', () => {
  it("leaves for Shopify's consent page, asking to come back to the page it began on", async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST') bodies.push(await request.clone().json());
    });
    await renderWithApp(<StoreFormRoute storeId={null} afterCreate="/dashboard" />);
    fireEvent.change(screen.getByLabelText('Tu tienda en Shopify'), { target: { value: ' recompra-demo.myshopify.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Conectar con Shopify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(shopifyInstallStart.authorizeUrl));
    expect(bodies).toEqual([{ url: 'recompra-demo.myshopify.com', returnTo: '/dashboard' }]);
    server.events.removeAllListeners();
  });

  it('shows why the install was refused when Shopify sends the merchant back', async () => {
    server.use(shopifyInstallAnswer(refusedShopifyInstall(installDeniedError)));
    await renderWithApp(<StoreFormRoute storeId={null} afterCreate="/dashboard" />, { route: '/dashboard?shopifyInstall=41' });
    expect((await screen.findByRole('alert')).textContent).toBe(installDeniedError.message);
  });
});
