import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from '../../src/web/ui/breadcrumbs';

const meta = {
  title: 'UI/Navigation/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  args: {
    items: [{ href: '/campaigns', label: 'Campañas' }, { label: 'Cyberday marzo' }],
  },
} satisfies Meta<typeof Breadcrumbs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TwoLevels: Story = {};
export const ThreeLevels: Story = {
  args: {
    items: [
      { href: '/whatsapp', label: 'WhatsApp' },
      { href: '/whatsapp/campaigns/7', label: 'Bienvenida clientes nuevos' },
      { label: 'Plantilla' },
    ],
  },
};
