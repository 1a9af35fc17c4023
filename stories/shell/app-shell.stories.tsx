import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { integrationsSocialAdsExpired } from '../../mocks/fixtures/integrations';
import { AppBanner } from '../../src/web/app/shell/app-banner';
import { AppShell } from '../../src/web/app/shell/app-shell';
import { type ShellBannerInput, shellBanners } from '../../src/web/app/shell/shell-banners';
import { DashboardScreen } from '../../src/web/features/dashboard/screens/dashboard-screen';
import { UnderConstruction } from '../../src/web/ui/under-construction';
import { dashboardArgs } from '../dashboard/dashboard-args';

/** The banners the shell would show for this input, as the app decides them. */
const bannersAt = (input: ShellBannerInput) => shellBanners(input).map((banner) => <AppBanner key={banner.id} banner={banner} />);

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
};

export const AsAdmin: Story = {
  args: {
    role: 'admin',
    pathname: '/dashboard',
    children: <DashboardScreen {...dashboardArgs} />,
  },
};

export const AsUser: Story = {
  args: { role: 'user', pathname: '/segments/12' },
};

export const AsColaborator: Story = {
  args: { role: 'colaborator', pathname: '/chat', unreadChats: 12 },
};

export const WithoutUnreadChats: Story = {
  args: { role: 'admin', pathname: '/whatsapp', unreadChats: 0 },
};

export const WithBanners: Story = {
  args: {
    role: 'admin',
    pathname: '/whatsapp',
    banners: bannersAt({ role: 'admin', pathname: '/whatsapp', storeId: 1, integrations: integrationsSocialAdsExpired }),
  },
};

export const WithoutStore: Story = {
  args: {
    role: 'admin',
    pathname: '/account',
    banners: bannersAt({ role: 'admin', pathname: '/account', storeId: null, integrations: undefined }),
  },
};

/** A phone 390 px wide: the sidebar gives way to a top bar whose menu button opens it, and the dashboard fits the width. */
export const OnPhone: Story = {
  args: AsAdmin.args,
  parameters: { visual: { viewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

/** The navigation drawer open over the page, which is out of reach until it closes. */
export const OnPhoneMenuOpen: Story = {
  args: {
    ...AsAdmin.args,
    navOpen: true,
    banners: bannersAt({ role: 'admin', pathname: '/dashboard', storeId: 1, integrations: integrationsSocialAdsExpired }),
  },
  parameters: { visual: { viewport: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('main')).toHaveAttribute('inert');
  },
};
