import type { Meta, StoryObj } from '@storybook/react-vite';
import { Combobox } from '../../src/web/ui/combobox';

const options = [
  { value: 'santiago', label: 'Santiago' },
  { value: 'valparaiso', label: 'Valparaíso' },
  { value: 'concepcion', label: 'Concepción' },
  { value: 'la-serena', label: 'La Serena' },
  { value: 'temuco', label: 'Temuco' },
];

const meta = {
  title: 'UI/Forms/Combobox',
  component: Combobox,
  tags: ['autodocs'],
  args: { id: 'city', label: 'Ciudad', options, placeholder: 'Busca una ciudad' },
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { defaultValue: 'valparaiso', defaultInputValue: 'Valparaíso' } };
export const Open: Story = { args: { defaultOpen: true } };
export const Filtered: Story = { args: { defaultOpen: true, defaultInputValue: 'con' } };
export const NoResults: Story = { args: { defaultOpen: true, defaultInputValue: 'Arica' } };
export const Invalid: Story = { args: { required: true, error: 'Elige una ciudad de la lista.' } };
export const Disabled: Story = { args: { defaultValue: 'santiago', defaultInputValue: 'Santiago', disabled: true } };
