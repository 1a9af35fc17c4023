import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Chooses the open menu's item `label` from the keyboard, as Ark's menu selects reliably under
 * happy-dom: one step at a time, each seen through, then Enter. On a busy machine the menu may still
 * be taking the focus as its items show, and a burst of keys would land before it does.
 */
export async function chooseMenuItem(label: string): Promise<void> {
  const items = await screen.findAllByRole('menuitem');
  const index = items.findIndex((item) => item.textContent === label);
  expect(index, `no menu item "${label}"`).toBeGreaterThanOrEqual(0);
  for (let step = 0; step <= index; step++) {
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(items[step]!.hasAttribute('data-highlighted')).toBe(true));
  }
  await userEvent.keyboard('{Enter}');
}
