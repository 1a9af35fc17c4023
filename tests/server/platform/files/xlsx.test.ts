/*
 * The XLSX writer: a workbook is built and compressed in its worker thread, never on the event loop
 * (the server's own copy of the `xlsx` package never writes one), from rows that arrive in batches;
 * a source that fails loses its workbook and nothing else.
 */
import { describe, expect, it, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { type JsonRows, writeWorkbook } from '../../../../src/server/platform/files/xlsx.ts';

// The main thread's `xlsx`, watched: a workbook written here would go through these.
const mainThreadWrites = vi.hoisted(() => ({ write: 0, addRows: 0 }));
vi.mock('xlsx', async (original) => {
  const xlsx = await original<typeof import('xlsx')>();
  return {
    ...xlsx,
    write: (...args: Parameters<typeof xlsx.write>) => {
      mainThreadWrites.write += 1;
      return xlsx.write(...args);
    },
    utils: {
      ...xlsx.utils,
      sheet_add_aoa: (...args: Parameters<typeof xlsx.utils.sheet_add_aoa>) => {
        mainThreadWrites.addRows += 1;
        return xlsx.utils.sheet_add_aoa(...args);
      },
    },
  };
});

const LAYOUT = { name: 'Clientes', headers: ['Nombre', 'Pedidos', 'Monto'], columnWidths: [30, 10, 16] };

async function* batches(count: number, size: number) {
  for (let b = 0; b < count; b++) {
    await new Promise((resolve) => setImmediate(resolve));
    yield Array.from({ length: size }, (_, i) => [`Clienta ${b * size + i}`, i, { t: 'n' as const, v: 1000 * i, z: '"$"#,##0' }]);
  }
}

describe('writeWorkbook', () => {
  it('writes every batch into one sheet, in its worker, with formats and column widths', async () => {
    const bytes = await writeWorkbook(LAYOUT, batches(4, 2500));
    expect(mainThreadWrites).toEqual({ write: 0, addRows: 0 });
    const book = XLSX.read(bytes, { type: 'array', cellNF: true, cellStyles: true });
    expect(book.SheetNames).toEqual(['Clientes']);
    const sheet = book.Sheets.Clientes!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows).toHaveLength(10_001);
    expect(rows[0]).toEqual(['Nombre', 'Pedidos', 'Monto']);
    expect(rows[10_000]).toEqual(['Clienta 9999', 2499, 2_499_000]);
    expect(sheet.C3).toMatchObject({ t: 'n', v: 1000, z: '"$"#,##0' });
    expect(sheet['!cols']?.map((column) => column.wch)).toEqual([30, 10, 16]);
  });

  it('writes workbooks asked for at once, each whole', async () => {
    const [first, second] = await Promise.all([writeWorkbook(LAYOUT, batches(3, 100)), writeWorkbook(LAYOUT, [[['Sola', 1, null]]])]);
    const rowsOf = (bytes: Uint8Array) =>
      XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(bytes, { type: 'array' }).Sheets.Clientes!, { header: 1, raw: true });
    expect(rowsOf(first!)).toHaveLength(301);
    expect(rowsOf(second!)).toEqual([
      ['Nombre', 'Pedidos', 'Monto'],
      ['Sola', 1],
    ]);
  });

  it('fails the workbook whose rows fail, and the next one is written', async () => {
    async function* broken() {
      yield [['Antes', 1, null]];
      throw new Error('the database went away');
    }
    await expect(writeWorkbook(LAYOUT, broken())).rejects.toThrow('the database went away');
    const after = await writeWorkbook(LAYOUT, [[['Después', 2, null]]]);
    expect(XLSX.utils.sheet_to_json(XLSX.read(after, { type: 'array' }).Sheets.Clientes!, { header: 1 })).toHaveLength(2);
  });
});

describe('rows as JSON text', () => {
  it("are parsed in the writer's thread and shaped by the layout's cell rules", async () => {
    const layout = {
      name: 'Clientes',
      headers: ['Nombre', 'Acepta correos', 'Monto', 'Último pedido'],
      columnWidths: [30, 14, 16, 14],
      cellRules: [null, { yes: 'Sí', no: 'No' }, { numberFormat: '"$"#,##0' }, { numberFormat: 'dd-mm-yyyy' }],
    };
    const batch = JSON.stringify([
      ['Ana', true, 12_345, 46_000],
      ['Bruno', false, 0, null],
    ]) as JsonRows;
    const bytes = await writeWorkbook(layout, [batch, '[]' as JsonRows, JSON.stringify([['Carla', null, 990, 46_001]]) as JsonRows]);
    expect(mainThreadWrites).toEqual({ write: 0, addRows: 0 });
    const sheet = XLSX.read(bytes, { type: 'array', cellNF: true }).Sheets.Clientes!;
    expect(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true })).toEqual([
      ['Nombre', 'Acepta correos', 'Monto', 'Último pedido'],
      ['Ana', 'Sí', 12_345, 46_000],
      ['Bruno', 'No', 0],
      ['Carla', 'No', 990, 46_001],
    ]);
    expect(sheet.C2).toMatchObject({ t: 'n', v: 12_345, z: '"$"#,##0' });
    expect(sheet.D4).toMatchObject({ t: 'n', v: 46_001, z: 'dd-mm-yyyy' });
    expect(sheet.D3).toBeUndefined();
  });
});
