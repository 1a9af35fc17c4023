import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { invitationForExistingAccount, invitationForNewAccount } from '../../mocks/fixtures/team';
import { InvitationScreen } from '../../src/web/features/session/screens/invitation-screen';

const meta = {
  title: 'Screens/Session/Invitation',
  component: InvitationScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    invitation: { status: 'success', data: invitationForNewAccount },
    onAcceptNewAccount: fn(),
    onAcceptExistingAccount: fn(),
    loginHref: '/api/auth/login',
  },
} satisfies Meta<typeof InvitationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NewAccount: Story = {};

export const ExistingAccount: Story = { args: { invitation: { status: 'success', data: invitationForExistingAccount } } };

export const WrongPassword: Story = {
  args: { invitation: { status: 'success', data: invitationForExistingAccount }, error: 'La contraseña no es correcta.' },
};

export const InvalidLink: Story = { args: { invitation: { status: 'error' } } };
