import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppShell } from '../../src/web/app/shell/app-shell';
import { dashboardArgs } from '../dashboard/dashboard-args';
import { DashboardScreen } from '../../src/web/features/dashboard/screens/dashboard-screen';
import { UnderConstruction } from '../../src/web/ui/under-construction';

const meta = {
  title: 'Screens/Shell/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: { role: 'admin', pathname: '/dashboard', unreadChats: 3, children: <UnderConstruction /> },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AsRecompraAdmin: Story = {
  args: { role: 'recompraAdmin', pathname: '/integrations' },
  parameters: { route: '/integrations' },
};

export const AsAdmin: Story = {
  args: {
    role: 'admin',
    pathname: '/dashboard',
    children: <DashboardScreen {...dashboardArgs} />,
  },
  parameters: { route: '/dashboard' },
};

export const AsUser: Story = {
  args: { role: 'user', pathname: '/segments/12' },
  parameters: { route: '/segments/12' },
};

export const AsColaborator: Story = {
  args: { role: 'colaborator', pathname: '/chat', unreadChats: 12 },
  parameters: { route: '/chat' },
};

export const WithoutUnreadChats: Story = {
  args: { role: 'admin', pathname: '/whatsapp', unreadChats: 0 },
  parameters: { route: '/whatsapp' },
};
