import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../../src/web/ui/button';
import { Icon } from '../../src/web/ui/icons';
import { LinkMenu } from '../../src/web/ui/link-menu';

const meta = {
  title: 'UI/Overlays/LinkMenu',
  component: LinkMenu,
  tags: ['autodocs'],
  args: {
    id: 'link-menu',
    trigger: <Button variant="outline">Camila Soto</Button>,
    heading: 'demo@recompra.cl',
    placement: 'bottom-end',
    items: [
      { key: 'account', href: '/account', label: 'Mi cuenta', icon: <Icon name="person" /> },
      { key: 'logout', href: '/api/auth/logout', label: 'Cerrar sesión', icon: <Icon name="logout" />, plain: true },
    ],
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof LinkMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
