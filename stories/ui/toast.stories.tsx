import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { Button } from '../../src/web/ui/button';
import { TOAST_SWIPE_THRESHOLD_PX, Toaster } from '../../src/web/ui/toast';
import { createAppToaster, TOAST_DURATION_MS, TOAST_MAX_VISIBLE, TOAST_REMOVE_DELAY_MS, type ToastInput } from '../../src/web/ui/toaster';
import { userEvent } from '../support/user-event';

interface ToastDemoProps {
  /** Shown when the story starts. */
  toasts: ToastInput[];
  /** Shown by the button, for the stories that test timing. */
  onDemand?: ToastInput;
  /** Milliseconds before a toast closes; SPEC §9's value unless a story holds toasts for its picture. */
  duration?: number;
}

/** Each story gets its own toaster, so no toast leaks from one story into the next. */
function ToastDemo({ toasts, onDemand, duration = TOAST_DURATION_MS }: ToastDemoProps) {
  const [toaster] = useState(() => {
    const created = createAppToaster({ duration });
    for (const toast of toasts) created.show(toast);
    return created;
  });
  return (
    <>
      {onDemand ? <Button onClick={() => toaster.show(onDemand)}>Mostrar aviso</Button> : null}
      <Toaster toaster={toaster} />
    </>
  );
}

const meta = {
  title: 'UI/Feedback/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  // The pictures hold their toasts open so the screenshot never races the timer; the timing stories
  // at the end use SPEC §9's duration.
  args: { toasts: [], duration: Number.POSITIVE_INFINITY },
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = { args: { toasts: [{ id: 'saved', status: 'success', message: 'Cambios guardados.' }] } };
export const Warning: Story = {
  args: { toasts: [{ id: 'token', status: 'warning', message: 'Tu token de Meta vence pronto.' }] },
};
export const Error: Story = {
  args: { toasts: [{ id: 'failed', status: 'error', message: 'No pudimos guardar los cambios.' }] },
};
export const Default: Story = { args: { toasts: [{ id: 'queued', message: 'Estamos creando tu segmento.' }] } };
export const WithDescription: Story = {
  args: {
    toasts: [
      {
        id: 'payment',
        status: 'error',
        message: 'El pago no se pudo procesar.',
        description: 'Revisa tu método de pago antes del próximo intento de cobro.',
      },
    ],
  },
};
export const KeptOpen: Story = {
  args: {
    duration: TOAST_DURATION_MS,
    toasts: [{ id: 'sync', status: 'warning', message: 'Integración con Klaviyo desconectada.', keepOpen: true }],
  },
};

const five: ToastInput[] = [1, 2, 3, 4, 5].map((n) => ({ id: `queued-${n}`, message: `Aviso ${n}`, keepOpen: true }));

/** Five shown at once: three visible, two waiting; closing one brings the next. F8 focuses the region. */
export const FiveQueued: Story = {
  args: { duration: TOAST_DURATION_MS, toasts: five },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('status')).toHaveLength(TOAST_MAX_VISIBLE));
    await expect(canvas.queryByText('Aviso 4')).toBeNull();
    await expect(canvas.queryByText('Aviso 5')).toBeNull();

    const [newest] = canvas.getAllByRole('status');
    await userEvent.click(within(newest!).getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(canvas.getAllByRole('status')).toHaveLength(TOAST_MAX_VISIBLE));
    await waitFor(() => expect(canvas.getAllByRole('status').filter((el) => el.dataset.state === 'open')).toHaveLength(TOAST_MAX_VISIBLE));
    await expect(canvas.getAllByText(/^Aviso [45]$/)).toHaveLength(1);

    // The hotkey is matched on `KeyboardEvent.code`, which a synthetic F8 must carry.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Notificaciones (F8)' })).toHaveFocus());
  },
};

const onDemand: ToastInput = { status: 'success', message: 'Segmento sincronizado.' };

/**
 * The moment `happened()` became true, as the DOM under `root` changed: taken when the change happens,
 * not when a poll next looks, so a busy machine cannot make a wait look shorter than it was.
 */
function momentOf(happened: () => boolean, root: Node, timeout: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (happened()) return resolve(performance.now());
    const observer = new MutationObserver(() => {
      if (!happened()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now());
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      // This file has a story named `Error`.
      reject(new globalThis.Error(`nothing happened within ${timeout} ms`));
    }, timeout);
    observer.observe(root, { attributes: true, childList: true, subtree: true });
  });
}

/** How early a timer may seem to fire by `performance.now()`, whose clock is not the timers' own. */
const CLOCK_SLACK_MS = 5;

/** Closes by itself after SPEC §9's 5000 ms, and leaves the page 350 ms later. */
export const ClosesAfterDuration: Story = {
  args: { duration: TOAST_DURATION_MS, onDemand },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The toast's timer starts within the click, so no earlier than this.
    const clickedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar aviso' }));
    const toast = await canvas.findByRole('status');
    const seenAt = performance.now();
    await expect(toast).toHaveAttribute('data-state', 'open');

    const closedAt = await momentOf(() => toast.dataset.state === 'closed', toast, TOAST_DURATION_MS + 2000);
    await expect(closedAt - clickedAt).toBeGreaterThanOrEqual(TOAST_DURATION_MS - CLOCK_SLACK_MS);
    await expect(closedAt - seenAt).toBeLessThan(TOAST_DURATION_MS + 1000);

    const removedAt = await momentOf(() => !toast.isConnected, canvasElement.ownerDocument.body, 2000);
    await expect(removedAt - closedAt).toBeGreaterThanOrEqual(TOAST_REMOVE_DELAY_MS - CLOCK_SLACK_MS);
  },
};

/** Stays open while the pointer is over it, well past the duration; Escape then closes it. */
export const PausesOnHover: Story = {
  args: { duration: TOAST_DURATION_MS, onDemand },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar aviso' }));
    const shownAt = performance.now();
    const toast = await canvas.findByRole('status');
    await userEvent.hover(toast);
    await waitFor(() => expect(toast).toHaveAttribute('data-paused'));

    // Nothing to wait for here but time itself: the claim is that nothing happens.
    await new Promise((resolve) => setTimeout(resolve, TOAST_DURATION_MS + TOAST_REMOVE_DELAY_MS + 300 - (performance.now() - shownAt)));
    await expect(toast).toHaveAttribute('data-state', 'open');
    await expect(toast).toBeInTheDocument();

    await userEvent.unhover(toast);
    await waitFor(() => expect(toast).not.toHaveAttribute('data-paused'));
    toast.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull());
  },
};

/** A drag to the right under the SPEC threshold springs back; past it, the toast closes. */
export const SwipeRightDismisses: Story = {
  args: { toasts: [{ id: 'swipe', status: 'success', message: 'Cambios guardados.', keepOpen: true }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toast = await canvas.findByRole('status');
    const drag = async (distance: number) => {
      const { left, top, height } = toast.getBoundingClientRect();
      const from = { clientX: left + 20, clientY: top + height / 2 };
      await userEvent.pointer([
        { keys: '[MouseLeft>]', target: toast, coords: from },
        { target: toast, coords: { ...from, clientX: from.clientX + distance } },
        { keys: '[/MouseLeft]', target: toast, coords: { ...from, clientX: from.clientX + distance } },
      ]);
    };
    await drag(TOAST_SWIPE_THRESHOLD_PX - 20);
    await expect(toast).toHaveAttribute('data-state', 'open');
    await drag(TOAST_SWIPE_THRESHOLD_PX + 10);
    await waitFor(() => expect(canvas.queryByRole('status')).toBeNull(), { timeout: TOAST_REMOVE_DELAY_MS + 2000 });
  },
};
