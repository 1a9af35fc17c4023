import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { CancelSubscriptionDialog } from '../../src/web/features/account/screens/cancel-subscription-dialog';
import { userEvent } from '../support/user-event';
import { cancelDialogArgs } from './cancel-args';

// An open Ark dialog hides the page behind it from assistive technology, focusable parts included.
const openDialog = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };

/** SPEC §2 "Cancel subscription": the reason, then the confirmation that says what is deleted and when. */
const meta = {
  title: 'Screens/Account/CancelSubscription',
  component: CancelSubscriptionDialog,
  args: cancelDialogArgs({ open: true }),
  parameters: openDialog,
} satisfies Meta<typeof CancelSubscriptionDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The reasons, in Spanish; the value sent is the contract's, "TOO EXPENSINVE" spelling included. */
export const Form: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cancelar suscripción' }));
    await userEvent.click(dialog.getByText('Es demasiado caro'));
    await userEvent.type(dialog.getByLabelText('Cuéntanos más (opcional)'), 'Por ahora no nos alcanza.');
    await userEvent.click(dialog.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(args.onContinue).toHaveBeenCalledWith(
        { reason: 'TOO EXPENSINVE', details: 'Por ahora no nos alcanza.' },
        { reason: 'TOO EXPENSINVE', details: 'Por ahora no nos alcanza.' },
      ),
    );
  },
};
export const FormOnPhone = onPhone(Form);

export const ReasonRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cancelar suscripción' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continuar' }));
    await expect(await dialog.findByText('Elige un motivo.')).toBeVisible();
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};
export const ReasonRequiredOnPhone = onPhone(ReasonRequired);

export const DetailsTooLong: Story = {
  args: { defaultValues: { reason: 'OTHER REASONS', details: 'Nos cambiamos de plataforma. '.repeat(20) } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Cancelar suscripción' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Continuar' }));
    await expect(await dialog.findByText('No puede superar los 500 caracteres.')).toBeVisible();
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};
export const DetailsTooLongOnPhone = onPhone(DetailsTooLong);

/** The confirmation: the account and the store's data are deleted when the paid period ends. */
export const ConfirmationModal: Story = {
  args: { step: 'confirm' },
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('alertdialog', { name: '¿Cancelar tu suscripción?' }));
    await expect(dialog.getByText(/hasta el 2 abr 2026/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Sí, cancelar suscripción' })).toBeEnabled();
  },
};
export const ConfirmationModalOnPhone = onPhone(ConfirmationModal);

export const Canceling: Story = {
  args: { step: 'confirm', pending: true },
  parameters: { ...openDialog, visual: { waitFor: 'button[aria-busy="true"]' } },
};
export const CancelingOnPhone = onPhone(Canceling);

export const CancelFailed: Story = {
  args: { step: 'confirm', error: 'No pudimos comunicarnos con el procesador de pagos. Inténtalo de nuevo en unos minutos.' },
};
export const CancelFailedOnPhone = onPhone(CancelFailed);
