import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { NotFoundScreen } from '../../src/web/app/not-found-page';
import { userEvent } from '../support/user-event';

/** An address that is no page, shown inside the shell instead of a silent redirect. */
const meta = {
  title: 'Screens/Shell/NotFound',
  component: NotFoundScreen,
  args: { onHome: fn() },
} satisfies Meta<typeof NotFoundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ir al inicio' }));
    await expect(args.onHome).toHaveBeenCalled();
  },
};
export const NotFoundOnPhone: Story = { parameters: { visual: { viewport: 'phone' } } };
