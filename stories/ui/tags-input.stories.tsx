import type { Meta, StoryObj } from '@storybook/react-vite';
import { TagsInput } from '../../src/web/ui/tags-input';

const meta = {
  title: 'UI/Forms/TagsInput',
  component: TagsInput,
  tags: ['autodocs'],
  args: { id: 'interests', label: 'Intereses', max: 5, placeholder: 'Escribe un interés y presiona Enter' },
} satisfies Meta<typeof TagsInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithTags: Story = { args: { defaultValue: ['Running', 'Yoga', 'Vida sana'] } };
export const AtMaximum: Story = { args: { defaultValue: ['Running', 'Yoga', 'Vida sana', 'Trekking', 'Ciclismo'] } };
export const Invalid: Story = { args: { required: true, error: 'Agrega al menos un interés.' } };
export const Disabled: Story = { args: { defaultValue: ['Running', 'Yoga'], disabled: true } };
