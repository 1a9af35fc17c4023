import type { Meta, StoryObj } from '@storybook/react-vite';
import { PhoneInput } from '../../src/web/ui/phone-input';

const countries = [
  { value: '56', label: 'Chile (+56)' },
  { value: '54', label: 'Argentina (+54)' },
  { value: '51', label: 'Perú (+51)' },
];

const meta = {
  title: 'UI/Forms/PhoneInput',
  component: PhoneInput,
  tags: ['autodocs'],
  args: {
    id: 'button-phone',
    legend: 'Teléfono del botón',
    countryCodeLabel: 'Código de país',
    numberLabel: 'Número',
    countries,
    placeholder: '912345678',
  },
} satisfies Meta<typeof PhoneInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: { countryCode: '56', number: '912345678' } } };
export const Invalid: Story = {
  args: { defaultValue: { countryCode: '56', number: '1234' }, error: 'Ingresa un número de teléfono válido.' },
};
export const Disabled: Story = { args: { defaultValue: { countryCode: '56', number: '912345678' }, disabled: true } };
