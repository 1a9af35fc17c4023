import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { statsTablePage, storeStats, storeStatsEmpty } from '../../mocks/fixtures/dashboard';
import { StoreOverview } from '../../src/web/features/dashboard/screens/store-overview';
import { userEvent } from '../support/user-event';
import { overviewArgs } from './dashboard-args';

const meta = {
  title: 'Screens/Dashboard/Overview',
  component: StoreOverview,
  args: overviewArgs,
} satisfies Meta<typeof StoreOverview>;
export default meta;
type Story = StoryObj<typeof meta>;

const tab = (dimension: Parameters<typeof statsTablePage>[0], page = 1, empty = false): Story => ({
  args: {
    dimension,
    page,
    table: {
      status: 'success',
      data: statsTablePage(dimension, page, 10, { empty }),
    },
  },
});

/** Products in sizes run to several pages; one name is far longer than the column. */
export const Products: Story = tab('products');
export const ProductsLastPage: Story = tab('products', 3);
/** Nothing synced yet: the tab says what it will show and when it fills; with no search, there is nothing to clear. */
export const ProductsEmpty: Story = {
  ...tab('products', 1, true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no hay datos para esta tabla')).toBeVisible();
    await expect(canvas.getByText(/^Aquí verás qué productos compran tus clientes/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Limpiar búsqueda' })).toBeNull();
  },
};
/** Includes orders without a shipping address, named as such. */
export const BuyerLocation: Story = tab('locations');
export const BuyerLocationEmpty: Story = tab('locations', 1, true);
export const DispatchMethod: Story = tab('dispatchMethods');
export const DispatchMethodEmpty: Story = tab('dispatchMethods', 1, true);
export const PaymentMethod: Story = tab('paymentMethods');
export const PaymentMethodEmpty: Story = tab('paymentMethods', 1, true);
/** Orders without a code are a row of their own. */
export const Discounts: Story = tab('discounts');
export const DiscountsEmpty: Story = tab('discounts', 1, true);

export const Loading: Story = {
  args: { stats: { status: 'loading' }, table: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};

export const Error: Story = {
  args: { stats: { status: 'error', cause: 'server' }, table: { status: 'error', cause: 'server' } },
};

/** No customer has bought twice: frequency and days to the second order cannot be worked out. */
export const NoRepeatCustomers: Story = {
  args: {
    stats: {
      status: 'success',
      data: {
        ...storeStats,
        recurrentCustomersRate: 0,
        avgPurchaseFrequency: null,
        avgDaysUntilNextOrder: null,
        customers: { ...storeStats.customers, risky: 0, star: 0 },
      },
    },
  },
};

export const NoOrders: Story = {
  args: {
    stats: { status: 'success', data: storeStatsEmpty },
    table: {
      status: 'success',
      data: statsTablePage('products', 1, 10, { empty: true }),
    },
  },
};

/** Sorted by a figure from the smallest: its header says so (`aria-sort`). */
export const SortedByOrders: Story = {
  args: {
    tableOrder: { sort: 'orders', order: 'asc' },
    table: { status: 'success', data: statsTablePage('products', 1, 10, { sort: 'orders', order: 'asc' }) },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: /Pedidos/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getByRole('columnheader', { name: /Ingresos/ })).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(canvas.getByRole('button', { name: /Pedidos/ }));
    await expect(args.onTableOrderChange).toHaveBeenCalledWith({ sort: 'orders', order: 'desc' });
    await userEvent.click(canvas.getByRole('button', { name: /Producto/ }));
    await expect(args.onTableOrderChange).toHaveBeenCalledWith({ sort: 'key', order: 'asc' });
  },
};

/** A search that finds rows: the box shows it, the table only the matches. */
export const SearchWithResults: Story = {
  args: {
    search: 'polera',
    table: { status: 'success', data: statsTablePage('products', 1, 10, { q: 'polera' }) },
  },
};

/** Nothing matches: the empty state names the search and offers to clear it. */
export const SearchWithoutResults: Story = {
  args: {
    search: 'sandalias',
    table: { status: 'success', data: statsTablePage('products', 1, 10, { q: 'sandalias' }) },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No hay resultados para «sandalias»')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Descargar XLSX' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar búsqueda' }));
    await expect(args.onSearchChange).toHaveBeenCalledWith('');
    await expect(canvas.getByRole('searchbox', { name: 'Buscar producto' })).toHaveValue('');
  },
};

/** The XLSX is on its way: the button is busy and takes no second click. */
export const Exporting: Story = {
  args: { exporting: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Descargar XLSX' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
  },
};

/** On a phone the search box and the download button stack above the rows, each a block of labelled figures. */
export const Phone: Story = {
  args: {
    search: 'polera',
    table: { status: 'success', data: statsTablePage('products', 1, 10, { q: 'polera' }) },
  },
  parameters: { visual: { viewport: 'phone' } },
};

/** Three pages on a phone: "Página 1 de 3" and both arrows inside the screen, the tabs on two lines. */
export const ProductsOnPhone: Story = onPhone<Story>({
  ...Products,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const part of [canvas.getByText('Página 1 de 3'), ...canvas.getAllByRole('button', { name: /^Página (anterior|siguiente)$/ })]) {
      const box = part.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
});

export const ChangesTab: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Página 1 de 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Método de pago' }));
    await expect(args.onDimensionChange).toHaveBeenCalledWith('paymentMethods');
  },
};
