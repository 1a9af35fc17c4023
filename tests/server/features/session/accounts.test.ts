import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('creates an admin account with no store yet and signs it in', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Ana Pérez', email: 'Ana@Tienda.cl', password: 'tienda2026' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Ana Pérez', email: 'ana@tienda.cl', role: 'admin', store: null });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    const me = await server.app.inject({ url: '/api/auth/me', cookies });
    expect(me.json()).toMatchObject({ role: 'admin', store: null });
    const account = await server.app.inject({ url: '/api/private/me/account_details', cookies });
    expect(account.json()).toEqual({ name: 'Ana Pérez', email: 'ana@tienda.cl' });
  });

  it('states the password rule and each missing field in Spanish', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: '   ', email: 'x@y.cl', password: 'solo-letras' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'name', message: 'Escribe tu nombre.' },
      { field: 'password', message: 'Usa al menos 8 caracteres, con letras y números.' },
    ]);
  });

  it('refuses an email that already has an account', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Otra', email: 'DEMO@recompra.cl', password: 'tienda2026' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('email_taken');
  });
});

describe('sign-in lockout', () => {
  it('makes an address wait after 5 wrong passwords for an account, even with the right one', async () => {
    const attempt = (password: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'colaborador@recompra.cl', password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt('mala')).statusCode).toBe(401);
    const locked = await attempt('clave-de-prueba');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('2');
    expect(locked.json()).toEqual({ code: 'locked_out', message: 'Demasiados intentos fallidos. Espera 2 segundos e inténtalo de nuevo.' });
    // Another account from the same address is not locked.
    await expect(signIn(server.app, 'admin@recompra.cl')).resolves.toMatchObject({ user: { role: 'recompraAdmin' } });
  });
});

describe('password reset', () => {
  const request = (email: string) => server.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (token: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });

  it('answers the same for unknown emails and mails nothing', async () => {
    const response = await request('nadie@recompra.cl');
    expect(response.statusCode).toBe(202);
    expect(await server.db.query(`select 1 from mail_outbox where recipient = 'nadie@recompra.cl'`)).toEqual([]);
  });

  it('mails a single-use link that sets a new password and ends other sessions', async () => {
    const before = await signIn(server.app, 'demo@recompra.cl');
    expect((await request('demo@recompra.cl')).statusCode).toBe(202);
    const token = await mailedToken(server.db, 'demo@recompra.cl');
    const changed = await confirm(token, 'nueva-clave-1');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'demo@recompra.cl', role: 'admin' });
    expect((await server.app.inject({ url: '/api/auth/me', cookies: before.cookies })).statusCode).toBe(204);
    await expect(signIn(server.app, 'demo@recompra.cl', 'nueva-clave-1')).resolves.toBeTruthy();
    const reused = await confirm(token, 'otra-clave-2');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('reset_link_used');
  });

  it('refuses an expired link', async () => {
    expect((await request('admin@recompra.cl')).statusCode).toBe(202);
    const token = await mailedToken(server.db, 'admin@recompra.cl');
    await server.db.query(`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`);
    expect((await confirm(token, 'clave-nueva-9')).statusCode).toBe(410);
  });
});

describe('local mailbox', () => {
  it('shows the outbox at /dev/mailbox outside production', async () => {
    const page = await server.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cambia tu contraseña de Recompra');
  });
});
