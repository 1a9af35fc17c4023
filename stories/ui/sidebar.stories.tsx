import type { Meta, StoryObj } from '@storybook/react-vite';
import { Icon } from '../../src/web/ui/icons';
import { Sidebar, SidebarButton, type SidebarItem } from '../../src/web/ui/sidebar';

const items: SidebarItem[] = [
  { key: 'dashboard', href: '/dashboard', label: 'Inicio', icon: <Icon name="home" />, active: true },
  { key: 'segments', href: '/segments', label: 'Segmentos', icon: <Icon name="people" /> },
  { key: 'campaigns', href: '/campaigns', label: 'Campañas', icon: <Icon name="megaphone" /> },
  { key: 'chat', href: '/chat', label: 'Chat', icon: <Icon name="inbox" />, badge: { count: 4, label: '4 conversaciones sin leer' } },
];

const meta = {
  title: 'UI/Navigation/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  args: {
    brand: 'Recompra',
    navLabel: 'Navegación principal',
    items,
    header: <p>Tienda Demo</p>,
    footer: <SidebarButton icon={<Icon name="help" />}>Ayuda</SidebarButton>,
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
/** Entries only, without icons, header or footer. */
export const Bare: Story = {
  args: { items: items.map(({ icon: _icon, ...item }) => item), header: undefined, footer: undefined },
};
