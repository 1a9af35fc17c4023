import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { SignupScreen } from '../../src/web/features/session/screens/signup-screen';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Session/SignUp',
  component: SignupScreen,
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn(), loginHref: '/api/auth/login', resetPasswordHref: '/api/auth/reset-password' },
} satisfies Meta<typeof SignupScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const FieldErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Nombre'), '   ');
    await userEvent.type(canvas.getByLabelText('Correo electrónico'), 'camila@');
    await userEvent.type(canvas.getByLabelText('Contraseña'), 'solotexto');
    await userEvent.click(canvas.getByRole('button', { name: 'Crear cuenta' }));
    await expect(await canvas.findByText('Escribe tu nombre.')).toBeVisible();
    await expect(canvas.getByText('Ingresa un correo electrónico válido.')).toBeVisible();
    await expect(canvas.getByText('Usa al menos 8 caracteres, con letras y números.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmailTaken: Story = {
  args: { error: { kind: 'emailTaken' }, defaultValues: { name: 'Camila Soto', email: 'demo@recompra.cl' } },
};

export const Submitting: Story = {
  args: { submitting: true, defaultValues: { name: 'Camila Soto', email: 'camila@tiendademo.cl', password: 'secreta123' } },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};

/** FieldErrors, at a phone's width. */
export const OnPhone: Story = onPhone(FieldErrors);
