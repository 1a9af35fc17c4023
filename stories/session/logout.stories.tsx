import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { csrfFailedError } from '../../mocks/fixtures/session';
import { LogoutScreen } from '../../src/web/features/session/screens/logout-screen';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Session/Logout',
  component: LogoutScreen,
  parameters: { layout: 'fullscreen' },
  args: { state: { status: 'working' }, onRetry: fn() },
} satisfies Meta<typeof LogoutScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** While the session ends; it never becomes idle, so the screenshot waits for the spinner's screen. */
export const SigningOut: Story = {
  parameters: { visual: { waitFor: '[data-testid="loading-screen"]' } },
};

/** Nothing came back (offline): our own words, and a retry. */
export const Error: Story = {
  args: { state: { status: 'failed', message: 'Revisa tu conexión e inténtalo de nuevo.' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The server refused the call (its CSRF check): its own message. */
export const Refused: Story = {
  args: { state: { status: 'failed', message: csrfFailedError.message } },
};

/** Error, at a phone's width. */
export const ErrorOnPhone: Story = onPhone(Error);
