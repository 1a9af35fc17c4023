import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from '../../src/web/ui/select';

const options = [
  { value: 'conversion', label: 'Campañas 24/7' },
  { value: 'retargeting', label: 'Catálogo 24/7 para carritos abandonados' },
  { value: 'remarketing', label: 'Remarketing' },
  { value: 'cyberdays', label: 'Campaña de ofertas', disabled: true },
];

const meta = {
  title: 'UI/Forms/Select',
  component: Select,
  tags: ['autodocs'],
  args: { id: 'campaign-type', label: 'Tipo de campaña', options },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Selected: Story = { args: { defaultValue: 'remarketing' } };
export const Open: Story = { args: { defaultValue: 'remarketing', defaultOpen: true } };
export const Invalid: Story = { args: { required: true, error: 'Elige un tipo de campaña.' } };
export const Disabled: Story = { args: { defaultValue: 'remarketing', disabled: true } };
