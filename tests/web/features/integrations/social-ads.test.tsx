import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  integrationsSocialAdsConnected,
  integrationsSocialAdsExpired,
  integrationsStoreOnly,
  metaAdAccountNotAdmin,
  metaAdAccountTermsPending,
  metaInvalidTokenError,
  metaLogin,
  metaNotAdminError,
  metaOptions,
  metaOptionsTermsAccepted,
  metaRenewalRequiredError,
  metaSelection,
  metaSettingsAccountOnly,
  metaSettingsConnected,
  metaSettingsExpired,
  metaUnavailableError,
  refusedFacebookToken,
  sandboxFacebookToken,
} from '../../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { appHttp } from '../../../../mocks/handlers/clients';
import {
  integrationsAnswer,
  metaOptionsRefused,
  metaOptionsSequence,
  metaSettingsAnswer,
  updateMetaSettingsRefused,
} from '../../../../mocks/handlers/integrations';
import { meAs } from '../../../../mocks/handlers/session';
import { FACEBOOK_LOGIN_STORAGE_KEY, facebookLoginUrl } from '../../../../src/web/features/integrations/api/facebook-login';
import { IntegrationsRoute } from '../../../../src/web/features/integrations/routes/integrations-route';
import { SocialAdsFormRoute } from '../../../../src/web/features/integrations/routes/social-ads-form-route';
import { pageNavigation } from '../../../../src/web/lib/navigation';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
  toaster.store.remove();
});

/** The bodies of the calls to `path` (a part of it), as they were sent. */
function bodiesSentTo(path: string, method = 'POST') {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(path)) bodies.push(await request.clone().json());
  });
  return bodies;
}

/** The address the router is at, to see the way back's token leave it. */
function Address() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${search}${hash}`}</output>;
}

const socialAdsCard = async () => (await screen.findByRole('heading', { name: 'Anuncios: Meta' })).closest('article')!;

async function renderDialog(props: Partial<Parameters<typeof SocialAdsFormRoute>[0]> = {}) {
  const onSaved = vi.fn();
  const onConnectStore = vi.fn();
  await renderWithApp(<SocialAdsFormRoute storeId={1} storeConnected onConnectStore={onConnectStore} onSaved={onSaved} {...props} />);
  return { onSaved, onConnectStore };
}

async function choose(label: string, option: string | RegExp) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the social ads card', () => {
  it('leaves for Facebook Login from the dialog, keeping the state and the store in the tab', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(await within(await socialAdsCard()).findByRole('button', { name: 'Conectar Meta' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anuncios en Meta' }));
    expect(await dialog.findByText(/acceso de administrador a la cuenta publicitaria/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Conectar con Facebook' }));
    const saved = JSON.parse(sessionStorage.getItem(FACEBOOK_LOGIN_STORAGE_KEY)!);
    expect(saved).toEqual({ state: expect.stringMatching(/^[0-9a-f]{32}$/), storeId: 1 });
    expect(assign).toHaveBeenCalledWith(facebookLoginUrl(metaLogin, saved.state));
    expect((await dialog.findByRole('button', { name: 'Abriendo Facebook…' })).getAttribute('aria-busy')).toBe('true');
  });

  it('offers to renew a connection Meta stopped taking, saying campaigns are paused', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsExpired), metaSettingsAnswer(metaSettingsExpired));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await socialAdsCard());
    expect(await card.findByText(/no podremos actualizar tus campañas ni sus resultados/)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Renovar conexión' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anuncios en Meta' }));
    expect(await dialog.findByRole('button', { name: 'Volver a conectar con Facebook' })).toBeTruthy();
  });

  it('shows collaborators the state without letting them change it', async () => {
    server.use(meAs(sessionUsers.colaborator), integrationsAnswer(integrationsSocialAdsConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await socialAdsCard());
    expect(await card.findByText('Conectada')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });
});

/**
 * The Integrations page at `address`, the way back from a Facebook Login this tab started with state
 * `f00d`; what was posted to the token exchange, and the dialog it opens.
 */
async function backFromFacebook(address: string) {
  sessionStorage.setItem(FACEBOOK_LOGIN_STORAGE_KEY, JSON.stringify({ state: 'f00d', storeId: 1 }));
  server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly), metaSettingsAnswer(metaSettingsAccountOnly));
  const exchanged = bodiesSentTo('/metaSettings/accessToken');
  await renderWithApp(
    <>
      <IntegrationsRoute />
      <Address />
    </>,
    { route: address },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Anuncios en Meta' }));
  return { exchanged, dialog, address: () => screen.getByTestId('address').textContent };
}

describe('back from Facebook Login', () => {
  it('hands the token over once, cleans the address and opens the choice', async () => {
    const { exchanged, dialog, address } = await backFromFacebook(
      `/integrations#access_token=${sandboxFacebookToken}&expires_in=5183999&state=f00d`,
    );
    await waitFor(() => expect(address()).toBe('/integrations'));
    expect(await dialog.findByText('Camila Rojas')).toBeTruthy();
    expect(await dialog.findByRole('combobox', { name: 'Portafolio comercial' })).toBeTruthy();
    expect(exchanged).toEqual([{ accessToken: sandboxFacebookToken }]);
    expect(sessionStorage.getItem(FACEBOOK_LOGIN_STORAGE_KEY)).toBeNull();
  });

  it('says the login was cancelled, and posts nothing', async () => {
    const { exchanged, dialog, address } = await backFromFacebook(
      '/integrations?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=f00d#_=_',
    );
    expect((await dialog.findByRole('alert')).textContent).toMatch(/^Cancelaste el inicio de sesión con Facebook/);
    expect(address()).toBe('/integrations');
    expect(exchanged).toEqual([]);
  });

  it('does not trust a token whose state this tab did not keep', async () => {
    const { exchanged, dialog, address } = await backFromFacebook(`/integrations#access_token=${sandboxFacebookToken}&state=beef`);
    expect((await dialog.findByRole('alert')).textContent).toMatch(/^No pudimos confirmar que esta respuesta viniera/);
    expect(address()).toBe('/integrations');
    expect(exchanged).toEqual([]);
  });

  it("shows Meta's refusal of the token in its words", async () => {
    await renderDialog({ facebookReturn: { kind: 'token', accessToken: refusedFacebookToken, storeId: 1 } });
    expect((await screen.findByRole('alert')).textContent).toBe(metaInvalidTokenError.message);
    expect(screen.getByRole('button', { name: 'Conectar con Facebook' })).toBeTruthy();
  });
});

describe('choosing the assets', () => {
  it('asks for each choice before calling, in SPEC §5 words', async () => {
    server.use(metaSettingsAnswer(metaSettingsAccountOnly));
    const saved = bodiesSentTo('/metaSettings', 'PATCH');
    await renderDialog();
    // Nothing saved yet: the first business manager, nothing else chosen.
    expect((await screen.findByRole('combobox', { name: 'Portafolio comercial' })).textContent).toContain('Tienda Demo SpA');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4));
    expect(saved).toEqual([]);
  });

  it('starts from the saved choice and saves it', async () => {
    server.use(metaSettingsAnswer(metaSettingsConnected));
    const saved = bodiesSentTo('/metaSettings', 'PATCH');
    const { onSaved } = await renderDialog();
    expect((await screen.findByRole('combobox', { name: 'Cuenta publicitaria' })).textContent).toContain(metaSelection.adAccount.name);
    expect(screen.getByRole('combobox', { name: 'Píxel' }).textContent).toContain(metaSelection.pixel.name);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saved).toEqual([
      {
        businessId: metaSelection.business.id,
        adAccountId: metaSelection.adAccount.id,
        pageId: metaSelection.page.id,
        instagramAccountId: metaSelection.instagramAccount.id,
        pixelId: metaSelection.pixel.id,
      },
    ]);
  });

  it("reads another business manager's options, clearing the other choices", async () => {
    server.use(metaSettingsAnswer(metaSettingsConnected));
    const asked: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/settingsOptions')) asked.push(url.searchParams.get('businessId'));
    });
    await renderDialog();
    await choose('Portafolio comercial', 'Agencia Sin Activos');
    expect(await screen.findByText(/^Este portafolio comercial no tiene opciones disponibles/)).toBeTruthy();
    expect(asked).toEqual([null, '1500000000000002']);
    expect(screen.getByRole('combobox', { name: 'Cuenta publicitaria' })).toHaveProperty('disabled', true);
    await choose('Portafolio comercial', 'Tienda Demo SpA');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cuenta publicitaria' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('combobox', { name: 'Cuenta publicitaria' }).textContent).not.toContain(metaSelection.adAccount.name);
  });

  it('marks an ad account without admin access, and shows the refusal beside it', async () => {
    server.use(metaSettingsAnswer(metaSettingsConnected));
    await renderDialog();
    await choose('Cuenta publicitaria', `${metaAdAccountNotAdmin.name} (CLP), sin acceso de administrador`);
    expect(await screen.findByText(/No tienes acceso de administrador a esta cuenta publicitaria/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(metaNotAdminError.message)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Cuenta publicitaria' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('links to the Custom Audience terms and checks again once accepted', async () => {
    server.use(metaSettingsAnswer(metaSettingsConnected), metaOptionsSequence([metaOptions, metaOptions, metaOptionsTermsAccepted]));
    await renderDialog();
    await choose('Cuenta publicitaria', /^Tienda Demo — Campañas nuevas/);
    const link = await screen.findByRole('link', { name: /Aceptar los términos en Meta/ });
    expect(link.getAttribute('href')).toBe(metaAdAccountTermsPending.termsUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // Not yet accepted: the warning stays.
    fireEvent.click(screen.getByRole('button', { name: 'Ya los acepté, revisar de nuevo' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ya los acepté, revisar de nuevo' }).getAttribute('aria-busy')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ya los acepté, revisar de nuevo' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Aceptar los términos en Meta/ })).toBeNull());
  });

  it('says Meta failed above the form, and turns to renewing when Meta stopped taking the token', async () => {
    server.use(metaSettingsAnswer(metaSettingsConnected), updateMetaSettingsRefused(502, metaUnavailableError));
    await renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar cambios' }));
    expect((await screen.findByRole('alert')).textContent).toBe(metaUnavailableError.message);
    server.use(updateMetaSettingsRefused(409, metaRenewalRequiredError), metaSettingsAnswer(metaSettingsExpired));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('button', { name: 'Volver a conectar con Facebook' })).toBeTruthy();
  });

  it('turns to renewing when Meta stops taking the token while the options are read', async () => {
    // The server marks the connection for renewal when Meta refuses: read again, the connection says so.
    let reads = 0;
    server.use(
      appHttp.get('/private/stores/{id}/metaSettings', ({ response }) =>
        response(200).json(reads++ === 0 ? metaSettingsConnected : metaSettingsExpired),
      ),
      metaOptionsRefused(409, metaRenewalRequiredError),
    );
    await renderDialog();
    expect(await screen.findByRole('button', { name: 'Volver a conectar con Facebook' })).toBeTruthy();
    expect(reads).toBe(2);
  });

  it('sends the merchant to connect the store first', async () => {
    const { onConnectStore } = await renderDialog({ storeConnected: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar mi tienda' }));
    expect(onConnectStore).toHaveBeenCalledTimes(1);
  });
});
