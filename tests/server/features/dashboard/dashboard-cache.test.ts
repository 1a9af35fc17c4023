/*
 * The dashboard's answers come from a per-process cache keyed by the store's data version: every write
 * bumps the version in its own transaction, so the next answer reflects it, here at once and in another
 * server process within the gate's stated bound (VISIT_MEMO_MS), with time moved by the test's clock.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { AnswerCache, answerCacheOf } from '../../../../src/server/features/dashboard/answer-cache.ts';
import { loadConfig } from '../../../../src/server/platform/config.ts';
import { VISIT_MEMO_MS } from '../../../../src/server/platform/http/visit-memo.ts';
import { createMailer } from '../../../../src/server/platform/mail/mail.ts';
import { bumpDataVersion, readDataVersion } from '../../../../src/server/platform/store-data/data-version.ts';
import { type Caller, signIn, startTestServer, TEST_INDEX_HTML, type TestServer } from '../../support/harness.ts';

let server: TestServer;
let owner: Caller;
let storeId: number;
/** The first server's clock, as its gate reads it. */
let clock = 0;
const year = new Date().getFullYear();
/** 100,000 a day of the year: January's share is 3,100,000. */
const yearlyInvestment = 100_000 * (new Date(year, 1, 29).getDate() === 29 ? 366 : 365);

beforeAll(async () => {
  server = await startTestServer();
  server.app.visits.now = () => clock;
  owner = await signIn(server.app, 'demo@recompra.cl');
  storeId = owner.user.store!;
});
afterAll(() => server?.close());

const get = (app: FastifyInstance, url: string, caller: Caller) => app.inject({ url, cookies: caller.cookies });
const stats = async (app = server.app, caller = owner) => {
  const response = await get(app, `/backend/stores/${storeId}/stats`, caller);
  expect(response.statusCode).toBe(200);
  return response.json() as { totalOrders: number; totalIncome: number; currency: string };
};
const chart = async (app = server.app, caller = owner) => {
  const response = await get(app, `/api/private/stores/${storeId}/stats/charts/acquisitionCost?year=${year}`, caller);
  expect(response.statusCode).toBe(200);
  return response.json() as { investment: number | null; months: { investment: number }[] };
};
const setInvestment = (app: FastifyInstance, caller: Caller, amount: number) =>
  app.inject({
    method: 'POST',
    url: `/api/private/stores/${storeId}/monthlyInversion`,
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { year, amount },
  });

/** Another server process's write: a day's orders in the rollup, committed with the version's bump. */
let day = 0;
const writeOrdersDay = (orders: number) =>
  server.db.transaction(async (tx) => {
    day += 1;
    await tx.query(
      `insert into store_daily_stats (store_id, day, orders, income, customer_orders, new_customers) values ($1, current_date - $2::integer, $3, $4, $3, 0)`,
      [storeId, day, orders, orders * 10_000],
    );
    await bumpDataVersion(tx, storeId);
  });

describe('the dashboard cache', () => {
  it('answers the acquisition cost with the new investment at once, under a new data version', async () => {
    expect((await chart()).investment).toBeNull();
    const version = await readDataVersion(server.db, storeId);
    expect((await setInvestment(server.app, owner, yearlyInvestment)).statusCode).toBe(200);
    expect(await readDataVersion(server.db, storeId)).toBe(version + 1);
    const after = await chart();
    expect(after.investment).toBe(yearlyInvestment);
    expect(after.months[0]!.investment).toBe(3_100_000);
  });

  it("serves repeated calls from the cache, and another process's writes once the gate's bound has passed", async () => {
    const cache = answerCacheOf(server.db);
    const first = await stats();
    const computed = cache.computed;
    expect(await stats()).toEqual(first);
    expect(cache.computed).toBe(computed);

    // A second server on the same database, as another process would be.
    const webDir = await mkdtemp(join(tmpdir(), 'recompra-web-'));
    await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
    const other = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'test' }), webDir, dataDir: 'memory://', sandboxes: false },
      db: server.db,
      mailer: createMailer(undefined, () => undefined),
    });
    try {
      const ownerThere = await signIn(other, 'demo@recompra.cl');
      expect((await setInvestment(other, ownerThere, 1_200_000)).statusCode).toBe(200);
      await writeOrdersDay(3);
      // The Shopify connection sets the currency without a new data version; the answer follows it too.
      await server.db.query(`update shopify_connections set currency = 'USD' where store_id = $1`, [storeId]);

      clock += VISIT_MEMO_MS;
      const after = await stats();
      expect(after.totalOrders).toBe(first.totalOrders + 3);
      expect(after.totalIncome).toBe(first.totalIncome + 30_000);
      expect(after.currency).toBe('USD');
      expect((await chart()).investment).toBe(1_200_000);
      expect(await stats(other, ownerThere)).toEqual(after);
    } finally {
      await other.close();
    }
  });

  it('computes the figures once for 50 identical calls that arrive together', async () => {
    await writeOrdersDay(2);
    clock += VISIT_MEMO_MS;
    const cache = answerCacheOf(server.db);
    const computed = cache.computed;
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(server.app, `/backend/stores/${storeId}/stats`, owner)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(cache.computed).toBe(computed + 1);
  });

  it('refuses a signed-out session at once, and one deleted by another process within the bound', async () => {
    const caller = await signIn(server.app, 'colaborador@recompra.cl');
    await stats(server.app, caller);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/auth/logout', cookies: caller.cookies, headers: caller.headers })).statusCode,
    ).toBe(204);
    expect((await get(server.app, `/backend/stores/${storeId}/stats`, caller)).statusCode).toBe(401);

    const again = await signIn(server.app, 'colaborador@recompra.cl');
    await stats(server.app, again);
    await server.db.query(`delete from sessions where user_id = (select id from users where email = 'colaborador@recompra.cl')`);
    clock += VISIT_MEMO_MS;
    expect((await get(server.app, `/backend/stores/${storeId}/stats`, again)).statusCode).toBe(401);
  });
});

describe('AnswerCache', () => {
  const answerOf = (cache: AnswerCache, key: string) => cache.answer(key, async () => ({ key }));

  it('keeps at most its number of answers, dropping the least recently used', async () => {
    const cache = new AnswerCache({ entries: 3, chars: 1_000_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await answerOf(cache, key);
    expect(cache.size).toBe(3);
    await answerOf(cache, 'c');
    await answerOf(cache, 'f'); // d goes, c was used after it
    expect(cache.computed).toBe(6);
    await answerOf(cache, 'c');
    await answerOf(cache, 'e');
    expect(cache.computed).toBe(6);
    await answerOf(cache, 'd');
    expect(cache.computed).toBe(7);
    expect(cache.size).toBe(3);
  });

  it('keeps at most its characters of JSON, and no failed computation', async () => {
    const cache = new AnswerCache({ entries: 100, chars: 40 });
    for (const key of ['one', 'two', 'three', 'four']) await answerOf(cache, key); // 13 to 15 characters each
    expect(cache.size).toBe(2);
    await expect(cache.answer('broken', () => Promise.reject(new Error('sin conexión')))).rejects.toThrow('sin conexión');
    expect((await answerOf(cache, 'broken')).json).toBe('{"key":"broken"}');
  });
});
