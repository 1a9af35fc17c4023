import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStore, type Caller, mailedToken, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

type Invitation = { id: number; email: string; invitedAt: string; expiresAt: string };

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
    expect(again.json()).toEqual({
      code: 'invitation_used',
      message: 'Esta invitación ya se usó. Si ya eres parte de la tienda, inicia sesión.',
    });
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
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'collaborator_limit',
      message: 'Solo puedes agregar 5 colaboradores. Elimina uno para agregar otro.',
    });
    // Inviting the same person again sends their invitation again instead of using a place.
    expect((await invite(owner, 'a@x.cl')).statusCode).toBe(200);
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
    expect(self.statusCode).toBe(409);
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

describe('inviting an email with a pending invitation', () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await signIn(server.app, 'admin@recompra.cl');
  });
  const teamOf = async (storeId: number) =>
    (await server.app.inject({ url: `/api/private/stores/${storeId}/members`, cookies: admin.cookies })).json() as {
      invitations: Invitation[];
    };
  const details = (token: string) => server.app.inject({ url: `/api/auth/invitation/details?token=${token}` });
  const accept = (token: string) =>
    server.app.inject({ method: 'POST', url: '/api/auth/invitation/accept', payload: { token, name: 'Rita Mora', password: 'clave1234' } });
  const mailsTo = async (email: string) =>
    Number((await server.db.query<{ n: number }>('select count(*) as n from mail_outbox where recipient = $1', [email]))[0]!.n);

  it('sends it again with a new link: exactly one link works, and the old one says a newer one exists', async () => {
    const storeId = await addStore(server.db, 'Tienda Reenvío');
    const first = await invite(admin, 'rita@tienda.cl', storeId);
    expect(first.statusCode).toBe(201);
    const oldToken = await mailedToken(server.db, 'rita@tienda.cl');

    const again = await invite(admin, 'Rita@Tienda.cl', storeId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: 'rita@tienda.cl' });
    const newToken = await mailedToken(server.db, 'rita@tienda.cl');
    expect(newToken).not.toBe(oldToken);
    expect(await mailsTo('rita@tienda.cl')).toBe(2);
    // One pending invitation, the new one.
    const { invitations } = await teamOf(storeId);
    expect(invitations.map((invitation) => [invitation.id, invitation.email])).toEqual([[again.json().id, 'rita@tienda.cl']]);

    const old = await details(oldToken);
    expect(old.statusCode).toBe(410);
    expect(old.json()).toEqual({
      code: 'invitation_replaced',
      message: 'Te enviamos una invitación más reciente a este correo. Usa el enlace de ese correo: este ya no sirve.',
    });
    expect((await accept(oldToken)).json().code).toBe('invitation_replaced');
    expect((await details(newToken)).json()).toEqual({ email: 'rita@tienda.cl', storeName: 'Tienda Reenvío', hasAccount: false });
    const joined = await accept(newToken);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ email: 'rita@tienda.cl', store: storeId, role: 'colaborator' });
    // Once accepted, the link says it was used; the old one still points to the newer invitation.
    expect((await details(newToken)).json().code).toBe('invitation_used');
    expect((await details(oldToken)).json().code).toBe('invitation_replaced');
    // And the new member is a member: inviting them again stays an error.
    expect((await invite(admin, 'rita@tienda.cl', storeId)).json()).toEqual({
      code: 'already_member',
      message: 'Esa persona ya es parte de la tienda.',
    });
  });

  it('sends it again at the limit, where a new invitation is refused', async () => {
    const storeId = await addStore(server.db, 'Tienda Llena');
    for (const email of ['u1@x.cl', 'u2@x.cl', 'u3@x.cl', 'u4@x.cl', 'u5@x.cl'])
      expect((await invite(admin, email, storeId)).statusCode).toBe(201);
    expect((await invite(admin, 'u6@x.cl', storeId)).statusCode).toBe(409);
    expect((await invite(admin, 'u3@x.cl', storeId)).statusCode).toBe(200);
    expect((await teamOf(storeId)).invitations).toHaveLength(5);
    expect((await invite(admin, 'u6@x.cl', storeId)).statusCode).toBe(409);
  });

  it('no longer lists or counts an expired invitation; inviting that email again is a new invitation', async () => {
    const storeId = await addStore(server.db, 'Tienda Vencida');
    for (const email of ['v1@x.cl', 'v2@x.cl', 'v3@x.cl', 'v4@x.cl', 'v5@x.cl'])
      expect((await invite(admin, email, storeId)).statusCode).toBe(201);
    const expiredToken = await mailedToken(server.db, 'v5@x.cl');
    await server.db.query(
      `update store_invitations set expires_at = now() - interval '1 minute' where store_id = $1 and email = 'v5@x.cl'`,
      [storeId],
    );
    expect((await teamOf(storeId)).invitations.map((invitation) => invitation.email)).toEqual(['v1@x.cl', 'v2@x.cl', 'v3@x.cl', 'v4@x.cl']);
    const expired = await details(expiredToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'invitation_expired',
      message: 'Esta invitación venció: cada invitación vale por 7 días. Pide a quien administra la tienda que te invite de nuevo.',
    });
    expect((await accept(expiredToken)).json().code).toBe('invitation_expired');
    // The expired one frees its place, so inviting the same email again is a new invitation that fits.
    expect((await invite(admin, 'v5@x.cl', storeId)).statusCode).toBe(201);
    expect((await details(expiredToken)).json().code).toBe('invitation_replaced');
    expect((await details(await mailedToken(server.db, 'v5@x.cl'))).statusCode).toBe(200);
  });

  it('says when the store canceled the invitation, and when the link is no link at all', async () => {
    const storeId = await addStore(server.db, 'Tienda Cancelada');
    const invited = await invite(admin, 'cancelada@x.cl', storeId);
    const token = await mailedToken(server.db, 'cancelada@x.cl');
    const cancel = await server.app.inject({
      method: 'DELETE',
      url: `/api/private/stores/${storeId}/invitations/${invited.json().id}`,
      cookies: admin.cookies,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(204);
    expect((await details(token)).json()).toEqual({
      code: 'invitation_canceled',
      message: 'La tienda canceló esta invitación. Si crees que es un error, habla con quien la administra.',
    });
    const unknown = await details('no-existe');
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().code).toBe('invitation_invalid');
  });

  it('limits the checks of invitation links per address', async () => {
    const from = (remoteAddress: string) => server.app.inject({ url: '/api/auth/invitation/details?token=no-existe', remoteAddress });
    for (let i = 0; i < 30; i += 1) expect((await from('203.0.113.21')).statusCode).toBe(410);
    const refused = await from('203.0.113.21');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'too_many_attempts', message: expect.stringMatching(/^Se abrieron demasiados enlaces/) });
    expect((await from('203.0.113.22')).statusCode).toBe(410);
  });
});
