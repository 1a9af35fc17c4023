import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionUsers } from '../../../../mocks/fixtures/session';
import { subscriptionStates, TEST_CARDS } from '../../../../mocks/fixtures/subscription';
import { meAs } from '../../../../mocks/handlers/session';
import { billingStore } from '../../../../mocks/handlers/subscription';
import { PaymentMethodRoute } from '../../../../src/web/features/account/routes/payment-method-route';
import { toaster } from '../../../../src/web/ui/toaster';
import { setupMockServer } from '../../msw';
import { renderWithApp } from '../../render';

const server = setupMockServer();

afterEach(() => {
  cleanup();
  toaster.store.remove();
});

function renderPaymentMethod() {
  return renderWithApp(
    <Routes>
      <Route path="/account/payment-method" element={<PaymentMethodRoute />} />
      <Route path="/account" element={<p>Mi cuenta</p>} />
    </Routes>,
    { route: '/account/payment-method' },
  );
}

async function saveCard(number: string, expiry = '12/28', cvc = '123') {
  fireEvent.input(await screen.findByLabelText('Nombre del titular'), { target: { value: 'Camila Soto' } });
  fireEvent.input(screen.getByLabelText('Número de tarjeta'), { target: { value: number } });
  fireEvent.input(screen.getByLabelText('Vencimiento'), { target: { value: expiry } });
  fireEvent.input(screen.getByLabelText('Código de seguridad (CVC)'), { target: { value: cvc } });
  fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));
}

describe('PaymentMethodRoute', () => {
  it('saves the new card, says so and goes back to the account', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ state: subscriptionStates.pastDue }));
    await renderPaymentMethod();
    expect(await screen.findByText('Tarjeta actual: Visa ·· 4242, vence 12/28.')).toBeTruthy();
    await saveCard(TEST_CARDS.valid);
    expect(await screen.findByText('Actualizamos tu método de pago.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Mi cuenta')).toBeTruthy());
  });

  it("says SPEC §5's words beside the field the issuer refused", async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore());
    await renderPaymentMethod();
    await saveCard(TEST_CARDS.incorrectCvc);
    expect(await screen.findByText('El código de seguridad de tu tarjeta no es válido.')).toBeTruthy();
  });

  it('checks the card before sending it anywhere', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ failing: ['tokenize'] }));
    await renderPaymentMethod();
    await saveCard('4242 4242 4242 4241', '01/26', '1');
    expect(await screen.findByText('El número de tu tarjeta no es válido.')).toBeTruthy();
    expect(screen.getByText('Tu tarjeta ha expirado.')).toBeTruthy();
    expect(screen.getByText('El código de seguridad de tu tarjeta no es válido.')).toBeTruthy();
  });

  it('shows the failure toast when the processor or our server does not answer', async () => {
    server.use(meAs(sessionUsers.admin), ...billingStore({ unavailable: ['paymentDetails'] }));
    await renderPaymentMethod();
    await saveCard(TEST_CARDS.valid);
    expect(await screen.findByText('Ocurrió un error al intentar actualizar tu método de pago.')).toBeTruthy();
    expect(screen.getByText('No pudimos comunicarnos con el procesador de pagos. Inténtalo de nuevo en unos minutos.')).toBeTruthy();
  });
});
