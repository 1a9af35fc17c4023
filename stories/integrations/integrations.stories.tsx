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
    integrations: { status: 'success', data: integrationsNothingConnected },
    onConnectStore: fn(),
    onUpdateCredentials: fn(),
    onRetrySync: fn(),
    onReload: fn(),
  },
} satisfies Meta<typeof IntegrationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NothingConnected: Story = {};

export const StoreOnly: Story = { args: { integrations: { status: 'success', data: integrationsStoreOnly } } };

export const StoreImporting: Story = { args: { integrations: { status: 'success', data: integrationsStoreImporting } } };

export const NeedsAttention: Story = { args: { integrations: { status: 'success', data: integrationsNeedsAttention } } };

export const Loading: Story = {
  args: { integrations: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="integrations-loading"]' } },
};

export const Error: Story = { args: { integrations: { status: 'error' } } };
