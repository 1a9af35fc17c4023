import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import {
  admitAttempt,
  type Check,
  forgetEvents,
  waitInWords,
  withdrawAttempt,
} from '../../../../src/server/platform/security/rate-limit.ts';
import { migratedDatabase } from '../../support/harness.ts';

let db: Database;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(() => db.close());

/** As if `seconds` had passed since every recorded event. */
const letTimePass = (seconds: number) =>
  db.query('update rate_limit_events set happened_at = happened_at - make_interval(secs => $1)', [seconds]);

describe('admitAttempt', () => {
  it('admits exactly the window’s allowance of attempts that arrive at once, and says when the next one fits', async () => {
    const check: Check = { subject: 'test:window', limit: { kind: 'window', max: 5, windowMinutes: 10 } };
    const admissions = await Promise.all(Array.from({ length: 40 }, () => admitAttempt(db, [check])));
    expect(admissions.filter((admission) => admission.allowed)).toHaveLength(5);
    await letTimePass(60);
    const refused = await admitAttempt(db, [check]);
    expect(refused).toMatchObject({ allowed: false, refusedBy: [check] });
    // The oldest of the five leaves the ten-minute window in about nine minutes.
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(8 * 60);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(9 * 60);
    await letTimePass(9 * 60);
    expect((await admitAttempt(db, [check])).allowed).toBe(true);
  });

  it('doubles a growing delay with each further event up to its cap, and does not count refusals', async () => {
    const check: Check = {
      subject: 'test:delay',
      limit: { kind: 'growingDelay', free: 2, windowMinutes: 60, firstDelaySeconds: 3, maxDelaySeconds: 20 },
    };
    expect((await admitAttempt(db, [check])).allowed).toBe(true);
    expect((await admitAttempt(db, [check])).allowed).toBe(true);
    for (const wait of [3, 6, 12, 20, 20]) {
      for (let i = 0; i < 3; i += 1) expect(await admitAttempt(db, [check])).toMatchObject({ allowed: false, retryAfterSeconds: wait });
      await letTimePass(wait);
      expect((await admitAttempt(db, [check])).allowed).toBe(true);
    }
  });

  it('records an attempt for all its subjects or for none, and takes it back on request', async () => {
    const open: Check = { subject: 'test:open', limit: { kind: 'window', max: 100, windowMinutes: 10 } };
    const full: Check = { subject: 'test:full', limit: { kind: 'window', max: 1, windowMinutes: 10 } };
    const count = async (subject: string) =>
      (await db.query<{ count: number }>('select count(*)::integer as count from rate_limit_events where subject = $1', [subject]))[0]!
        .count;
    const first = await admitAttempt(db, [open, full]);
    expect(first.allowed).toBe(true);
    expect(await admitAttempt(db, [open, full])).toMatchObject({ allowed: false, refusedBy: [full] });
    expect(await count('test:open')).toBe(1);
    await withdrawAttempt(db, first.allowed ? first.eventIds : []);
    expect([await count('test:open'), await count('test:full')]).toEqual([0, 0]);
    expect((await admitAttempt(db, [open, full])).allowed).toBe(true);
  });

  it('forgets subjects by name and by prefix', async () => {
    const check = (subject: string): Check => ({ subject, limit: { kind: 'window', max: 1, windowMinutes: 10 } });
    for (const subject of ['test:a b', 'test:a c', 'test:ab', 'test:z']) await admitAttempt(db, [check(subject)]);
    await forgetEvents(db, ['test:z'], ['test:a ']);
    const left = await db.query<{ subject: string }>(
      `select subject from rate_limit_events where subject in ('test:a b', 'test:a c', 'test:ab', 'test:z')`,
    );
    expect(left.map((row) => row.subject)).toEqual(['test:ab']);
  });
});

describe('waitInWords', () => {
  it('says a wait as a person reads it', () => {
    expect([1, 2, 59.2, 60, 61, 900, 3600, 7200].map(waitInWords)).toEqual([
      '1 segundo',
      '2 segundos',
      '1 minuto',
      '1 minuto',
      '2 minutos',
      '15 minutos',
      '60 minutos',
      '2 horas',
    ]);
  });
});
