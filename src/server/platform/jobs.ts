import type { Database, Queryable } from './db.ts';

/*
 * A small durable queue in a table, claimed with FOR UPDATE SKIP LOCKED. Not pg-boss or
 * graphile-worker: both need a pg connection pool (PGlite would need a socket bridge) and
 * LISTEN/NOTIFY, which does not deliver on the embedded database. This runs through the same
 * Database interface on PGlite and PostgreSQL, polls, retries with exponential backoff, schedules
 * by run_at, and survives restarts: a job whose process died is picked up when its lease lapses.
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
  signal: AbortSignal;
}

export interface QueueOptions<P> {
  handler: (job: Job<P>, context: JobContext) => Promise<void>;
  /** Called once a job has used up its attempts. */
  onFinalFailure?: (job: Job<P>, error: unknown) => Promise<void>;
  /** Seconds a claim lasts without a heartbeat. */
  leaseSeconds?: number;
}

export interface EnqueueOptions {
  runAt?: Date;
  singletonKey?: string;
  maxAttempts?: number;
}

const LEASE_SECONDS = 60;
const IDLE_POLL_MS = 500;

export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** (attempts - 1), 600);
}

/** Adds a job; with a singleton key, does nothing when one is already pending or running. Returns its id, or null. */
export async function enqueue(db: Queryable, queue: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `insert into jobs (queue, payload, run_at, singleton_key, max_attempts) values ($1, $2, coalesce($3, now()), $4, $5)
     on conflict (queue, singleton_key) where singleton_key is not null and status in ('pending', 'running') do nothing
     returning id`,
    [queue, JSON.stringify(payload), options.runAt ?? null, options.singletonKey ?? null, options.maxAttempts ?? 5],
  );
  return row ? Number(row.id) : null;
}

export class JobWorker {
  private readonly queues = new Map<string, QueueOptions<never>>();
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void = console.log,
  ) {}

  register<P>(queue: string, options: QueueOptions<P>): void {
    this.queues.set(queue, options as unknown as QueueOptions<never>);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake?.();
    await this.loop;
  }

  /** Runs due jobs until none is left (tests and one-off scripts). */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count += 1;
    return count;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const ran = await this.runOne().catch((error: unknown) => {
        this.log(`La cola de trabajos falló al tomar un trabajo: ${String(error)}`);
        return false;
      });
      if (!ran && this.running) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async runOne(): Promise<boolean> {
    const names = [...this.queues.keys()];
    if (names.length === 0) return false;
    const [row] = await this.db.query<{ id: number; queue: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
        where id = (
          select id from jobs
           where queue = any($1::text[])
             and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
           order by run_at, id
           limit 1
           for update skip locked)
        returning id, queue, payload, attempts, max_attempts`,
      [names, LEASE_SECONDS],
    );
    if (!row) return false;
    const options = this.queues.get(row.queue)!;
    const lease = options.leaseSeconds ?? LEASE_SECONDS;
    const job: Job<never> = { id: Number(row.id), queue: row.queue, payload: row.payload as never, attempts: row.attempts, maxAttempts: row.max_attempts };
    const context: JobContext = {
      heartbeat: async () => {
        await this.db.query(`update jobs set locked_until = now() + make_interval(secs => $2) where id = $1 and status = 'running'`, [job.id, lease]);
      },
      signal: this.stopping.signal,
    };
    try {
      await options.handler(job, context);
      await this.db.query(`update jobs set status = 'done', finished_at = now(), locked_until = null, last_error = null where id = $1`, [job.id]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (this.stopping.signal.aborted) {
        // Stopped mid-way: leave it for the next start, without using up an attempt.
        await this.db.query(`update jobs set status = 'pending', attempts = attempts - 1, locked_until = null where id = $1`, [job.id]);
      } else if (job.attempts >= job.maxAttempts) {
        await this.db.query(`update jobs set status = 'failed', finished_at = now(), locked_until = null, last_error = $2 where id = $1`, [job.id, message]);
        this.log(`El trabajo ${job.queue} #${job.id} falló definitivamente: ${message}`);
        await options.onFinalFailure?.(job, error);
      } else {
        await this.db.query(
          `update jobs set status = 'pending', locked_until = null, last_error = $2, run_at = now() + make_interval(secs => $3) where id = $1`,
          [job.id, message, backoffSeconds(job.attempts)],
        );
      }
    }
    return true;
  }
}
