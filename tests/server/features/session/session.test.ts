import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieJar, mailedToken, signIn, startTestServer, TEST_INDEX_HTML, type TestServer } from '../../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/auth/me', () => {
  it('answers 204 with no body when there is no session', async () => {
    const response = await server.app.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('answers 204 and clears the cookies of a session that no longer exists', async () => {
    const response = await server.app.inject({ url: '/api/auth/me', cookies: { recompra_session: 'made-up' } });
    expect(response.statusCode).toBe(204);
    expect(cookieJar(response)).toEqual({ recompra_session: '', recompra_csrf: '' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs the demo owner in with HttpOnly, SameSite cookies and returns the user', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'DEMO@recompra.cl', password: 'clave-de-prueba' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      email: 'demo@recompra.cl',
      name: 'Dueña Demo',
      role: 'admin',
      store: expect.any(Number),
    });
    const session = response.cookies.find((cookie) => cookie.name === 'recompra_session')!;
    const csrf = response.cookies.find((cookie) => cookie.name === 'recompra_csrf')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    // Plain HTTP on localhost only; anywhere else the cookies are Secure.
    expect(session.secure).toBeFalsy();
    const remote = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'app.recompra.cl' },
      payload: { email: 'demo@recompra.cl', password: 'clave-de-prueba' },
    });
    expect(remote.cookies.every((cookie) => cookie.secure)).toBe(true);
  });

  it('refuses a wrong password and an unknown email with the same Spanish message', async () => {
    const wrongPassword = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@recompra.cl', password: 'otra' },
    });
    const unknownEmail = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nadie@recompra.cl', password: 'otra' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ code: 'invalid_credentials', message: 'Correo o contraseña incorrectos.' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('answers a malformed body with 400, a Spanish message and the field errors', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'no-es-correo', clave: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'invalid_request',
      message: 'Revisa los datos enviados.',
      fieldErrors: expect.arrayContaining([
        { field: 'password', message: 'Este campo es obligatorio.' },
        { field: 'email', message: 'Ingresa un correo electrónico válido.' },
        { field: 'clave', message: 'Este campo no se permite.' },
      ]),
    });
  });

  it('answers broken JSON, a non-JSON body and an empty body with a Spanish 4xx, never 500', async () => {
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    });
    const empty = await server.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/solicitud no es válida/);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'unsupported_media_type', message: 'El formato de la solicitud no es válido: envía JSON.' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBeTypeOf('string');
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'demo@recompra.cl', password: 'clave-de-prueba' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_failed');
  });

  it('stores passwords only as argon2id hashes', async () => {
    const rows = await server.db.query<{ password_hash: string }>('select password_hash from users');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('stores session tokens only as hashes', async () => {
    const caller = await signIn(server.app, 'demo@recompra.cl');
    const rows = await server.db.query<{ token_hash: Uint8Array }>('select token_hash from sessions');
    const token = caller.cookies.recompra_session!;
    expect(rows.some((row) => Buffer.from(row.token_hash).toString('base64url') === token)).toBe(false);
    expect(rows.every((row) => Buffer.from(row.token_hash).length === 32)).toBe(true);
  });
});

describe('GET /api/auth/login', () => {
  it('serves the login screen of the web app', async () => {
    const response = await server.app.inject({ url: '/api/auth/login?returnTo=%2Fsegments' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(TEST_INDEX_HTML);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session and clears the cookies', async () => {
    const caller = await signIn(server.app, 'demo@recompra.cl');
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: caller.cookies, headers: caller.headers });
    expect(logout.statusCode).toBe(204);
    expect(cookieJar(logout)).toEqual({ recompra_session: '', recompra_csrf: '' });
    const after = await server.app.inject({ url: '/api/private/me', cookies: caller.cookies });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'unauthenticated', message: 'Inicia sesión para continuar.' });
  });
});

describe('CSRF protection', () => {
  it('refuses a state-changing call without the token, or with a wrong one', async () => {
    const caller = await signIn(server.app, 'admin@recompra.cl');
    for (const headers of [{}, { 'x-csrf-token': 'falso' }]) {
      const response = await server.app.inject({
        method: 'PATCH',
        url: '/api/private/me/stores',
        cookies: caller.cookies,
        headers,
        payload: { storeId: caller.user.store },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('csrf_failed');
    }
    const accepted = await server.app.inject({
      method: 'PATCH',
      url: '/api/private/me/stores',
      cookies: caller.cookies,
      headers: caller.headers,
      payload: { storeId: caller.user.store },
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('password-reset links', () => {
  const requestLink = (email: string) => server.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const check = (token: string, remoteAddress?: string) =>
    server.app.inject({
      url: `/api/auth/password-reset/link?token=${encodeURIComponent(token)}`,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const confirm = (token: string, password: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
  const used = {
    code: 'reset_link_used',
    message: 'Este enlace ya se usó. Si necesitas cambiar tu contraseña otra vez, pide un enlace nuevo.',
  };
  const expired = { code: 'reset_link_expired', message: 'Este enlace venció. Cada enlace vale por 60 minutos: pide uno nuevo.' };
  const invalid = { code: 'reset_link_invalid', message: 'Este enlace no es válido. Revisa que esté completo o pide uno nuevo.' };

  it('says a working link works, without a word about its account, and checking it uses nothing up', async () => {
    expect((await requestLink('colaborador@recompra.cl')).statusCode).toBe(202);
    const token = await mailedToken(server.db, 'colaborador@recompra.cl');
    for (let i = 0; i < 2; i += 1) {
      const works = await check(token);
      expect(works.statusCode).toBe(204);
      expect(works.body).toBe('');
    }
    expect((await confirm(token, 'clave-nueva-1')).statusCode).toBe(200);
  });

  it('says a used link was used, before and on submitting, and so is every other open link of the account', async () => {
    expect((await requestLink('admin@recompra.cl')).statusCode).toBe(202);
    const older = await mailedToken(server.db, 'admin@recompra.cl');
    expect((await requestLink('admin@recompra.cl')).statusCode).toBe(202);
    const newer = await mailedToken(server.db, 'admin@recompra.cl');
    expect((await confirm(newer, 'clave-nueva-2')).statusCode).toBe(200);
    for (const token of [newer, older]) {
      const checked = await check(token);
      expect(checked.statusCode).toBe(410);
      expect(checked.json()).toEqual(used);
      const submitted = await confirm(token, 'clave-nueva-3');
      expect(submitted.statusCode).toBe(410);
      expect(submitted.json()).toEqual(used);
    }
  });

  it('says an expired link expired, and a used one that also expired was used', async () => {
    const user = await server.db.query<{ id: number }>(`select id from users where email = 'demo@recompra.cl'`);
    const expiredToken = 'enlace-vencido-de-prueba';
    const usedToken = 'enlace-usado-y-vencido';
    await server.db.query(
      `insert into password_resets (user_id, token_hash, expires_at, used_at)
       values ($1, sha256(convert_to($2, 'UTF8')), now() - interval '1 minute', null),
              ($1, sha256(convert_to($3, 'UTF8')), now() - interval '1 minute', now() - interval '5 minutes')`,
      [user[0]!.id, expiredToken, usedToken],
    );
    expect((await check(expiredToken)).json()).toEqual(expired);
    expect((await confirm(expiredToken, 'clave-nueva-4')).json()).toEqual(expired);
    expect((await check(usedToken)).json()).toEqual(used);
  });

  it('answers a link that never existed the same, whatever account it might belong to', async () => {
    const unknown = await check('no-es-un-enlace');
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json()).toEqual(invalid);
    expect((await confirm('no-es-un-enlace', 'clave-nueva-5')).json()).toEqual(invalid);
  });

  it('validates the token like its neighbours: required, at most 200 characters, no control characters', async () => {
    for (const url of [
      '/api/auth/password-reset/link',
      '/api/auth/password-reset/link?token=',
      `/api/auth/password-reset/link?token=${'a'.repeat(201)}`,
      `/api/auth/password-reset/link?token=${encodeURIComponent('abc\u0001')}`,
    ]) {
      const response = await server.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', fieldErrors: [{ field: 'token' }] });
    }
  });

  it('limits the checks per address, and another address goes on', async () => {
    for (let i = 0; i < 30; i += 1) expect((await check('no-es-un-enlace', '198.51.100.7')).statusCode).toBe(410);
    const refused = await check('no-es-un-enlace', '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'too_many_attempts', message: expect.stringMatching(/^Se abrieron demasiados enlaces/) });
    expect((await check('no-es-un-enlace', '198.51.100.8')).statusCode).toBe(410);
  });
});
