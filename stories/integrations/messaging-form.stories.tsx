import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import {
  metaUnavailableError,
  whatsappAccountWithoutNumbers,
  whatsappNotAnOptionError,
  whatsappOptions,
  whatsappOptionsUnverified,
  whatsappOptionsWithoutAccounts,
  whatsappOptionsWithoutNumbers,
  whatsappSelection,
} from '../../mocks/fixtures/integrations';
import { MessagingFormScreen } from '../../src/web/features/integrations/screens/messaging-form-screen';
import { userEvent } from '../support/user-event';

/**
 * STATES.md § Integrations, messaging: no WhatsApp IDs, no numbers, store and social ads required first,
 * verification tutorial, the choice (with the number's quality and the business's messaging limit);
 * loading, Meta failing, a refused choice and saving.
 */
const meta = {
  title: 'Screens/Integrations/MessagingForm',
  component: MessagingFormScreen,
  args: {
    required: null,
    options: { status: 'success', data: whatsappOptions },
    onConnectRequired: fn(),
    onReloadOptions: fn(),
    onAccountChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof MessagingFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The store comes first (SPEC §5). */
export const StoreRequired: Story = {
  args: { required: 'store', options: undefined },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar mi tienda' }));
    await expect(args.onConnectRequired).toHaveBeenCalledTimes(1);
  },
};

/** Then social ads: the accounts are read from its business manager (SPEC §5). */
export const SocialAdsRequired: Story = {
  args: { required: 'socialAds', options: undefined },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Conectar Meta' }));
    await expect(args.onConnectRequired).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { options: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="messaging-options-loading"]' } },
};

/** Meta did not answer: said as Meta's, with a retry. */
export const OptionsError: Story = {
  args: { options: { status: 'error', cause: 'server' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reintentar' }));
    await expect(args.onReloadOptions).toHaveBeenCalledTimes(1);
  },
};

/** "No WhatsApp IDs available": the business manager has no WhatsApp Business Account. */
export const NoWhatsappIds: Story = {
  args: { options: { status: 'success', data: whatsappOptionsWithoutAccounts } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No hay cuentas de WhatsApp Business disponibles')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /verifico mi negocio/ })).toBeVisible();
  },
};

/** "No WhatsApp numbers available": the account has no number; nothing can be saved. */
export const NoNumbers: Story = {
  args: { options: { status: 'success', data: whatsappOptionsWithoutNumbers } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/no tiene números de WhatsApp disponibles/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  },
};

/** The accounts and numbers to choose from, the limit, the links to WhatsApp Manager and the verification tutorial. */
export const Choose: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/2\.000 clientes cada 24 h/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: /WhatsApp Manager/ })).toHaveAttribute('href', whatsappOptions.accounts[0]!.manageUrl);
    await expect(canvas.getByRole('link', { name: /verifico mi negocio/ })).toHaveAttribute('target', '_blank');
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar cambios' }));
    await expect(await canvas.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The saved number, with its quality rating beside it. */
export const Connected: Story = {
  args: { selection: whatsappSelection },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Calidad: Alta')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar cambios' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      whatsappId: whatsappSelection.whatsappAccount.id,
      whatsappPhoneNumberId: whatsappSelection.phoneNumber.id,
    });
  },
};

/** Meta has not verified the business: the form says what that means and links to Meta's tutorial. */
export const VerificationTutorial: Story = {
  args: { options: { status: 'success', data: whatsappOptionsUnverified } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Meta aún no verifica tu negocio/)).toBeVisible();
  },
};

/** Another account's numbers on their way. */
export const NumbersReloading: Story = {
  args: {
    optionsReloading: true,
    options: { status: 'success', data: { ...whatsappOptions, whatsappId: whatsappAccountWithoutNumbers.id } },
  },
  // The numbers never come here: the screenshot waits for the list saying so.
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

/** Meta no longer offers the number chosen: said beside it. */
export const NotAnOption: Story = {
  args: {
    selection: whatsappSelection,
    error: { message: whatsappNotAnOptionError.message, fieldErrors: { whatsappPhoneNumberId: whatsappNotAnOptionError.message } },
  },
};

/** Meta failed while saving: said above the form. */
export const SaveFailed: Story = {
  args: { selection: whatsappSelection, error: { message: metaUnavailableError.message, fieldErrors: {} } },
};

export const Saving: Story = {
  args: { selection: whatsappSelection, saving: true },
  parameters: { visual: { waitFor: '[data-loading]' } },
};

/** The saved number, at a phone's width. */
export const ConnectedOnPhone: Story = onPhone(Connected);

/** No numbers, at a phone's width. */
export const NoNumbersOnPhone: Story = onPhone(NoNumbers);

/** No WhatsApp IDs, at a phone's width. */
export const NoWhatsappIdsOnPhone: Story = onPhone(NoWhatsappIds);

/** Social ads first, at a phone's width. */
export const SocialAdsRequiredOnPhone: Story = onPhone(SocialAdsRequired);

/** Verification tutorial, at a phone's width. */
export const VerificationTutorialOnPhone: Story = onPhone(VerificationTutorial);
