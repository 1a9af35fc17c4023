import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { syncFinished, syncFinishedWithFailures } from '../../mocks/fixtures/integrations';
import { SyncLine } from '../../src/web/features/dashboard/screens/sync-line';

const meta = {
  title: 'Screens/Dashboard/SyncLine',
  component: SyncLine,
  args: { lastSyncedAt: syncFinished.lastSyncedAt },
} satisfies Meta<typeof SyncLine>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Data came in two minutes ago. */
export const RecentlySynced: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Última sincronización hace 2 min')).toBeVisible();
  },
};

/** The latest refreshes failed: the last good sync is a day old. */
export const SyncedDaysAgo: Story = {
  args: { lastSyncedAt: syncFinishedWithFailures.lastSyncedAt },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Última sincronización hace 1 día')).toBeVisible();
  },
};

export const NeverSynced: Story = { args: { lastSyncedAt: null } };

/** RecentlySynced, at a phone's width. */
export const RecentlySyncedOnPhone: Story = onPhone(RecentlySynced);
