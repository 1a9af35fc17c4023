import type { components } from '../../../shared/api/backend.gen.ts';
import { writeWorkbook } from '../../platform/files/xlsx.ts';

type StatsTableRow = components['schemas']['StatsTableRow'];
type StatsDimension = components['schemas']['StatsDimension'];

/** Each tab's name in the file name and on its sheet, its first column's header and the name of its empty key, as the screen shows them. */
const TABS: Record<StatsDimension, { file: string; sheet: string; header: string; noKey: string }> = {
  products: { file: 'productos', sheet: 'Productos', header: 'Producto', noKey: 'Producto sin nombre' },
  locations: { file: 'ubicaciones', sheet: 'Ubicación del comprador', header: 'Comuna y región', noKey: 'Sin dirección de envío' },
  dispatchMethods: { file: 'metodos-de-despacho', sheet: 'Método de despacho', header: 'Método de despacho', noKey: 'Sin despacho' },
  paymentMethods: { file: 'metodos-de-pago', sheet: 'Método de pago', header: 'Método de pago', noKey: 'Sin medio de pago registrado' },
  discounts: { file: 'descuentos', sheet: 'Descuentos', header: 'Código de descuento', noKey: 'Sin código de descuento' },
};

/** `recompra-productos-2026-11-24.xlsx`: the tab and the store's day, so downloads of different days sit side by side. */
export const statsTableFileName = (dimension: StatsDimension, today: string) => `recompra-${TABS[dimension].file}-${today}.xlsx`;

/** One sheet with the screen's columns; figures stay numbers so the merchant can add and chart them. */
export function statsTableWorkbook(dimension: StatsDimension, rows: readonly StatsTableRow[]): Promise<Uint8Array> {
  const tab = TABS[dimension];
  return writeWorkbook({ name: tab.sheet, headers: [tab.header, 'Clientes', 'Pedidos', 'Ingresos'], columnWidths: [40, 10, 10, 14] }, [
    rows.map((row) => [row.key || tab.noKey, row.customers, row.orders, row.income]),
  ]);
}
