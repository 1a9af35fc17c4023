import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FROZEN_NOW } from '../../.storybook/frozen-time';
import { onPhone } from '../../.storybook/visual-parameters';
import { integrationsSocialAdsExpired, integrationsStoreOnly } from '../../mocks/fixtures/integrations';
import { demoStore, sessionUsers } from '../../mocks/fixtures/session';
import { subscriptionStates } from '../../mocks/fixtures/subscription';
import { AppBanner } from '../../src/web/app/shell/app-banner';
import { AppShell } from '../../src/web/app/shell/app-shell';
import { OfflineBanner } from '../../src/web/app/shell/offline-banner';
import { type ShellBannerInput, shellBanners } from '../../src/web/app/shell/shell-banners';
import { StoreName } from '../../src/web/app/shell/shell-store';
import { DashboardScreen } from '../../src/web/features/dashboard/screens/dashboard-screen';
import { SegmentDetailScreen } from '../../src/web/features/segments/screens/segment-detail-screen';
import { UnderConstruction } from '../../src/web/ui/under-construction';
import { dashboardArgs } from '../dashboard/dashboard-args';
import { segmentDetailArgs } from '../segments/segment-detail-args';
import { userEvent } from '../support/user-event';

/** The banners the shell would show for this input, as the app decides them. */
const bannersAt = (input: ShellBannerInput) => shellBanners(input).map((banner) => <AppBanner key={banner.id} banner={banner} />);

const meta = {
  title: 'Screens/Shell/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    role: 'admin',
    user: sessionUsers.admin,
    store: <StoreName name={demoStore.name} />,
    pathname: '/dashboard',
    unreadChats: 3,
    children: <UnderConstruction />,
  },
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

/**
 * A segment's members on a 1280-px laptop, beside the sidebar: every column is there, "Monto comprado"
 * and "Último pedido" included, none hidden past the edge.
 */
export const SegmentMembersOnLaptop: Story = {
  args: { pathname: '/segments/22', children: <SegmentDetailScreen {...segmentDetailArgs} /> },
  parameters: { visual: { viewport: 'laptop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    // Not a scroll region: the table fits its place.
    await expect(table.parentElement).not.toHaveAttribute('role', 'region');
    for (const name of ['Monto comprado', 'Último pedido']) {
      const header = canvas.getByRole('columnheader', { name }).getBoundingClientRect();
      await expect(header.right).toBeLessThanOrEqual(table.parentElement!.getBoundingClientRect().right);
    }
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

// The subscription's banners (SPEC §2 Banners), as the shell decides them from GET /private/subscription.

const subscriptionBanners = (subscription: ShellBannerInput['subscription'], pathname = '/segments') =>
  bannersAt({ role: 'admin', pathname, storeId: 1, integrations: integrationsStoreOnly, subscription, now: FROZEN_NOW });

/** Two days left of the free trial. */
export const TrialEndingBanner: Story = {
  args: { pathname: '/segments', banners: subscriptionBanners(subscriptionStates.trial) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Tu prueba gratuita termina en 2 días/)).toBeVisible();
  },
};
export const TrialEndingBannerOnPhone = onPhone(TrialEndingBanner);

export const PastDueBanner: Story = {
  args: { pathname: '/segments', banners: subscriptionBanners(subscriptionStates.pastDue) },
};
export const PastDueBannerOnPhone = onPhone(PastDueBanner);

export const CanceledBanner: Story = {
  args: { pathname: '/segments', banners: subscriptionBanners(subscriptionStates.canceled) },
};
export const CanceledBannerOnPhone = onPhone(CanceledBanner);

/** No plan: every page but the data pages (which say it themselves) asks for one, leading to the plans. */
export const SubscriptionRequiredBanner: Story = {
  args: { pathname: '/integrations', banners: subscriptionBanners(subscriptionStates.none, '/integrations') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Elegir un plan' })).toHaveAttribute('href', '/account/change-plan');
  },
};
export const SubscriptionRequiredBannerOnPhone = onPhone(SubscriptionRequiredBanner);

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

/** Without a connection: one page-level message; the figures already loaded stay. */
export const Offline: Story = {
  args: { ...AsAdmin.args, banners: <OfflineBanner online={false} /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Sin conexión\./)).toBeVisible();
  },
};

export const OfflineOnPhone: Story = onPhone(Offline);

/** The person's menu, at the foot of the sidebar: their address, the account and signing out. */
export const UserMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Cuenta de Camila Soto' }));
    const menu = within(canvasElement.ownerDocument.body);
    await expect(await menu.findByRole('menuitem', { name: 'Mi cuenta' })).toHaveAttribute('href', '/account');
    await expect(menu.getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveAttribute('href', '/api/auth/logout');
  },
};

/** Help: the first-steps guide on the dashboard and the support address. */
export const HelpMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ayuda' }));
    const menu = within(canvasElement.ownerDocument.body);
    await expect(await menu.findByRole('menuitem', { name: 'Guía de primeros pasos' })).toHaveAttribute(
      'href',
      '/dashboard#primeros-pasos',
    );
    await expect(menu.getByRole('menuitem', { name: /soporte@recompra\.cl/ })).toHaveAttribute('href', 'mailto:soporte@recompra.cl');
  },
};

/** The person's menu from the drawer, on a phone: it opens above the drawer. */
export const UserMenuOnPhone: Story = {
  args: { navOpen: true },
  parameters: { visual: { viewport: 'phone' } },
  play: UserMenuOpen.play,
};
