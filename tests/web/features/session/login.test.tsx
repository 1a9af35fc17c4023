import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../../mocks/fixtures/session';
import { LoginRoute } from '../../../../src/web/features/session/routes/login-route';
import { RESET_PASSWORD_PATH, SIGNUP_PATH } from '../../../../src/web/features/session/routes/paths';
import { LoginScreen } from '../../../../src/web/features/session/screens/login-screen';
import { pageNavigation } from '../../../../src/web/lib/navigation';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

setupMockServer();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const links = { signupHref: SIGNUP_PATH, resetPasswordHref: RESET_PASSWORD_PATH };

function fillIn(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Correo electrónico'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
}

describe('LoginScreen', () => {
  it('submits the email and password once they are valid', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(<LoginScreen {...links} onSubmit={onSubmit} />);
    fillIn('demo@recompra.cl', 'secreta');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'demo@recompra.cl', password: 'secreta' }));
  });

  it('explains empty and malformed fields in Spanish instead of submitting', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(<LoginScreen {...links} onSubmit={onSubmit} />);
    fillIn('no-es-un-correo', '');
    expect(await screen.findByText('Ingresa un correo electrónico válido.')).toBeTruthy();
    expect(screen.getByText('Ingresa tu contraseña.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the failure it is given in an alert', async () => {
    await renderWithApp(<LoginScreen {...links} onSubmit={vi.fn()} error="Correo o contraseña incorrectos." />);
    expect(screen.getByRole('alert').textContent).toBe('Correo o contraseña incorrectos.');
  });

  it('takes no second submission while submitting, keeping the focus on its button', async () => {
    const onSubmit = vi.fn();
    await renderWithApp(<LoginScreen {...links} onSubmit={onSubmit} submitting />);
    const button = screen.getByRole('button', { name: 'Ingresando…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    button.focus();
    button.click();
    expect(document.activeElement).toBe(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('LoginRoute', () => {
  it('shows the wrong-credentials message when the server refuses', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<LoginRoute />, { route: '/api/auth/login' });
    fillIn('demo@recompra.cl', 'incorrecta');
    expect((await screen.findByRole('alert')).textContent).toBe('Correo o contraseña incorrectos.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to the safe returnTo after signing in', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<LoginRoute />, { route: '/api/auth/login?returnTo=%2Fsegments%3Ftab%3Dcustom' });
    fillIn('demo@recompra.cl', DEMO_PASSWORD);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/segments?tab=custom'));
  });

  it('ignores a returnTo that leaves the site', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await renderWithApp(<LoginRoute />, { route: '/api/auth/login?returnTo=%2F%2Fevil.example' });
    fillIn('demo@recompra.cl', DEMO_PASSWORD);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
  });
});
