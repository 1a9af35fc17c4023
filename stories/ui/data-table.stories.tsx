import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { css } from 'styled-system/css';
import { onPhone } from '../../.storybook/visual-parameters';
import { formatClp, formatCount } from '../../src/shared/format';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSort } from '../../src/web/ui/data-table';
import { userEvent } from '../support/user-event';

interface ProductRow {
  id: string;
  product: string;
  customers: number;
  orders: number;
  income: number;
}

const rows: ProductRow[] = [
  { id: 'p1', product: 'Café de grano 1 kg', customers: 412, orders: 1280, income: 16_640_000 },
  { id: 'p2', product: 'Molinillo manual', customers: 128, orders: 140, income: 4_480_000 },
  { id: 'p3', product: 'Taza de cerámica', customers: 96, orders: 110, income: 990_000 },
  { id: 'p4', product: 'Filtros de papel (100)', customers: 310, orders: 655, income: 2_292_500 },
  { id: 'p5', product: 'Prensa francesa', customers: 74, orders: 79, income: 1_975_000 },
];

const columns: DataTableColumn<ProductRow>[] = [
  { key: 'product', header: 'Producto', cell: (row) => row.product, sortable: true },
  { key: 'customers', header: 'Clientes', cell: (row) => formatCount(row.customers), sortable: true, align: 'end' },
  { key: 'orders', header: 'Pedidos', cell: (row) => formatCount(row.orders), sortable: true, align: 'end' },
  { key: 'income', header: 'Ingresos', cell: (row) => formatClp(row.income), sortable: true, align: 'end' },
];

function sortRows(list: readonly ProductRow[], sort: DataTableSort | undefined): ProductRow[] {
  if (!sort) return [...list];
  const key = sort.key as keyof ProductRow;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...list].sort((a, b) => (a[key] > b[key] ? sign : a[key] < b[key] ? -sign : 0));
}

function TableDemo(props: Omit<DataTableProps<ProductRow>, 'onSortChange'>) {
  const [sort, setSort] = useState(props.sort);
  const [page, setPage] = useState(props.pagination?.page ?? 1);
  return (
    <DataTable
      {...props}
      rows={sortRows(props.rows, sort)}
      sort={sort}
      onSortChange={setSort}
      pagination={props.pagination ? { ...props.pagination, page, onPageChange: setPage } : undefined}
    />
  );
}

const meta = {
  title: 'UI/Data/Table',
  component: TableDemo,
  tags: ['autodocs'],
  args: {
    caption: 'Clientes, pedidos e ingresos por producto',
    columns,
    rows,
    rowKey: (row) => row.id,
    pagination: { count: 48, pageSize: 5, page: 1, onPageChange: fn() },
    onRetry: fn(),
  },
} satisfies Meta<typeof TableDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const Sorted: Story = { args: { sort: { key: 'income', direction: 'descending' } } };
export const LastPage: Story = { args: { pagination: { count: 48, pageSize: 5, page: 10, onPageChange: fn() } } };
export const Loading: Story = {
  args: { status: 'loading' },
  parameters: { visual: { waitFor: 'table[aria-busy="true"]' } },
};
export const Empty: Story = {
  args: {
    rows: [],
    pagination: undefined,
    empty: {
      title: 'Aún no hay pedidos',
      description: 'La tabla se actualiza cada noche: los nuevos resultados aparecen al día siguiente.',
    },
  },
};
export const Error: Story = { args: { status: 'error', pagination: undefined } };
/** Clicking a header sorts by it; a second click reverses the order. */
export const SortsOnClick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ingresos' }));
    await expect(canvas.getByRole('columnheader', { name: 'Ingresos' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('Taza de cerámica');
    await userEvent.click(canvas.getByRole('button', { name: 'Ingresos' }));
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('Café de grano 1 kg');
  },
};

/** On a phone each row is a block: the product as its heading, every figure under its column's name. */
export const FullOnPhone: Story = onPhone<Story>({});

/** The sortable headers become sort buttons above the rows; the one in use is marked, and still sorts. */
export const SortsOnPhone: Story = onPhone<Story>({
  args: { sort: { key: 'income', direction: 'descending' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const firstRow = within(canvas.getAllByRole('row')[1]!);
    await expect(firstRow.getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual([undefined, 'Clientes', 'Pedidos', 'Ingresos']);
    await userEvent.click(canvas.getByRole('button', { name: 'Pedidos' }));
    await expect(canvas.getByRole('columnheader', { name: 'Pedidos' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('Prensa francesa');
  },
});

export const LoadingOnPhone: Story = onPhone<Story>(Loading);

interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  city: string;
  orders: number;
  spent: number;
  firstOrder: string;
  lastOrder: string;
}

const customerColumns: DataTableColumn<CustomerRow>[] = [
  { key: 'name', header: 'Nombre', cell: (row) => row.name },
  { key: 'email', header: 'Correo', cell: (row) => row.email },
  { key: 'phone', header: 'Teléfono', cell: (row) => row.phone },
  { key: 'city', header: 'Ciudad', cell: (row) => row.city },
  { key: 'orders', header: 'Pedidos', cell: (row) => formatCount(row.orders), align: 'end' },
  { key: 'spent', header: 'Monto comprado', cell: (row) => formatClp(row.spent), align: 'end' },
  { key: 'firstOrder', header: 'Primer pedido', cell: (row) => row.firstOrder, align: 'end' },
  { key: 'lastOrder', header: 'Último pedido', cell: (row) => row.lastOrder, align: 'end' },
];

const customerRows: CustomerRow[] = [
  {
    id: 'c1',
    name: 'Valentina Morales',
    email: 'valentina.morales34@correo.cl',
    phone: '+56940269246',
    city: 'Viña del Mar',
    orders: 8,
    spent: 490_000,
    firstOrder: '3 ene 2024',
    lastOrder: '12 nov 2026',
  },
  {
    id: 'c2',
    name: 'Vicente Sepúlveda',
    email: 'vicente.sepulveda27@correo.cl',
    phone: '+56940348436',
    city: 'Puerto Montt',
    orders: 5,
    spent: 362_500,
    firstOrder: '18 jul 2025',
    lastOrder: '2 oct 2026',
  },
];

/**
 * More columns than its place holds: the table scrolls sideways, a fade on the side that hides columns,
 * and the scroller is a named stop for the keyboard.
 */
export const WiderThanItsPlace: Story = {
  render: () => <DataTable caption="Clientes del segmento" columns={customerColumns} rows={customerRows} rowKey={(row) => row.id} />,
  // A place narrower than the table wants, yet wider than a phone's: a real table that scrolls.
  decorators: [
    (Story) => (
      <div className={css({ maxW: 'xl' })}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const scroller = await within(canvasElement).findByRole('region', { name: 'Clientes del segmento' });
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(scroller.parentElement).toHaveAttribute('data-scroll-end');
    await expect(scroller.parentElement).not.toHaveAttribute('data-scroll-start');
  },
};

/** Scrolled to its last column: the fade moves to the side now hidden. */
export const WiderThanItsPlaceScrolled: Story = {
  ...WiderThanItsPlace,
  play: async ({ canvasElement }) => {
    const scroller = await within(canvasElement).findByRole('region', { name: 'Clientes del segmento' });
    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() => expect(scroller.parentElement).toHaveAttribute('data-scroll-start'));
    await expect(scroller.parentElement).not.toHaveAttribute('data-scroll-end');
  },
};
