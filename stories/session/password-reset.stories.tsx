import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PasswordResetScreen } from '../../src/web/features/session/screens/password-reset-screen';

const meta = {
  title: 'Screens/Session/PasswordReset',
  component: PasswordResetScreen,
  parameters: { layout: 'fullscreen' },
  args: { view: 'request', onRequest: fn(), onConfirm: fn(), onRequestNew: fn(), onRetry: fn(), loginHref: '/api/auth/login' },
} satisfies Meta<typeof PasswordResetScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone = { visual: { viewport: 'phone' } } as const;

export const Request: Story = {};

export const Sent: Story = { args: { view: 'sent' } };

export const CheckingLink: Story = {
  args: { view: 'checking' },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const LinkCheckFailed: Story = {
  args: { view: 'checkFailed', error: 'No pudimos revisar el enlace. Revisa tu conexión e inténtalo de nuevo.' },
};

export const LinkUsed: Story = {
  args: { view: 'used' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este enlace ya se usó.')).toBeVisible();
    // Said before the form: no password is asked for.
    await expect(canvas.queryByLabelText('Nueva contraseña')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Pedir un enlace nuevo' })).toBeVisible();
  },
};

export const LinkExpired: Story = {
  args: { view: 'expired' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Este enlace venció.')).toBeVisible();
    await expect(canvas.queryByLabelText('Nueva contraseña')).toBeNull();
  },
};

export const LinkInvalid: Story = { args: { view: 'invalid' } };

export const NewPassword: Story = { args: { view: 'newPassword' } };

export const LinkUsedOnPhone: Story = { args: { view: 'used' }, parameters: phone };

export const LinkExpiredOnPhone: Story = { args: { view: 'expired' }, parameters: phone };

export const LinkInvalidOnPhone: Story = { args: { view: 'invalid' }, parameters: phone };

export const LinkCheckFailedOnPhone: Story = { args: LinkCheckFailed.args, parameters: phone };

export const NewPasswordOnPhone: Story = { args: { view: 'newPassword' }, parameters: phone };
