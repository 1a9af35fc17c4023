import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../database/db.ts';

/*
 * A small durable queue in a table, claimed with FOR UPDATE SKIP LOCKED. Not pg-boss or
 * graphile-worker: both need a pg connection pool (PGlite would need a socket bridge) and
 * LISTEN/NOTIFY, which does not deliver on the embedded database. This runs through the same
 * Database interface on PGlite and PostgreSQL, polls, retries with exponential backoff, schedules
 * by run_at, and survives restarts: a started worker registers in job_workers and keeps a heartbeat
 * there, so the jobs of a worker that is gone (a crash, kill -9) are taken up again within seconds.
 * The per-job lease stays as the last resort (a hung handler, jobs claimed by a worker that only
 * drains or before workers were tracked).
 */

export interface Job<P = Record<string, unknown>> {
  id: number;
  queue: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  /** Extends the lease; long jobs call it between batches. */
  heartbeat(): Promise<void>;
  /**
   * Extends the lease, and says the job got somewhere a later run will not do again: the deaths of its process
   * counted against it (a job that kills its process every time runs out of attempts) start again from this run.
   */
  progress(): Promise<void>;
  signal: AbortSignal;
}

export interface QueueOptions<P> {
  handler: (job: Job<P>, context: JobContext) => Promise<void>;
  /** Called once a job has used up its attempts. */
  onFinalFailure?: (job: Job<P>, error: unknown) => Promise<void>;
  /** Called once a job has ended for good (done, or failed at its last attempt), after its row says so. */
  onFinished?: (job: Job<P>) => Promise<void>;
  /** Seconds a claim lasts without a heartbeat. */
  leaseSeconds?: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  singletonKey?: string;
  maxAttempts?: number;
  /**
   * With a singleton key: when the job is already running, run it once more after it ends instead of
   * doing nothing, so work that arrived after the running job looked is not left waiting.
   */
  rerunIfRunning?: boolean;
  /** With a singleton key: when the job is already waiting for a later time, it runs at this one instead. */
  sooner?: boolean;
}

const LEASE_SECONDS = 60;
const IDLE_POLL_MS = 500;
/**
 * Jobs a process runs side by side. Two, so a long job (a campaign's send slice, a segment build) never holds
 * back the short ones behind it (Meta's statuses, the store's webhooks) for its whole length.
 */
const LANES = 2;
/** How often a started worker tells the others it is alive. */
export const WORKER_HEARTBEAT_SECONDS = 5;
/** A worker not seen for this long (three missed heartbeats) is gone, and its running jobs are taken up again. */
export const WORKER_GONE_AFTER_SECONDS = 3 * WORKER_HEARTBEAT_SECONDS;

export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** (attempts - 1), 600);
}

/**
 * Adds a job; with a singleton key, does nothing when one is already pending or running (but see
 * `rerunIfRunning`). Returns its id, or null when nothing was added.
 */
export async function enqueue(
  db: Queryable,
  queue: string,
  payload: Record<string, unknown> = {},
  options: EnqueueOptions = {},
): Promise<number | null> {
  const runAt = options.runAt ?? null;
  const singletonKey = options.singletonKey ?? null;
  for (let tries = 0; tries < 3; tries++) {
    // Without a lock on the job already there: a pending job's row locked by one writer after another (a burst of
    // webhooks, each asking for the same job) would be skipped by every worker's claim until the burst ends.
    const [added] = await db.query<{ id: number }>(
      `insert into jobs (queue, payload, run_at, singleton_key, max_attempts) values ($1, $2, coalesce($3, now()), $4, $5)
       on conflict (queue, singleton_key) where singleton_key is not null and status in ('pending', 'running') do nothing
       returning id`,
      [queue, JSON.stringify(payload), runAt, singletonKey, options.maxAttempts ?? 5],
    );
    if (added) return Number(added.id);
    if (!options.rerunIfRunning && !options.sooner) return null;
    // Only a job this changes is locked. The running job's row stays locked by this transaction until it commits,
    // so the job's own ending waits for it and then sees the rerun (FINISHED below).
    const rerun = options.rerunIfRunning ? `status = 'running'` : 'false';
    const sooner = options.sooner ? `status = 'pending' and run_at > coalesce($3, now())` : 'false';
    const [changed] = await db.query<{ id: number }>(
      `update jobs set rerun = rerun or ${rerun}, run_at = case when ${sooner} then coalesce($3, now()) else run_at end
        where queue = $1 and singleton_key = $2 and status in ('pending', 'running') and (${rerun} or ${sooner})
        returning id`,
      [queue, singletonKey, runAt],
    );
    if (changed) return Number(changed.id);
    // Nothing to change: the job waiting already runs soon enough; or the job ended meanwhile, and is added again.
    const [waiting] = await db.query(`select 1 from jobs where queue = $1 and singleton_key = $2 and status in ('pending', 'running')`, [
      queue,
      singletonKey,
    ]);
    if (waiting) return null;
  }
  return null;
}

/** Ends a job that succeeded: done, or pending again with fresh attempts when it was asked for while it ran. */
const FINISHED = `status = case when rerun then 'pending' else 'done' end,
  finished_at = case when rerun then null else now() end,
  attempts = case when rerun then 0 else attempts end,
  run_at = case when rerun then now() else run_at end,
  locked_by = case when rerun then null else locked_by end,
  rerun = false, locked_until = null, last_error = null`;

export class JobWorker {
  /** Random, so a restarted process never passes for the one that died. */
  readonly id = randomUUID();
  private readonly queues = new Map<string, QueueOptions<never>>();
  private running = false;
  /** Set once this worker's row is in job_workers: from then on its claims carry its id. */
  private registered = false;
  private loop: Promise<void> | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** How to wake each lane that sleeps for want of a due job. */
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void = console.log,
  ) {}

  register<P>(queue: string, options: QueueOptions<P>): void {
    this.queues.set(queue, options as unknown as QueueOptions<never>);
  }

  /** Registers the worker, takes up the jobs of gone workers, then runs due jobs in the background. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wakeAll();
    clearInterval(this.heartbeatTimer);
    await this.loop;
    await this.beating;
    if (!this.registered) return;
    try {
      // The loop has put its job back already; this catches any claim that raced the stop.
      await this.db.query(
        `update jobs set status = 'pending', attempts = attempts - 1, locked_until = null, locked_by = null where locked_by = $1 and status = 'running'`,
        [this.id],
      );
      await this.db.query('delete from job_workers where id = $1', [this.id]);
      this.registered = false;
    } catch (error) {
      this.log(`La cola de trabajos no pudo despedirse: ${String(error)}`);
    }
  }

  /** Runs due jobs until none is left (tests and one-off scripts). */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count += 1;
    return count;
  }

  private async run(): Promise<void> {
    // Nothing is claimed before the worker is registered: a claim under an unknown id would look
    // like the claim of a gone worker to everyone else.
    while (this.running && !this.registered) {
      await this.beat().catch(async (error: unknown) => {
        this.log(`La cola de trabajos no pudo registrarse: ${String(error)}`);
        await this.idle();
      });
    }
    if (!this.running) return;
    this.heartbeatTimer = setInterval(() => {
      this.beating ??= this.beat()
        .catch((error: unknown) => this.log(`La cola de trabajos no pudo dar señales de vida: ${String(error)}`))
        .finally(() => (this.beating = undefined));
    }, WORKER_HEARTBEAT_SECONDS * 1000);
    // A heartbeat alone must not keep the process alive.
    this.heartbeatTimer.unref();
    const lane = async () => {
      while (this.running) {
        const ran = await this.runOne().catch((error: unknown) => {
          this.log(`La cola de trabajos falló al tomar un trabajo: ${String(error)}`);
          return false;
        });
        if (!ran && this.running) await this.idle();
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  }

  private idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, IDLE_POLL_MS);
      this.wakers.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Says this worker is alive, then takes up the running jobs of workers that are gone. */
  private async beat(): Promise<void> {
    // Only one process can open an embedded database's folder, so at start-up every other worker
    // on it died with its process: no need to wait out the grace.
    const othersAreGone = this.db.kind === 'pglite' && !this.registered;
    await this.db.query(`insert into job_workers (id) values ($1) on conflict (id) do update set seen_at = now()`, [this.id]);
    this.registered = true;
    // A worker with no row is gone too: its row was removed on stop or by another worker's cleanup.
    // The attempt it used stays counted, so a job that kills its process every time still runs out of
    // attempts (see runOne).
    const reclaimed = await this.db.query<{ id: number; queue: string }>(
      `update jobs set status = 'pending', run_at = now(), locked_until = null, locked_by = null
        where status = 'running' and locked_by is not null and locked_by <> $1
          and ($2 or not exists (select 1 from job_workers w where w.id = jobs.locked_by and w.seen_at > now() - make_interval(secs => $3)))
        returning id, queue`,
      [this.id, othersAreGone, WORKER_GONE_AFTER_SECONDS],
    );
    await this.db.query(`delete from job_workers where id <> $1 and ($2 or seen_at <= now() - make_interval(secs => $3))`, [
      this.id,
      othersAreGone,
      WORKER_GONE_AFTER_SECONDS,
    ]);
    if (reclaimed.length > 0) {
      this.log(`Se retomaron trabajos de un proceso que se detuvo: ${reclaimed.map((job) => `${job.queue} #${job.id}`).join(', ')}`);
      this.wakeAll();
    }
  }

  private async runOne(): Promise<boolean> {
    const names = [...this.queues.keys()];
    if (names.length === 0) return false;
    // A worker that only drains keeps no heartbeat, so its claims carry no id and rely on the lease.
    const lockedBy = this.registered ? this.id : null;
    const [row] = await this.db.query<{
      id: number;
      queue: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2), locked_by = $3
        where id = (
          select id from jobs
           where queue = any($1::text[])
             and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
           order by run_at, id
           limit 1
           for update skip locked)
        returning id, queue, payload, attempts, max_attempts`,
      [names, LEASE_SECONDS, lockedBy],
    );
    if (!row) return false;
    const options = this.queues.get(row.queue)!;
    const lease = options.leaseSeconds ?? LEASE_SECONDS;
    const job: Job<never> = {
      id: Number(row.id),
      queue: row.queue,
      payload: row.payload as never,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    };
    // Every write below is for this claim only: if the job was taken up by another worker meanwhile
    // (this one looked gone), the other worker's claim wins.
    const mine = 'id = $1 and status = $2 and locked_by is not distinct from $3';
    const claim = [job.id, 'running', lockedBy];
    if (job.attempts > job.maxAttempts) {
      // Its last attempt ended with its process (taken up from a gone worker, or its lease lapsed):
      // running it again could take down this process too.
      const error = new Error('el servidor se detuvo antes de terminarlo, en cada intento');
      await this.db.query(
        `update jobs set status = 'failed', attempts = max_attempts, finished_at = now(), locked_until = null, last_error = $4 where ${mine}`,
        [...claim, error.message],
      );
      this.log(`El trabajo ${job.queue} #${job.id} falló definitivamente: ${error.message}`);
      await options.onFinalFailure?.({ ...job, attempts: job.maxAttempts }, error);
      await this.finished(options, job);
      return true;
    }
    const context: JobContext = {
      heartbeat: async () => {
        await this.db.query(`update jobs set locked_until = now() + make_interval(secs => $4) where ${mine}`, [...claim, lease]);
      },
      progress: async () => {
        await this.db.query(`update jobs set attempts = 1, locked_until = now() + make_interval(secs => $4) where ${mine}`, [
          ...claim,
          lease,
        ]);
        job.attempts = 1;
      },
      signal: this.stopping.signal,
    };
    let ended = false;
    try {
      await options.handler(job, context);
      await this.db.query(`update jobs set ${FINISHED} where ${mine}`, claim);
      ended = true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.stopping.signal.aborted) {
        // Stopped mid-way: leave it for the next start, without using up an attempt.
        await this.db.query(
          `update jobs set status = 'pending', attempts = attempts - 1, locked_until = null, locked_by = null where ${mine}`,
          claim,
        );
      } else if (job.attempts >= job.maxAttempts) {
        await this.db.query(`update jobs set status = 'failed', finished_at = now(), locked_until = null, last_error = $4 where ${mine}`, [
          ...claim,
          message,
        ]);
        this.log(`El trabajo ${job.queue} #${job.id} falló definitivamente: ${message}`);
        await options.onFinalFailure?.(job, error);
        ended = true;
      } else {
        await this.db.query(
          `update jobs set status = 'pending', rerun = false, locked_until = null, locked_by = null, last_error = $4, run_at = now() + make_interval(secs => $5) where ${mine}`,
          [...claim, message, backoffSeconds(job.attempts)],
        );
      }
    }
    if (ended) await this.finished(options, job);
    return true;
  }

  /** What follows a job's end runs outside its claim: its failure is logged, and the job stays ended. */
  private async finished(options: QueueOptions<never>, job: Job<never>): Promise<void> {
    try {
      await options.onFinished?.(job);
    } catch (error) {
      this.log(`Lo que sigue al trabajo ${job.queue} #${job.id} falló: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
