import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  integrationsAllConnected,
  integrationsKlaviyoConnected,
  integrationsKlaviyoKeyRefused,
  integrationsMessagingQualityRed,
  integrationsNeedsAttention,
  integrationsNothingConnected,
  integrationsSocialAdsConnected,
  integrationsSocialAdsExpired,
  integrationsStoreImporting,
  integrationsStoreOnly,
  integrationsStoreRefreshing,
  integrationsStoreSyncFailures,
  integrationsStoreUninstalled,
} from '../../mocks/fixtures/integrations';
import { IntegrationsScreen } from '../../src/web/features/integrations/screens/integrations-screen';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Integrations/Integrations',
  component: IntegrationsScreen,
  args: {
    integrations: { status: 'success', data: integrationsNothingConnected },
    onConnectStore: fn(),
    onUpdateCredentials: fn(),
    onRetrySync: fn(),
    canSync: true,
    onSyncNow: fn(),
    onReload: fn(),
    onConnectEmailMarketing: fn(),
    onDisconnectEmailMarketing: fn(),
    onConnectSocialAds: fn(),
    onDisconnectSocialAds: fn(),
    onConnectMessaging: fn(),
    onDisconnectMessaging: fn(),
  },
} satisfies Meta<typeof IntegrationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The store comes first: Meta and WhatsApp say so, with no button that leads nowhere. */
export const NothingConnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Primero conecta tu tienda:/)).toBeVisible();
    await expect(canvas.getByText(/^Primero conecta tu tienda y luego Meta/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Conectar Meta' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Conectar WhatsApp' })).toBeNull();
    await expect(canvas.getAllByRole('button').every((button) => !button.hasAttribute('disabled'))).toBe(true);
  },
};

export const StoreOnly: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreOnly } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Última sincronización hace 2 min')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sincronizar ahora' }));
    await expect(args.onSyncNow).toHaveBeenCalledTimes(1);
  },
};

/** "Sincronizar ahora" was pressed and its request is on its way. */
export const SyncRequested: Story = {
  args: { ...StoreOnly.args, syncRequested: true },
  // The busy button never idles: the screenshot waits for it instead.
  parameters: { visual: { waitFor: '[data-loading]' } },
};

/** A refresh runs: the button says so and cannot start a second one. */
export const Syncing: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreRefreshing } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Sincronizando los datos de tu tienda…');
    await expect(canvas.getByRole('button', { name: 'Ya estamos sincronizando' })).toBeDisabled();
  },
};

/** The latest refreshes failed: each in words the merchant can act on, never the platform's error. */
export const SyncFailures: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreSyncFailures } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Última sincronización hace 1 día')).toBeVisible();
    await expect(canvas.getByText(/Shopify rechazó el token de acceso: vuelve a conectar la tienda\./)).toBeVisible();
    await expect(canvas.getByText(/Shopify no respondió a tiempo/)).toBeVisible();
  },
};

/** A member who may not ask for a sync reads the health without the button. */
export const WithoutSyncRights: Story = {
  args: {
    integrations: { status: 'success', data: integrationsStoreSyncFailures },
    canSync: false,
    onConnectEmailMarketing: undefined,
    onDisconnectEmailMarketing: undefined,
    onConnectSocialAds: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Sincronizar ahora' })).toBeNull();
  },
};

/** Klaviyo can be connected once there is a store: its card opens the key form. */
export const EmailMarketingNotConnected: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreOnly } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar Klaviyo' }));
    await expect(args.onConnectEmailMarketing).toHaveBeenCalledTimes(1);
  },
};

/** Klaviyo connected: the key can be changed, or the integration disconnected (the lists stay in Klaviyo). */
export const EmailMarketingConnected: Story = {
  args: { ...EmailMarketingNotConnected.args, integrations: { status: 'success', data: integrationsKlaviyoConnected } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Cambiar clave' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Desconectar' }));
    await expect(args.onDisconnectEmailMarketing).toHaveBeenCalledTimes(1);
  },
};

/** Klaviyo stopped taking the saved key: the card asks for a new one. */
export const EmailMarketingKeyRefused: Story = {
  args: { ...EmailMarketingNotConnected.args, integrations: { status: 'success', data: integrationsKlaviyoKeyRefused } },
};

/** Meta can be connected once the store is: its card opens the social ads dialog. */
export const SocialAdsNotConnected: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreOnly } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar Meta' }));
    await expect(args.onConnectSocialAds).toHaveBeenCalledTimes(1);
  },
};

/** Meta connected: the card names the ad account, the page, Instagram and the pixel; the choice can be edited or disconnected. */
export const SocialAdsConnected: Story = {
  args: { integrations: { status: 'success', data: integrationsSocialAdsConnected } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Tienda Demo — Principal')).toBeVisible();
    await expect(canvas.getByText('Píxel Tienda Demo')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Editar' }));
    await expect(args.onConnectSocialAds).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Desconectar' }));
    await expect(args.onDisconnectSocialAds).toHaveBeenCalledTimes(1);
  },
};

const disconnectQuestion = { open: true, disconnecting: false, onCancel: fn(), onConfirm: fn() };

/** "Desconectar" asks first, saying what stays in Meta (campaigns keep running there). */
export const SocialAdsDisconnectDialog: Story = {
  args: { ...SocialAdsConnected.args, socialAdsDisconnect: disconnectQuestion },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole('alertdialog', { name: '¿Desconectar Meta?' }));
    await expect(dialog.getByText(/tus campañas activas seguirán publicándose/)).toBeVisible();
    await expect(args.socialAdsDisconnect?.onConfirm).not.toHaveBeenCalled();
  },
};

/** Confirmed: the dialog waits for the answer, and the card's buttons with it. */
export const SocialAdsDisconnecting: Story = {
  args: { ...SocialAdsConnected.args, socialAdsDisconnect: { ...disconnectQuestion, disconnecting: true } },
  parameters: { visual: { waitFor: '[role="alertdialog"] button[aria-busy="true"]' } },
};

/** Meta stopped taking the token: campaigns are paused until the connection is renewed. */
export const SocialAdsTokenToRenew: Story = {
  args: { integrations: { status: 'success', data: integrationsSocialAdsExpired } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/no podremos actualizar tus campañas ni sus resultados/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Renovar conexión' }));
    await expect(args.onConnectSocialAds).toHaveBeenCalledTimes(1);
  },
};

/** WhatsApp waits for Meta: its card says so, and offers nothing yet. */
export const MessagingSocialAdsRequired: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreOnly } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Primero conecta Meta en Anuncios/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Conectar WhatsApp' })).toBeNull();
  },
};

/** Store and Meta connected: WhatsApp's card opens its dialog. */
export const MessagingNotConnected: Story = {
  args: { integrations: { status: 'success', data: integrationsSocialAdsConnected } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar WhatsApp' }));
    await expect(args.onConnectMessaging).toHaveBeenCalledTimes(1);
  },
};

/** Everything connected: WhatsApp's card names the number, its quality rating and the business's messaging limit. */
export const AllConnected: Story = {
  args: { integrations: { status: 'success', data: integrationsAllConnected } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('+56 9 2345 6701')).toBeVisible();
    await expect(canvas.getByText('Alta')).toBeVisible();
    await expect(canvas.getByText('2.000 clientes cada 24 h')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /WhatsApp Manager/ })).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar número' }));
    await expect(args.onConnectMessaging).toHaveBeenCalledTimes(1);
  },
};

/** Meta lowered the number's quality to RED: the card says so at once, with what to do. */
export const MessagingQualityRed: Story = {
  args: { integrations: { status: 'success', data: integrationsMessagingQualityRed } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Baja')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(/Meta bajó la calidad de tu número/);
  },
};

/** "Desconectar" on WhatsApp asks first, saying what stops. */
export const MessagingDisconnectDialog: Story = {
  args: { ...AllConnected.args, messagingDisconnect: disconnectQuestion },
  play: async () => {
    const dialog = within(await within(document.body).findByRole('alertdialog', { name: '¿Desconectar WhatsApp?' }));
    await expect(dialog.getByText(/Dejaremos de recibir los mensajes/)).toBeVisible();
  },
};

export const StoreImporting: Story = { args: { integrations: { status: 'success', data: integrationsStoreImporting } } };

export const NeedsAttention: Story = { args: { integrations: { status: 'success', data: integrationsNeedsAttention } } };

/** The merchant uninstalled the app in Shopify: the card says what happened, that the data stays, and the way back. */
export const StoreUninstalled: Story = {
  args: { integrations: { status: 'success', data: integrationsStoreUninstalled } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = within(canvas.getByRole('heading', { name: 'Tienda: Shopify' }).closest('article')!);
    await expect(card.getByText('Desconectada')).toBeVisible();
    await expect(card.getByRole('status')).toHaveTextContent(/^Desinstalaste la app de Recompra en Shopify el 14 may 2026/);
    await expect(card.queryByRole('button', { name: 'Sincronizar ahora' })).toBeNull();
    await userEvent.click(card.getByRole('button', { name: 'Conectar con Shopify' }));
    await expect(args.onUpdateCredentials).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { integrations: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="integrations-loading"]' } },
};

export const Error: Story = { args: { integrations: { status: 'error', cause: 'server' } } };

/** NeedsAttention, at a phone's width. */
export const NeedsAttentionOnPhone: Story = onPhone(NeedsAttention);

/** The uninstalled store's card at a phone's width. */
export const StoreUninstalledOnPhone: Story = onPhone(StoreUninstalled);

/** StoreOnly, at a phone's width. */
export const StoreOnlyOnPhone: Story = onPhone(StoreOnly);

/** Syncing, at a phone's width. */
export const SyncingOnPhone: Story = onPhone(Syncing);

/** SyncFailures, at a phone's width. */
export const SyncFailuresOnPhone: Story = onPhone(SyncFailures);

/** SocialAdsTokenToRenew, at a phone's width. */
export const SocialAdsTokenToRenewOnPhone: Story = onPhone(SocialAdsTokenToRenew);

/** Meta connected, at a phone's width. */
export const SocialAdsConnectedOnPhone: Story = onPhone(SocialAdsConnected);

/** The disconnect question, at a phone's width. */
export const SocialAdsDisconnectDialogOnPhone: Story = onPhone(SocialAdsDisconnectDialog);

/** WhatsApp connected, at a phone's width. */
export const AllConnectedOnPhone: Story = onPhone(AllConnected);

/** Quality dropped to RED, at a phone's width. */
export const MessagingQualityRedOnPhone: Story = onPhone(MessagingQualityRed);

/** WhatsApp waiting for Meta, at a phone's width. */
export const MessagingSocialAdsRequiredOnPhone: Story = onPhone(MessagingSocialAdsRequired);

/** The WhatsApp disconnect question, at a phone's width. */
export const MessagingDisconnectDialogOnPhone: Story = onPhone(MessagingDisconnectDialog);
