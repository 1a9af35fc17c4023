import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  integrationsAllConnected,
  integrationsMessagingQualityRed,
  integrationsSocialAdsConnected,
  integrationsStoreOnly,
  messagingConnected,
  metaUnavailableError,
  whatsappAccountWithoutNumbers,
  whatsappNumberOutlet,
  whatsappSelection,
  whatsappSocialAdsRequiredError,
} from '../../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import {
  integrationsAnswer,
  updateWhatsappSettingsRefused,
  whatsappOptionsRefused,
  whatsappSettingsAnswer,
} from '../../../../mocks/handlers/integrations';
import { meAs } from '../../../../mocks/handlers/session';
import { IntegrationsRoute } from '../../../../src/web/features/integrations/routes/integrations-route';
import { MessagingFormRoute } from '../../../../src/web/features/integrations/routes/messaging-form-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
  toaster.store.remove();
});

/** The bodies of the calls to `path` (a part of it), as they were sent. */
function bodiesSentTo(path: string, method: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(path)) bodies.push(await request.clone().json());
  });
  return bodies;
}

const messagingCard = async () => (await screen.findByRole('heading', { name: 'Mensajería: WhatsApp' })).closest('article')!;

async function renderDialog(props: Partial<Parameters<typeof MessagingFormRoute>[0]> = {}) {
  const onSaved = vi.fn();
  const onConnectRequired = vi.fn();
  await renderWithApp(
    <MessagingFormRoute storeId={1} required={null} onConnectRequired={onConnectRequired} onSaved={onSaved} {...props} />,
  );
  return { onSaved, onConnectRequired };
}

async function choose(label: string, option: string | RegExp) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the WhatsApp card', () => {
  it('waits for Meta, saying so, before offering to connect', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await messagingCard());
    expect(await card.findByText(/^Primero conecta Meta en Anuncios/)).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });

  it('opens the dialog once Meta is connected, saves the number and says so', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsSocialAdsConnected), whatsappSettingsAnswer(messagingConnected));
    const saved = bodiesSentTo('/whatsappSettings', 'PATCH');
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(await within(await messagingCard()).findByRole('button', { name: 'Conectar WhatsApp' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'WhatsApp' }));
    expect((await dialog.findByRole('combobox', { name: 'Cuenta de WhatsApp Business (WhatsApp ID)' })).textContent).toContain(
      'Tienda Demo',
    );
    expect(await dialog.findByText('Calidad: Alta')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Conectamos tu número de WhatsApp. Ya puedes crear plantillas y campañas.')).toBeTruthy();
    expect(saved).toEqual([{ whatsappId: whatsappSelection.whatsappAccount.id, whatsappPhoneNumberId: whatsappSelection.phoneNumber.id }]);
  });

  it('names the number, its quality and the limit; a RED quality is said at once', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsMessagingQualityRed));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await messagingCard());
    expect(await card.findByText('+56 9 2345 6701')).toBeTruthy();
    expect(card.getByText('2.000 clientes cada 24 h')).toBeTruthy();
    expect(card.getByRole('alert').textContent).toMatch(/Meta bajó la calidad de tu número a baja/);
  });

  it('disconnects after asking', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsAllConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await messagingCard());
    fireEvent.click(await card.findByRole('button', { name: 'Desconectar' }));
    const question = within(await screen.findByRole('alertdialog', { name: '¿Desconectar WhatsApp?' }));
    fireEvent.click(question.getByRole('button', { name: 'Desconectar WhatsApp' }));
    expect(await screen.findByText('Desconectamos WhatsApp. Tu cuenta y tus plantillas siguen en Meta.')).toBeTruthy();
  });

  it('shows collaborators the state without letting them change it', async () => {
    server.use(meAs(sessionUsers.colaborator), integrationsAnswer(integrationsAllConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await messagingCard());
    expect(await card.findByText('Conectada')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });
});

describe('the WhatsApp dialog', () => {
  it('asks for both choices before calling, in SPEC §5 words', async () => {
    const saved = bodiesSentTo('/whatsappSettings', 'PATCH');
    await renderDialog();
    await screen.findByRole('combobox', { name: 'Número de teléfono' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('starts from the saved choice, and saves another number with its quality shown', async () => {
    server.use(whatsappSettingsAnswer(messagingConnected));
    const saved = bodiesSentTo('/whatsappSettings', 'PATCH');
    const { onSaved } = await renderDialog();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Número de teléfono' }).textContent).toContain('+56 9 2345 6701'));
    await choose('Número de teléfono', /Tienda Demo Outlet/);
    expect(await screen.findByText('Calidad: Media')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saved).toEqual([{ whatsappId: whatsappSelection.whatsappAccount.id, whatsappPhoneNumberId: whatsappNumberOutlet.id }]);
  });

  it('says an account has no numbers, and nothing can be saved', async () => {
    await renderDialog();
    await choose('Cuenta de WhatsApp Business (WhatsApp ID)', whatsappAccountWithoutNumbers.name);
    expect(await screen.findByText(/no tiene números de WhatsApp disponibles/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Guardar cambios' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says Meta failed, with a retry', async () => {
    server.use(whatsappOptionsRefused(502, metaUnavailableError));
    await renderDialog();
    expect(await screen.findByText('No pudimos leer tus cuentas de WhatsApp en Meta.')).toBeTruthy();
  });

  it('sends the merchant to connect what is missing first', async () => {
    const { onConnectRequired } = await renderDialog({ required: 'socialAds' });
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar Meta' }));
    expect(onConnectRequired).toHaveBeenCalledWith('socialAds');
  });

  it('shows the server refusing a prerequisite gone meanwhile', async () => {
    server.use(whatsappSettingsAnswer(messagingConnected), updateWhatsappSettingsRefused(409, whatsappSocialAdsRequiredError));
    await renderDialog();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Número de teléfono' }).textContent).toContain('+56 9 2345 6701'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(whatsappSocialAdsRequiredError.message)).toBeTruthy();
  });
});
