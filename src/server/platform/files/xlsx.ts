import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../workers.ts';

/*
 * The XLSX downloads (the overview table, a segment's customers), written with the `xlsx` package, which
 * is used only to write (its advisories are about parsing untrusted files). Building and compressing a
 * workbook of ten thousand rows holds a CPU for hundreds of milliseconds, so it happens in one worker
 * thread (xlsx-worker.ts), never on the event loop: every other request goes on being answered meanwhile.
 * Workbooks asked for at once are written one after another there, leaving the other core to the server.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const;

/** A sheet's name, its header row, its columns' widths in characters, and how a column's values become cells. */
export interface SheetLayout {
  name: string;
  headers: string[];
  columnWidths: number[];
  /** By column; a column without one takes its values as they are. */
  cellRules?: (CellRule | null)[];
}

/** A number shown with a display format ("dd-mm-yyyy" say), or a yes or no shown as words. */
export type CellRule = { numberFormat: string } | { yes: string; no: string };

/** A cell: text, a number, nothing, or a number with its display format (`z`, "dd-mm-yyyy" say). */
export type Cell = string | number | boolean | null | { t: 'n'; v: number; z: string };

/**
 * Rows as the database can give them: the JSON text of an array of rows, each an array of values. The
 * writer's thread parses it and applies the layout's cell rules, so a large batch never holds the event
 * loop (taking in ten thousand rows as objects and handing them on costs tens of milliseconds there).
 */
export type JsonRows<Row extends unknown[] = unknown[]> = string & { readonly rowsOf?: Row };

export type WorkbookRequest =
  | { job: number; kind: 'open'; layout: SheetLayout }
  | { job: number; kind: 'rows'; rows: Cell[][] | JsonRows }
  | { job: number; kind: 'finish' }
  | { job: number; kind: 'drop' };
export type WorkbookReply = { job: number; bytes: ArrayBuffer } | { job: number; error: string };

/** A workbook being written: the worker that holds it, and what finishing it waits on. */
interface Job {
  worker: Worker;
  /** Why it failed, when the worker said so before it was finished. */
  failure: Error | null;
  settle: { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void } | null;
}

/** The one worker, started on the first download; replaced when it dies, failing only the workbooks it held. */
class WorkbookThread {
  private worker: Worker | null = null;
  private nextJob = 1;
  private readonly jobs = new Map<number, Job>();

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = typeScriptWorker(new URL('./xlsx-worker.ts', import.meta.url));
    // An idle writer never keeps the process alive.
    worker.unref();
    worker.on('message', (reply: WorkbookReply) => {
      const job = this.jobs.get(reply.job);
      if (!job) return;
      if ('bytes' in reply) {
        this.jobs.delete(reply.job);
        job.settle?.resolve(new Uint8Array(reply.bytes));
      } else this.fail(reply.job, new Error(`XLSX worker: ${reply.error}`));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const [id, job] of this.jobs) if (job.worker === worker) this.fail(id, error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`XLSX worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private fail(id: number, error: Error): void {
    const job = this.jobs.get(id);
    if (!job) return;
    if (job.settle) {
      this.jobs.delete(id);
      job.settle.reject(error);
    } else job.failure ??= error;
  }

  private post(id: number, request: WorkbookRequest): void {
    const job = this.jobs.get(id);
    if (job && !job.failure) job.worker.postMessage(request);
  }

  open(layout: SheetLayout): number {
    const id = this.nextJob++;
    const worker = this.started();
    this.jobs.set(id, { worker, failure: null, settle: null });
    worker.postMessage({ job: id, kind: 'open', layout } satisfies WorkbookRequest);
    return id;
  }

  add(id: number, rows: Cell[][] | JsonRows): void {
    this.post(id, { job: id, kind: 'rows', rows });
  }

  drop(id: number): void {
    this.post(id, { job: id, kind: 'drop' });
    this.jobs.delete(id);
  }

  finish(id: number): Promise<Uint8Array> {
    const job = this.jobs.get(id);
    if (!job) return Promise.reject(new Error('XLSX workbook not open'));
    if (job.failure) {
      this.jobs.delete(id);
      return Promise.reject(job.failure);
    }
    return new Promise((resolve, reject) => {
      job.settle = { resolve, reject };
      job.worker.postMessage({ job: id, kind: 'finish' } satisfies WorkbookRequest);
    });
  }
}

const thread = new WorkbookThread();

/**
 * A workbook of one sheet, compressed as Excel writes it, from rows that arrive in batches: each batch
 * goes to the writer as it comes, so what the server holds is never more than a batch.
 */
export async function writeWorkbook(
  layout: SheetLayout,
  batches: AsyncIterable<Cell[][] | JsonRows> | Iterable<Cell[][] | JsonRows>,
): Promise<Uint8Array> {
  const job = thread.open(layout);
  try {
    // An empty batch would leave an empty row behind (the writer skips an empty JSON array itself).
    for await (const rows of batches) if (rows.length > 0) thread.add(job, rows);
  } catch (error) {
    thread.drop(job);
    throw error;
  }
  return thread.finish(job);
}

/** A handler's answer that downloads `data` as `fileName`; never cached, since it is the data as of now. */
export const xlsxDownload = (fileName: string, data: Uint8Array) => ({
  status: 200 as const,
  file: { type: XLSX_TYPE, data },
  headers: { 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
});
