import { expect, waitFor, within } from 'storybook/test';

/**
 * The open dialog named `name`, once it has taken the focus. A dialog moves the focus into itself a
 * moment after it appears: a click before that had its focus taken away again, and whether the
 * clicked button kept its focus ring in the picture depended on which came first.
 */
export async function dialogReady(canvasElement: HTMLElement, name: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  const document = canvasElement.ownerDocument;
  const dialog = await within(document.body).findByRole(role, { name });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return within(dialog);
}
