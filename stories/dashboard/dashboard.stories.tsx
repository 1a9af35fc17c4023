import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { storeStats } from '../../mocks/fixtures/dashboard';
import { formatCount } from '../../src/shared/format/count';
import { DashboardScreen } from '../../src/web/features/dashboard/screens/dashboard-screen';

const meta = {
  title: 'Screens/Dashboard/Dashboard',
  component: DashboardScreen,
  parameters: { route: '/dashboard' },
  args: { totalOrders: { status: 'success', value: formatCount(storeStats.totalOrders) }, onRetry: fn() },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const Loading: Story = {
  args: { totalOrders: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};

export const Error: Story = { args: { totalOrders: { status: 'error' } } };

export const NoOrders: Story = { args: { totalOrders: { status: 'success', value: formatCount(0) } } };

export const NoStore: Story = { args: { totalOrders: null } };
