import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EXPIRED_INVITATION_TOKEN,
  EXPIRED_RESET_TOKEN,
  INVITATION_TOKEN,
  invitationForExistingAccount,
  RESET_TOKEN,
  USED_INVITATION_TOKEN,
  USED_RESET_TOKEN,
} from '../../../../mocks/fixtures/team';
import {
  invitationAnswer,
  invitationFails,
  passwordResetConfirmGone,
  resetLinkAnswer,
  resetLinkFails,
} from '../../../../mocks/handlers/signup';
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

  it('checks the link first, then saves the new password and opens the dashboard', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${RESET_TOKEN}` });
    expect(screen.getByText('Revisando el enlace…')).toBeTruthy();
    fireEvent.input(await screen.findByLabelText('Nueva contraseña'), { target: { value: 'nueva-clave-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });

  it('says a used link was used before showing any form, and offers a new one', async () => {
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${USED_RESET_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace ya se usó.');
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/api/auth/login');
    fireEvent.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
    expect(await screen.findByRole('button', { name: 'Enviar enlace' })).toBeTruthy();
  });

  it('says an expired link expired, and one that is no link is not valid', async () => {
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${EXPIRED_RESET_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace venció.');
    expect(screen.queryByText('Este enlace ya se usó.')).toBeNull();
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
    cleanup();
    await renderWithApp(<PasswordResetRoute />, { route: '/api/auth/reset-password?token=cualquiera' });
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace no es válido.');
  });

  it('says which when the link is used elsewhere after the form showed', async () => {
    server.use(passwordResetConfirmGone('reset_link_used'));
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${RESET_TOKEN}` });
    fireEvent.input(await screen.findByLabelText('Nueva contraseña'), { target: { value: 'nueva-clave-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace ya se usó.');
    expect(screen.queryByLabelText('Nueva contraseña')).toBeNull();
  });

  it('offers to try again when the link could not be checked', async () => {
    server.use(resetLinkFails());
    await renderWithApp(<PasswordResetRoute />, { route: `/api/auth/reset-password?token=${RESET_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos revisar el enlace. Revisa tu conexión e inténtalo de nuevo.');
    server.use(resetLinkAnswer());
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByLabelText('Nueva contraseña')).toBeTruthy();
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

  it('says a used invitation was used, and an expired one expired, instead of a form', async () => {
    await renderWithApp(<InvitationRoute />, { route: `/api/auth/invitation?token=${USED_INVITATION_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Esta invitación ya se usó.');
    expect(screen.queryByRole('button', { name: 'Aceptar invitación' })).toBeNull();
    cleanup();
    await renderWithApp(<InvitationRoute />, { route: `/api/auth/invitation?token=${EXPIRED_INVITATION_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe('Esta invitación venció.');
    expect(screen.getByText('Cada invitación vale por 7 días. Pide a quien te invitó que te envíe una nueva.')).toBeTruthy();
  });

  it('says a link without a token is not valid, without asking the server', async () => {
    await renderWithApp(<InvitationRoute />, { route: '/api/auth/invitation' });
    expect((await screen.findByRole('alert')).textContent).toBe('Este enlace de invitación no es válido.');
  });

  it('offers to try again when the invitation could not be loaded, instead of calling the link invalid', async () => {
    server.use(invitationFails());
    await renderWithApp(<InvitationRoute />, { route: `/api/auth/invitation?token=${INVITATION_TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No pudimos cargar la invitación. Revisa tu conexión e inténtalo de nuevo.',
    );
    server.use(invitationAnswer());
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Únete a Tienda Demo' })).toBeTruthy();
  });
});
