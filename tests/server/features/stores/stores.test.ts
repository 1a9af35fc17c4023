import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../../src/server/features/dashboard/rollups.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import { addStore, type Caller, cookieJar, givePlan, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

let sandbox: StartedSandbox;
let server: TestServer;
let demoStore: number;
let otherStore: number;
beforeAll(async () => {
  // Creating a store checks its token with Shopify: the sandbox answers for the demo shop.
  sandbox = await startShopifySandbox({ customers: 20, orders: 50, now: new Date('2026-03-01T00:00:00Z') });
  server = await startTestServer({ shopifyEndpoint: sandbox.endpoint });
  [{ id: demoStore }] = (await server.db.query<{ id: number }>(`select id from stores where name = 'Tienda Demo'`)) as [{ id: number }];
  otherStore = await addStore(server.db, 'Otra Tienda');
  await givePlan(server.db, otherStore);
  await server.db.query(
    `insert into orders (store_id, external_id, placed_at, total_amount) select $1, n, now() - make_interval(days => n), 1000 from generate_series(1, 48) as n`,
    [demoStore],
  );
  await server.db.query(
    `insert into orders (store_id, external_id, placed_at, total_amount) values ($1, 1, now(), 1000), ($1, 2, now(), 2000)`,
    [otherStore],
  );
  for (const store of [demoStore, otherStore]) await server.db.transaction((tx) => refreshRollups(tx, store));
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

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
    const switched = await server.app.inject({
      method: 'PATCH',
      url: '/api/private/me/stores',
      cookies: admin.cookies,
      headers: admin.headers,
      payload: { storeId: otherStore },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ role: 'recompraAdmin', store: otherStore });
    const me = await server.app.inject({ url: '/api/auth/me', cookies: admin.cookies });
    expect(me.json().store).toBe(otherStore);
  });

  it('refuses a member switching to a store that is not theirs, and keeps their store', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const refused = await server.app.inject({
      method: 'PATCH',
      url: '/api/private/me/stores',
      cookies: owner.cookies,
      headers: owner.headers,
      payload: { storeId: otherStore },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'store_not_found', message: 'No encontramos esa tienda.' });
    const me = await server.app.inject({ url: '/api/auth/me', cookies: owner.cookies });
    expect(me.json().store).toBe(demoStore);
  });

  it('answers a body without storeId with a Spanish 400', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/private/me/stores',
      cookies: owner.cookies,
      headers: owner.headers,
      payload: { storeId: 'uno' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'storeId', message: 'Debe ser un número entero.' }]);
  });
});

describe('GET /backend/stores/{id}/stats', () => {
  it('counts the store orders in SQL', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({ url: `/backend/stores/${demoStore}/stats`, cookies: owner.cookies });
    expect(response.statusCode).toBe(200);
    const [{ count }] = (await server.db.query<{ count: number }>('select count(*)::integer as count from orders where store_id = $1', [
      demoStore,
    ])) as [{ count: number }];
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

describe('POST /backend/me/stores/shopifySettings limits', () => {
  const signUp = async (name: string, email: string): Promise<Caller> => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password: 'tienda2026' } });
    expect(response.statusCode).toBe(201);
    const cookies = cookieJar(response);
    return { cookies, headers: { 'x-csrf-token': cookies.recompra_csrf! }, user: response.json() };
  };
  const create = (caller: Caller, name: string, url = SANDBOX_SHOP) =>
    server.app.inject({
      method: 'POST',
      url: '/backend/me/stores/shopifySettings',
      cookies: caller.cookies,
      headers: caller.headers,
      payload: { store: { name, url, accessToken: SANDBOX_TOKEN } },
    });
  const createdBy = async (caller: Caller) =>
    (await server.db.query<{ n: number }>('select count(*)::integer as n from stores where created_by = $1', [caller.user.id]))[0]!.n;
  /** Stores the account created earlier, `hoursAgo` each, on shops of their own. */
  const earlierStores = async (caller: Caller, hoursAgo: number[]) => {
    for (const [k, hours] of hoursAgo.entries()) {
      const [store] = await server.db.query<{ id: number }>(
        `insert into stores (name, created_by, created_at) values ($1, $2, now() - make_interval(hours => $3)) returning id`,
        [`Anterior ${k + 1}`, caller.user.id, hours],
      );
      await server.db.query(`insert into shopify_connections (store_id, shop_domain, access_token_encrypted) values ($1, $2, 'x')`, [
        store!.id,
        `anterior-${caller.user.id}-${k}.myshopify.com`,
      ]);
      await server.db.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [store!.id, caller.user.id]);
    }
  };
  const alreadyConnected = (field: string) => ({
    code: 'store_already_connected',
    message: 'Ya tienes una tienda conectada a esta dirección de Shopify.',
    fieldErrors: [{ field, message: 'Ya tienes una tienda conectada a esta dirección de Shopify.' }],
  });

  it('creates one store when the same account sends the same shop twice at once', async () => {
    const caller = await signUp('Lucía Soto', 'lucia@tienda.cl');
    const responses = await Promise.all([create(caller, 'Tienda de Lucía'), create(caller, 'Tienda de Lucía')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json()).toEqual(alreadyConnected('store.url'));
    expect(await createdBy(caller)).toBe(1);
  });

  it('refuses a second store for a shop the account already reaches, in any spelling, and lets another account connect it', async () => {
    const caller = await signUp('Pedro Rojas', 'pedro@tienda.cl');
    expect((await create(caller, 'Tienda de Pedro')).statusCode).toBe(201);
    const again = await create(caller, 'Otra vez', `https://${SANDBOX_SHOP.toUpperCase()}/admin`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(alreadyConnected('store.url'));
    expect(await createdBy(caller)).toBe(1);
    // A member of a store reaches its shop too: the demo owner already has one for it.
    const demoOwner = await signIn(server.app, 'demo@recompra.cl');
    expect((await create(demoOwner, 'Segunda demo')).json()).toEqual(alreadyConnected('store.url'));
  });

  it("refuses moving a store onto a shop another of the account's stores is connected to", async () => {
    const caller = await signUp('Marta Díaz', 'marta.diaz@tienda.cl');
    expect((await create(caller, 'Tienda de Marta')).statusCode).toBe(201);
    await earlierStores(caller, [48]);
    const [second] = await server.db.query<{ id: number }>(`select id from stores where created_by = $1 and name = 'Anterior 1'`, [
      caller.user.id,
    ]);
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/backend/stores/${second!.id}/shopifySettings`,
      cookies: caller.cookies,
      headers: caller.headers,
      payload: { shopifySettings: { name: 'Anterior 1', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN } },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual(alreadyConnected('shopifySettings.url'));
    const [connection] = await server.db.query<{ shop_domain: string }>('select shop_domain from shopify_connections where store_id = $1', [
      second!.id,
    ]);
    expect(connection!.shop_domain).not.toBe(SANDBOX_SHOP);
  });

  it('caps creations at three a day, with Retry-After, and ten in all; older ones do not count for the day', async () => {
    const busy = await signUp('Carla Muñoz', 'carla@tienda.cl');
    await earlierStores(busy, [3, 2, 1]);
    const refused = await create(busy, 'Cuarta del día');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'too_many_stores',
      message: 'Ya creaste varias tiendas en las últimas 24 horas. Podrás crear otra más tarde.',
    });
    // The oldest of the day leaves the window in 21 hours.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(21 * 3600);
    expect(await createdBy(busy)).toBe(3);

    const veteran = await signUp('Jorge Vera', 'jorge@tienda.cl');
    await earlierStores(veteran, [30, 40, 50, 60, 70, 80, 90, 100, 110]);
    expect((await create(veteran, 'Décima')).statusCode).toBe(201);
    const eleventh = await create(veteran, 'Undécima', 'otra-tienda.myshopify.com');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({ code: 'store_limit_reached', message: 'Llegaste al máximo de tiendas que puede crear una cuenta.' });
    expect(await createdBy(veteran)).toBe(10);
  });

  it('holds the provider admin to the same rules through the stores they created', async () => {
    const admin = await signIn(server.app, 'admin@recompra.cl');
    const created = await create(admin, 'Demo del proveedor');
    expect(created.statusCode).toBe(201);
    expect((await create(admin, 'Demo del proveedor otra vez')).json()).toEqual(alreadyConnected('store.url'));
    expect(await createdBy(admin)).toBe(1);
  });
});
