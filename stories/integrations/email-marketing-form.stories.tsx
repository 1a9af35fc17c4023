import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { invalidKlaviyoKeyError, klaviyoUnavailableError, missingKlaviyoPermissionsError } from '../../mocks/fixtures/integrations';
import { EmailMarketingFormScreen } from '../../src/web/features/integrations/screens/email-marketing-form-screen';
import { userEvent } from '../support/user-event';

/** STATES.md § Integrations, email marketing: empty, invalid key, missing permissions, server error, generic error; and saving. */
const meta = {
  title: 'Screens/Integrations/EmailMarketingForm',
  component: EmailMarketingFormScreen,
  args: { onSubmit: fn(), onCancel: fn() },
} satisfies Meta<typeof EmailMarketingFormScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Required: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar' }));
    await expect(await canvas.findByText('Este campo es obligatorio.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooLong: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Clave privada de API'), `pk_${'a'.repeat(70)}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Conectar' }));
    await expect(await canvas.findByText('Usa como máximo 64 caracteres.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Klaviyo does not know the key: the server's words beside it. */
export const InvalidKey: Story = {
  args: { error: { message: invalidKlaviyoKeyError.message, fieldErrors: { apiKey: invalidKlaviyoKeyError.message } } },
};

/** The key lacks Profiles:write and List:write, named beside it. */
export const MissingPermissions: Story = {
  args: {
    error: { message: missingKlaviyoPermissionsError.message, fieldErrors: { apiKey: missingKlaviyoPermissionsError.message } },
  },
};

/** Klaviyo answered with a server error: try again later. */
export const ServerError: Story = {
  args: { error: { message: klaviyoUnavailableError.message, fieldErrors: {} } },
};

/** Our own failure: a generic system error, try again later. */
export const GenericError: Story = {
  args: { error: { message: 'Ocurrió un error en el sistema. Inténtalo de nuevo más tarde.', fieldErrors: {} } },
};

/** The key is being checked with Klaviyo. */
export const Saving: Story = {
  args: { saving: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** MissingPermissions, at a phone's width. */
export const MissingPermissionsOnPhone: Story = onPhone(MissingPermissions);
