/*
 * Segment figures, customers table and XLSX export over HTTP, on an imported sandbox store: every
 * figure is restated here over the raw rows the import wrote (customers, orders, line items), sharing
 * no code with the rollups or the server's queries; every order and search of the table is checked
 * against a sort done here; the file is read back. Segments of another store, and stores the caller
 * is not a member of, answer 404.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { StartedSandbox } from '../../../../src/server/integrations/shopify/sandbox/index.ts';
import type { components } from '../../../../src/shared/api/backend.gen.ts';
import { addStore, type Caller, importSandboxStore, signIn, type TestServer } from '../../support/harness.ts';

const NOW = new Date();
let sandbox: StartedSandbox;
let server: TestServer;
let owner: Caller;
let storeId: number;
let timeZone: string;

interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  consent: boolean;
}
interface CountedOrder {
  customer: string;
  placedAt: Date;
  total: number;
  units: number;
}
let customers: Map<string, Customer>;
let counted: CountedOrder[];
/** Segment ids by what they are: the six defaults by key, and the custom ones made below. */
const segments: Record<string, number> = {};

beforeAll(async () => {
  ({ sandbox, server, owner, storeId } = await importSandboxStore(300, 2000, NOW));
  const created = await Promise.all(
    [
      { name: 'Compradores VIP de Ñuñoa', tags: ['VIP', 'newsletter'] },
      { name: 'Nadie', tags: ['etiqueta-que-no-existe'] },
    ].map(({ name, tags }) =>
      server.app.inject({
        method: 'POST',
        url: `/api/private/stores/${storeId}/segments`,
        cookies: owner.cookies,
        headers: owner.headers,
        payload: {
          name,
          form: 'simple',
          rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'customerTags', operator: 'has', values: tags }] }] },
        },
      }),
    ),
  );
  segments.vip = created[0]!.json().id;
  segments.empty = created[1]!.json().id;
  while ((await server.app.jobs.drain()) > 0) {}
  for (const row of await server.db.query<{ id: string; key: string }>(
    'select id::text, key from segments where store_id = $1 and key is not null',
    [storeId],
  ))
    segments[row.key] = Number(row.id);
  await readRawRows();
});
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

/** The store as the import wrote it; a counted order restated: real, not cancelled, paid or authorized. */
async function readRawRows() {
  const [connection] = await server.db.query<{ timezone: string }>('select timezone from shopify_connections where store_id = $1', [
    storeId,
  ]);
  timeZone = connection!.timezone;
  const people = await server.db.query<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    phone: string | null;
    email_consent: boolean;
  }>('select external_id::text as id, first_name, last_name, email, phone, email_consent from customers where store_id = $1', [storeId]);
  customers = new Map(
    people.map((person) => [
      person.id,
      {
        id: person.id,
        name: [person.first_name, person.last_name]
          .map((part) => part?.trim())
          .filter(Boolean)
          .join(' '),
        email: person.email,
        phone: person.phone,
        consent: person.email_consent,
      },
    ]),
  );
  const units = new Map<string, number>();
  for (const line of await server.db.query<{ order: string; quantity: number }>(
    'select order_external_id::text as order, quantity from order_line_items where store_id = $1',
    [storeId],
  ))
    units.set(line.order, (units.get(line.order) ?? 0) + line.quantity);
  const orders = await server.db.query<{
    id: string;
    customer: string | null;
    placed_at: Date;
    total: string;
    test: boolean;
    cancelled_at: Date | null;
    financial_status: string | null;
  }>(
    `select external_id::text as id, customer_external_id::text as customer, placed_at, total_amount::text as total, test, cancelled_at,
            financial_status
       from orders where store_id = $1`,
    [storeId],
  );
  counted = orders
    .filter(
      (order) =>
        order.customer &&
        !order.test &&
        !order.cancelled_at &&
        !['PENDING', 'EXPIRED', 'VOIDED', 'REFUNDED'].includes(order.financial_status ?? ''),
    )
    .map((order) => ({
      customer: order.customer!,
      placedAt: order.placed_at,
      total: Number(order.total),
      units: units.get(order.id) ?? 0,
    }));
}

const members = async (segmentId: number) =>
  new Set(
    (
      await server.db.query<{ id: string }>('select customer_external_id::text as id from segment_members where segment_id = $1', [
        segmentId,
      ])
    ).map((row) => row.id),
  );

const dayIn = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const get = (path: string, caller: Caller = owner) =>
  server.app.inject({ url: `/backend/stores/${storeId}${path}`, cookies: caller.cookies });

describe('segment figures', () => {
  it('lists each segment with its members, their orders and income, beside the store totals', async () => {
    const response = await get('/segments/stats');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCustomers).toBe(customers.size);
    expect(body.totalIncome).toBeCloseTo(sum(counted.map((order) => order.total)), 2);
    expect(body.currency).toBe('CLP');
    expect(body.segments).toHaveLength(8);
    for (const figures of body.segments as { segmentId: number; customers: number; orders: number; income: number }[]) {
      const ids = await members(figures.segmentId);
      const theirs = counted.filter((order) => ids.has(order.customer));
      expect(figures, `segment ${figures.segmentId}`).toEqual({
        segmentId: figures.segmentId,
        customers: ids.size,
        orders: theirs.length,
        income: expect.closeTo(sum(theirs.map((order) => order.total)), 2),
      });
    }
  });

  it("gives a segment's metrics: the last 30 days, all time, per member and units per order", async () => {
    const today = dayIn(NOW);
    const from = new Date(`${today}T12:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 29);
    const since = dayIn(from);
    let nonTrivial = 0;
    for (const [label, segmentId] of Object.entries(segments)) {
      const response = await get(`/segments/${segmentId}/stats`);
      expect(response.statusCode, label).toBe(200);
      const ids = await members(segmentId);
      const theirs = counted.filter((order) => ids.has(order.customer));
      const recent = theirs.filter((order) => dayIn(order.placedAt) >= since && dayIn(order.placedAt) <= today);
      const totalIncome = sum(theirs.map((order) => order.total));
      expect(response.json(), label).toEqual({
        segmentId,
        status: 'ready',
        orders: recent.length,
        income: expect.closeTo(sum(recent.map((order) => order.total)), 2),
        totalCustomers: ids.size,
        totalIncome: expect.closeTo(totalIncome, 2),
        // Averages come rounded to the cent: a value ending in half a cent rounds either way in floating point.
        avgIncomeByCustomer: expect.closeTo(ids.size ? totalIncome / ids.size : 0, 1),
        ordersAvgSize: expect.closeTo(theirs.length ? sum(theirs.map((order) => order.units)) / theirs.length : 0, 1),
        currency: 'CLP',
        builtAt: expect.any(String),
      });
      if (recent.length > 0 && theirs.length > recent.length) nonTrivial++;
    }
    // The store must have recent and older orders in several segments, or agreeing would prove little.
    expect(nonTrivial).toBeGreaterThanOrEqual(3);
    expect((await get(`/segments/${segments.empty}/stats`)).json()).toMatchObject({
      totalCustomers: 0,
      avgIncomeByCustomer: 0,
      ordersAvgSize: 0,
    });
  });
});

type Row = components['schemas']['SegmentCustomerRow'];

/** Every page of the table for `query`, read 23 at a time so pages have to join up. */
async function allPages(segmentId: number, query: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const response = await get(`/segments/${segmentId}/stats/table?pageSize=23&page=${page}${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    rows.push(...body.rows);
    if (page >= body.totalPages) {
      expect(rows).toHaveLength(body.totalRows);
      return rows;
    }
  }
}

/** The table's rows restated from the raw rows. */
async function expectedRows(segmentId: number): Promise<Row[]> {
  return [...(await members(segmentId))].map((id) => {
    const customer = customers.get(id)!;
    const theirs = counted.filter((order) => order.customer === id);
    const last = theirs.reduce<Date | null>((latest, order) => (!latest || order.placedAt > latest ? order.placedAt : latest), null);
    return {
      customerId: Number(id),
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      emailConsent: customer.consent,
      orders: theirs.length,
      totalSpent: sum(theirs.map((order) => order.total)),
      lastOrderAt: last?.toISOString() ?? null,
    };
  });
}

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Ties: the name as read (folded), then as written, then the id. */
const byName = (a: Row, b: Row) => byBytes(fold(a.name), fold(b.name)) || byBytes(a.name, b.name) || a.customerId - b.customerId;
type Sort = 'name' | 'email' | 'orders' | 'totalSpent' | 'lastOrderAt';
function sorted(rows: Row[], sort: Sort, order: 'asc' | 'desc'): Row[] {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: Row, b: Row): number => {
    switch (sort) {
      case 'name':
        return sign * byName(a, b);
      case 'email':
        // Without an email, last either way.
        if (a.email === null || b.email === null) return (a.email === null ? 1 : 0) - (b.email === null ? 1 : 0) || byName(a, b);
        return sign * byBytes(fold(a.email), fold(b.email)) || byName(a, b);
      case 'lastOrderAt':
        if (a.lastOrderAt === null || b.lastOrderAt === null)
          return (a.lastOrderAt === null ? 1 : 0) - (b.lastOrderAt === null ? 1 : 0) || byName(a, b);
        return sign * byBytes(a.lastOrderAt, b.lastOrderAt) || byName(a, b);
      default:
        return sign * (a[sort] - b[sort]) || byName(a, b);
    }
  };
  return [...rows].sort(compare);
}

describe("a segment's customers", () => {
  it('are sorted by amount purchased by default, largest first, and every column sorts both ways', async () => {
    const expected = await expectedRows(segments.vip!);
    expect(expected.length).toBeGreaterThan(3 * 23);
    const close = (rows: Row[]) => rows.map((row) => ({ ...row, totalSpent: Math.round(row.totalSpent * 100) }));
    expect(close(await allPages(segments.vip!, ''))).toEqual(close(sorted(expected, 'totalSpent', 'desc')));
    expect((await get(`/segments/${segments.vip}/stats/table?sort=name`)).json().rows).toEqual(
      sorted(expected, 'name', 'asc').slice(0, 10),
    );
    for (const sort of ['name', 'email', 'orders', 'totalSpent', 'lastOrderAt'] as const)
      for (const order of ['asc', 'desc'] as const)
        expect(close(await allPages(segments.vip!, `&sort=${sort}&order=${order}`)), `${sort} ${order}`).toEqual(
          close(sorted(expected, sort, order)),
        );
  });

  it('are searched by name, email or phone, ignoring case, accents and surrounding spaces', async () => {
    const expected = await expectedRows(segments.vip!);
    const accented = expected.find((row) => /[áéíóúñ]/i.test(row.name));
    const withPhone = expected.find((row) => row.phone);
    expect(accented && withPhone).toBeTruthy();
    // A piece of an accented name typed without accents, in capitals.
    const word = fold(accented!.name.split(' ').find((part) => /[áéíóúñ]/i.test(part))!).toUpperCase();
    const searches = [`  ${word} `, withPhone!.phone!.slice(-6), accented!.email?.split('@')[0] ?? word, 'zzz-nadie'];
    for (const q of searches) {
      const needle = fold(q.trim());
      const matching = expected.filter((row) => [row.name, row.email ?? '', row.phone ?? ''].some((text) => fold(text).includes(needle)));
      const rows = await allPages(segments.vip!, `&sort=name&q=${encodeURIComponent(q)}`);
      expect(
        rows.map((row) => row.customerId),
        q,
      ).toEqual(sorted(matching, 'name', 'asc').map((row) => row.customerId));
    }
    expect((await get(`/segments/${segments.vip}/stats/table?q=zzz-nadie`)).json()).toEqual({
      page: 1,
      pageSize: 10,
      totalPages: 0,
      totalRows: 0,
      rows: [],
    });
  });
});

describe('the XLSX export', () => {
  const download = async (segmentId: number, query = '') => {
    const response = await get(`/segments/${segmentId}/stats/table/xlsx${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = XLSX.read(response.rawPayload, { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    return { response, book, sheet, rows: XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null }) };
  };

  it("holds every member in the table's order, with Spanish headers, CLP amounts and the store's dates", async () => {
    const { response, book, sheet, rows } = await download(segments.vip!, '?sort=lastOrderAt&order=desc');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="recompra-segmento-compradores-vip-de-nunoa-${dayIn(new Date())}.xlsx"`,
    );
    expect(book.SheetNames).toEqual(['Clientes']);
    const [headers, ...body] = rows;
    expect(headers).toEqual(['Nombre', 'Correo', 'Teléfono', 'Acepta correos', 'Pedidos', 'Monto comprado', 'Último pedido']);
    const expected = sorted(await expectedRows(segments.vip!), 'lastOrderAt', 'desc');
    // A spreadsheet's day number: days since 1899-12-30.
    const serial = (instant: string) => (Date.parse(`${dayIn(new Date(instant))}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(body).toEqual(
      expected.map((row) => [
        row.name,
        row.email,
        row.phone,
        row.emailConsent ? 'Sí' : 'No',
        row.orders,
        expect.closeTo(row.totalSpent, 2),
        row.lastOrderAt === null ? null : serial(row.lastOrderAt),
      ]),
    );
    // Amounts and dates are numbers shown with their formats, so the spreadsheet can add and sort them.
    expect(sheet.F2).toMatchObject({ t: 'n', z: '"$"#,##0' });
    const dated = body.findIndex((row) => row[6] !== null);
    expect(sheet[`G${dated + 2}`]).toMatchObject({ t: 'n', z: 'dd-mm-yyyy' });
    expect(sheet[`G${dated + 2}`].w).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("keeps the search's members, and names a default segment's file after its name", async () => {
    const expected = await expectedRows(segments.highValueCustomers!);
    const q = expected[0]!.email!.slice(0, 4);
    const matching = expected.filter((row) => [row.name, row.email ?? '', row.phone ?? ''].some((text) => fold(text).includes(fold(q))));
    const { response, rows } = await download(segments.highValueCustomers!, `?sort=name&q=${encodeURIComponent(q)}`);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="recompra-segmento-clientes-de-alto-valor-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual(sorted(matching, 'name', 'asc').map((row) => row.name));
    // An empty segment is a file with only the headers.
    expect((await download(segments.empty!)).rows).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('answers 404 for a segment of another store, a missing one, and a store the caller is not in', async () => {
    const other = await addStore(server.db, 'Otra tienda');
    const [foreign] = await server.db.query<{ id: string }>(
      `insert into segments (store_id, name, form, rules) values ($1, 'Ajeno', 'simple', '{"join":"and","blocks":[]}') returning id::text`,
      [other],
    );
    for (const path of ['/stats', '/stats/table', '/stats/table/xlsx']) {
      const response = await get(`/segments/${foreign!.id}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('No encontramos lo que buscas.');
      expect((await get(`/segments/2147483647${path}`)).statusCode).toBe(404);
    }
    // The demo store's owner is not a member of this store: it does not exist for them.
    const stranger = await signIn(server.app, 'demo@recompra.cl');
    for (const path of [
      '/segments/stats',
      `/segments/${segments.vip}/stats`,
      `/segments/${segments.vip}/stats/table`,
      `/segments/${segments.vip}/stats/table/xlsx`,
    ]) {
      const response = await get(path, stranger);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('No encontramos esa tienda.');
    }
    expect((await server.app.inject({ url: `/backend/stores/${storeId}/segments/stats` })).statusCode).toBe(401);
  });

  it('answers a malformed query with a Spanish 400', async () => {
    const response = await get(`/segments/${segments.vip}/stats/table?sort=precio&pageSize=500`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Revisa los datos enviados.');
    expect(
      response
        .json()
        .fieldErrors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['pageSize', 'sort']);
  });
});
