import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { Kpi } from '../../src/web/ui/kpi';

const meta = {
  title: 'UI/Data/Kpi',
  component: Kpi,
  tags: ['autodocs'],
  args: { label: 'Pedidos totales', state: { status: 'success', value: '12.345' }, onRetry: fn() },
  decorators: [
    (Story) => (
      <div className={css({ display: 'flex', pt: '16', pb: '8' })}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Kpi>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = {
  args: { state: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="kpi-skeleton"]' } },
};
export const Error: Story = { args: { state: { status: 'error' } } };
export const Increase: Story = { args: { change: { ratio: 0.124 } } };
export const Decrease: Story = { args: { change: { ratio: -0.082 } } };
/** For costs a fall is good news: shown in the success colour. */
export const CostDecrease: Story = {
  args: { label: 'Costo por adquisición', state: { status: 'success', value: '$4.250' }, change: { ratio: -0.15, lowerIsBetter: true } },
};
export const NoComparison: Story = { args: { change: { ratio: null } } };
/** A rate changes in percentage points, not in percent of itself. */
export const RateInPoints: Story = {
  args: {
    label: 'Tasa de retención',
    state: { status: 'success', value: '27,4 %' },
    change: { points: 3.2, against: 'vs. mismo período del año anterior' },
  },
};
/** A figure that cannot be known yet says why, and how to know it. */
export const WithNote: Story = {
  args: {
    label: 'Costo de adquisición por cliente',
    state: { status: 'success', value: '—' },
    change: { ratio: null, lowerIsBetter: true },
    note: 'Falta tu inversión en marketing de 2025.',
  },
};
export const WithHelp: Story = {
  args: {
    label: 'ROAS',
    state: { status: 'success', value: '4,2' },
    help: 'Ingresos por cada peso invertido en anuncios.',
    change: { ratio: 0.05 },
  },
};
export const HelpOpen: Story = { args: { ...WithHelp.args, helpOpen: true } };
