import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatClp, formatCount, formatDate } from '../../src/shared/format';
import { StatusBadge } from '../../src/web/ui/badge';
import { StatList } from '../../src/web/ui/stat-list';

const meta = {
  title: 'UI/Data/StatList',
  component: StatList,
  tags: ['autodocs'],
  args: {
    items: [
      { key: 'status', label: 'Estado', value: <StatusBadge kind="adCampaign" status="active" /> },
      { key: 'start', label: 'Inicio', value: formatDate('2026-03-01') },
      { key: 'budget', label: 'Presupuesto diario', value: formatClp(15000) },
      { key: 'reach', label: 'Alcance', value: formatCount(48210) },
      { key: 'spent', label: 'Monto gastado', value: formatClp(212400) },
    ],
  },
} satisfies Meta<typeof StatList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};
export const Loading: Story = { args: { loading: true }, parameters: { visual: { waitFor: 'dl[aria-busy="true"]' } } };
