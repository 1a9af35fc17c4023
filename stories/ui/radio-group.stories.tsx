import type { Meta, StoryObj } from '@storybook/react-vite';
import { RadioGroup } from '../../src/web/ui/radio-group';

const options = [
  { value: 'all', label: 'Todos' },
  { value: 'female', label: 'Mujeres' },
  { value: 'male', label: 'Hombres' },
];

const meta = {
  title: 'UI/Forms/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: { id: 'gender', name: 'gender', legend: 'Género', options },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { defaultValue: 'all' } };
export const Horizontal: Story = { args: { defaultValue: 'female', orientation: 'horizontal' } };
export const Invalid: Story = { args: { error: 'Elige a quién mostrar tus anuncios.' } };
export const Disabled: Story = { args: { defaultValue: 'all', disabled: true } };
