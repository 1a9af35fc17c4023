import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordChangeLockedOutError } from '../../../../mocks/fixtures/account';
import { DEMO_PASSWORD, sessionUsers, userWithoutStore } from '../../../../mocks/fixtures/session';
import { accountDetails } from '../../../../mocks/fixtures/team';
import {
  changePasswordRefused,
  closeOtherSessionsAnswer,
  closeOtherSessionsFails,
  updateAccountDetailsFails,
} from '../../../../mocks/handlers/account';
import { appHttp } from '../../../../mocks/handlers/clients';
import { meAs } from '../../../../mocks/handlers/session';
import { AccountRoute } from '../../../../src/web/features/account/routes/account-route';
import { ChangePlanRoute } from '../../../../src/web/features/account/routes/change-plan-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  // One toaster per page: a toast left by one test would take a visible place in the next.
  toaster.store.remove();
});

function renderAccount() {
  return renderWithApp(<AccountRoute storeTab={null} />, { route: '/account' });
}

async function openNameForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Editar nombre' }));
  return screen.getByLabelText('Nombre') as HTMLInputElement;
}

async function openPasswordDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cambiar contraseña' }));
  return within(await screen.findByRole('dialog', { name: 'Cambiar contraseña' }));
}

function typePasswords(dialog: ReturnType<typeof within>, current: string, next: string) {
  fireEvent.input(dialog.getByLabelText('Contraseña actual'), { target: { value: current } });
  fireEvent.input(dialog.getByLabelText('Nueva contraseña'), { target: { value: next } });
  fireEvent.click(dialog.getByRole('button', { name: 'Guardar contraseña' }));
}

async function confirmSignOutOthers() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en los demás dispositivos' }));
  const dialog = within(await screen.findByRole('alertdialog', { name: '¿Cerrar sesión en los demás dispositivos?' }));
  fireEvent.click(dialog.getByRole('button', { name: 'Cerrar sesiones' }));
}

describe('AccountRoute: the name', () => {
  it('saves the name, shows it, confirms it with a toast and refreshes the signed-in user', async () => {
    const sent: unknown[] = [];
    let sessionReads = 0;
    server.use(
      appHttp.patch('/private/me/account_details', async ({ request, response }) => {
        const body = await request.json();
        sent.push(body);
        return response(200).json({ ...accountDetails, name: body.name.trim() });
      }),
      appHttp.get('/auth/me', ({ response }) => {
        sessionReads += 1;
        return response(200).json(sessionUsers.admin);
      }),
    );
    await renderAccount();
    expect(await screen.findByText(accountDetails.name)).toBeTruthy();
    const field = await openNameForm();
    expect(field.value).toBe(accountDetails.name);
    fireEvent.input(field, { target: { value: '  Camila Soto Pérez ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardamos tu nombre.')).toBeTruthy();
    expect(sent).toEqual([{ name: '  Camila Soto Pérez ' }]);
    // The form closes on the name as saved, and the session's user (which carries the name) is read again.
    expect(await screen.findByText('Camila Soto Pérez')).toBeTruthy();
    expect(screen.queryByLabelText('Nombre')).toBeNull();
    await waitFor(() => expect(sessionReads).toBe(2));
  });

  it.each([
    ['', 'Este campo es obligatorio.'],
    ['   ', 'El nombre no puede tener solo espacios.'],
    ['a'.repeat(101), 'El nombre no puede superar los 100 caracteres.'],
  ])('refuses %j before calling the server', async (name, message) => {
    let calls = 0;
    server.use(
      appHttp.patch('/private/me/account_details', ({ response }) => {
        calls += 1;
        return response(200).json(accountDetails);
      }),
    );
    await renderAccount();
    fireEvent.input(await openNameForm(), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toBe(0);
  });

  it('keeps the form open with an alert when the server fails', async () => {
    server.use(updateAccountDetailsFails());
    await renderAccount();
    fireEvent.input(await openNameForm(), { target: { value: 'Camila' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos guardar tu nombre. Inténtalo de nuevo en unos minutos.');
    expect(screen.getByLabelText('Nombre')).toBeTruthy();
  });

  it('shows the field error the server names beside the field', async () => {
    server.use(
      appHttp.patch('/private/me/account_details', ({ response }) =>
        response(400).json({
          message: 'Revisa los datos enviados.',
          code: 'invalid_request',
          fieldErrors: [{ field: 'name', message: 'No puede contener caracteres de control.' }],
        }),
      ),
    );
    await renderAccount();
    fireEvent.input(await openNameForm(), { target: { value: 'Camila' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No puede contener caracteres de control.')).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
  });

  it('cancels with Escape and gives the focus back to "Editar nombre"', async () => {
    await renderAccount();
    const field = await openNameForm();
    fireEvent.input(field, { target: { value: 'Otro nombre' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText('Nombre')).toBeNull());
    expect(screen.getByText(accountDetails.name)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Editar nombre' }));
  });
});

describe('AccountRoute: the password', () => {
  it('changes it, closes the dialog and says how many other sessions ended', async () => {
    const sent: unknown[] = [];
    server.use(
      appHttp.put('/private/me/password', async ({ request, response }) => {
        sent.push(await request.json());
        return response(200).json({ closed: 3 });
      }),
    );
    await renderAccount();
    typePasswords(await openPasswordDialog(), DEMO_PASSWORD, 'nueva-clave-2026');
    expect(await screen.findByText('Cambiamos tu contraseña.')).toBeTruthy();
    expect(screen.getByText('También cerramos tu sesión en otros 3 dispositivos.')).toBeTruthy();
    expect(sent).toEqual([{ currentPassword: DEMO_PASSWORD, newPassword: 'nueva-clave-2026' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong current password beside its field and keeps the dialog open', async () => {
    await renderAccount();
    const dialog = await openPasswordDialog();
    typePasswords(dialog, 'clave-olvidada', 'nueva-clave-2026');
    expect(await dialog.findByText('La contraseña actual no es correcta.')).toBeTruthy();
    expect(dialog.getByLabelText('Contraseña actual').getAttribute('aria-invalid')).toBe('true');
    // Said once, beside the field.
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Cambiamos tu contraseña.')).toBeNull();
  });

  it('shows the throttle refusal as an alert', async () => {
    server.use(changePasswordRefused(429, passwordChangeLockedOutError));
    await renderAccount();
    const dialog = await openPasswordDialog();
    typePasswords(dialog, 'otra-clave-1', 'nueva-clave-2026');
    expect((await dialog.findByRole('alert')).textContent).toBe(passwordChangeLockedOutError.message);
  });

  it.each([
    ['', '', 'Ingresa tu contraseña actual.'],
    [DEMO_PASSWORD, 'corta1', 'Usa al menos 8 caracteres, con letras y números.'],
    [DEMO_PASSWORD, '12345678', 'Usa al menos 8 caracteres, con letras y números.'],
    ['clave-2026', 'clave-2026', 'La nueva contraseña debe ser distinta de la actual.'],
  ])('refuses %j → %j before calling the server', async (current, next, message) => {
    let calls = 0;
    server.use(
      appHttp.put('/private/me/password', ({ response }) => {
        calls += 1;
        return response(200).json({ closed: 0 });
      }),
    );
    await renderAccount();
    const dialog = await openPasswordDialog();
    typePasswords(dialog, current, next);
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('opens with empty fields again after a cancel', async () => {
    await renderAccount();
    let dialog = await openPasswordDialog();
    fireEvent.input(dialog.getByLabelText('Contraseña actual'), { target: { value: 'algo' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openPasswordDialog();
    expect((dialog.getByLabelText('Contraseña actual') as HTMLInputElement).value).toBe('');
  });
});

describe('AccountRoute: "Cerrar sesión en los demás dispositivos"', () => {
  it('asks first, then says how many sessions ended', async () => {
    server.use(closeOtherSessionsAnswer(2));
    await renderAccount();
    await confirmSignOutOthers();
    expect(await screen.findByText('Cerramos tu sesión en otros 2 dispositivos.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says so when there were none', async () => {
    server.use(closeOtherSessionsAnswer(0));
    await renderAccount();
    await confirmSignOutOthers();
    expect(await screen.findByText('No tenías la sesión abierta en otros dispositivos.')).toBeTruthy();
  });

  it('calls nothing when the confirmation is cancelled', async () => {
    let calls = 0;
    server.use(
      appHttp.delete('/private/me/other_sessions', ({ response }) => {
        calls += 1;
        return response(200).json({ closed: 0 });
      }),
    );
    await renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en los demás dispositivos' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toBe(0);
  });

  it('reports a failure with a toast', async () => {
    server.use(closeOtherSessionsFails());
    await renderAccount();
    await confirmSignOutOthers();
    expect(await screen.findByText('No pudimos cerrar tus otras sesiones.')).toBeTruthy();
  });
});

describe('an account without a store', () => {
  it('says a plan needs a store, and where to connect it, instead of waiting for a subscription', async () => {
    server.use(meAs(userWithoutStore));
    await renderAccount();
    expect(await screen.findByText('Aún no conectas tu tienda')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conectar mi tienda' }).getAttribute('href')).toBe('/integrations');
    expect(screen.queryByText('Cargando tu suscripción…')).toBeNull();
  });

  it('shows the change-plan page the same way', async () => {
    server.use(meAs(userWithoutStore));
    await renderWithApp(<ChangePlanRoute />, { route: '/account/change-plan' });
    expect(await screen.findByText('Aún no conectas tu tienda')).toBeTruthy();
    expect(screen.queryByText('Cargando los planes…')).toBeNull();
  });
});
