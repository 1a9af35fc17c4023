import type { Meta, StoryObj } from '@storybook/react-vite';
import { NumberInput } from '../../src/web/ui/number-input';

const meta = {
  title: 'UI/Forms/NumberInput',
  component: NumberInput,
  tags: ['autodocs'],
  args: { id: 'daily-budget', label: 'Presupuesto diario (CLP)', min: 0, step: 1000 },
} satisfies Meta<typeof NumberInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: '15000' } };
export const WithHelperText: Story = { args: { helperText: 'El mínimo diario de tu cuenta es 5.000 CLP.' } };
export const Invalid: Story = { args: { defaultValue: '1000', error: 'El presupuesto diario debe ser de al menos 5.000 CLP.' } };
export const Disabled: Story = { args: { defaultValue: '15000', disabled: true } };
