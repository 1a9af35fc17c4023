import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { StoreConnectedNotice } from '../../src/web/features/onboarding/screens/store-connected-notice';
import { userEvent } from '../support/user-event';

const meta = {
  title: 'Screens/Onboarding/StoreConnected',
  component: StoreConnectedNotice,
  args: { onDismiss: fn() },
} satisfies Meta<typeof StoreConnectedNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first import just ended: the store is connected, and the next step is said honestly. */
export const Connected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Tienda conectada.');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Ya tenemos el último año de pedidos; el resto del historial sigue llegando.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** Connected, at a phone's width. */
export const ConnectedOnPhone: Story = onPhone(Connected);
