import { expect, waitFor, within } from 'storybook/test';
import { toaster } from '../../src/web/ui/toaster';

/**
 * Waits until a toast with `message` has slid in (a copy of it is also read out for screen readers),
 * then holds every toast open: the picture shows it however long the page takes to settle after it.
 */
export async function toastShown(canvasElement: HTMLElement, message: string | RegExp): Promise<void> {
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() =>
    expect(body.getAllByText(message).some((element: HTMLElement) => element.checkVisibility({ opacityProperty: true }))).toBe(true),
  );
  toaster.store.pause();
}
