import type { Meta, StoryObj } from '@storybook/react-vite';
import { Sidebar, type SidebarItem } from '../../src/web/ui/sidebar';

const items: SidebarItem[] = [
  { key: 'dashboard', href: '/dashboard', label: 'Inicio', active: true },
  { key: 'segments', href: '/segments', label: 'Segmentos' },
  { key: 'campaigns', href: '/campaigns', label: 'Campañas' },
  { key: 'chat', href: '/chat', label: 'Chat', badge: { count: 4, label: '4 conversaciones sin leer' } },
];

const meta = {
  title: 'UI/Navigation/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  args: {
    brand: 'Recompra',
    navLabel: 'Navegación principal',
    items,
    exit: { href: '/api/auth/logout', label: 'Cerrar sesión' },
  },
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithBadge: Story = {};
export const WithoutBadge: Story = {
  args: { items: items.map((item) => ({ ...item, badge: undefined })) },
};
export const SecondEntryActive: Story = {
  args: { items: items.map((item) => ({ ...item, active: item.key === 'segments' })) },
};
