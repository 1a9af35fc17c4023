import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { EmbeddedReply, EmbeddedRequest, EmbeddedStart, SentError } from './pglite-thread.ts';

/*
 * The thread that runs the embedded database (pglite-thread.ts). PGlite is PostgreSQL compiled to
 * WebAssembly: every query runs on the thread that calls it, so here it never holds the server's event
 * loop. Requests are answered in the order PGlite finishes them; its own locks order the queries.
 */

const port = parentPort!;
const start = workerData as EmbeddedStart;

const reply = (message: EmbeddedReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  // PostgreSQL's fields (code, detail, constraint…) are what callers read; they are all plain values.
  const fields = Object.fromEntries(
    Object.entries(error).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value)),
  );
  return { name: error.name, message: error.message, fields };
}
const fail = (id: number, error: unknown) => reply({ id, error: sentError(error) });

/** Transactions under way, by the id of the request that began them; each waits for its end request. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();

function begin(db: PGlite, id: number): void {
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let began = false;
  const ended: Promise<void> = db.transaction(async (tx) => {
    began = true;
    open.set(id, {
      tx,
      end: (commit) => {
        decide(commit);
        return ended;
      },
    });
    reply({ id, value: id });
    if (!(await decided)) await tx.rollback();
  });
  // A transaction that could not begin answers its begin request; one that began answers its end request.
  ended.catch((error: unknown) => {
    if (!began) fail(id, error);
  });
}

async function handle(db: PGlite, request: EmbeddedRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : open.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction has already ended.');
      return reply({ id: request.id, value: (await target.query(request.sql, request.params)).rows });
    }
    case 'exec':
      await db.exec(request.sql);
      return reply({ id: request.id, value: null });
    case 'begin':
      return begin(db, request.id);
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error('The transaction has already ended.');
      open.delete(request.tx);
      await transaction.end(request.commit);
      return reply({ id: request.id, value: null });
    }
    case 'dump': {
      const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
      return reply({ id: request.id, value: bytes }, [bytes]);
    }
    case 'close':
      await db.close();
      reply({ id: request.id, value: null });
      port.close();
  }
}

try {
  const db = await PGlite.create({
    dataDir: start.dataDir,
    pgliteWasmModule: start.code.pglite,
    initdbWasmModule: start.code.initdb,
    ...(start.startFrom ? { loadDataDir: new Blob([start.startFrom]) } : {}),
  });
  port.on('message', (request: EmbeddedRequest) => {
    handle(db, request).catch((error: unknown) => fail(request.id, error));
  });
  reply({ id: 0, value: null });
} catch (error) {
  fail(0, error);
  port.close();
}
