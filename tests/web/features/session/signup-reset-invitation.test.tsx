import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVITATION_TOKEN, invitationForExistingAccount, RESET_TOKEN } from '../../../../mocks/fixtures/team';
import { invitationAnswer } from '../../../../mocks/handlers/signup';
import { InvitationRoute } from '../../../../src/web/features/session/routes/invitation-route';
import { PasswordResetRoute } from '../../../../src/web/features/session/routes/password-reset-route';
import { SignupRoute } from '../../../../src/web/features/session/routes/signup-route';
import { pageNavigation } from '../../../../src/web/lib/navigation';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('SignupRoute', () => {
  it('creates the account and opens the dashboard with a full page load', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<SignupRoute />, { route: '/api/auth/signup' });
    type('Nombre', 'Ignacio Pérez');
    type('Correo electrónico', 'ignacio@tiendademo.cl');
    type('Contraseña', 'secreta123');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('states the password rule instead of submitting a weak password', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<SignupRoute />, { route: '/api/auth/signup' });
    type('Nombre', 'Ignacio Pérez');
    type('Correo electrónico', 'ignacio@tiendademo.cl');
    type('Contraseña', 'solotexto');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Usa al menos 8 caracteres, con letras y números.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('offers to log in or reset the password when the email already has an account', async () => {
    await renderWithApp(<SignupRoute />, { route: '/api/auth/signup' });
    type('Nombre', 'Camila Soto');
    type('Correo electrónico', 'demo@recompra.cl');
    type('Contraseña', 'secreta123');
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ya existe una cuenta con este correo.');
    expect(screen.getAllByRole('link', { name: 'Inicia sesión' })[0]?.getAttribute('href')).toBe('/api/auth/login');
    expect(screen.getByRole('link', { name: 'Recupera tu contraseña' }).getAttribute('href')).toBe('/api/auth/reset-password');
  });
});

describe('PasswordResetRoute', () => {
  it('says the link was sent, whatever the email', async () => {
    await renderWithApp(<PasswordResetRoute />, { route: '/api/auth/reset-password' });
    type('Correo electrónico', 'quien-sea@tiendademo.cl');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
  });

  it('saves the new password and opens the dashboard', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${RESET_TOKEN}` });
    type('Nueva contraseña', 'nueva-clave-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('shows the expired link and goes back to the email form', async () => {
    await renderWithApp(<PasswordResetRoute />, { route: '/api/auth/reset-password?token=vencido' });
    type('Nueva contraseña', 'nueva-clave-1');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pedir un enlace nuevo' }));
    expect(await screen.findByRole('button', { name: 'Enviar enlace' })).toBeTruthy();
  });
});

describe('InvitationRoute', () => {
  it('creates the invited account and opens the dashboard', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<InvitationRoute />, { route: `/api/auth/invitation?token=${INVITATION_TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Únete a Tienda Demo' })).toBeTruthy();
    type('Nombre', 'Ignacio Pérez');
    type('Contraseña', 'secreta123');
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar invitación' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('asks an existing account for its password and says when it is wrong', async () => {
    server.use(invitationAnswer(invitationForExistingAccount));
    await renderWithApp(<InvitationRoute />, { route: `/api/auth/invitation?token=${INVITATION_TOKEN}` });
    fireEvent.input(await screen.findByLabelText('Contraseña actual'), { target: { value: 'equivocada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar invitación' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La contraseña no es correcta.');
  });

  it('shows an expired invitation', async () => {
    await renderWithApp(<InvitationRoute />, { route: '/api/auth/invitation?token=vencida' });
    expect(await screen.findByRole('heading', { name: 'La invitación no es válida' })).toBeTruthy();
  });
});
