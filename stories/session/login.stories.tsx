import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { lockedOutError } from '../../mocks/fixtures/session';
import { RESET_PASSWORD_PATH, SIGNUP_PATH } from '../../src/web/features/session/routes/paths';
import { LoginScreen } from '../../src/web/features/session/screens/login-screen';
import auth from '../../src/web/i18n/es/auth.json';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Session/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn(), signupHref: SIGNUP_PATH, resetPasswordHref: RESET_PASSWORD_PATH },
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const WrongCredentials: Story = {
  args: { error: auth.login.invalidCredentials, defaultValues: { email: 'demo@recompra.cl' } },
};

export const LockedOut: Story = {
  args: { error: lockedOutError.message, defaultValues: { email: 'demo@recompra.cl' } },
};

export const NetworkError: Story = {
  args: { error: auth.login.network, defaultValues: { email: 'demo@recompra.cl' } },
};

export const Submitting: Story = {
  args: { submitting: true, defaultValues: { email: 'demo@recompra.cl', password: 'secreta123' } },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

export const FieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Correo electrónico'), 'demo@');
    await userEvent.click(canvas.getByRole('button', { name: 'Ingresar' }));
    await expect(await canvas.findByText('Ingresa un correo electrónico válido.')).toBeVisible();
    await expect(canvas.getByText('Ingresa tu contraseña.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** WrongCredentials, at a phone's width. */
export const OnPhone: Story = onPhone(WrongCredentials);
