import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  installDeniedError,
  invalidStoreCredentialsError,
  missingScopesError,
  sandboxStoreSettings,
  storeAlreadyConnectedError,
} from '../../mocks/fixtures/integrations';
import { StoreFormScreen } from '../../src/web/features/integrations/screens/store-form-screen';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Integrations/StoreForm',
  component: StoreFormScreen,
  args: { mode: 'create', install: { onInstall: fn() }, onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof StoreFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Required: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar tienda' }));
    await expect(await canvas.findAllByText('Este campo es obligatorio.')).toHaveLength(3);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooLong: Story = {
  args: {
    defaultValues: { name: 'Tienda '.repeat(16), url: `${'a'.repeat(250)}.myshopify.com`, accessToken: `shpat_${'x'.repeat(250)}` },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar tienda' }));
    await expect(await canvas.findByText('Usa como máximo 100 caracteres.')).toBeVisible();
    await expect(canvas.getAllByText('Usa como máximo 255 caracteres.')).toHaveLength(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidCredentials: Story = {
  args: {
    defaultValues: { ...sandboxStoreSettings, accessToken: 'shpat_equivocado' },
    error: { message: invalidStoreCredentialsError.message, fieldErrors: { accessToken: invalidStoreCredentialsError.message } },
  },
};

/** A token with a space or an accent: the contract's rule, checked before anything is sent. */
export const AccessTokenInvalid: Story = {
  args: { defaultValues: { ...sandboxStoreSettings, accessToken: 'shpat_añadido 2026' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar tienda' }));
    await expect(
      await canvas.findByText('El token de acceso solo puede tener letras sin tilde, números y símbolos, sin espacios.'),
    ).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The store's app lacks a scope the import needs; the server names it on the token field. */
export const MissingScopes: Story = {
  args: {
    defaultValues: sandboxStoreSettings,
    error: { message: missingScopesError.message, fieldErrors: { accessToken: missingScopesError.message } },
  },
};

export const AlreadyConnected: Story = {
  args: {
    defaultValues: sandboxStoreSettings,
    error: { message: storeAlreadyConnectedError.message, fieldErrors: { url: storeAlreadyConnectedError.message } },
  },
};

export const Saving: Story = {
  args: { saving: true, defaultValues: sandboxStoreSettings },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

export const Edit: Story = {
  args: { mode: 'edit', defaultValues: { name: sandboxStoreSettings.name, url: sandboxStoreSettings.url } },
};

/** "Conectar con Shopify" with no address: the form's own rule, before anything is sent. */
export const InstallRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar con Shopify' }));
    await expect(await canvas.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.install.onInstall).not.toHaveBeenCalled();
  },
};

/** On the way to Shopify's consent page: both forms wait. */
export const InstallRedirecting: Story = {
  args: { install: { onInstall: fn(), redirecting: true, defaultUrl: sandboxStoreSettings.url } },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** Back from Shopify, reading how the install ended. */
export const InstallChecking: Story = {
  args: { install: { onInstall: fn(), checking: true } },
};

/** Back from Shopify with a refusal (here, the merchant cancelled): its reason above the address. */
export const InstallRefused: Story = {
  args: {
    install: { onInstall: fn(), defaultUrl: sandboxStoreSettings.url, error: { message: installDeniedError.message, fieldErrors: {} } },
  },
};

/** The advanced part holds the secret of the shop's own app, which signs its webhooks. */
export const WebhookSecret: Story = {
  args: { defaultValues: { ...sandboxStoreSettings, webhookSecret: 'shpss_de-su-app' } },
};

/** A secret with a space or an accent: the contract's rule, and the advanced part opens on it. */
export const WebhookSecretInvalid: Story = {
  args: { defaultValues: { ...sandboxStoreSettings, webhookSecret: 'secreto añadido' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar tienda' }));
    await expect(await canvas.findByText('El secreto solo puede tener letras sin tilde, números y símbolos, sin espacios.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Required, at a phone's width. */
export const RequiredOnPhone: Story = onPhone(Required);

/** InstallRequired, at a phone's width. */
export const InstallRequiredOnPhone: Story = onPhone(InstallRequired);
