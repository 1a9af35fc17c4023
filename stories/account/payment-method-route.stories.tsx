import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { sessionUsers } from '../../mocks/fixtures/session';
import { subscriptionStates, TEST_CARDS } from '../../mocks/fixtures/subscription';
import { meAs } from '../../mocks/handlers/session';
import { billingStore } from '../../mocks/handlers/subscription';
import { PaymentMethodRoute } from '../../src/web/features/account/routes/payment-method-route';
import { Toaster } from '../../src/web/ui/toast';
import { toastShown } from '../support/toast-shown';
import { userEvent } from '../support/user-event';

function PaymentMethodPage() {
  return (
    <>
      <Routes>
        <Route path="/account/payment-method" element={<PaymentMethodRoute />} />
        <Route path="*" element={null} />
      </Routes>
      <Toaster />
    </>
  );
}

/** The container against mocked APIs: the processor's mock tokenises, ours takes the id or refuses the card. */
const meta = {
  title: 'Screens/Account/PaymentMethodRoute',
  component: PaymentMethodPage,
  parameters: {
    providers: ['query', 'router'],
    route: '/account/payment-method',
    msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.pastDue })] },
  },
} satisfies Meta<typeof PaymentMethodPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function saveCard(canvasElement: HTMLElement, number: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Nombre del titular'), 'Camila Soto');
  await userEvent.type(canvas.getByLabelText('Número de tarjeta'), number);
  await userEvent.type(canvas.getByLabelText('Vencimiento'), '12/28');
  await userEvent.type(canvas.getByLabelText('Código de seguridad (CVC)'), '123');
  await userEvent.click(canvas.getByRole('button', { name: 'Guardar tarjeta' }));
  return canvas;
}

export const SavesCard: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.pastDue })] } },
  play: async ({ canvasElement }) => {
    await saveCard(canvasElement, TEST_CARDS.valid);
    await toastShown(canvasElement, 'Actualizamos tu método de pago.');
  },
};

/** The issuer says the card expired: SPEC §5's words beside the expiry. */
export const ExpiredCardRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await saveCard(canvasElement, TEST_CARDS.expired);
    await expect(await canvas.findByText('Tu tarjeta ha expirado.')).toBeVisible();
  },
};

/** The processor does not answer: SPEC §8's toast, verbatim. */
export const ProcessorUnavailable: Story = {
  parameters: {
    msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.pastDue, failing: ['tokenize'] })] },
  },
  play: async ({ canvasElement }) => {
    await saveCard(canvasElement, TEST_CARDS.valid);
    await toastShown(canvasElement, 'Ocurrió un error al intentar actualizar tu método de pago.');
  },
};
