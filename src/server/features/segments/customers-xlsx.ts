import * as XLSX from 'xlsx';
import { DEFAULT_SEGMENT_NAMES, segmentFileName } from '../../../shared/segment-names.ts';
import type { SegmentKey } from '../../../shared/segments.ts';
import { workbookBytes } from '../../platform/xlsx.ts';
import type { ExportedMember } from './customers-table.ts';

/*
 * A segment's customers as a workbook (the segments list's "Descargar XLSX"): one sheet with the
 * table's columns in Spanish, amounts and dates as real numbers and dates with their display formats,
 * so the merchant can sort, add and filter them in the spreadsheet.
 */

const HEADERS = ['Nombre', 'Correo', 'Teléfono', 'Acepta correos', 'Pedidos', 'Monto comprado', 'Último pedido'];
/** Pesos without decimals; the spreadsheet shows its own locale's separators ("$12.345" in es-CL). */
const CLP_FORMAT = '"$"#,##0';
const DATE_FORMAT = 'dd-mm-yyyy';

/** The export's file name: the segment (a default one by its name) and the store's day. */
export const segmentCustomersFileName = (segment: { key: SegmentKey | null; name: string | null }, today: string) =>
  segmentFileName(segment.key ? DEFAULT_SEGMENT_NAMES[segment.key] : (segment.name ?? ''), today);

const cellsOf = (member: ExportedMember): unknown[] => [
  member.name,
  member.email,
  member.phone,
  member.emailConsent ? 'Sí' : 'No',
  member.orders,
  { t: 'n', v: member.totalSpent, z: CLP_FORMAT },
  member.lastOrderDay === null ? null : { t: 'n', v: member.lastOrderDay, z: DATE_FORMAT },
];

/**
 * The workbook, written as the chunks arrive: each chunk's members become cells and are dropped, so
 * what is held is the sheet's cells, never every member's record besides. The `xlsx` package writes a
 * whole workbook at once (its streaming writers are CSV, HTML and JSON only), hence the bytes at the end.
 */
export async function segmentCustomersWorkbook(chunks: AsyncIterable<ExportedMember[]>): Promise<Uint8Array> {
  // Dense: rows as arrays rather than one key per cell ("A1", "B1"…), about a third of the memory and time.
  const sheet = XLSX.utils.aoa_to_sheet([HEADERS], { dense: true } as XLSX.AOA2SheetOpts);
  for await (const members of chunks) XLSX.utils.sheet_add_aoa(sheet, members.map(cellsOf), { origin: -1 });
  sheet['!cols'] = [{ wch: 30 }, { wch: 32 }, { wch: 16 }, { wch: 14 }, { wch: 10 }, { wch: 16 }, { wch: 14 }];
  return workbookBytes(sheet, 'Clientes');
}
