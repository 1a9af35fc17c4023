import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { Skeleton } from '../../src/web/ui/skeleton';

const meta = {
  title: 'UI/Feedback/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  args: { shape: 'text' },
  decorators: [
    (Story) => (
      <div className={css({ maxW: 'md' })}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};
export const Paragraph: Story = { args: { lines: 3 } };
export const Heading: Story = { args: { shape: 'heading' } };
export const Value: Story = { args: { shape: 'value' } };
export const Block: Story = { args: { shape: 'block' } };
export const Circle: Story = { args: { shape: 'circle' } };
