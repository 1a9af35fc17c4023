import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Chart, type ChartSeries } from '../../src/web/ui/chart';

const months = ['abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic', 'ene', 'feb', 'mar'];
const investment = [820, 910, 880, 1040, 990, 1120, 1210, 1480, 1690, 1100, 1050, 1180].map((value) => value * 1000);
const income = [3100, 3420, 3390, 4020, 3880, 4310, 4650, 5900, 6820, 4100, 3950, 4480].map((value) => value * 1000);

const series: ChartSeries[] = [
  { id: 'income', label: 'Ingresos', points: months.map((x, index) => ({ x, y: income[index] ?? null })) },
  { id: 'investment', label: 'Inversión', points: months.map((x, index) => ({ x, y: investment[index] ?? null })) },
];

const meta = {
  title: 'UI/Charts/Chart',
  component: Chart,
  tags: ['autodocs'],
  args: {
    kind: 'line',
    title: 'Ingresos e inversión',
    description: 'Últimos 12 meses, por mes',
    series,
    valueFormat: 'clp',
    xLabel: 'Mes',
    onRetry: fn(),
  },
} satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {};
export const Bar: Story = { args: { kind: 'bar' } };
export const Counts: Story = {
  args: {
    kind: 'bar',
    title: 'Pedidos por semana',
    description: undefined,
    valueFormat: 'count',
    xLabel: 'Semana',
    series: [
      {
        id: 'orders',
        label: 'Pedidos',
        points: ['9 feb', '16 feb', '23 feb', '2 mar', '9 mar'].map((x, index) => ({ x, y: [182, 205, 240, 198, 263][index] ?? null })),
      },
    ],
  },
};
export const Loading: Story = { args: { status: 'loading' }, parameters: { visual: { waitFor: '[data-testid="chart-loading"]' } } };
export const Empty: Story = { args: { series: [{ id: 'income', label: 'Ingresos', points: months.map((x) => ({ x, y: null })) }] } };
export const Error: Story = { args: { status: 'error' } };
/** The same numbers as a table: for screen readers and for anyone who prefers figures. */
export const AsTable: Story = { args: { defaultView: 'table' } };
export const SwitchesToTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver como tabla' }));
    await expect(canvas.getByRole('table', { name: 'Ingresos e inversión' })).toBeInTheDocument();
    await expect(canvas.getByRole('row', { name: /mar/ })).toHaveTextContent('$4.480.000');
  },
};
