import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/platform/database/db.ts';
import { backoffSeconds, enqueue, JobWorker } from '../../../../src/server/platform/jobs/jobs.ts';
import { migratedDatabase } from '../../support/harness.ts';

let db: Database;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('delete from jobs');
  await db.query('delete from job_workers');
});

const silent = () => undefined;

it('runs a job once and marks it done', async () => {
  const seen: unknown[] = [];
  const worker = new JobWorker(db, silent);
  worker.register<{ n: number }>('demo', { handler: async (job) => void seen.push(job.payload.n) });
  await enqueue(db, 'demo', { n: 7 });
  expect(await worker.drain()).toBe(1);
  expect(await worker.drain()).toBe(0);
  expect(seen).toEqual([7]);
  expect(await db.query(`select status, attempts from jobs`)).toEqual([{ status: 'done', attempts: 1 }]);
});

it('keeps one pending job per singleton key', async () => {
  expect(await enqueue(db, 'demo', {}, { singletonKey: 'store-1' })).not.toBeNull();
  expect(await enqueue(db, 'demo', {}, { singletonKey: 'store-1' })).toBeNull();
  expect(await enqueue(db, 'demo', {}, { singletonKey: 'store-2' })).not.toBeNull();
});

it('retries with exponential backoff, then fails for good and says so', async () => {
  const failures: string[] = [];
  const worker = new JobWorker(db, silent);
  worker.register('flaky', {
    handler: async () => {
      throw new Error('la API no responde');
    },
    onFinalFailure: async (_job, error) => void failures.push((error as Error).message),
  });
  await enqueue(db, 'flaky', {}, { maxAttempts: 3 });
  expect(await worker.drain()).toBe(1);
  const [retry] = await db.query<{ status: string; delay: number; last_error: string }>(
    `select status, extract(epoch from run_at - now())::integer as delay, last_error from jobs`,
  );
  expect(retry).toMatchObject({ status: 'pending', last_error: 'la API no responde' });
  expect(retry!.delay).toBeGreaterThan(backoffSeconds(1) - 2);
  // Not due yet: nothing runs.
  expect(await worker.drain()).toBe(0);
  for (let attempt = 2; attempt <= 3; attempt += 1) {
    await db.query(`update jobs set run_at = now()`);
    expect(await worker.drain()).toBe(1);
  }
  expect(await db.query(`select status, attempts from jobs`)).toEqual([{ status: 'failed', attempts: 3 }]);
  expect(failures).toEqual(['la API no responde']);
  expect(backoffSeconds(2)).toBe(10);
  expect(backoffSeconds(30)).toBe(600);
});

it('picks up a job whose process died once its lease lapses', async () => {
  await enqueue(db, 'demo', { n: 1 });
  // A worker claimed it and died: running, lease still valid.
  await db.query(`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 minute'`);
  const seen: number[] = [];
  const worker = new JobWorker(db, silent);
  worker.register<{ n: number }>('demo', { handler: async (job) => void seen.push(job.payload.n) });
  expect(await worker.drain()).toBe(0);
  await db.query(`update jobs set locked_until = now() - interval '1 second'`);
  expect(await worker.drain()).toBe(1);
  expect(seen).toEqual([1]);
});

it('runs due jobs in the background until stopped', async () => {
  const worker = new JobWorker(db, silent);
  let done!: () => void;
  const ran = new Promise<void>((resolve) => (done = resolve));
  worker.register('demo', { handler: async () => done() });
  worker.start();
  await enqueue(db, 'demo');
  await ran;
  await worker.stop();
  await expect.poll(async () => (await db.query<{ status: string }>('select status from jobs'))[0]?.status).toBe('done');
});

it('runs a short job while a long one is still running', async () => {
  const worker = new JobWorker(db, silent);
  let shortRan!: () => void;
  const short = new Promise<void>((resolve) => (shortRan = resolve));
  // The long job ends only once the short one has run: with one job at a time it would never end.
  worker.register('long', { handler: () => short });
  worker.register('short', { handler: async () => shortRan() });
  await enqueue(db, 'long');
  await enqueue(db, 'short', {}, { runAt: new Date(Date.now() + 50) });
  worker.start();
  await short;
  await expect
    .poll(async () => db.query('select queue, status from jobs order by queue'))
    .toEqual([
      { queue: 'long', status: 'done' },
      { queue: 'short', status: 'done' },
    ]);
  await worker.stop();
});

describe('worker liveness', () => {
  type JobRow = { status: string; attempts: number; locked_by: string | null };
  const jobRow = async (id: number) => (await db.query<JobRow>('select status, attempts, locked_by from jobs where id = $1', [id]))[0]!;
  /** Waits, within a bound far below the 2-minute lease, for a job to reach `status`. */
  const settles = (id: number, status: string) => expect.poll(async () => (await jobRow(id)).status, { interval: 20 }).toBe(status);

  /** A job that a worker claimed and then died with: running, its lease still 2 minutes away. */
  async function leftRunning(lockedBy: string | null, options: { attempts?: number; maxAttempts?: number } = {}): Promise<number> {
    const id = (await enqueue(db, 'demo', { n: 1 }, { maxAttempts: options.maxAttempts ?? 3 }))!;
    await db.query(
      `update jobs set status = 'running', attempts = $2, locked_by = $3, locked_until = now() + interval '2 minutes' where id = $1`,
      [id, options.attempts ?? 1, lockedBy],
    );
    return id;
  }

  it('takes up at once, on start, the jobs of a worker not seen for a while or gone without a trace', async () => {
    await db.query(`insert into job_workers (id, seen_at) values ('crashed', now() - interval '1 minute')`);
    const ofCrashed = await leftRunning('crashed');
    const ofVanished = await leftRunning('vanished');
    const seen: number[] = [];
    const worker = new JobWorker(db, silent);
    worker.register<{ n: number }>('demo', { handler: async (job) => void seen.push(job.id) });
    worker.start();
    try {
      await settles(ofCrashed, 'done');
      await settles(ofVanished, 'done');
    } finally {
      await worker.stop();
    }
    expect(seen.sort()).toEqual([ofCrashed, ofVanished].sort());
    // The attempt the dead worker used stays counted.
    expect(await jobRow(ofCrashed)).toMatchObject({ attempts: 2 });
    expect(await db.query(`select id from job_workers`)).toEqual([]);
  });

  it('leaves the job of a worker seen a second ago on a server; on the embedded database that worker died with its process', async () => {
    await db.query(`insert into job_workers (id, seen_at) values ('alive', now() - interval '1 second')`);
    const ofAlive = await leftRunning('alive');
    const worker = new JobWorker(db, silent);
    worker.register('demo', { handler: async () => undefined });
    worker.start();
    try {
      // The worker claims nothing before its start-up check, so once this one is done the check is behind it.
      const marker = (await enqueue(db, 'demo'))!;
      await settles(marker, 'done');
      if (db.kind === 'postgres') {
        expect(await jobRow(ofAlive)).toEqual({ status: 'running', attempts: 1, locked_by: 'alive' });
        expect(await db.query(`select id from job_workers order by id`)).toEqual(
          [{ id: 'alive' }, { id: worker.id }].sort((a, b) => a.id.localeCompare(b.id)),
        );
      } else {
        await settles(ofAlive, 'done');
      }
    } finally {
      await worker.stop();
    }
  });

  it('fails for good a job whose last attempt ended with its worker, without running it again', async () => {
    const ofCrashed = await leftRunning('crashed', { attempts: 2, maxAttempts: 2 });
    const ran: number[] = [];
    const failures: string[] = [];
    const worker = new JobWorker(db, silent);
    worker.register('demo', {
      handler: async (job) => void ran.push(job.id),
      onFinalFailure: async (job, error) => void failures.push(`${job.attempts}/${job.maxAttempts} ${(error as Error).message}`),
    });
    worker.start();
    try {
      await settles(ofCrashed, 'failed');
    } finally {
      await worker.stop();
    }
    expect(ran).toEqual([]);
    expect(failures).toEqual(['2/2 el servidor se detuvo antes de terminarlo, en cada intento']);
    expect(await db.query(`select attempts, last_error from jobs where id = $1`, [ofCrashed])).toEqual([
      { attempts: 2, last_error: 'el servidor se detuvo antes de terminarlo, en cada intento' },
    ]);
  });

  it('counts only the deaths since a job last got somewhere', async () => {
    // Four of its five attempts ended with their worker; the fifth gets somewhere, then its process dies too.
    const id = await leftRunning('crashed', { attempts: 4, maxAttempts: 5 });
    await db.query(`update jobs set status = 'pending', locked_by = null, locked_until = null where id = $1`, [id]);
    const attempts: number[] = [];
    const worker = new JobWorker(db, silent);
    worker.register('demo', {
      handler: async (job, context) => {
        attempts.push(job.attempts);
        if (attempts.length > 1) return;
        await context.progress();
        // The process dies here: its claim is left running until its lease lapses, as SIGKILL leaves it.
        await db.query(`update jobs set locked_by = 'gone', locked_until = now() - interval '1 second' where id = $1`, [id]);
        throw new Error('el proceso murió');
      },
    });
    await worker.drain();
    // Taken up again, it has used two attempts since it got somewhere, not six of five.
    expect(attempts).toEqual([5, 2]);
    expect(await db.query(`select status from jobs where id = $1`, [id])).toEqual([{ status: 'done' }]);
  });

  it('marks its claims while running, and on stop puts its job back without using an attempt and leaves', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const worker = new JobWorker(db, silent);
    worker.register('demo', {
      handler: async (_job, context) => {
        started();
        await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('detenido'))));
      },
    });
    const id = (await enqueue(db, 'demo'))!;
    worker.start();
    await running;
    expect(await jobRow(id)).toEqual({ status: 'running', attempts: 1, locked_by: worker.id });
    expect(await db.query(`select id from job_workers`)).toEqual([{ id: worker.id }]);
    await worker.stop();
    expect(await jobRow(id)).toEqual({ status: 'pending', attempts: 0, locked_by: null });
    expect(await db.query(`select id from job_workers`)).toEqual([]);
  });
});

it('runs a job once more when it is asked for again while it runs', async () => {
  let runs = 0;
  const worker = new JobWorker(db, silent);
  worker.register('follow', {
    handler: async () => {
      runs += 1;
      // Work arrives while the job runs: the running job is marked, no second job is added.
      if (runs === 1) expect(await enqueue(db, 'follow', {}, { singletonKey: 'store-1', rerunIfRunning: true })).not.toBeNull();
    },
  });
  await enqueue(db, 'follow', {}, { singletonKey: 'store-1', rerunIfRunning: true });
  expect(await worker.drain()).toBe(2);
  expect(runs).toBe(2);
  expect(await db.query(`select status, attempts, rerun from jobs`)).toEqual([{ status: 'done', attempts: 1, rerun: false }]);
  // A pending job is enough: asking again adds nothing.
  await enqueue(db, 'follow', {}, { singletonKey: 'store-2', rerunIfRunning: true });
  expect(await enqueue(db, 'follow', {}, { singletonKey: 'store-2', rerunIfRunning: true })).toBeNull();
});

it('brings a waiting job forward when it is asked for sooner, and never puts it back', async () => {
  const later = new Date(Date.now() + 60 * 60_000);
  const id = await enqueue(db, 'soon', {}, { singletonKey: 'campaign-1', runAt: later });
  const runAt = async () => (await db.query<{ run_at: Date }>(`select run_at from jobs where id = $1`, [id]))[0]!.run_at.getTime();
  // Without `sooner` the booked time stands.
  expect(await enqueue(db, 'soon', {}, { singletonKey: 'campaign-1' })).toBeNull();
  expect(await runAt()).toBe(later.getTime());
  // Asked for now, it is due now; asked for later again, it stays due now.
  expect(await enqueue(db, 'soon', {}, { singletonKey: 'campaign-1', sooner: true })).toBe(id);
  expect(await runAt()).toBeLessThanOrEqual(Date.now());
  const now = await runAt();
  expect(await enqueue(db, 'soon', {}, { singletonKey: 'campaign-1', sooner: true, runAt: later })).toBeNull();
  expect(await runAt()).toBe(now);
  expect(await db.query(`select count(*)::int as n from jobs where queue = 'soon'`)).toEqual([{ n: 1 }]);
});
