import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ActionsMenu } from '../../src/web/ui/actions-menu';

const meta = {
  title: 'UI/Overlays/ActionsMenu',
  component: ActionsMenu,
  tags: ['autodocs'],
  args: {
    id: 'segment-actions',
    onSelect: fn(),
    items: [
      { value: 'edit', label: 'Editar' },
      { value: 'download', label: 'Descargar como XLSX' },
      { value: 'delete', label: 'Eliminar', tone: 'danger' },
    ],
  },
} satisfies Meta<typeof ActionsMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const WithDisabledItem: Story = {
  args: {
    defaultOpen: true,
    items: [
      { value: 'edit', label: 'Editar', disabled: true },
      { value: 'download', label: 'Descargar como XLSX' },
      { value: 'delete', label: 'Eliminar', tone: 'danger' },
    ],
  },
};
