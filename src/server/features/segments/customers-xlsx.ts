import { DEFAULT_SEGMENT_NAMES, segmentFileName } from '../../../shared/segment-names.ts';
import type { SegmentKey } from '../../../shared/segments.ts';
import { type Cell, type SheetLayout, writeWorkbook } from '../../platform/xlsx.ts';
import type { ExportedMember } from './customers-table.ts';

/*
 * A segment's customers as a workbook (the segments list's "Descargar XLSX"): one sheet with the
 * table's columns in Spanish, amounts and dates as real numbers and dates with their display formats,
 * so the merchant can sort, add and filter them in the spreadsheet.
 */

const LAYOUT: SheetLayout = {
  name: 'Clientes',
  headers: ['Nombre', 'Correo', 'Teléfono', 'Acepta correos', 'Pedidos', 'Monto comprado', 'Último pedido'],
  columnWidths: [30, 32, 16, 14, 10, 16, 14],
};
/** Pesos without decimals; the spreadsheet shows its own locale's separators ("$12.345" in es-CL). */
const CLP_FORMAT = '"$"#,##0';
const DATE_FORMAT = 'dd-mm-yyyy';

/** The export's file name: the segment (a default one by its name) and the store's day. */
export const segmentCustomersFileName = (segment: { key: SegmentKey | null; name: string | null }, today: string) =>
  segmentFileName(segment.key ? DEFAULT_SEGMENT_NAMES[segment.key] : (segment.name ?? ''), today);

const cellsOf = (member: ExportedMember): Cell[] => [
  member.name,
  member.email,
  member.phone,
  member.emailConsent ? 'Sí' : 'No',
  member.orders,
  { t: 'n', v: member.totalSpent, z: CLP_FORMAT },
  member.lastOrderDay === null ? null : { t: 'n', v: member.lastOrderDay, z: DATE_FORMAT },
];

/**
 * The workbook, written as the chunks arrive: each chunk's members become rows and are dropped, so what
 * the server holds is one chunk, never every member's record (platform/xlsx.ts writes it off the event loop).
 */
export async function segmentCustomersWorkbook(chunks: AsyncIterable<ExportedMember[]>): Promise<Uint8Array> {
  return writeWorkbook(LAYOUT, rowsOf(chunks));
}

async function* rowsOf(chunks: AsyncIterable<ExportedMember[]>): AsyncIterable<Cell[][]> {
  for await (const members of chunks) yield members.map(cellsOf);
}
