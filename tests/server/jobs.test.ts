import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db.ts';
import { backoffSeconds, enqueue, JobWorker } from '../../src/server/platform/jobs.ts';
import { migrate } from '../../src/server/platform/migrations.ts';
import { freshDatabase } from './harness.ts';

let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
  await migrate(db);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('delete from jobs');
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
  const [retry] = await db.query<{ status: string; delay: number; last_error: string }>(`select status, extract(epoch from run_at - now())::integer as delay, last_error from jobs`);
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
