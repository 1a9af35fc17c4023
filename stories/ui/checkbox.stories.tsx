import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from '../../src/web/ui/checkbox';

const meta = {
  title: 'UI/Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { id: 'terms', name: 'terms', label: 'Acepto los términos de públicos personalizados' },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const WithHelperText: Story = { args: { helperText: 'Meta los exige para crear públicos desde tus segmentos.' } };
export const Invalid: Story = { args: { required: true, error: 'Debes aceptar los términos para continuar.' } };
export const Disabled: Story = { args: { defaultChecked: true, disabled: true } };
