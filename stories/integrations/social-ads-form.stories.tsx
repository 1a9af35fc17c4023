import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  metaAdAccountNotAdmin,
  metaAdAccountTermsPending,
  metaInvalidTokenError,
  metaMissingPermissionsError,
  metaNotAdminError,
  metaNotAnOptionError,
  metaOptions,
  metaOptionsEmptyBusiness,
  metaOptionsPartlyEmpty,
  metaOptionsWithoutBusinesses,
  metaSelection,
  metaSettingsAccountOnly,
  metaSettingsConnected,
  metaSettingsExpired,
  metaSettingsNotConnected,
  metaTermsNotAcceptedError,
  metaUnavailableError,
} from '../../mocks/fixtures/integrations';
import type { components } from '../../src/shared/api/app.gen';
import { SocialAdsFormScreen } from '../../src/web/features/integrations/screens/social-ads-form-screen';
import { userEvent } from '../support/user-event';

type ErrorBody = components['schemas']['Error'];

/**
 * STATES.md § Integrations, social ads: connect, choose business manager / ad account / page /
 * Instagram / pixel, no options for this business, terms not accepted, store integration required
 * first; and each step of Facebook Login (on the way, back, refused), loading and failures.
 */
const meta = {
  title: 'Screens/Integrations/SocialAdsForm',
  component: SocialAdsFormScreen,
  args: {
    settings: { status: 'success', data: metaSettingsNotConnected },
    onReload: fn(),
    onConnectStore: fn(),
    onConnectFacebook: fn(),
    onReloadOptions: fn(),
    onBusinessChange: fn(),
    onRecheckTerms: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof SocialAdsFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A refusal of the server, beside the field it names. */
const onField = (error: ErrorBody) => ({
  message: error.message,
  fieldErrors: Object.fromEntries((error.fieldErrors ?? []).map(({ field, message }) => [field, message])),
});

export const Loading: Story = {
  args: { settings: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="social-ads-loading"]' } },
};

export const LoadError: Story = {
  args: { settings: { status: 'error', cause: 'server' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};

/** Meta's audiences come from the store's customers: the store is connected first (SPEC §5). */
export const StoreRequired: Story = {
  args: { storeRequired: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar mi tienda' }));
    await expect(args.onConnectStore).toHaveBeenCalledTimes(1);
  },
};

/** What connecting does and what it needs (admin access, SPEC §6), then "Conectar con Facebook". */
export const NotConnected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/acceso de administrador a la cuenta publicitaria/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar con Facebook' }));
    await expect(args.onConnectFacebook).toHaveBeenCalledTimes(1);
  },
};

/** On the way to Facebook's dialog. */
export const Redirecting: Story = {
  args: { redirecting: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** Back from Facebook with a token: handing it to the server. */
export const Exchanging: Story = {
  args: { exchanging: true },
  parameters: { visual: { waitFor: '[data-testid="social-ads-exchanging"]' } },
};

/** The person closed or declined Facebook's dialog. */
export const LoginCancelled: Story = {
  args: {
    loginError: 'Cancelaste el inicio de sesión con Facebook, así que no conectamos tu cuenta. Cuando quieras, vuelve a intentarlo.',
  },
};

/** The way back did not carry the state this tab kept: nothing is handed over. */
export const LoginUnverified: Story = {
  args: {
    loginError:
      'No pudimos confirmar que esta respuesta viniera de tu inicio de sesión con Facebook, así que no la usamos. Vuelve a conectar tu cuenta desde aquí.',
  },
};

/** Meta did not take the token. */
export const TokenRefused: Story = { args: { loginError: metaInvalidTokenError.message } };

/** The person unchecked permissions Recompra needs; they are named. */
export const MissingPermissions: Story = { args: { loginError: metaMissingPermissionsError.message } };

/** Meta no longer takes the token: campaigns are paused until the person logs in again. */
export const RenewalNeeded: Story = {
  args: { settings: { status: 'success', data: metaSettingsExpired } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Volver a conectar con Facebook' }));
    await expect(args.onConnectFacebook).toHaveBeenCalledTimes(1);
  },
};

/** Connected: Meta's assets are being read. */
export const OptionsLoading: Story = {
  args: { settings: { status: 'success', data: metaSettingsAccountOnly }, options: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="social-ads-options-loading"]' } },
};

/** Meta failed while reading the assets. */
export const OptionsError: Story = {
  args: { settings: { status: 'success', data: metaSettingsAccountOnly }, options: { status: 'error', cause: 'server' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(args.onReloadOptions).toHaveBeenCalledTimes(1);
  },
};

/** The person has no business manager at all. */
export const NoBusinesses: Story = {
  args: {
    settings: { status: 'success', data: metaSettingsAccountOnly },
    options: { status: 'success', data: metaOptionsWithoutBusinesses },
  },
};

/** Just connected: the first business manager, nothing else chosen yet. */
export const ChooseAssets: Story = {
  args: { settings: { status: 'success', data: metaSettingsAccountOnly }, options: { status: 'success', data: metaOptions } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Camila Rojas')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cambiar cuenta' }));
    await expect(args.onConnectFacebook).toHaveBeenCalledTimes(1);
  },
};

/** Each choice is required (SPEC §5). */
export const Required: Story = {
  args: ChooseAssets.args,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar cambios' }));
    await expect(await canvas.findAllByText('Este campo es obligatorio.')).toHaveLength(4);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The ad accounts as the select lists them: the one without admin access is marked. */
export const AdAccountOptions: Story = {
  args: ChooseAssets.args,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Cuenta publicitaria' }));
    const list = within(canvasElement.ownerDocument.body);
    await expect(
      await list.findByRole('option', { name: `${metaAdAccountNotAdmin.name} (CLP), sin acceso de administrador` }),
    ).toBeVisible();
  },
};

/** Connected and saved: every choice as it was saved. */
export const Connected: Story = {
  args: { settings: { status: 'success', data: metaSettingsConnected }, options: { status: 'success', data: metaOptions } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Píxel' })).toHaveTextContent(metaSelection.pixel.name);
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar cambios' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Another business manager was chosen: its assets are on their way, the other choices start over. */
export const OptionsReloading: Story = {
  args: { ...Connected.args, optionsReloading: true },
  parameters: { visual: { waitFor: 'form [aria-busy="true"]' } },
};

/** No options available for this business: said once. */
export const NoOptionsForBusiness: Story = {
  args: { settings: { status: 'success', data: metaSettingsAccountOnly }, options: { status: 'success', data: metaOptionsEmptyBusiness } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Este portafolio comercial no tiene opciones disponibles/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Píxel' })).toBeDisabled();
  },
};

/** Some lists of the business are empty: said under each. */
export const SomeListsEmpty: Story = {
  args: { settings: { status: 'success', data: metaSettingsAccountOnly }, options: { status: 'success', data: metaOptionsPartlyEmpty } },
};

/** Saved with `adAccount` as the ad account, the options of its business manager at hand. */
const savedWith = (adAccount: { id: string; name: string }) => ({
  settings: {
    status: 'success' as const,
    data: { ...metaSettingsConnected, selection: { ...metaSelection, adAccount: { id: adAccount.id, name: adAccount.name } } },
  },
  options: { status: 'success' as const, data: metaOptions },
});

/** The ad account chosen has no admin access (SPEC §6): marked before saving, refused by the server beside it. */
export const AdAccountNotAdmin: Story = { args: { ...savedWith(metaAdAccountNotAdmin), error: onField(metaNotAdminError) } };

/** The Custom Audience terms are not accepted for the chosen ad account: a link to accept them, and a way to check again. */
export const TermsNotAccepted: Story = {
  args: savedWith(metaAdAccountTermsPending),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: /Aceptar los términos en Meta/ });
    await expect(link).toHaveAttribute('href', metaAdAccountTermsPending.termsUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: 'Ya los acepté, revisar de nuevo' }));
    await expect(args.onRecheckTerms).toHaveBeenCalledTimes(1);
  },
};

/** Saved anyway: the server refuses it beside the ad account. */
export const TermsRefused: Story = { args: { ...TermsNotAccepted.args, error: onField(metaTermsNotAcceptedError) } };

/** "Ya los acepté, revisar de nuevo": reading the options again. */
export const CheckingTerms: Story = {
  args: { ...TermsNotAccepted.args, checkingTerms: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** A page Meta no longer offers the person: the server says so beside it. */
export const NotAnOption: Story = { args: { ...Connected.args, error: onField(metaNotAnOptionError) } };

export const Saving: Story = {
  args: { ...Connected.args, saving: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** Meta failed while saving: above the form, try again in a few minutes. */
export const MetaUnavailable: Story = { args: { ...Connected.args, error: { message: metaUnavailableError.message, fieldErrors: {} } } };

/** The server's own failure. */
export const GenericError: Story = {
  args: { ...Connected.args, error: { message: 'Ocurrió un error en el sistema. Inténtalo de nuevo más tarde.', fieldErrors: {} } },
};

/** NotConnected, at a phone's width. */
export const NotConnectedOnPhone: Story = onPhone(NotConnected);

/** Connected, at a phone's width. */
export const ConnectedOnPhone: Story = onPhone(Connected);

/** TermsNotAccepted, at a phone's width. */
export const TermsNotAcceptedOnPhone: Story = onPhone(TermsNotAccepted);

/** NoOptionsForBusiness, at a phone's width. */
export const NoOptionsForBusinessOnPhone: Story = onPhone(NoOptionsForBusiness);
