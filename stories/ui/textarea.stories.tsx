import type { Meta, StoryObj } from '@storybook/react-vite';
import { Textarea } from '../../src/web/ui/field';

const meta = {
  title: 'UI/Forms/Textarea',
  component: Textarea,
  tags: ['autodocs'],
  args: { label: 'Descripción', name: 'description' },
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'Clientes que compraron dos veces en los últimos 30 días.' } };
export const WithHelperText: Story = { args: { helperText: 'Opcional. Solo la verá tu equipo.' } };
export const Invalid: Story = { args: { required: true, error: 'Ingresa una descripción.' } };
export const Disabled: Story = { args: { defaultValue: 'Clientes frecuentes', disabled: true } };
