import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Kpi } from '../../src/web/ui/kpi';

const meta = {
  title: 'UI/Data/Kpi',
  component: Kpi,
  tags: ['autodocs'],
  args: { label: 'Pedidos totales', state: { status: 'success', value: '12.345' }, onRetry: fn() },
} satisfies Meta<typeof Kpi>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = {
  args: { state: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};
export const Error: Story = { args: { state: { status: 'error' } } };
