import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingScreen } from '../../src/web/ui/loading-screen';

const meta = {
  title: 'UI/Feedback/LoadingScreen',
  component: LoadingScreen,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', visual: { waitFor: '[data-testid="loading-screen"]' } },
} satisfies Meta<typeof LoadingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};
export const Inline: Story = { args: { layout: 'inline', label: 'Cargando…' } };
