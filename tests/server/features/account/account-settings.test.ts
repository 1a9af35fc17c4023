import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../src/server/platform/security/passwords.ts';
import { type Caller, mailedToken, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let accounts = 0;
/** An account of its own per test, so sessions, passwords and throttle counts never meet. */
async function newAccount(password = 'clave-inicial-1') {
  accounts += 1;
  const email = `cuenta${accounts}@tienda.cl`;
  const [row] = await server.db.query<{ id: number }>('insert into users (email, name, password_hash) values ($1, $2, $3) returning id', [
    email,
    'Ana Pérez',
    await hashPassword(password),
  ]);
  return { id: row!.id, email, password };
}

type Call = { remoteAddress?: string; csrf?: boolean };

const rename = (caller: Caller, payload: unknown, { csrf = true }: Call = {}) =>
  server.app.inject({
    method: 'PATCH',
    url: '/api/private/me/account_details',
    cookies: caller.cookies,
    headers: csrf ? caller.headers : {},
    payload: payload as Record<string, unknown>,
  });

const changePassword = (caller: Caller, payload: unknown, { remoteAddress, csrf = true }: Call = {}) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/private/me/password',
    cookies: caller.cookies,
    headers: csrf ? caller.headers : {},
    payload: payload as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const closeOtherSessions = (caller: Caller, { csrf = true }: Call = {}) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/private/me/other_sessions',
    cookies: caller.cookies,
    headers: csrf ? caller.headers : {},
  });

/** Whether the caller's session still opens a private call. */
const stillSignedIn = async (caller: Caller) =>
  (await server.app.inject({ url: '/api/private/me', cookies: caller.cookies })).statusCode === 200;

const signInFrom = (remoteAddress: string, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

const fieldErrors = (response: LightMyRequestResponse) => response.json().fieldErrors;

describe('PATCH /api/private/me/account_details', () => {
  it('saves the name without its surrounding spaces, wherever the name shows', async () => {
    const account = await newAccount();
    const [store] = await server.db.query<{ id: number }>('select id from stores order by id limit 1');
    await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'colaborator')`, [store!.id, account.id]);
    const caller = await signIn(server.app, account.email, account.password);

    const response = await rename(caller, { name: '  Ana María Pérez ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ana María Pérez', email: account.email });

    const details = await server.app.inject({ url: '/api/private/me/account_details', cookies: caller.cookies });
    expect(details.json()).toEqual({ name: 'Ana María Pérez', email: account.email });
    const me = await server.app.inject({ url: '/api/auth/me', cookies: caller.cookies });
    expect(me.json().name).toBe('Ana María Pérez');
    // The store's owner sees the new name in the team.
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const team = await server.app.inject({ url: `/api/private/stores/${store!.id}/members`, cookies: owner.cookies });
    expect(team.json().members).toContainEqual(expect.objectContaining({ userId: account.id, name: 'Ana María Pérez' }));
  });

  it.each([
    [{ name: '' }, [{ field: 'name', message: 'Este campo es obligatorio.' }]],
    [{ name: '   ' }, [{ field: 'name', message: 'El nombre no puede tener solo espacios.' }]],
    [{ name: 'a'.repeat(101) }, [{ field: 'name', message: 'Debe tener como máximo 100 caracteres.' }]],
    [{ name: 'Ana\u0000' }, [{ field: 'name', message: 'No puede contener caracteres de control.' }]],
    [{ name: 42 }, [{ field: 'name', message: 'Debe ser un texto.' }]],
    [{}, [{ field: 'name', message: 'Este campo es obligatorio.' }]],
    [{ name: 'Ana', email: 'otra@tienda.cl' }, [{ field: 'email', message: 'Este campo no se permite.' }]],
  ])('refuses %j with a Spanish 400 and leaves the name as it was', async (payload, expected) => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const response = await rename(caller, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', message: 'Revisa los datos enviados.' });
    expect(fieldErrors(response)).toEqual(expected);
    const [row] = await server.db.query<{ name: string }>('select name from users where id = $1', [account.id]);
    expect(row!.name).toBe('Ana Pérez');
  });

  it('takes a name of exactly 100 characters', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    expect((await rename(caller, { name: 'a'.repeat(100) })).statusCode).toBe(200);
  });

  it('asks for the session and the CSRF token', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const noToken = await rename(caller, { name: 'Otra' }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('csrf_failed');
    const anonymous = await server.app.inject({ method: 'PATCH', url: '/api/private/me/account_details', payload: { name: 'Otra' } });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await server.db.query<{ name: string }>('select name from users where id = $1', [account.id]);
    expect(row!.name).toBe('Ana Pérez');
  });
});

describe('PUT /api/private/me/password', () => {
  it('changes the password, signs out the other sessions and keeps this one', async () => {
    const account = await newAccount();
    const phone = await signIn(server.app, account.email, account.password);
    const laptop = await signIn(server.app, account.email, account.password);
    const here = await signIn(server.app, account.email, account.password);
    const stranger = await signIn(server.app, 'colaborador@recompra.cl');

    const response = await changePassword(here, { currentPassword: account.password, newPassword: 'nueva-clave-2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ closed: 2 });

    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(laptop)).toBe(false);
    expect(await stillSignedIn(stranger)).toBe(true);
    expect((await signInFrom('192.0.2.10', account.email, account.password)).statusCode).toBe(401);
    expect((await signInFrom('192.0.2.10', account.email, 'nueva-clave-2')).statusCode).toBe(200);
  });

  it('stores the new password as an argon2id hash', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    expect((await changePassword(caller, { currentPassword: account.password, newPassword: 'nueva-clave-3' })).statusCode).toBe(200);
    const [row] = await server.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [account.id]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.password_hash).not.toContain('nueva-clave-3');
  });

  it('answers a wrong current password beside its field and changes nothing', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const other = await signIn(server.app, account.email, account.password);
    const response = await changePassword(caller, { currentPassword: 'no-es-esta-1', newPassword: 'nueva-clave-4' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'wrong_password',
      message: 'La contraseña actual no es correcta.',
      fieldErrors: [{ field: 'currentPassword', message: 'La contraseña actual no es correcta.' }],
    });
    expect(await stillSignedIn(other)).toBe(true);
    expect((await signInFrom('192.0.2.11', account.email, account.password)).statusCode).toBe(200);
  });

  it.each([
    [
      { currentPassword: 'x', newPassword: 'solo-letras' },
      [{ field: 'newPassword', message: 'Usa al menos 8 caracteres, con letras y números.' }],
    ],
    [
      { currentPassword: 'x', newPassword: '12345678' },
      [{ field: 'newPassword', message: 'Usa al menos 8 caracteres, con letras y números.' }],
    ],
    [
      {},
      [
        { field: 'currentPassword', message: 'Este campo es obligatorio.' },
        { field: 'newPassword', message: 'Este campo es obligatorio.' },
      ],
    ],
    [{ currentPassword: '', newPassword: 'nueva-clave-5' }, [{ field: 'currentPassword', message: 'Este campo es obligatorio.' }]],
    [{ currentPassword: 'x', newPassword: 'nueva-clave-5', password: 'x' }, [{ field: 'password', message: 'Este campo no se permite.' }]],
    [
      { currentPassword: 'misma-clave-1', newPassword: 'misma-clave-1' },
      [{ field: 'newPassword', message: 'La nueva contraseña debe ser distinta de la actual.' }],
    ],
  ])('refuses %j with a Spanish 400 before checking any password', async (payload, expected) => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const response = await changePassword(caller, payload, { remoteAddress: '192.0.2.20' });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(expected);
    // Nothing counted against the sign-in throttle.
    const events = await server.db.query(`select 1 from rate_limit_events where subject like $1`, [`%${account.email}%`]);
    expect(events).toEqual([]);
  });

  it('counts wrong current passwords as failed sign-ins: the sign-in throttle holds both back', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const address = '192.0.2.30';
    for (let i = 0; i < 5; i += 1)
      expect(
        (await changePassword(caller, { currentPassword: `mala-${i}`, newPassword: 'nueva-clave-6' }, { remoteAddress: address }))
          .statusCode,
      ).toBe(400);

    const locked = await changePassword(
      caller,
      { currentPassword: account.password, newPassword: 'nueva-clave-6' },
      { remoteAddress: address },
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      code: 'locked_out',
      message: 'Hubo demasiados intentos con una contraseña actual incorrecta. Espera 2 segundos e inténtalo de nuevo.',
    });
    // Signing in to that account from that address waits too; from elsewhere the owner gets in at once.
    expect((await signInFrom(address, account.email, account.password)).statusCode).toBe(429);
    expect((await signInFrom('192.0.2.31', account.email, account.password)).statusCode).toBe(200);
  });

  it('forgives the earlier wrong tries once the right current password is given', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const address = '192.0.2.40';
    for (let i = 0; i < 4; i += 1)
      await changePassword(caller, { currentPassword: `mala-${i}`, newPassword: 'nueva-clave-7' }, { remoteAddress: address });
    const changed = await changePassword(
      caller,
      { currentPassword: account.password, newPassword: 'nueva-clave-7' },
      { remoteAddress: address },
    );
    expect(changed.statusCode).toBe(200);
    const pair = await server.db.query(`select 1 from rate_limit_events where subject = $1`, [`sign-in:pair:${account.email} ${address}`]);
    expect(pair).toEqual([]);
  });

  it('makes a reset link mailed before the change useless', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: '192.0.2.50',
      payload: { email: account.email },
    });
    expect(requested.statusCode).toBe(202);
    const token = await mailedToken(server.db, account.email);
    expect((await changePassword(caller, { currentPassword: account.password, newPassword: 'nueva-clave-8' })).statusCode).toBe(200);
    const confirmed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'desde-el-correo-1' },
    });
    expect(confirmed.statusCode).toBeGreaterThanOrEqual(400);
    expect((await signInFrom('192.0.2.51', account.email, 'nueva-clave-8')).statusCode).toBe(200);
  });

  it('asks for the session and the CSRF token', async () => {
    const account = await newAccount();
    const caller = await signIn(server.app, account.email, account.password);
    const payload = { currentPassword: account.password, newPassword: 'nueva-clave-9' };
    expect((await changePassword(caller, payload, { csrf: false })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'PUT', url: '/api/private/me/password', payload })).statusCode).toBe(401);
    expect((await signInFrom('192.0.2.60', account.email, account.password)).statusCode).toBe(200);
  });
});

describe('DELETE /api/private/me/other_sessions', () => {
  it('ends every other session of the account, keeps this one and says how many were open', async () => {
    const account = await newAccount();
    const others = [
      await signIn(server.app, account.email, account.password),
      await signIn(server.app, account.email, account.password),
      await signIn(server.app, account.email, account.password),
    ];
    const here = await signIn(server.app, account.email, account.password);
    const stranger = await signIn(server.app, 'colaborador@recompra.cl');
    // An expired session goes too, but it was no longer open: it does not count.
    await server.db.query(
      `insert into sessions (token_hash, user_id, expires_at) values (decode(md5('vencida'), 'hex'), $1, now() - interval '1 day')`,
      [account.id],
    );

    const response = await closeOtherSessions(here);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ closed: 3 });
    for (const other of others) expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(here)).toBe(true);
    expect(await stillSignedIn(stranger)).toBe(true);
    expect(await server.db.query('select 1 from sessions where user_id = $1', [account.id])).toHaveLength(1);

    // Nothing left to close.
    expect((await closeOtherSessions(here)).json()).toEqual({ closed: 0 });
  });

  it('ends a session that was in the middle of a visit: its next call is refused', async () => {
    const account = await newAccount();
    const other = await signIn(server.app, account.email, account.password);
    const here = await signIn(server.app, account.email, account.password);
    // The other session has just been seen (and remembered for a moment by the gate).
    expect(await stillSignedIn(other)).toBe(true);
    expect((await closeOtherSessions(here)).json()).toEqual({ closed: 1 });
    expect(await stillSignedIn(other)).toBe(false);
    const write = await rename(other, { name: 'Intruso' });
    expect(write.statusCode).toBe(401);
  });

  it('asks for the session and the CSRF token', async () => {
    const account = await newAccount();
    const other = await signIn(server.app, account.email, account.password);
    const here = await signIn(server.app, account.email, account.password);
    expect((await closeOtherSessions(here, { csrf: false })).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'DELETE', url: '/api/private/me/other_sessions' })).statusCode).toBe(401);
    // The right cookies and token, but sent from another site.
    const crossSite = await server.app.inject({
      method: 'DELETE',
      url: '/api/private/me/other_sessions',
      cookies: here.cookies,
      headers: { ...here.headers, origin: 'https://otro-sitio.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await stillSignedIn(other)).toBe(true);
  });
});
