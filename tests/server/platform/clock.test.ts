import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.ts';

/*
 * The server's clock where the sandboxes are: one control moves it, and Meta's sandbox with it; every answer says the
 * moved time (the browser counts on from it), and the stores' open tabs are told to read everything again.
 */

const HOUR = 3600;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ sandboxes: true });
});

afterAll(async () => {
  await server?.close();
});

const clockOf = async (path: string) => Date.parse((await server.app.inject({ method: 'GET', url: path })).json<{ now: string }>().now);

describe('the clock control', () => {
  it('moves the server’s time and Meta’s together, says it in every answer and asks open tabs to read again', async () => {
    const [serverBefore, metaBefore] = [await clockOf('/sandbox/clock'), await clockOf('/sandbox/meta/clock')];
    expect(Math.abs(serverBefore - Date.now())).toBeLessThan(60_000);
    const resyncs = () =>
      server.db.query<{ store_id: number; count: number }>(
        `select s.id as store_id, count(e.seq)::int as count from stores s
           left join live_events e on e.store_id = s.id and e.event->>'topic' = 'resync'
          group by s.id order by s.id`,
      );
    const before = await resyncs();
    expect(before.length).toBeGreaterThan(0);

    const moved = await server.app.inject({ method: 'POST', url: `/sandbox/clock/advance?seconds=${25 * HOUR}` });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json<{ now: string }>().now) - serverBefore).toBeGreaterThanOrEqual(25 * HOUR * 1000);
    expect((await clockOf('/sandbox/meta/clock')) - metaBefore).toBeGreaterThanOrEqual(25 * HOUR * 1000);

    // Any answer, the API's too, carries the moved time (whole seconds).
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(Date.parse(me.headers.date as string) - Date.now()).toBeGreaterThan(25 * HOUR * 1000 - 60_000);

    // Every store's open tabs are told to read everything again: once each.
    expect(await resyncs()).toEqual(before.map((row) => ({ ...row, count: row.count + 1 })));
  });

  it('takes whole seconds up to a month', async () => {
    for (const seconds of ['0', '-5', '1.5', 'mañana', String(32 * 24 * HOUR)])
      expect((await server.app.inject({ method: 'POST', url: `/sandbox/clock/advance?seconds=${seconds}` })).statusCode).toBe(400);
  });

  it('is not there without the sandboxes', async () => {
    const plain = await startTestServer();
    try {
      expect((await plain.app.inject({ method: 'POST', url: '/sandbox/clock/advance?seconds=60' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
