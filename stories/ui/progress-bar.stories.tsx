import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from '../../src/web/ui/progress-bar';

const meta = {
  title: 'UI/Feedback/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'Descargando los datos de tu tienda', value: 45, description: 'Pedidos: 5.400 de 12.000' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InProgress: Story = {};
export const Starting: Story = { args: { value: 0, description: undefined } };
/** Before the total is known. */
export const Indeterminate: Story = { args: { value: null, description: 'Preparando la descarga…' } };
export const Complete: Story = { args: { value: 100, description: 'Pedidos: 12.000 de 12.000' } };
