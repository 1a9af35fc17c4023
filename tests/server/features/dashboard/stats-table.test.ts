/*
 * The overview table's order, search and XLSX export, over rows written straight into the nightly
 * table: sorting is the server's (pages stay consistent under any order), the search folds case and
 * accents the same way on PGlite and PostgreSQL, and the file holds every matching row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { type Caller, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

let server: TestServer;
let owner: Caller;
let storeId: number;

const PRODUCTS = [
  { key: 'Café de grano', customers: 12, orders: 20, income: 150_000 },
  { key: 'cafetera italiana', customers: 3, orders: 3, income: 90_000 },
  { key: 'Azúcar rubia', customers: 30, orders: 31, income: 45_000 },
  { key: 'Ñandú de peluche', customers: 1, orders: 1, income: 9_990 },
  { key: 'Taza 100% algodón_', customers: 8, orders: 9, income: 60_000.5 },
  { key: 'Bombilla', customers: 5, orders: 40, income: 20_000 },
  { key: '', customers: 2, orders: 2, income: 1_000 },
];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signIn(server.app, 'demo@recompra.cl');
  storeId = owner.user.store!;
  await server.db.query('delete from store_stats_table where store_id = $1', [storeId]);
  for (const row of PRODUCTS)
    await server.db.query(
      `insert into store_stats_table (store_id, dimension, key, customers, orders, income) values ($1, 'products', $2, $3, $4, $5)`,
      [storeId, row.key, row.customers, row.orders, row.income],
    );
  await server.db.query(
    `insert into store_stats_table (store_id, dimension, key, customers, orders, income) values ($1, 'discounts', 'CAFE10', 4, 4, 8000)`,
    [storeId],
  );
});
afterAll(() => server?.close());

const get = (path: string, caller: Caller = owner) =>
  server.app.inject({ url: `/backend/stores/${storeId}/stats/table${path}`, cookies: caller.cookies });
const keys = async (query: string) => {
  const response = await get(`?dimension=products&pageSize=100&${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as { rows: { key: string }[] }).rows.map((row) => row.key);
};

describe('sorting', () => {
  it('orders by income from the largest by default', async () => {
    expect(await keys('')).toEqual([
      'Café de grano',
      'cafetera italiana',
      'Taza 100% algodón_',
      'Azúcar rubia',
      'Bombilla',
      'Ñandú de peluche',
      '',
    ]);
  });

  it('orders each figure both ways, from the largest unless asked', async () => {
    expect(await keys('sort=orders')).toEqual([
      'Bombilla',
      'Azúcar rubia',
      'Café de grano',
      'Taza 100% algodón_',
      'cafetera italiana',
      '',
      'Ñandú de peluche',
    ]);
    expect(await keys('sort=customers&order=asc')).toEqual([
      'Ñandú de peluche',
      '',
      'cafetera italiana',
      'Bombilla',
      'Taza 100% algodón_',
      'Café de grano',
      'Azúcar rubia',
    ]);
    expect((await keys('sort=income&order=asc'))[0]).toBe('');
  });

  it('orders names from A ignoring case and accents, and back', async () => {
    const ascending = ['', 'Azúcar rubia', 'Bombilla', 'Café de grano', 'cafetera italiana', 'Ñandú de peluche', 'Taza 100% algodón_'];
    expect(await keys('sort=key')).toEqual(ascending);
    expect(await keys('sort=key&order=desc')).toEqual([...ascending].reverse());
  });

  it('keeps pages consistent under an order: every row once, in sequence', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = (await get(`?dimension=products&sort=customers&order=asc&page=${page}&pageSize=3`)).json();
      expect(body).toMatchObject({ page, pageSize: 3, totalRows: 7, totalPages: 3 });
      pages.push(...body.rows.map((row: { key: string }) => row.key));
    }
    expect(pages).toEqual(await keys('sort=customers&order=asc'));
  });
});

describe('search', () => {
  it('matches part of the name, ignoring case, accents and the spaces around it', async () => {
    expect(await keys('q=cafe')).toEqual(['Café de grano', 'cafetera italiana']);
    expect(await keys('q=%20%20CAFÉ%20')).toEqual(['Café de grano', 'cafetera italiana']);
    expect(await keys('q=nandu')).toEqual(['Ñandú de peluche']);
    expect(await keys('q=AZUCAR')).toEqual(['Azúcar rubia']);
  });

  it('takes the LIKE wildcards as plain text', async () => {
    expect(await keys('q=%25')).toEqual(['Taza 100% algodón_']);
    expect(await keys('q=_')).toEqual(['Taza 100% algodón_']);
  });

  it('counts the matching rows for the pages, and answers an empty page when nothing matches', async () => {
    const body = (await get('?dimension=products&q=cafe&pageSize=1&sort=key')).json();
    expect(body).toMatchObject({ totalRows: 2, totalPages: 2, rows: [{ key: 'Café de grano' }] });
    expect((await get('?dimension=products&q=zapato')).json()).toMatchObject({ totalRows: 0, totalPages: 0, rows: [] });
  });

  it('keeps every row for a blank search, and searches one tab only', async () => {
    expect(await keys('q=%20%20')).toHaveLength(7);
    const discounts = (await get('?dimension=discounts&q=cafe')).json();
    expect(discounts.rows).toEqual([{ key: 'CAFE10', customers: 4, orders: 4, income: 8000 }]);
  });
});

describe('validation', () => {
  it.each([
    ['sort=price', 'sort'],
    ['order=up', 'order'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=caf%07', 'q'],
  ])('refuses %s with a Spanish field error', async (query, field) => {
    for (const path of ['', '/xlsx']) {
      const response = await get(`${path}?dimension=products&${query}`);
      expect(response.statusCode).toBe(400);
      const errors = response.json().fieldErrors as { field: string; message: string }[];
      expect(errors.map((error) => error.field)).toEqual([field]);
      expect(errors[0]!.message).toMatch(/[áéíóúñ]|\b(debe|usa|elige|no puede)\b/i);
    }
  });

  it('accepts a search of exactly 100 characters', async () => {
    expect((await get(`?dimension=products&q=${'a'.repeat(100)}`)).statusCode).toBe(200);
  });

  it('answers the export only to the store’s members', async () => {
    const outsider = await server.app.inject({ url: `/backend/stores/${storeId}/stats/table/xlsx?dimension=products` });
    expect(outsider.statusCode).toBe(401);
  });
});

describe('the XLSX export', () => {
  const download = async (query: string) => {
    const response = await get(`/xlsx?${query}`);
    expect(response.statusCode).toBe(200);
    return response;
  };
  const sheetOf = (body: Buffer) => {
    const book = XLSX.read(body, { type: 'buffer' });
    const name = book.SheetNames[0]!;
    return { name, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1 }) };
  };

  it('holds every row of the tab, in the asked order, with the screen’s columns and names', async () => {
    const response = await download('dimension=products&sort=key');
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="recompra-productos-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { name, rows } = sheetOf(response.rawPayload);
    expect(name).toBe('Productos');
    expect(rows).toEqual([
      ['Producto', 'Clientes', 'Pedidos', 'Ingresos'],
      ['Producto sin nombre', 2, 2, 1000],
      ['Azúcar rubia', 30, 31, 45000],
      ['Bombilla', 5, 40, 20000],
      ['Café de grano', 12, 20, 150000],
      ['cafetera italiana', 3, 3, 90000],
      ['Ñandú de peluche', 1, 1, 9990],
      ['Taza 100% algodón_', 8, 9, 60000.5],
    ]);
  });

  it('follows the search and names the file after the tab', async () => {
    const response = await download('dimension=discounts&q=%20cafe');
    expect(response.headers['content-disposition']).toContain('recompra-descuentos-');
    expect(sheetOf(response.rawPayload).rows).toEqual([
      ['Código de descuento', 'Clientes', 'Pedidos', 'Ingresos'],
      ['CAFE10', 4, 4, 8000],
    ]);
  });

  it('is a file with only the header when nothing matches', async () => {
    expect(sheetOf((await download('dimension=products&q=zapato')).rawPayload).rows).toEqual([
      ['Producto', 'Clientes', 'Pedidos', 'Ingresos'],
    ]);
  });
});
