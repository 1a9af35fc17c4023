import { userEvent as testingLibraryUserEvent } from 'storybook/test';
import { pageSettled } from './page-still';

// Generous: a slow machine runs two browsers at once, and only a page that never settles should fail.
const settleTimeoutMs = 30_000;

/**
 * Storybook's `userEvent`, acting as a person does: each action waits until the page has stopped
 * moving (stories/support/page-still.ts), so where a click lands, and what keeps the focus, never
 * depends on how fast the machine is. Stories import `userEvent` from here; lint refuses the other.
 */
export const userEvent = Object.fromEntries(
  Object.entries(testingLibraryUserEvent).map(([name, action]) => [
    name,
    typeof action === 'function' && name !== 'setup'
      ? async (...args: unknown[]) => {
          await pageSettled(globalThis.document, settleTimeoutMs);
          return (action as (...actionArgs: unknown[]) => unknown)(...args);
        }
      : action,
  ]),
) as typeof testingLibraryUserEvent;
