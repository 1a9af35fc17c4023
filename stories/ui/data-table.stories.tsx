import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
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
