import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PasswordResetScreen } from '../../src/web/features/session/screens/password-reset-screen';

const meta = {
  title: 'Screens/Session/PasswordReset',
  component: PasswordResetScreen,
  parameters: { layout: 'fullscreen' },
  args: { view: 'request', onRequest: fn(), onConfirm: fn(), onRequestNew: fn(), loginHref: '/api/auth/login' },
} satisfies Meta<typeof PasswordResetScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Request: Story = {};

export const Sent: Story = { args: { view: 'sent' } };

export const LinkExpired: Story = { args: { view: 'expired' } };

export const NewPassword: Story = { args: { view: 'newPassword' } };
