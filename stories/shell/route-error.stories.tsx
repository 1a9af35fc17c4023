import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RouteErrorScreen } from '../../src/web/app/route-error';
import { userEvent } from '../support/user-event';

/** What shows instead of a page that could not be shown, in place of the router's English developer screen. */
const meta = {
  title: 'Screens/Shell/RouteError',
  component: RouteErrorScreen,
  parameters: { layout: 'fullscreen' },
  args: { kind: 'newVersion', onReload: fn() },
} satisfies Meta<typeof RouteErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The page's code is gone after a redeploy and reloading once did not bring it. */
export const NewVersion: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Recargar la página' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};
/** No connection: the page tries again by itself when it comes back. */
export const Offline: Story = { args: { kind: 'offline' } };
export const Unexpected: Story = { args: { kind: 'unexpected' } };
/** On a phone 390 px wide. */
export const OfflineOnPhone: Story = { args: { kind: 'offline' }, parameters: { visual: { viewport: 'phone' } } };
