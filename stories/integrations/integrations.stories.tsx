import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import {
  integrationsNeedsAttention,
  integrationsNothingConnected,
  integrationsStoreImporting,
  integrationsStoreOnly,
} from '../../mocks/fixtures/integrations';
import { IntegrationsScreen } from '../../src/web/features/integrations/screens/integrations-screen';

const meta = {
  title: 'Screens/Integrations/Integrations',
  component: IntegrationsScreen,
  args: {
    state: { status: 'success', integrations: integrationsNothingConnected },
    onConnectStore: fn(),
    onUpdateCredentials: fn(),
    onRetrySync: fn(),
    onReload: fn(),
  },
} satisfies Meta<typeof IntegrationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NothingConnected: Story = {};

export const StoreOnly: Story = { args: { state: { status: 'success', integrations: integrationsStoreOnly } } };

export const StoreImporting: Story = { args: { state: { status: 'success', integrations: integrationsStoreImporting } } };

export const NeedsAttention: Story = { args: { state: { status: 'success', integrations: integrationsNeedsAttention } } };

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="integrations-loading"]' } },
};

export const Error: Story = { args: { state: { status: 'error' } } };
