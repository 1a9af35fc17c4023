import type { Meta, StoryObj } from '@storybook/react-vite';
import { UnderConstruction } from '../../src/web/ui/under-construction';

const meta = {
  title: 'UI/Feedback/UnderConstruction',
  component: UnderConstruction,
  tags: ['autodocs'],
} satisfies Meta<typeof UnderConstruction>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
