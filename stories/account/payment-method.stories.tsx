import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { onPhone } from '../../.storybook/visual-parameters';
import { cardRefusals, TEST_CARDS, visaCard } from '../../mocks/fixtures/subscription';
import { PaymentMethodScreen } from '../../src/web/features/account/screens/payment-method-screen';
import { userEvent } from '../support/user-event';
import { WithToasts } from '../support/with-toasts';

/** SPEC §2 Payment method and §5 Payment: each check in the browser, each refusal from the processor or our server. */
const meta = {
  title: 'Screens/Account/PaymentMethod',
  component: PaymentMethodScreen,
  args: {
    currentCard: visaCard,
    // Storybook's frozen day.
    today: '2026-03-15',
    onSubmit: fn(),
    accountHref: '/account',
  },
} satisfies Meta<typeof PaymentMethodScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

interface CardTyped {
  name?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
}

/** Types a card into the form (the fields left out stay empty) and presses "Guardar tarjeta". */
async function saveCard(
  canvasElement: HTMLElement,
  { name = 'Camila Soto', number = TEST_CARDS.valid, expiry = '12/28', cvc = '123' }: CardTyped,
) {
  const canvas = within(canvasElement);
  if (name) await userEvent.type(canvas.getByLabelText('Nombre del titular'), name);
  if (number) await userEvent.type(canvas.getByLabelText('Número de tarjeta'), number);
  if (expiry) await userEvent.type(canvas.getByLabelText('Vencimiento'), expiry);
  if (cvc) await userEvent.type(canvas.getByLabelText('Código de seguridad (CVC)'), cvc);
  await userEvent.click(canvas.getByRole('button', { name: 'Guardar tarjeta' }));
  return canvas;
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Tarjeta actual: Visa ·· 4242, vence 12/28.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/account');
  },
};
export const EmptyOnPhone = onPhone(Empty);

export const Required: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await saveCard(canvasElement, { name: '', number: '', expiry: '', cvc: '' });
    await waitFor(() => expect(canvas.getAllByText('Este campo es obligatorio.')).toHaveLength(4));
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const RequiredOnPhone = onPhone(Required);

/** A mistyped digit fails the card number's checksum. */
export const InvalidCardNumber: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await saveCard(canvasElement, { number: '4242 4242 4242 4241' });
    await expect(await canvas.findByText('El número de tu tarjeta no es válido.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const InvalidCardNumberOnPhone = onPhone(InvalidCardNumber);

export const InvalidSecurityCode: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await saveCard(canvasElement, { cvc: '12' });
    await expect(await canvas.findByText('El código de seguridad de tu tarjeta no es válido.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const InvalidSecurityCodeOnPhone = onPhone(InvalidSecurityCode);

/** SPEC §5 verbatim: a card whose month is over. */
export const ExpiredCard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await saveCard(canvasElement, { expiry: '02/26' });
    await expect(await canvas.findByText('Tu tarjeta ha expirado.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
export const ExpiredCardOnPhone = onPhone(ExpiredCard);

/** The issuer refused the card as expired when our server set it up: the same words, beside the expiry. */
export const ExpiredCardRefused: Story = {
  args: { error: { message: cardRefusals.expired_card.message, fieldErrors: { expiry: cardRefusals.expired_card.message } } },
};
export const ExpiredCardRefusedOnPhone = onPhone(ExpiredCardRefused);

export const SecurityCodeRefused: Story = {
  args: { error: { message: cardRefusals.incorrect_cvc.message, fieldErrors: { cvc: cardRefusals.incorrect_cvc.message } } },
};
export const SecurityCodeRefusedOnPhone = onPhone(SecurityCodeRefused);

/** Declined by the bank with no field to blame: said above the form. */
export const CardDeclined: Story = {
  args: { error: { message: cardRefusals.card_declined.message, fieldErrors: {} } },
};
export const CardDeclinedOnPhone = onPhone(CardDeclined);

export const Saving: Story = {
  args: { saving: true },
  parameters: { visual: { waitFor: 'button[aria-busy="true"]' } },
};
export const SavingOnPhone = onPhone(Saving);

/** SPEC §8 verbatim: the processor or our server did not answer. */
export const FailureToast: Story = {
  render: (args) => (
    <>
      <PaymentMethodScreen {...args} />
      <WithToasts
        toasts={[
          {
            id: 'payment-failed',
            status: 'error',
            message: 'Ocurrió un error al intentar actualizar tu método de pago.',
            description: 'No pudimos comunicarnos con el procesador de pagos. Inténtalo de nuevo en unos minutos.',
          },
        ]}
      />
    </>
  ),
};
export const FailureToastOnPhone = onPhone(FailureToast);

export const SuccessToast: Story = {
  render: (args) => (
    <>
      <PaymentMethodScreen {...args} currentCard={{ ...visaCard, last4: '4444', brand: 'mastercard' }} />
      <WithToasts toasts={[{ id: 'payment-saved', status: 'success', message: 'Actualizamos tu método de pago.' }]} />
    </>
  ),
};
export const SuccessToastOnPhone = onPhone(SuccessToast);

/** A card tokenised and handed on: what the container receives (digits only, month and year as numbers). */
export const SubmitsTheCard: Story = {
  play: async ({ canvasElement, args }) => {
    await saveCard(canvasElement, {});
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        { cardholderName: 'Camila Soto', number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123', country: 'CL' },
        expect.anything(),
      ),
    );
  },
};
