import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  integrationsKlaviyoConnected,
  integrationsKlaviyoKeyRefused,
  integrationsStoreOnly,
  invalidKlaviyoKeyError,
  klaviyoUnavailableError,
  missingKlaviyoPermissionsError,
  readOnlyKlaviyoKey,
  sandboxKlaviyoKey,
} from '../../../../mocks/fixtures/integrations';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { connectEmailMarketingFails, integrationsAnswer } from '../../../../mocks/handlers/integrations';
import { meAs } from '../../../../mocks/handlers/session';
import { EmailMarketingFormRoute } from '../../../../src/web/features/integrations/routes/email-marketing-form-route';
import { IntegrationsRoute } from '../../../../src/web/features/integrations/routes/integrations-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

function submitKey(apiKey: string) {
  fireEvent.change(screen.getByLabelText('Clave privada de API'), { target: { value: apiKey } });
  fireEvent.click(screen.getByRole('button', { name: 'Conectar' }));
}

const klaviyoCard = async () => (await screen.findByRole('heading', { name: 'Email marketing: Klaviyo' })).closest('article')!;

describe('EmailMarketingFormRoute', () => {
  it('asks for the key before calling, in SPEC §5 words', async () => {
    await renderWithApp(<EmailMarketingFormRoute storeId={1} onSaved={() => undefined} />);
    submitKey('   ');
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    expect(screen.getByLabelText('Clave privada de API').getAttribute('type')).toBe('password');
    submitKey(`pk_${'x'.repeat(70)}`);
    expect(await screen.findByText('Usa como máximo 64 caracteres.')).toBeTruthy();
  });

  it('shows an invalid key and missing permissions beside the key, in the server words', async () => {
    await renderWithApp(<EmailMarketingFormRoute storeId={1} onSaved={() => undefined} />);
    submitKey('pk_equivocada');
    expect(await screen.findByText(invalidKlaviyoKeyError.message)).toBeTruthy();
    expect(screen.getByLabelText('Clave privada de API').getAttribute('aria-invalid')).toBe('true');
    submitKey(readOnlyKlaviyoKey);
    expect(await screen.findByText(missingKlaviyoPermissionsError.message)).toBeTruthy();
    expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain('Profiles:write');
  });

  it('says to try again later when Klaviyo fails, and when the system does', async () => {
    server.use(connectEmailMarketingFails(502));
    await renderWithApp(<EmailMarketingFormRoute storeId={1} onSaved={() => undefined} />);
    submitKey(sandboxKlaviyoKey);
    expect((await screen.findByRole('alert')).textContent).toBe(klaviyoUnavailableError.message);
    server.use(connectEmailMarketingFails(500));
    submitKey(sandboxKlaviyoKey);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Ocurrió un error en el sistema. Inténtalo de nuevo más tarde.'),
    );
  });
});

describe('the Klaviyo card', () => {
  it('connects Klaviyo from the card and shows it connected', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsStoreOnly));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    fireEvent.click(await within(await klaviyoCard()).findByRole('button', { name: 'Conectar Klaviyo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Conecta Klaviyo' }));
    server.use(integrationsAnswer(integrationsKlaviyoConnected));
    fireEvent.change(dialog.getByLabelText('Clave privada de API'), { target: { value: ` ${sandboxKlaviyoKey} ` } });
    fireEvent.click(dialog.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByText('Conectamos Klaviyo. Ya puedes sincronizar tus segmentos.')).toBeTruthy();
    const card = within(await klaviyoCard());
    expect(await card.findByText('Conectada')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Desconectar' })).toBeTruthy();
  });

  it('disconnects, saying the lists stay in Klaviyo', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsKlaviyoConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await klaviyoCard());
    server.use(integrationsAnswer(integrationsStoreOnly));
    fireEvent.click(await card.findByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Desconectamos Klaviyo. Tus listas siguen en Klaviyo.')).toBeTruthy();
    expect(await card.findByRole('button', { name: 'Conectar Klaviyo' })).toBeTruthy();
  });

  it('asks for a new key when Klaviyo stopped taking the saved one', async () => {
    server.use(meAs(sessionUsers.admin), integrationsAnswer(integrationsKlaviyoKeyRefused));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await klaviyoCard());
    expect(await card.findByText(/Klaviyo ya no acepta la clave guardada/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Cambiar clave' })).toBeTruthy();
  });

  it('shows collaborators the state without letting them change it', async () => {
    server.use(meAs(sessionUsers.colaborator), integrationsAnswer(integrationsKlaviyoConnected));
    await renderWithApp(<IntegrationsRoute />, { route: '/integrations' });
    const card = within(await klaviyoCard());
    expect(await card.findByText('Conectada')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });
});
