import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { invitationForExistingAccount, invitationForNewAccount } from '../../mocks/fixtures/team';
import { InvitationScreen } from '../../src/web/features/session/screens/invitation-screen';

const meta = {
  title: 'Screens/Session/Invitation',
  component: InvitationScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    invitation: { status: 'success', data: invitationForNewAccount },
    problem: null,
    onRetry: fn(),
    onAcceptNewAccount: fn(),
    onAcceptExistingAccount: fn(),
    loginHref: '/api/auth/login',
  },
} satisfies Meta<typeof InvitationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone = { visual: { viewport: 'phone' } } as const;

export const NewAccount: Story = {};

export const ExistingAccount: Story = { args: { invitation: { status: 'success', data: invitationForExistingAccount } } };

export const WrongPassword: Story = {
  args: { invitation: { status: 'success', data: invitationForExistingAccount }, error: 'La contraseña no es correcta.' },
};

export const Loading: Story = {
  args: { invitation: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const LoadFailed: Story = { args: { invitation: { status: 'error', cause: 'server' } } };

export const Used: Story = {
  args: { invitation: { status: 'error', cause: 'server' }, problem: 'invitation_used' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Esta invitación ya se usó.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Aceptar invitación' })).toBeNull();
  },
};

export const Expired: Story = {
  args: { invitation: { status: 'error', cause: 'server' }, problem: 'invitation_expired' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Esta invitación venció.')).toBeVisible();
  },
};

export const Canceled: Story = { args: { invitation: { status: 'error', cause: 'server' }, problem: 'invitation_canceled' } };

export const Replaced: Story = { args: { invitation: { status: 'error', cause: 'server' }, problem: 'invitation_replaced' } };

export const InvalidLink: Story = { args: { invitation: { status: 'error', cause: 'server' }, problem: 'invitation_invalid' } };

export const UsedOnPhone: Story = { args: Used.args, parameters: phone };

export const ExpiredOnPhone: Story = { args: Expired.args, parameters: phone };
