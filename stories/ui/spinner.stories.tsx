import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from '../../src/web/ui/spinner';

const meta = {
  title: 'UI/Feedback/Spinner',
  component: Spinner,
  tags: ['autodocs'],
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = { args: { size: 'sm' } };
export const Medium: Story = { args: { size: 'md' } };
/** The size of the session check's loading animation (UI/Feedback/LoadingScreen). */
export const Large: Story = { args: { size: 'lg' } };
