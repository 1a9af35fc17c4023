import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegment } from '../../../../src/server/features/segments/membership.ts';
import { migrate } from '../../../../src/server/platform/database/migrations.ts';
import { addStore, type Caller, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

/*
 * Segments over HTTP: the six defaults, creating, counting, editing and deleting custom segments,
 * their builds and how membership follows the store's data, with the contract's and SPEC §5's
 * refusals in Spanish, store membership checked on every call.
 */

let server: TestServer;
let store: number;
let owner: Caller;
let collaborator: Caller;

const TODAY = dayjs().format('YYYY-MM-DD');
const daysAgo = (days: number) => dayjs().subtract(days, 'day').hour(12).toISOString();

/** Customers 1–6 of the store, with orders placed `days` ago (discounted when marked). */
const CUSTOMERS: { id: number; tags: string[]; orders: { days: number; total: number; discounted?: boolean }[] }[] = [
  {
    id: 1,
    tags: ['VIP'],
    orders: [
      { days: 5, total: 50_000 },
      { days: 40, total: 30_000 },
      { days: 100, total: 20_000 },
    ],
  },
  { id: 2, tags: ['newsletter'], orders: [{ days: 10, total: 10_000, discounted: true }] },
  {
    id: 3,
    tags: [],
    orders: [
      { days: 250, total: 15_000 },
      { days: 300, total: 15_000 },
    ],
  },
  { id: 4, tags: ['vip '], orders: [{ days: 400, total: 90_000, discounted: true }] },
  { id: 5, tags: [], orders: [] },
  {
    id: 6,
    tags: ['mayorista'],
    orders: [
      { days: 20, total: 200_000 },
      { days: 25, total: 180_000 },
    ],
  },
];

async function seedStoreData(storeId: number) {
  let orderId = 100;
  for (const customer of CUSTOMERS) {
    await server.db.query('insert into customers (store_id, external_id, first_name, email, tags) values ($1, $2, $3, $4, $5)', [
      storeId,
      customer.id,
      `Cliente ${customer.id}`,
      `cliente${customer.id}@correo.cl`,
      JSON.stringify(customer.tags),
    ]);
    for (const order of customer.orders)
      await server.db.query(
        `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, discount_total, financial_status)
         values ($1, $2, $3, $4, $5, $6, 'PAID')`,
        [storeId, orderId++, daysAgo(order.days), order.total, customer.id, order.discounted ? 1000 : 0],
      );
  }
  await server.db.query(
    `insert into store_syncs (store_id, status, phase) values ($1, 'FINISHED', 'done')
     on conflict (store_id) do update set status = 'FINISHED', phase = 'done'`,
    [storeId],
  );
  await server.db.transaction((tx) =>
    server.app.events.record(tx, storeId, [{ kind: 'import_phase_finished', detail: { phase: 'history' } }]),
  );
  await settle();
}

/** Runs every queued job (subscribers, builds) until none is left. */
async function settle() {
  while ((await server.app.jobs.drain()) > 0) {}
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signIn(server.app, 'demo@recompra.cl');
  collaborator = await signIn(server.app, 'colaborador@recompra.cl');
  store = owner.user.store!;
  await seedStoreData(store);
});
afterAll(() => server.close());

const url = (path = '') => `/api/private/stores/${store}/segments${path}`;
const send = (caller: Caller, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  server.app.inject({
    method,
    url: url(path),
    cookies: caller.cookies,
    headers: caller.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
const get = (caller: Caller, path = '') => server.app.inject({ url: url(path), cookies: caller.cookies });

const vip = {
  name: 'Clientes VIP',
  description: 'Etiquetados VIP en la tienda',
  form: 'simple',
  rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'customerTags', operator: 'has', values: ['vip'] }] }] },
};
const members = async (segmentId: number) =>
  (
    await server.db.query<{ customer: string }>(
      'select customer_external_id::text as customer from segment_members where segment_id = $1 order by 1',
      [segmentId],
    )
  ).map((row) => Number(row.customer));

describe('default segments', () => {
  it('lists the six defaults first, built from the store data, as the dashboard defines them', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    const segments = response.json().segments as { id: number; key: string; name: null; status: string; customers: number }[];
    expect(segments.map((segment) => segment.key)).toEqual([
      'highValueCustomers',
      'frequentCustomers',
      'asleepCustomers',
      'newCustomers',
      'offerCustomers',
      'riskyCustomers',
    ]);
    expect(segments.every((segment) => segment.status === 'ready' && segment.name === null)).toBe(true);
    const byKey = Object.fromEntries(await Promise.all(segments.map(async (segment) => [segment.key, await members(segment.id)])));
    expect(byKey).toEqual({
      // Averages: 33,333; 10,000; 15,000; 90,000; 190,000, whose mean is 67,667.
      highValueCustomers: [4, 6],
      frequentCustomers: [1],
      asleepCustomers: [3, 4],
      newCustomers: [2, 6],
      offerCustomers: [2, 4],
      riskyCustomers: [3],
    });
  });

  it('cannot be edited or deleted', async () => {
    const [first] = (await get(owner)).json().segments;
    expect((await send(owner, 'PUT', `/${first.id}`, vip)).statusCode).toBe(409);
    const deleted = await send(owner, 'DELETE', `/${first.id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Los segmentos predeterminados no se pueden eliminar.');
  });
});

describe('custom segments', () => {
  it('are created queued, built by their job, and counted live as the form edits them', async () => {
    const count = await send(owner, 'POST', '/count', { rules: vip.rules });
    expect(count.json()).toEqual({ customers: 2 });
    const created = await send(owner, 'POST', '', vip);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Clientes VIP',
      key: null,
      form: 'simple',
      status: 'queued',
      customers: null,
      builtAt: null,
    });
    await settle();
    const segment = (await get(owner, `/${created.json().id}`)).json();
    expect(segment).toMatchObject({ status: 'ready', customers: 2 });
    expect(await members(segment.id)).toEqual([1, 4]);
    // Entering is a store event, for what follows segments (Klaviyo lists, WhatsApp automations).
    const [entered] = await server.db.query<{ customers: string[] }>(
      `select customers::text[] as customers from store_events where kind = 'segment_entered' and detail->>'segmentId' = $1`,
      [String(segment.id)],
    );
    expect(entered?.customers).toEqual(['1', '4']);
  });

  it('combine blocks with and / or, periods and ranges as the advanced form writes them', async () => {
    const rules = {
      join: 'or',
      blocks: [
        {
          join: 'and',
          conditions: [
            { field: 'purchase', operator: 'is', period: { kind: 'last', amount: 1, unit: 'month' } },
            { field: 'totalSpent', operator: 'fromTo', from: 100_000 },
          ],
        },
        {
          join: 'and',
          conditions: [
            { field: 'ordersCount', operator: 'fromTo', from: 2, to: 5 },
            {
              field: 'purchase',
              operator: 'isNot',
              period: { kind: 'between', from: dayjs().subtract(60, 'day').format('YYYY-MM-DD'), to: TODAY },
            },
          ],
        },
      ],
    };
    // 1 and 6 by the first block, 3 by the second.
    expect((await send(owner, 'POST', '/count', { rules })).json()).toEqual({ customers: 3 });
    const never = {
      join: 'and',
      blocks: [{ join: 'and', conditions: [{ field: 'purchase', operator: 'isNot', period: { kind: 'anytime' } }] }],
    };
    expect((await send(owner, 'POST', '/count', { rules: never })).json()).toEqual({ customers: 1 });
  });

  it('may be created by a collaborator, and edited: new rules queue the build again', async () => {
    const created = await send(collaborator, 'POST', '', { ...vip, name: 'Mayoristas', description: undefined });
    expect(created.statusCode).toBe(201);
    await settle();
    const id = created.json().id;
    const edited = await send(owner, 'PUT', `/${id}`, {
      name: '  Mayoristas  ',
      form: 'advanced',
      rules: { join: 'and', blocks: [{ join: 'or', conditions: [{ field: 'customerTags', operator: 'has', values: ['Mayorista'] }] }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Mayoristas', description: '', form: 'advanced', status: 'queued' });
    await settle();
    expect(await members(id)).toEqual([6]);
    expect((await get(owner, `/${id}`)).json()).toMatchObject({ status: 'ready', customers: 1 });
  });

  it('follow the store data: a new order moves a customer in, and the segment says so', async () => {
    const created = await send(owner, 'POST', '', {
      name: 'Compraron este mes',
      form: 'simple',
      rules: {
        join: 'and',
        blocks: [{ join: 'and', conditions: [{ field: 'purchase', operator: 'is', period: { kind: 'last', amount: 30, unit: 'day' } }] }],
      },
    });
    await settle();
    const id = created.json().id;
    expect(await members(id)).toEqual([1, 2, 6]);
    await server.db.transaction(async (tx) => {
      await tx.query(
        `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, financial_status)
         values ($1, 999, now(), 5000, 3, 'PAID')`,
        [store],
      );
      await server.app.events.record(tx, store, [{ kind: 'order_created', customers: ['3'], orders: ['999'] }]);
    });
    await settle();
    expect(await members(id)).toEqual([1, 2, 3, 6]);
    expect((await get(owner, `/${id}`)).json().customers).toBe(4);
    // Customer 3 bought again: no longer asleep nor at risk.
    const defaults = (await get(owner)).json().segments as { id: number; key: string }[];
    expect(await members(defaults.find((segment) => segment.key === 'asleepCustomers')!.id)).toEqual([4]);
    expect(await members(defaults.find((segment) => segment.key === 'riskyCustomers')!.id)).toEqual([]);
  });

  it('are deleted with their members, irreversibly', async () => {
    const created = await send(owner, 'POST', '', { ...vip, name: 'Para borrar' });
    await settle();
    const id = created.json().id;
    expect((await send(owner, 'DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await get(owner, `/${id}`)).statusCode).toBe(404);
    expect(await members(id)).toEqual([]);
  });
});

describe('segments comparing with the store average', () => {
  const aboveAverage = {
    name: 'Bajo el promedio',
    form: 'simple',
    rules: {
      join: 'and',
      blocks: [{ join: 'and', conditions: [{ field: 'averageOrderValue', operator: 'isNot', value: 'aboveStoreAverage' }] }],
    },
  };
  /** Every segment of the store: its members, and the figures kept on its row beside a fresh sum over them. */
  const state = async () =>
    server.db.query<{ id: string; members: string[]; kept: string; fresh: string }>(
      `select g.id::text, coalesce((select array_agg(m.customer_external_id::text order by m.customer_external_id)
                                      from segment_members m where m.segment_id = g.id), '{}') as members,
              concat_ws(' ', g.customers, g.orders, g.income::numeric(18, 2)) as kept,
              (select concat_ws(' ', count(*), coalesce(sum(s.orders_count), 0), coalesce(sum(s.total_spent), 0)::numeric(18, 2))
                 from segment_members m
                 left join customer_stats s on s.store_id = m.store_id and s.customer_external_id = m.customer_external_id
                where m.segment_id = g.id) as fresh
         from segments g where g.store_id = $1 order by g.id`,
      [store],
    );
  const builds = async () =>
    (await server.db.query<{ count: number }>(`select count(*)::integer as count from jobs where queue = 'segment-build'`))[0]!.count;
  let nextOrder = 2000;
  const order = async (customer: number, total: number) => {
    const id = String(nextOrder++);
    await server.db.transaction(async (tx) => {
      await tx.query(
        `insert into customers (store_id, external_id, first_name) values ($1, $2, $3) on conflict (store_id, external_id) do nothing`,
        [store, customer, `Cliente ${customer}`],
      );
      await tx.query(
        `insert into orders (store_id, external_id, placed_at, total_amount, customer_external_id, financial_status)
         values ($1, $2, now(), $3, $4, 'PAID')`,
        [store, id, total, customer],
      );
      await server.app.events.record(tx, store, [{ kind: 'order_created', customers: [String(customer)], orders: [id] }]);
    });
    await settle();
    return id;
  };
  const cancel = async (customer: number, id: string) => {
    await server.db.transaction(async (tx) => {
      await tx.query('update orders set cancelled_at = now() where store_id = $1 and external_id = $2', [store, id]);
      await server.app.events.record(tx, store, [{ kind: 'order_cancelled', customers: [String(customer)], orders: [id] }]);
    });
    await settle();
  };
  /** The members and figures kept incrementally are what a build from scratch finds, without a word of drift. */
  const expectSameAsRebuild = async () => {
    const kept = await state();
    for (const row of kept) expect(row.kept, `segment ${row.id}`).toBe(row.fresh);
    const drift: string[] = [];
    for (const row of kept) await buildSegment(server.db, server.app.events, store, row.id, (line) => drift.push(line));
    expect(drift).toEqual([]);
    expect(await state()).toEqual(kept);
  };

  it('re-evaluate only the customers the average crossed, and end where a rebuild would, both ways', async () => {
    const created = await send(owner, 'POST', '', aboveAverage);
    await settle();
    const below = created.json().id as number;
    const defaults = (await get(owner)).json().segments as { id: number; key: string }[];
    const highValue = defaults.find((segment) => segment.key === 'highValueCustomers')!.id;
    // Averages: 1 → 33,333; 2 → 10,000; 3 → 11,667; 4 → 90,000; 6 → 190,000; the store's ≈ 67,000.
    expect(await members(highValue)).toEqual([4, 6]);
    expect(await members(below)).toEqual([1, 2, 3, 5]);
    const buildsBefore = await builds();

    // A big spender raises the store average over 4's and 6's: they cross down, with no rebuild asked.
    const big = await order(7, 2_000_000);
    expect(await members(highValue)).toEqual([7]);
    expect(await members(below)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await builds()).toBe(buildsBefore);
    await expectSameAsRebuild();

    // The order cancelled, the average falls back under theirs: they cross up again.
    await cancel(7, big);
    expect(await members(highValue)).toEqual([4, 6]);
    expect(await members(below)).toEqual([1, 2, 3, 5, 7]);
    await expectSameAsRebuild();

    // Six small buyers pull it under 1's average (33,333 against ≈ 31,000): 1, untouched, crosses up.
    for (const customer of [8, 9, 10, 11, 12, 13]) await order(customer, 1_000);
    expect(await members(highValue)).toEqual([1, 4, 6]);
    expect((await members(below)).sort((a, b) => a - b)).toEqual([2, 3, 5, 7, 8, 9, 10, 11, 12, 13]);
    expect(await builds()).toBe(buildsBefore);
    await expectSameAsRebuild();
  });
});

describe('refusals', () => {
  const fieldErrors = async (payload: unknown, path = '') => {
    const response = await send(owner, 'POST', path, payload);
    expect(response.statusCode).toBe(400);
    return response.json().fieldErrors as { field: string; message: string }[];
  };
  const withCondition = (condition: object) => ({ ...vip, rules: { join: 'and', blocks: [{ join: 'and', conditions: [condition] }] } });

  it('words SPEC §5 rules in Spanish, on the field', async () => {
    expect(await fieldErrors({ ...vip, name: '   ' })).toEqual([{ field: 'name', message: 'El nombre no puede tener solo espacios.' }]);
    expect(await fieldErrors({ ...vip, name: '' })).toContainEqual({ field: 'name', message: 'Este campo es obligatorio.' });
    expect((await fieldErrors({ ...vip, name: 'n'.repeat(81) }))[0]!.field).toBe('name');
    expect((await fieldErrors({ ...vip, description: 'd'.repeat(301) }))[0]!.field).toBe('description');
    expect(await fieldErrors(withCondition({ field: 'totalSpent', operator: 'fromTo', from: 50_000, to: 50_000 }))).toEqual([
      { field: 'rules.blocks.0.conditions.0.to', message: 'El máximo debe ser mayor que el mínimo.' },
    ]);
    expect((await fieldErrors(withCondition({ field: 'ordersCount', operator: 'fromTo', from: -1 })))[0]!.message).toMatch(/0/);
    expect(
      await fieldErrors(
        withCondition({ field: 'purchase', operator: 'is', period: { kind: 'between', from: '2026-05-01', to: '2026-04-01' } }),
      ),
    ).toEqual([{ field: 'rules.blocks.0.conditions.0.period.to', message: 'La fecha final no puede ser anterior a la inicial.' }]);
    expect(await fieldErrors({ ...vip, form: 'advanced', rules: { join: 'and', blocks: [] } })).toEqual([
      { field: 'rules.blocks', message: 'Agrega al menos un bloque de lógica.' },
    ]);
    expect((await fieldErrors({ rules: { join: 'and', blocks: [] } }, '/count'))[0]!.field).toBe('rules.blocks');
  });

  it('refuses a purchase period outside the years 2000 to 2100 on its field, in Spanish, from any member of the store', async () => {
    const DATE_RANGE = 'Usa una fecha válida (AAAA-MM-DD) entre los años 2000 y 2100.';
    const between = (from: string, to: string) =>
      withCondition({ field: 'purchase', operator: 'is', period: { kind: 'between', from, to } });
    const segmentsBefore = await server.db.query('select id from segments where store_id = $1', [store]);
    // The probe's segment: a collaborator, from year 0000. PostgreSQL has no year 0, so it could never be built.
    const zero = await send(collaborator, 'POST', '', between('0000-01-01', TODAY));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fieldErrors).toEqual([{ field: 'rules.blocks.0.conditions.0.period.from', message: DATE_RANGE }]);
    expect(await fieldErrors(between('1999-12-31', TODAY))).toEqual([
      { field: 'rules.blocks.0.conditions.0.period.from', message: DATE_RANGE },
    ]);
    expect(await fieldErrors(between('2026-01-01', '2101-01-01'))).toEqual([
      { field: 'rules.blocks.0.conditions.0.period.to', message: DATE_RANGE },
    ]);
    // The live count and an edit take the same rules.
    expect((await fieldErrors({ rules: between('0000-01-01', TODAY).rules }, '/count'))[0]!.field).toBe(
      'rules.blocks.0.conditions.0.period.from',
    );
    expect(await server.db.query('select id from segments where store_id = $1', [store])).toEqual(segmentsBefore);
    const custom = (await send(owner, 'POST', '', { ...vip, name: 'Para editar' })).json();
    const edit = await send(owner, 'PUT', `/${custom.id}`, between('2026-01-01', '9999-12-31'));
    expect(edit.statusCode).toBe(400);
    expect(edit.json().fieldErrors).toEqual([{ field: 'rules.blocks.0.conditions.0.period.to', message: DATE_RANGE }]);
    expect((await get(owner, `/${custom.id}`)).json().rules).toEqual(vip.rules);
    // The first and the last day of the range are taken, and built.
    const bounds = await send(collaborator, 'POST', '', { ...between('2000-01-01', '2100-12-31'), name: 'Desde 2000' });
    expect(bounds.statusCode).toBe(201);
    await settle();
    const { customers } = (await send(owner, 'POST', '/count', { rules: bounds.json().rules })).json();
    expect(customers).toBeGreaterThan(0);
    expect((await get(owner, `/${bounds.json().id}`)).json()).toMatchObject({ status: 'ready', customers });
    for (const id of [custom.id, bounds.json().id]) await send(owner, 'DELETE', `/${id}`);
  });

  it('keeps segments inside their store: another store, or a stranger, sees nothing', async () => {
    const other = await addStore(server.db, 'Otra tienda');
    const [segment] = (await get(owner)).json().segments;
    // A store one is not a member of answers as if it did not exist.
    expect((await server.app.inject({ url: `/api/private/stores/${other}/segments`, cookies: owner.cookies })).statusCode).toBe(404);
    expect(
      (await server.app.inject({ url: `/api/private/stores/${other}/segments/${segment.id}`, cookies: owner.cookies })).statusCode,
    ).toBe(404);
    expect((await server.app.inject({ url: url(`/${segment.id}`) })).statusCode).toBe(401);
    expect((await get(owner, '/999999')).statusCode).toBe(404);
  });

  it(`holds at most 100 custom segments`, async () => {
    const [{ count }] = (await server.db.query<{ count: number }>(
      'select count(*)::integer as count from segments where store_id = $1 and key is null',
      [store],
    )) as [{ count: number }];
    for (let index = count; index < 100; index++)
      await server.db.query(`insert into segments (store_id, name, form, rules) values ($1, $2, 'simple', $3)`, [
        store,
        `Relleno ${index}`,
        JSON.stringify(vip.rules),
      ]);
    const refused = await send(owner, 'POST', '', vip);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Puedes tener hasta 100 segmentos propios. Elimina uno para crear otro.');
  });
});

describe('segments saved before dates were kept to 2000–2100', () => {
  it('have each day beyond moved to the nearest end, and are built again', async () => {
    const between = (from: string, to: string) => ({ kind: 'between', from, to });
    const rules = (first: object, second: object) => ({
      join: 'or',
      blocks: [
        {
          join: 'and',
          conditions: [
            { field: 'customerTags', operator: 'has', values: ['vip'] },
            { field: 'purchase', operator: 'is', period: first },
          ],
        },
        { join: 'and', conditions: [{ field: 'ordersCount', operator: 'fromTo', from: 2, period: second }] },
      ],
    });
    const [legacy] = await server.db.query<{ id: number }>(
      `insert into segments (store_id, name, form, rules, status) values ($1, 'De siempre', 'advanced', $2, 'ready') returning id::float8 as id`,
      [store, JSON.stringify(rules(between('0000-01-01', '9999-12-31'), between('1500-06-01', TODAY)))],
    );
    const others = await server.db.query(
      'select id, rules, rules_version, status from segments where store_id = $1 and id <> $2 order by id',
      [store, legacy!.id],
    );
    // The migration runs again, as on a database that held this segment when it was first applied.
    await server.db.query(`delete from schema_migrations where name = '0026_segment_dates_in_calendar.sql'`);
    expect(await migrate(server.db)).toEqual(['0026_segment_dates_in_calendar.sql']);
    const clamped = rules(between('2000-01-01', '2100-12-31'), between('2000-01-01', TODAY));
    expect(await server.db.query('select rules, rules_version, status from segments where id = $1', [legacy!.id])).toEqual([
      { rules: clamped, rules_version: 2, status: 'queued' },
    ]);
    expect(
      await server.db.query('select id, rules, rules_version, status from segments where store_id = $1 and id <> $2 order by id', [
        store,
        legacy!.id,
      ]),
    ).toEqual(others);
    await settle();
    const { customers } = (await send(owner, 'POST', '/count', { rules: clamped })).json();
    expect(customers).toBeGreaterThan(0);
    expect((await get(owner, `/${legacy!.id}`)).json()).toMatchObject({ status: 'ready', customers, rules: clamped });
  });
});
