import { parentPort } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import type { SheetLayout, WorkbookReply, WorkbookRequest } from './xlsx.ts';

/*
 * The thread that writes the XLSX downloads (platform/xlsx.ts): each workbook is opened, fed its rows
 * a batch at a time and written out whole, since the `xlsx` package writes a workbook at once.
 */

const port = parentPort!;
const open = new Map<number, { sheet: XLSX.WorkSheet; layout: SheetLayout }>();
const reply = (message: WorkbookReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function handle(request: WorkbookRequest): void {
  switch (request.kind) {
    case 'open':
      // Dense: rows as arrays rather than one key per cell ("A1", "B1"…), about a third of the memory and time.
      open.set(request.job, {
        sheet: XLSX.utils.aoa_to_sheet([request.layout.headers], { dense: true } as XLSX.AOA2SheetOpts),
        layout: request.layout,
      });
      return;
    case 'rows': {
      const book = open.get(request.job);
      if (book) XLSX.utils.sheet_add_aoa(book.sheet, request.rows, { origin: -1 });
      return;
    }
    case 'drop':
      open.delete(request.job);
      return;
    case 'finish': {
      const book = open.get(request.job);
      open.delete(request.job);
      // A workbook that failed was already answered for.
      if (!book) return;
      book.sheet['!cols'] = book.layout.columnWidths.map((wch) => ({ wch }));
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, book.sheet, book.layout.name);
      const bytes = XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
      return reply({ job: request.job, bytes }, [bytes]);
    }
  }
}

port.on('message', (request: WorkbookRequest) => {
  try {
    handle(request);
  } catch (error) {
    open.delete(request.job);
    reply({ job: request.job, error: error instanceof Error ? error.message : String(error) });
  }
});
