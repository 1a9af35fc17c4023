import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { accountDetails } from '../../mocks/fixtures/team';
import { AccountScreen } from '../../src/web/features/account/screens/account-screen';

const meta = {
  title: 'Screens/Account/Subscription',
  component: AccountScreen,
  args: { details: { status: 'success', data: accountDetails }, onRetry: fn(), storeTab: null },
} satisfies Meta<typeof AccountScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};

export const Loading: Story = {
  args: { details: { status: 'loading' } },
  parameters: { visual: { waitFor: '[aria-busy="true"]' } },
};

export const Error: Story = { args: { details: { status: 'error' } } };
