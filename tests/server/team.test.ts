import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStore, type Caller, mailedToken, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let store: number;
let owner: Caller;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signIn(server.app, 'demo@recompra.cl');
  store = owner.user.store!;
});
afterAll(() => server.close());

const invite = (caller: Caller, email: string, storeId = store) =>
  server.app.inject({
    method: 'POST',
    url: `/api/private/stores/${storeId}/members`,
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { email },
  });
const team = (caller: Caller) => server.app.inject({ url: `/api/private/stores/${store}/members`, cookies: caller.cookies });

describe('store members', () => {
  it('lists the owner first, then collaborators, with who is "you"', async () => {
    const response = await team(owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.collaboratorLimit).toBe(5);
    expect(body.members.map((m: { email: string; role: string; isYou: boolean }) => [m.email, m.role, m.isYou])).toEqual([
      ['demo@recompra.cl', 'admin', true],
      ['colaborador@recompra.cl', 'colaborator', false],
    ]);
  });

  it('invites by email, mails a link, and the invitee joins with a new account', async () => {
    const invited = await invite(owner, 'Nueva@Tienda.cl');
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'nueva@tienda.cl' });
    const token = await mailedToken(server.db, 'nueva@tienda.cl');

    const details = await server.app.inject({ url: `/api/auth/invitation/details?token=${token}` });
    expect(details.json()).toEqual({ email: 'nueva@tienda.cl', storeName: 'Tienda Demo', hasAccount: false });

    const weak = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, name: 'Nueva', password: 'corta' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors).toEqual([{ field: 'password', message: 'Usa al menos 8 caracteres, con letras y números.' }]);
    const nameless = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, password: 'clave1234' },
    });
    expect(nameless.json().fieldErrors).toEqual([{ field: 'name', message: 'Este campo es obligatorio.' }]);

    const accepted = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, name: 'Nueva Colaboradora', password: 'clave1234' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'nueva@tienda.cl', role: 'colaborator', store });

    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, name: 'Otra', password: 'clave1234' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('invitation_invalid');
  });

  it('lets an existing account accept with its current password', async () => {
    const otherStore = await addStore(server.db, 'Segunda Tienda');
    const admin = await signIn(server.app, 'admin@recompra.cl');
    expect((await invite(admin, 'demo@recompra.cl', otherStore)).statusCode).toBe(201);
    const token = await mailedToken(server.db, 'demo@recompra.cl');
    const details = await server.app.inject({ url: `/api/auth/invitation/details?token=${token}` });
    expect(details.json().hasAccount).toBe(true);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, currentPassword: 'no-es' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await server.app.inject({
      method: 'POST',
      url: '/api/auth/invitation/accept',
      payload: { token, currentPassword: 'clave-de-prueba' },
    });
    expect(right.json()).toMatchObject({ email: 'demo@recompra.cl', store: otherStore, role: 'colaborator' });
    const stores = await server.app.inject({ url: '/api/private/stores', cookies: owner.cookies });
    expect(stores.json().map((s: { name: string }) => s.name)).toEqual(['Segunda Tienda', 'Tienda Demo']);
  });

  it('refuses an email that is already a member', async () => {
    const response = await invite(owner, 'colaborador@recompra.cl');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'already_member', message: 'Esa persona ya es parte de la tienda.' });
  });

  it('stops at 5 collaborators, pending invitations included, with the SPEC message', async () => {
    // Two collaborators so far (colaborador and nueva): three more invitations reach the limit.
    for (const email of ['a@x.cl', 'b@x.cl', 'c@x.cl']) expect((await invite(owner, email)).statusCode).toBe(201);
    const refused = await invite(owner, 'd@x.cl');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'collaborator_limit',
      message: 'Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.',
    });
    // Inviting the same person again refreshes their link instead of using a place.
    expect((await invite(owner, 'a@x.cl')).statusCode).toBe(201);
    const { invitations } = (await team(owner)).json();
    expect(invitations.map((i: { email: string }) => i.email)).toEqual(['b@x.cl', 'c@x.cl', 'a@x.cl']);
    // Canceling one frees a place.
    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/invitations/${invitations[0].id}`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(204);
    expect((await invite(owner, 'd@x.cl')).statusCode).toBe(201);
  });

  it('refuses collaborators inviting or removing, and the owner removing themselves', async () => {
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect((await team(collaborator)).statusCode).toBe(200);
    expect((await invite(collaborator, 'e@x.cl')).statusCode).toBe(403);
    const self = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/members/${owner.user.id}`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('No puedes eliminarte de la tienda.');
  });

  it('removing a member ends their session in that store at once', async () => {
    const removed = await signIn(server.app, 'nueva@tienda.cl', 'clave1234');
    expect((await team(removed)).statusCode).toBe(200);
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/members/${removed.user.id}`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    expect((await team(removed)).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/auth/me', cookies: removed.cookies })).statusCode).toBe(204);
    const missing = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${store}/members/${removed.user.id}`,
      cookies: owner.cookies,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
