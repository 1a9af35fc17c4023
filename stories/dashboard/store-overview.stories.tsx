import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { statsTablePage, storeStats, storeStatsEmpty } from '../../mocks/fixtures/dashboard';
import { StoreOverview } from '../../src/web/features/dashboard/screens/store-overview';
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
export const ProductsEmpty: Story = tab('products', 1, true);
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
  args: { stats: { status: 'error' }, table: { status: 'error' } },
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

export const ChangesTab: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Página 1 de 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('tab', { name: 'Método de pago' }));
    await expect(args.onDimensionChange).toHaveBeenCalledWith('paymentMethods');
  },
};
