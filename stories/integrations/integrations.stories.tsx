import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
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

/** Only the store can be connected today: the other platforms say so, with no button that leads nowhere. */
export const NothingConnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Próximamente').length).toBeGreaterThan(0);
    await expect(canvas.queryAllByRole('button', { name: 'Próximamente' })).toHaveLength(0);
    await expect(canvas.getAllByRole('button').every((button) => !button.hasAttribute('disabled'))).toBe(true);
  },
};

export const StoreOnly: Story = { args: { integrations: { status: 'success', data: integrationsStoreOnly } } };

export const StoreImporting: Story = { args: { integrations: { status: 'success', data: integrationsStoreImporting } } };

export const NeedsAttention: Story = { args: { integrations: { status: 'success', data: integrationsNeedsAttention } } };

export const Loading: Story = {
  args: { integrations: { status: 'loading' } },
  parameters: { visual: { waitFor: '[data-testid="integrations-loading"]' } },
};

export const Error: Story = { args: { integrations: { status: 'error' } } };
