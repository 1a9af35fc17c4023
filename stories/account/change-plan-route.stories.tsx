import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes, useLocation } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '../../mocks/fixtures/session';
import { ordersCounts, subscriptionStates, TEST_CARDS } from '../../mocks/fixtures/subscription';
import { meAs } from '../../mocks/handlers/session';
import { billingStore } from '../../mocks/handlers/subscription';
import { ChangePlanRoute } from '../../src/web/features/account/routes/change-plan-route';
import { Toaster } from '../../src/web/ui/toast';
import { userEvent } from '../support/user-event';

/** Where the page led once it was done: the address, for the play functions to read. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function ChangePlanPage() {
  return (
    <>
      <Routes>
        <Route path="/account/change-plan" element={<ChangePlanRoute />} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <Toaster />
    </>
  );
}

/** The container against mocked APIs: the card goes to the processor's mock, only its id to ours. */
const meta = {
  title: 'Screens/Account/ChangePlanRoute',
  component: ChangePlanPage,
  parameters: {
    providers: ['query', 'router'],
    route: '/account/change-plan',
    msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none })] },
  },
} satisfies Meta<typeof ChangePlanPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Types a card, accepts the terms and starts the trial. */
async function subscribeWith(canvasElement: HTMLElement, number: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Nombre del titular'), 'Camila Soto');
  await userEvent.type(canvas.getByLabelText('Número de tarjeta'), number);
  await userEvent.type(canvas.getByLabelText('Vencimiento'), '12/28');
  await userEvent.type(canvas.getByLabelText('Código de seguridad (CVC)'), '123');
  await userEvent.click(canvas.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
  await userEvent.click(canvas.getByRole('button', { name: 'Comenzar prueba gratuita' }));
  return canvas;
}

/** No plan yet: the plan recommended from 412 orders a month is chosen. */
export const NoPlanYet: Story = {};

/** The trial starts and the dashboard welcomes it. */
export const SubscribesWithCard: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none })] } },
  play: async ({ canvasElement }) => {
    const canvas = await subscribeWith(canvasElement, TEST_CARDS.valid);
    await waitFor(() => expect(canvas.getByTestId('landed')).toHaveTextContent('/dashboard?subscription=success'));
  },
};

/** The issuer refuses the card's security code: our server says so, beside the field. */
export const CardRefusedByIssuer: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none })] } },
  play: async ({ canvasElement }) => {
    const canvas = await subscribeWith(canvasElement, TEST_CARDS.incorrectCvc);
    await expect(await canvas.findByText('El código de seguridad de tu tarjeta no es válido.')).toBeVisible();
    await expect(canvas.getByLabelText('Código de seguridad (CVC)')).toHaveFocus();
  },
};

/** A store of 2.150 orders a month on Crecimiento: Avanzado is recommended; the current plan is chosen. */
export const ChangesPlan: Story = {
  parameters: {
    msw: {
      handlers: [meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.activeMonthly, ordersCount: ordersCounts.large })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /Avanzado/ }));
    // Today's charge comes from the processor's preview before the change can be confirmed.
    await expect(await canvas.findByText(/Hoy te cobraremos US\$\d/)).toBeVisible();
    await userEvent.click(canvas.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(canvas.getByTestId('landed')).toHaveTextContent('/account'));
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ failing: ['plans'] })] } },
};

export const Loading: Story = {
  parameters: {
    msw: { handlers: [meAs(sessionUsers.admin), ...billingStore({ pending: ['plans'] })] },
    visual: { waitFor: '[aria-busy="true"]' },
  },
};
