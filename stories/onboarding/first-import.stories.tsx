import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { syncFailedLastYear, syncMidway, syncNeedsScrape, syncStarting } from '../../mocks/fixtures/integrations';
import { FirstImportScreen } from '../../src/web/features/onboarding/screens/first-import-screen';

const meta = {
  title: 'Screens/Onboarding/FirstImport',
  component: FirstImportScreen,
  args: { sync: syncStarting, onRetry: fn() },
} satisfies Meta<typeof FirstImportScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ZeroPercent: Story = {};

/** Waiting its turn: another store's download goes first. */
export const Queued: Story = { args: { sync: { ...syncNeedsScrape, syncing: true } } };

/** Under way, counting the orders before the first ones arrive. */
export const Counting: Story = { args: { sync: { ...syncStarting, lastYear: { imported: 0, total: 0 } } } };

export const Midway: Story = { args: { sync: syncMidway } };

export const Failed: Story = { args: { sync: syncFailedLastYear } };

/** Midway, at a phone's width. */
export const MidwayOnPhone: Story = onPhone(Midway);

/** Failed, at a phone's width. */
export const FailedOnPhone: Story = onPhone(Failed);
