import type { FastifyInstance } from 'fastify';
import type { Database } from './database/db.ts';
import { publishLive } from './store-data/live.ts';

/** The server's time, as the rules that depend on it read it (the chat's 24-hour window). */
export interface Clock {
  now(): number;
}

/** A clock a journey can move forward: only where the sandboxes are mounted, never in production. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export const systemClock: Clock = { now: () => Date.now() };

export function movableClock(base: () => number = Date.now): MovableClock {
  let advanced = 0;
  return {
    now: () => base() + advanced,
    advance(ms) {
      advanced += ms;
    },
  };
}

/** The longest step one call may take: a month, as Meta's sandbox allows. */
const MAX_STEP_SECONDS = 31 * 86_400;

/**
 * Mounts the clock's control at `/sandbox/clock` (the app calls it only where sandboxes are): a journey lets a day
 * pass in a moment. Each answer's Date header says this clock's time, so the browser counts on from it
 * (web/api/server-clock.ts); a move asks every store's open tabs to read everything again (a `resync` on the live
 * channel), so they learn the new time without waiting for their next request. The clock is this process's:
 * with several processes, each one is moved.
 */
export function registerClockControl(app: FastifyInstance, clock: MovableClock, db: Database): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('date', new Date(clock.now()).toUTCString());
  });
  app.get('/sandbox/clock', async () => ({ now: new Date(clock.now()).toISOString() }));
  app.post<{ Querystring: { seconds?: string } }>('/sandbox/clock/advance', async (request, reply) => {
    const seconds = Number(request.query.seconds);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_STEP_SECONDS)
      return reply.code(400).send({ error: `seconds must be a whole number from 1 to ${MAX_STEP_SECONDS}` });
    clock.advance(seconds * 1000);
    const stores = await db.query<{ id: number }>('select id from stores');
    for (const { id } of stores) await publishLive(db, id, { topic: 'resync' });
    return { now: new Date(clock.now()).toISOString() };
  });
}
