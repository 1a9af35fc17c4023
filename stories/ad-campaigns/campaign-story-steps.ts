// What the campaigns' stories do alike: open the actions menu, type a budget, wait for a toast.
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '../../mocks/fixtures/session';
import { adCampaignsStore } from '../../mocks/handlers/ad-campaigns';
import { meAs } from '../../mocks/handlers/session';
import { formatTypedNumber } from '../../src/web/ui/number-text';
import { userEvent } from '../support/user-event';

// An open Ark dialog or menu hides the page behind it from assistive technology, focusable parts included.
export const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };

/** The containers' mocked contract, as an admin sees it. */
export const campaignsStore = (options: Parameters<typeof adCampaignsStore>[0] = {}) => ({
  msw: { handlers: [meAs(sessionUsers.admin), ...adCampaignsStore(options)] },
});

/** Replaces the amount in the budget field, a key at a time, and waits until the field shows it, its thousands grouped. */
export async function typeAmount(input: HTMLElement, amount: string) {
  await userEvent.tripleClick(input);
  await userEvent.keyboard(amount, { delay: 30 });
  await waitFor(() => expect(input).toHaveValue(formatTypedNumber(amount)));
}

/** Chooses an item of the open menu from the keyboard: the highlight moves down to it. */
export async function chooseFromMenu(canvasElement: HTMLElement, label: string) {
  const body = within(canvasElement.ownerDocument.body);
  const labels = (await body.findAllByRole('menuitem')).map((item) => item.textContent);
  await userEvent.keyboard(`${'{ArrowDown}'.repeat(labels.indexOf(label) + 1)}{Enter}`);
}
