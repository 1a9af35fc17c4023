import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appContract, backendContract, type Contract, MALFORMED_TEXT } from '../../../../src/server/platform/http/contract.ts';
import { type Caller, signIn, startTestServer, type TestServer } from '../../support/harness.ts';

// What the contracts refuse before any handler runs: control characters in any string a client sends,
// dates outside 2000–2100, and access tokens no HTTP header can carry.
const CONTROL_CHARACTERS = 'No puede contener caracteres de control.';
const DATE_RANGE = 'Usa una fecha válida (AAAA-MM-DD) entre los años 2000 y 2100.';
const TOKEN_CHARACTERS = 'El token de acceso solo puede tener letras sin tilde, números y símbolos, sin espacios.';

// A stand-in Shopify that accepts any token and counts the calls it gets, so a test sees whether the request reached it.
let shopifyCalls = 0;
let shopify: Server;
let server: TestServer;
let demoStore: number;
beforeAll(async () => {
  shopify = createServer((request, response) => {
    shopifyCalls++;
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      // The two calls connecting a store makes: the shop, then the scopes its app was granted.
      const { operationName } = JSON.parse(body) as { operationName?: string };
      const shop = { name: 'Tienda', currencyCode: 'CLP', ianaTimezone: 'America/Santiago', myshopifyDomain: 'tienda-nueva.myshopify.com' };
      const scopes = ['read_products', 'read_customers', 'read_orders', 'read_all_orders'].map((handle) => ({ handle }));
      const data = operationName === 'AccessScopes' ? { currentAppInstallation: { accessScopes: scopes } } : { shop };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => shopify.listen(0, '127.0.0.1', resolve));
  const { port } = shopify.address() as AddressInfo;
  server = await startTestServer({ shopifyEndpoint: `http://127.0.0.1:${port}/{shop}/admin/api/{version}/graphql.json` });
  [{ id: demoStore }] = (await server.db.query<{ id: number }>(`select id from stores where name = 'Tienda Demo'`)) as [{ id: number }];
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => shopify.close(resolve));
});
beforeEach(() => {
  shopifyCalls = 0;
});

const signup = (name: string, email: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password: 'secreta123' } });

const createStore = (owner: Caller, store: object) =>
  server.app.inject({
    method: 'POST',
    url: '/backend/me/stores/shopifySettings',
    cookies: owner.cookies,
    headers: owner.headers,
    payload: { store },
  });

/** A call of the demo store's owner, signed in afresh. */
async function asDemoOwner(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const owner = await signIn(server.app, 'demo@recompra.cl');
  return server.app.inject({ method, url, cookies: owner.cookies, headers: owner.headers, ...(payload ? { payload } : {}) });
}

async function storeCount(): Promise<number> {
  const [row] = await server.db.query<{ count: number }>('select count(*)::int as count from stores');
  return row!.count;
}

describe('sign-up', () => {
  it('lists at most 50 field errors, however many the body has', async () => {
    const unknownKeys = Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`k${index}`, 1]));
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Ana', email: 'muchas-claves@tienda.cl', password: 'secreta123', ...unknownKeys },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveLength(50);
    expect(response.body.length).toBeLessThan(10_000);
  });

  it('refuses a NUL character in the name with a field error, and creates no account', async () => {
    const response = await signup('Camila\u0000Soto', 'camila.nul@tienda.cl');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', fieldErrors: [{ field: 'name', message: CONTROL_CHARACTERS }] });
    expect(await server.db.query(`select id from users where email = 'camila.nul@tienda.cl'`)).toEqual([]);
  });

  it('refuses a tab or a line break in a one-line field, and still takes accents and ñ', async () => {
    for (const name of ['Camila\tSoto', 'Camila\nSoto', 'Camila Soto\r', 'Camila\u007f']) {
      const response = await signup(name, 'camila.tab@tienda.cl');
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toContainEqual({ field: 'name', message: CONTROL_CHARACTERS });
    }
    const password = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'demo@recompra.cl', password: 'clave-de-prueba\n' },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().fieldErrors).toEqual([{ field: 'password', message: CONTROL_CHARACTERS }]);

    const accepted = await signup('Begoña Muñoz Íñiguez', 'begona@tienda.cl');
    expect(accepted.statusCode).toBe(201);
    const [user] = await server.db.query<{ name: string }>(`select name from users where email = 'begona@tienda.cl'`);
    expect(user?.name).toBe('Begoña Muñoz Íñiguez');
  });

  it('refuses control characters in query parameters too', async () => {
    const page = await server.app.inject({ url: `/api/auth/login?returnTo=${encodeURIComponent('/dashboard\u0000')}` });
    expect(page.statusCode).toBe(400);
    expect(page.json().fieldErrors).toEqual([{ field: 'returnTo', message: CONTROL_CHARACTERS }]);
    const invitation = await server.app.inject({ url: `/api/auth/invitation/details?token=${encodeURIComponent('abc\u0001')}` });
    expect(invitation.statusCode).toBe(400);
    expect(invitation.json().fieldErrors).toEqual([{ field: 'token', message: CONTROL_CHARACTERS }]);
  });
});

describe('the store form', () => {
  const settings = (overrides: Record<string, string> = {}) => ({
    name: 'Almacén Ñuñoa',
    url: 'tienda-nueva.myshopify.com',
    accessToken: 'shpat_0123456789abcdef',
    ...overrides,
  });

  it('refuses a NUL character in the store name on creation, before calling Shopify', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const before = await storeCount();
    const response = await createStore(owner, settings({ name: 'Almacén\u0000Ñuñoa' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'store.name', message: CONTROL_CHARACTERS }]);
    expect(shopifyCalls).toBe(0);
    expect(await storeCount()).toBe(before);

    // The same name without it, accents and ñ included, connects the store.
    const accepted = await createStore(owner, settings());
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ name: 'Almacén Ñuñoa', url: 'tienda-nueva.myshopify.com' });
    // The shop, then its app's scopes.
    expect(shopifyCalls).toBe(2);
  });

  it('refuses a NUL character in the store name on update, before calling Shopify, and keeps the name', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await server.app.inject({
      method: 'PATCH',
      url: `/backend/stores/${demoStore}/shopifySettings`,
      cookies: owner.cookies,
      headers: owner.headers,
      payload: { shopifySettings: settings({ name: 'Tienda\u0000Demo', url: 'recompra-demo.myshopify.com' }) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'shopifySettings.name', message: CONTROL_CHARACTERS }]);
    expect(shopifyCalls).toBe(0);
    expect(await server.db.query('select name from stores where id = $1', [demoStore])).toEqual([{ name: 'Tienda Demo' }]);
  });

  it('refuses a line break in the address', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const response = await createStore(owner, settings({ url: 'tienda-nueva.myshopify.com\n' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'store.url', message: CONTROL_CHARACTERS }]);
    expect(shopifyCalls).toBe(0);
  });

  it('refuses an access token that is not visible ASCII at once, with a field error on it', async () => {
    const owner = await signIn(server.app, 'demo@recompra.cl');
    const before = await storeCount();
    for (const accessToken of ['shpat_contraseña', 'shpat_€', 'shpat abc']) {
      // At once: before any call to Shopify (counted below), so nothing waits on a network.
      const response = await createStore(owner, settings({ accessToken }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: 'store.accessToken', message: TOKEN_CHARACTERS }]);
    }
    expect(shopifyCalls).toBe(0);
    expect(await storeCount()).toBe(before);
  });
});

describe('texts with half a character', () => {
  // JSON can carry a UTF-16 surrogate without its pair ("\ud800"); PostgreSQL, Stripe and Meta cannot.
  const segment = (tag: string, name = 'Clientes VIP') => ({
    name,
    form: 'simple',
    rules: { join: 'and', blocks: [{ join: 'and', conditions: [{ field: 'customerTags', operator: 'has', values: [tag] }] }] },
  });
  const createSegment = (body: object) => asDemoOwner('POST', `/api/private/stores/${demoStore}/segments`, body);
  const segmentsNamed = async (name: string) =>
    (await server.db.query('select id from segments where store_id = $1 and name = $2', [demoStore, name])).length;

  it('refuses a segment whose tag holds one, on that value, and stores nothing', async () => {
    const response = await createSegment(segment('vip\ud800', 'Medio carácter'));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'rules.blocks.0.conditions.0.values.0', message: MALFORMED_TEXT }]);
    expect(await segmentsNamed('Medio carácter')).toBe(0);
  });

  it('refuses one in the name of a field, and takes whole characters from beyond the first plane', async () => {
    const key = await createSegment({ ...segment('vip'), ['\udc00']: 'x' });
    expect(key.statusCode).toBe(400);
    expect(key.json().fieldErrors).toEqual([{ field: '', message: MALFORMED_TEXT }]);
    const emoji = await createSegment(segment('vip 🎉', 'Fiesta 🎉'));
    expect(emoji.statusCode).toBe(201);
    expect(await segmentsNamed('Fiesta 🎉')).toBe(1);
  });

  it('refuses a cancellation whose details hold one, before the payment processor hears of it', async () => {
    const response = await asDemoOwner('DELETE', '/api/private/subscription', { reason: 'TOO EXPENSINVE', details: 'Por ahora \udc00no.' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'details', message: MALFORMED_TEXT }]);
  });
});

describe('statsInRange', () => {
  const range = (from: string, to: string) =>
    asDemoOwner('GET', `/backend/stores/${demoStore}/statsInRange?from=${from}&to=${to}&granularity=year`);

  it('refuses the year 0000 with a field error on from, never a server error', async () => {
    const response = await range('0000-01-01', '2025-01-01');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'from', message: DATE_RANGE }]);
  });

  it('refuses a year after 2100 and one before 2000, and takes the first and last days of the bounds', async () => {
    const late = await range('2025-01-01', '2101-01-01');
    expect(late.statusCode).toBe(400);
    expect(late.json().fieldErrors).toEqual([{ field: 'to', message: DATE_RANGE }]);
    const early = await range('1999-12-31', '2025-01-01');
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors).toEqual([{ field: 'from', message: DATE_RANGE }]);
    const bounds = await range('2000-01-01', '2100-12-31');
    expect(bounds.statusCode).toBe(200);
    expect(bounds.json().range).toEqual({ from: '2000-01-01', to: '2100-12-31' });
  });
});

describe('the marketing investment and the acquisition cost', () => {
  const YEAR_RANGE = 'Usa un año entre 2000 y 2100.';
  const invest = (year: unknown) => asDemoOwner('POST', `/api/private/stores/${demoStore}/monthlyInversion`, { year, amount: 1000 });
  const chart = (year: string) => asDemoOwner('GET', `/api/private/stores/${demoStore}/stats/charts/acquisitionCost?year=${year}`);

  it('refuses a year outside 2000 to 2100 on the field, and takes the bounds', async () => {
    for (const year of [0, 1999, 2101]) {
      const response = await invest(year);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: 'year', message: YEAR_RANGE }]);
    }
    for (const year of [2000, 2100]) expect((await invest(year)).statusCode).toBe(200);
    for (const year of ['0000', '1999', '2101']) {
      const response = await chart(year);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: 'year', message: YEAR_RANGE }]);
    }
    expect((await chart('2000')).statusCode).toBe(200);
  });
});

describe('both contracts', () => {
  type Schema = Record<string, unknown>;
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
  const ajv = addFormats(new Ajv2020({ strict: false }));
  const resolve = (document: Schema, node: Schema): Schema =>
    typeof node.$ref === 'string'
      ? resolve(
          document,
          node.$ref
            .slice(2)
            .split('/')
            .reduce<Schema>((at, key) => at[key] as Schema, document),
        )
      : node;
  const inline = (document: Schema, node: unknown): unknown =>
    Array.isArray(node)
      ? node.map((child) => inline(document, child))
      : node && typeof node === 'object'
        ? Object.fromEntries(Object.entries(resolve(document, node as Schema)).map(([key, value]) => [key, inline(document, value)]))
        : node;

  /**
   * Every schema a client fills in that `keep` picks: in parameters and request bodies, through objects, lists and
   * each branch of a choice (a segment's periods, a campaign's end), with the path that leads to it.
   */
  function clientFields(contract: Contract, keep: (schema: Schema, where: string) => boolean): [string, Schema][] {
    const document = inline(contract.document, contract.document) as Schema;
    const found: [string, Schema][] = [];
    const walk = (where: string, schema: Schema) => {
      if (keep(schema, where)) found.push([where, schema]);
      for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) walk(`${where}.${name}`, child);
      if (schema.items) walk(`${where}[]`, schema.items as Schema);
      for (const [index, branch] of ((schema.oneOf ?? schema.anyOf ?? []) as Schema[]).entries()) walk(`${where}|${index}`, branch);
    };
    for (const [path, item] of Object.entries(document.paths as Record<string, Schema>)) {
      for (const [method, operation] of Object.entries(item) as [string, Schema][]) {
        if (method === 'parameters') continue;
        const parameters = [...((item.parameters ?? []) as Schema[]), ...((operation.parameters ?? []) as Schema[])];
        for (const parameter of parameters) walk(`${method} ${path} ${String(parameter.name)}`, parameter.schema as Schema);
        const body = (
          ((operation.requestBody as Schema | undefined)?.content as Schema | undefined)?.['application/json'] as Schema | undefined
        )?.schema;
        if (body) walk(`${method} ${path} body`, body as Schema);
      }
    }
    return found;
  }

  it('refuse control characters in every string a client sends', () => {
    for (const contract of [appContract(), backendContract()]) {
      const strings = clientFields(contract, (schema) => schema.type === 'string' && !schema.enum);
      expect(strings.length).toBeGreaterThan(0);
      for (const [where, schema] of strings) {
        const validate = ajv.compile(schema);
        // A value the field takes, so that only the added character can be what it refuses.
        const valid = [
          'Begoña 2026',
          'demo@recompra.cl',
          '2026-01-15',
          '2026-01-15T12:00:00Z',
          'https://tiendademo.cl',
          'pm_1Abc',
          '1500000000000001',
          'client_first_name',
          '56',
          '923456701',
          '10:00',
          '0f8fad5b-d9cb-469f-a165-70867728950e',
        ].find((candidate) => validate(candidate));
        expect({ where, valid }).toEqual({ where, valid: expect.any(String) });
        // A text of several lines takes line feeds and tabs, and nothing else of the kind.
        const severalLines = JSON.stringify(schema.not ?? {}).includes('u000E');
        for (const character of ['\u0000', '\t', '\n', '\u007f']) {
          const sample = `${valid}${character}`;
          const refused = !(severalLines && (character === '\t' || character === '\n'));
          expect({ where, sample, accepted: validate(sample) }).toEqual({ where, sample, accepted: !refused });
        }
      }
    }
  });

  it('keep every date and year a client sends to the years 2000 to 2100', () => {
    const verdicts = (schema: Schema, samples: unknown[]) => {
      const validate = ajv.compile(schema);
      return samples.map((sample) => validate(sample));
    };
    const contracts = [appContract(), backendContract()];
    const dates = contracts.flatMap((contract) =>
      clientFields(contract, (schema) => schema.format === 'date' || schema.format === 'date-time'),
    );
    const years = contracts.flatMap((contract) =>
      clientFields(contract, (schema, where) => schema.type === 'integer' && /[ .]year$/.test(where)),
    );
    // A segment's period, a campaign's start and end, the dashboard's range; the investment's year and the chart's.
    expect(dates.length).toBeGreaterThanOrEqual(5);
    expect(years.length).toBe(2);
    for (const [where, schema] of dates) {
      const samples =
        schema.format === 'date'
          ? ['2000-01-01', '2100-12-31', '1999-12-31', '2101-01-01', '0000-01-01']
          : ['2000-01-01T00:00:00Z', '2100-12-31T23:59:59-03:00', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '0000-01-01T00:00:00Z'];
      expect({ where, accepted: verdicts(schema, samples) }).toEqual({ where, accepted: [true, true, false, false, false] });
    }
    for (const [where, schema] of years)
      expect({ where, accepted: verdicts(schema, [2000, 2100, 1999, 2101, 0]) }).toEqual({
        where,
        accepted: [true, true, false, false, false],
      });
  });
});
