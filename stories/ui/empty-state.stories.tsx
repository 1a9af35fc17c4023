import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../../src/web/ui/button';
import { EmptyState, LoadErrorState } from '../../src/web/ui/empty-state';

const meta = {
  title: 'UI/Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'Aún no tienes segmentos', description: 'Agrupa a tus clientes para enviarles campañas a la medida.' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const TitleOnly: Story = { args: { description: undefined } };
export const WithAction: Story = { args: { action: <Button>Crear segmento</Button> } };
export const Error: Story = { render: () => <LoadErrorState onRetry={fn()} /> };
