import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../src/server/features/dashboard/rollups.ts';
import { addStore, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let demoStore: number;
let otherStore: number;
beforeAll(async () => {
  server = await startTestServer();
  [{ id: demoStore }] = (await server.db.query<{ id: number }>(`select id from stores where name = 'Tienda Demo'`)) as [{ id: number }];
  otherStore = await addStore(server.db, 'Otra Tienda');
  await server.db.query(
    `insert into orders (store_id, external_id, placed_at, total_amount) select $1, n, now() - make_interval(days => n), 1000 from generate_series(1, 48) as n`,
    [demoStore],
  );
  await server.db.query(`insert into orders (store_id, external_id, placed_at, total_amount) values ($1, 1, now(), 1000), ($1, 2, now(), 2000)`, [otherStore]);
  for (const store of [demoStore, otherStore]) await server.db.transaction((tx) => refreshRollups(tx, store));
});
afterAll(() => server.close());

describe('GET /api/private/me and /api/private/stores', () => {
  it('shows a member only their stores', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const me = await server.app.inject({ url: '/api/private/me', cookies: owner.cookies });
    expect(me.json()).toEqual({
      user: { id: owner.user.id, email: 'demo@recompra.cl', name: 'Dueña Demo', role: 'admin', store: demoStore },
      stores: [{ id: demoStore, name: 'Tienda Demo' }],
    });
    const stores = await server.app.inject({ url: '/api/private/stores', cookies: owner.cookies });
    expect(stores.json()).toEqual([{ id: demoStore, name: 'Tienda Demo' }]);
  });

  it('shows the provider admin every store', async () => {
    const admin = await signIn(server.app, 'admin@recompra.cl');
    expect(admin.user.role).toBe('recompraAdmin');
    const stores = await server.app.inject({ url: '/api/private/stores', cookies: admin.cookies });
    expect(stores.json()).toEqual([
      { id: otherStore, name: 'Otra Tienda' },
      { id: demoStore, name: 'Tienda Demo' },
    ]);
  });

  it('gives the collaborator their role in the store', async () => {
    const collaborator = await signIn(server.app, 'colaborador@recompra.cl');
    expect(collaborator.user).toMatchObject({ role: 'colaborator', store: demoStore });
  });
});

describe('PATCH /api/private/me/stores', () => {
  it('lets the provider admin switch to any store, and /auth/me follows', async () => {
    const admin = await signIn(server.app, 'admin@recompra.cl');
    const switched = await server.app.inject({ method: 'PATCH', url: '/api/private/me/stores', cookies: admin.cookies, headers: admin.headers, payload: { storeId: otherStore } });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ role: 'recompraAdmin', store: otherStore });
    const me = await server.app.inject({ url: '/api/auth/me', cookies: admin.cookies });
    expect(me.json().store).toBe(otherStore);
  });

  it('refuses a member switching to a store that is not theirs, and keeps their store', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const refused = await server.app.inject({ method: 'PATCH', url: '/api/private/me/stores', cookies: owner.cookies, headers: owner.headers, payload: { storeId: otherStore } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'store_not_found', message: 'No encontramos esa tienda.' });
    const me = await server.app.inject({ url: '/api/auth/me', cookies: owner.cookies });
    expect(me.json().store).toBe(demoStore);
  });

  it('answers a body without storeId with a Spanish 400', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({ method: 'PATCH', url: '/api/private/me/stores', cookies: owner.cookies, headers: owner.headers, payload: { storeId: 'uno' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'storeId', message: 'Debe ser un número entero.' }]);
  });
});

describe('GET /backend/stores/{id}/stats', () => {
  it('counts the store orders in SQL', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({ url: `/backend/stores/${demoStore}/stats`, cookies: owner.cookies });
    expect(response.statusCode).toBe(200);
    const [{ count }] = (await server.db.query<{ count: number }>('select count(*)::integer as count from orders where store_id = $1', [demoStore])) as [{ count: number }];
    expect(count).toBe(48);
    expect(response.json()).toMatchObject({ totalOrders: count, totalIncome: 48_000, ordersAvgIncome: 1000 });
  });

  it("hides another store's figures from a member, and shows them to the provider admin", async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const refused = await server.app.inject({ url: `/backend/stores/${otherStore}/stats`, cookies: owner.cookies });
    expect(refused.statusCode).toBe(404);
    const admin = await signIn(server.app, 'admin@recompra.cl');
    const allowed = await server.app.inject({ url: `/backend/stores/${otherStore}/stats`, cookies: admin.cookies });
    expect(allowed.json()).toMatchObject({ totalOrders: 2, totalIncome: 3000 });
  });

  it('answers a store id that is not a number with a Spanish 400', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({ url: '/backend/stores/abc/stats', cookies: owner.cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'id', message: 'Debe ser un número entero.' }]);
  });
});
