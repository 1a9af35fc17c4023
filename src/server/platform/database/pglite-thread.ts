import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../workers.ts';
import type { Database } from './db.ts';

/*
 * The embedded database (PGlite) in a worker thread of its own: this end sends the queries, pglite-worker.ts
 * runs them. `openDatabase` (db.ts) opens it when no PostgreSQL server is configured.
 */

/** What the embedded database's thread (pglite-worker.ts) starts from. */
export interface EmbeddedStart {
  dataDir: string;
  startFrom?: ArrayBuffer;
  /** PGlite's WebAssembly, compiled once for every thread of the process. */
  code: CompiledPglite;
}
interface CompiledPglite {
  pglite: WebAssembly.Module;
  initdb: WebAssembly.Module;
}

/** A request before its id is given. */
type Call =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };
export type EmbeddedRequest = Call & { id: number };
/** An error as it crosses threads: PostgreSQL's fields (`code`, `constraint`…) kept as they were. */
export interface SentError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}
/** The answer to request `id`; id 0 answers the start. */
export type EmbeddedReply = { id: number; value: unknown } | { id: number; error: SentError };

let compiledPglite: Promise<CompiledPglite> | null = null;
/** Compiling PGlite's 10 MB of WebAssembly takes a second or more; each new database's thread gets it done. */
function compilePglite(): Promise<CompiledPglite> {
  compiledPglite ??= (async () => {
    // The package's entry point sits beside its WebAssembly files.
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(join(dist, file)));
    const [pglite, initdb] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pglite, initdb };
  })();
  return compiledPglite;
}

/**
 * PGlite runs every query on the thread that calls it, a whole core for as long as a large read takes:
 * on the event loop, one export would stall every other request. So it runs in a worker thread of its own
 * (pglite-worker.ts), and this end of it sends the queries and waits for their rows.
 */
class EmbeddedThread {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private lost: Error | null = null;

  private constructor(private readonly worker: Worker) {
    // A database with nothing to answer never keeps the process alive; one with a query waiting does.
    worker.unref();
    worker.on('message', (reply: EmbeddedReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.settled(reply.id);
      if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error.message), reply.error.fields, { name: reply.error.name }));
      else waiter.resolve(reply.value);
    });
    const stopped = (error: Error) => {
      this.lost ??= error;
      for (const [id, waiter] of this.waiting) {
        this.settled(id);
        waiter.reject(error);
      }
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`The embedded database stopped (exit code ${code}).`)));
  }

  static async start(dataDir: string, startFrom: Blob | undefined): Promise<EmbeddedThread> {
    const bytes = startFrom ? await startFrom.arrayBuffer() : undefined;
    const workerData: EmbeddedStart = { dataDir, code: await compilePglite(), ...(bytes ? { startFrom: bytes } : {}) };
    const thread = new EmbeddedThread(
      typeScriptWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData, transferList: bytes ? [bytes] : [] }),
    );
    await thread.waitFor(0);
    return thread;
  }

  call<T>(request: Call, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    const answer = this.waitFor(id) as Promise<T>;
    if (!this.lost) this.worker.postMessage({ ...request, id }, transfer);
    return answer;
  }

  private waitFor(id: number): Promise<unknown> {
    if (this.lost) return Promise.reject(this.lost);
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' });
    this.lost ??= new Error('The embedded database is closed.');
    await this.worker.terminate();
  }
}

export async function openPglite(dataDir: string, startFrom: Blob | undefined): Promise<Database> {
  // `memory://` keeps the database in memory (tests); anything else is a folder.
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const thread = await EmbeddedThread.start(dataDir, startFrom);
  const query = <T extends object>(sql: string, params: unknown[] = [], tx?: number) =>
    thread.call<T[]>({ op: 'query', sql, params, ...(tx === undefined ? {} : { tx }) });
  const database: Database = {
    kind: 'pglite',
    query,
    // PGlite has a single connection and serialises transactions itself.
    async transaction(fn) {
      const tx = await thread.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn({ query: (sql, params) => query(sql, params, tx) });
      } catch (error) {
        // The first failure is the one to tell; a rollback fails only with the thread.
        await thread.call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return result;
    },
    async exec(sql) {
      await thread.call({ op: 'exec', sql });
    },
    close: () => thread.close(),
  };
  embedded.set(database, thread);
  return database;
}

/** Embedded databases, to be dumped (`dumpDatabase`) and opened again as copies. */
const embedded = new WeakMap<Database, EmbeddedThread>();

/** The whole embedded database as one uncompressed archive, for `openDatabase({ startFrom })`. */
export async function dumpDatabase(db: Database): Promise<Blob> {
  const thread = embedded.get(db);
  if (!thread) throw new Error('Only an embedded (PGlite) database can be dumped.');
  return new Blob([await thread.call<ArrayBuffer>({ op: 'dump' })]);
}
