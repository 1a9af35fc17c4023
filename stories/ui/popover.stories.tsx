import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/web/ui/button';
import { Popover } from '../../src/web/ui/popover';

const meta = {
  title: 'UI/Overlays/Popover',
  component: Popover,
  tags: ['autodocs'],
  args: {
    id: 'nightly-update',
    trigger: <Button variant="ghost">¿Cuándo se actualiza?</Button>,
    title: 'Actualización nocturna',
    description: 'La tabla se actualiza cada noche: los resultados nuevos aparecen al día siguiente.',
  },
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
