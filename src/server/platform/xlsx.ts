import * as XLSX from 'xlsx';

/*
 * The XLSX downloads (the overview table, a segment's customers): written with the `xlsx` package,
 * which is used only to write (its advisories are about parsing untrusted files).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' as const;

/** A workbook of one sheet, compressed as Excel writes it. */
export function workbookBytes(sheet: XLSX.WorkSheet, sheetName: string): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array;
}

/** A handler's answer that downloads `data` as `fileName`; never cached, since it is the data as of now. */
export const xlsxDownload = (fileName: string, data: Uint8Array) => ({
  status: 200 as const,
  file: { type: XLSX_TYPE, data },
  headers: { 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' },
});
