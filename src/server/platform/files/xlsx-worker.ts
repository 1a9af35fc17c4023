import { parentPort } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import type { Cell, CellRule, SheetLayout, WorkbookReply, WorkbookRequest } from './xlsx.ts';

/*
 * The thread that writes the XLSX downloads (platform/files/xlsx.ts): each workbook is opened, fed its rows
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
      if (!book) return;
      const rows = withRules(
        typeof request.rows === 'string' ? (JSON.parse(request.rows) as unknown[][]) : request.rows,
        book.layout.cellRules,
      );
      if (rows.length > 0) XLSX.utils.sheet_add_aoa(book.sheet, rows, { origin: -1 });
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

/** Each value through its column's rule (platform/files/xlsx.ts `CellRule`); an empty number stays empty, an empty yes is a no. */
function withRules(rows: unknown[][], rules: SheetLayout['cellRules']): Cell[][] {
  if (!rules?.some(Boolean)) return rows as Cell[][];
  const apply = (rule: CellRule | null | undefined, value: unknown): Cell => {
    if (!rule) return value as Cell;
    if ('numberFormat' in rule) return value === null ? null : { t: 'n', v: value as number, z: rule.numberFormat };
    return value ? rule.yes : rule.no;
  };
  return rows.map((row) => row.map((value, column) => apply(rules[column], value)));
}

port.on('message', (request: WorkbookRequest) => {
  try {
    handle(request);
  } catch (error) {
    open.delete(request.job);
    reply({ job: request.job, error: error instanceof Error ? error.message : String(error) });
  }
});
