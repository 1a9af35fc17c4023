import { DEFAULT_SEGMENT_NAMES, segmentFileName } from '../../../shared/segment-names.ts';
import type { SegmentKey } from '../../../shared/segments.ts';
import { type JsonRows, type SheetLayout, writeWorkbook } from '../../platform/files/xlsx.ts';
import type { ExportedMemberRow } from './customers-table.ts';

/*
 * A segment's customers as a workbook (the segments list's "Descargar XLSX"): one sheet with the
 * table's columns in Spanish, amounts and dates as real numbers and dates with their display formats,
 * so the merchant can sort, add and filter them in the spreadsheet.
 */

/** Pesos without decimals; the spreadsheet shows its own locale's separators ("$12.345" in es-CL). */
const CLP_FORMAT = '"$"#,##0';
const DATE_FORMAT = 'dd-mm-yyyy';
/** The columns of `ExportedMemberRow` (customers-table.ts), in its order. */
const LAYOUT: SheetLayout = {
  name: 'Clientes',
  headers: ['Nombre', 'Correo', 'Teléfono', 'Acepta correos', 'Pedidos', 'Monto comprado', 'Último pedido'],
  columnWidths: [30, 32, 16, 14, 10, 16, 14],
  cellRules: [null, null, null, { yes: 'Sí', no: 'No' }, null, { numberFormat: CLP_FORMAT }, { numberFormat: DATE_FORMAT }],
};

/** The export's file name: the segment (a default one by its name) and the store's day. */
export const segmentCustomersFileName = (segment: { key: SegmentKey | null; name: string | null }, today: string) =>
  segmentFileName(segment.key ? DEFAULT_SEGMENT_NAMES[segment.key] : (segment.name ?? ''), today);

/**
 * The workbook, written as the chunks arrive: each chunk of members goes to the writer as the database's
 * JSON text and is dropped, so the server holds one chunk's text, never every member's record, and never
 * spends its event loop on the rows (platform/files/xlsx.ts writes it in its own thread).
 */
export function segmentCustomersWorkbook(chunks: AsyncIterable<JsonRows<ExportedMemberRow>>): Promise<Uint8Array> {
  return writeWorkbook(LAYOUT, chunks);
}
