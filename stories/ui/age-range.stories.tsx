import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgeRange } from '../../src/web/ui/age-range';

const meta = {
  title: 'UI/Forms/AgeRange',
  component: AgeRange,
  tags: ['autodocs'],
  args: { id: 'age', legend: 'Edad', minLabel: 'Mínima', maxLabel: 'Máxima', lowest: 18 },
} satisfies Meta<typeof AgeRange>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: { min: '25', max: '45' } } };
export const Invalid: Story = {
  args: { defaultValue: { min: '50', max: '30' }, error: 'La edad mínima no puede ser mayor que la máxima.' },
};
export const Disabled: Story = { args: { defaultValue: { min: '18', max: '65' }, disabled: true } };
