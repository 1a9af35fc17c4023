import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from '../../src/web/ui/field';

const meta = {
  title: 'UI/Forms/TextInput',
  component: TextInput,
  tags: ['autodocs'],
  args: { label: 'Correo electrónico', type: 'email', name: 'email' },
} satisfies Meta<typeof TextInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'demo@recompra.cl' } };
export const WithHelperText: Story = { args: { helperText: 'Usaremos este correo para avisarte de tus campañas.' } };
export const Invalid: Story = {
  args: { defaultValue: 'demo@', error: 'Ingresa un correo electrónico válido.' },
};
export const Disabled: Story = { args: { defaultValue: 'demo@recompra.cl', disabled: true } };
