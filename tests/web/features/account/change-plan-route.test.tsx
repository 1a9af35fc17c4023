import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { ordersCounts, subscriptionStates, TEST_CARDS } from '../../../../mocks/fixtures/subscription';
import { meAs } from '../../../../mocks/handlers/session';
import { billingStore } from '../../../../mocks/handlers/subscription';
import { ChangePlanRoute } from '../../../../src/web/features/account/routes/change-plan-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderChangePlan() {
  return renderWithApp(
    <Routes>
      <Route path="/account/change-plan" element={<ChangePlanRoute />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { route: '/account/change-plan' },
  );
}

/** Every body our API and the processor received, by path. */
function recordBodies() {
  const bodies: { url: string; body: string }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== 'GET') bodies.push({ url: new URL(request.url).pathname, body: await request.clone().text() });
  });
  return bodies;
}

function typeCard(number: string) {
  fireEvent.input(screen.getByLabelText('Nombre del titular'), { target: { value: 'Camila Soto' } });
  fireEvent.input(screen.getByLabelText('Número de tarjeta'), { target: { value: number } });
  fireEvent.input(screen.getByLabelText('Vencimiento'), { target: { value: '12/28' } });
  fireEvent.input(screen.getByLabelText('Código de seguridad (CVC)'), { target: { value: '123' } });
}

describe('ChangePlanRoute', () => {
  afterEach(() => server.events.removeAllListeners());

  it('links the terms and the privacy policy from the checkbox, each in a new tab with a name that says so', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none, ordersCount: ordersCounts.large }));
    await renderChangePlan();
    const terms = await screen.findByRole('link', { name: 'términos del servicio (se abre en una pestaña nueva)' });
    const privacy = screen.getByRole('link', { name: 'política de privacidad (se abre en una pestaña nueva)' });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/terms', '_blank']);
    expect([privacy.getAttribute('href'), privacy.getAttribute('target')]).toEqual(['/privacy', '_blank']);
  });

  it('recommends from the orders of the last 30 days and starts the trial with only the tokenised card', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none, ordersCount: ordersCounts.large }));
    const bodies = recordBodies();
    await renderChangePlan();
    expect(await screen.findByText(/Te recomendamos Avanzado: tu tienda recibió 2\.150 pedidos/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Avanzado/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Anual: 2 meses gratis' }));
    typeCard(TEST_CARDS.valid);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar prueba gratuita' }));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/dashboard?subscription=success'));
    const subscribe = bodies.find((body) => body.url === '/api/private/subscription');
    expect(JSON.parse(subscribe!.body)).toEqual({
      planId: 'avanzado',
      billing: 'yearly',
      paymentMethodId: 'pm_sandbox_4242',
      termsAccepted: true,
    });
    // The card's number and security code went to the processor only.
    expect(bodies.filter((body) => body.body.includes('4242424242424242') || body.body.includes('123')).map((body) => body.url)).toEqual([
      '/v1/payment_methods',
    ]);
  });

  it("shows the issuer's refusal beside the card's field and stays, and the next refusal in its place", async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.none }));
    await renderChangePlan();
    await screen.findByLabelText('Número de tarjeta');
    typeCard(TEST_CARDS.expired);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar prueba gratuita' }));
    expect(await screen.findByText('Tu tarjeta ha expirado.')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
    // A declined card after an expired one leaves no word of expiry.
    fireEvent.input(screen.getByLabelText('Número de tarjeta'), { target: { value: TEST_CARDS.declined } });
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar prueba gratuita' }));
    expect(await screen.findByText('Tu banco rechazó la tarjeta. Prueba con otra o comunícate con tu banco.')).toBeTruthy();
    expect(screen.queryByText('Tu tarjeta ha expirado.')).toBeNull();
  });

  it('changes the plan of a store that has one, and goes back to the account', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.activeMonthly }));
    const bodies = recordBodies();
    await renderChangePlan();
    expect(((await screen.findByRole('radio', { name: /Crecimiento/ })) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Inicial/ }));
    // The plans are Ark's radio group: the choice reaches the page once its state machine has run.
    expect(await screen.findByText(/Desde tu próxima renovación, el 2 abr 2026, pagarás US\$29 al mes/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Acepto los términos del servicio/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/account'));
    expect(await screen.findByText('Cambiamos tu plan a Inicial.')).toBeTruthy();
    expect(JSON.parse(bodies.find((body) => body.url === '/api/private/subscription')!.body)).toEqual({
      planId: 'inicial',
      billing: 'monthly',
    });
  });

  it('lets a collaborator look at the plans, not choose', async () => {
    server.use(meAs(sessionUsers.colaborator), ...billingStore());
    await renderChangePlan();
    expect(await screen.findByText('Solo quien administra la tienda puede elegir o cambiar el plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar cambio' })).toBeNull();
  });
});
