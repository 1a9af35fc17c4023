import { describe, expect, it } from 'vitest';
import { cardRefusals, processorUnavailableError } from '../../../../mocks/fixtures/subscription';
import { ApiError, networkError } from '../../../../src/web/api/errors';
import { CardTokenError } from '../../../../src/web/features/account/api/card-tokenizer';
import { cardRefusalOf } from '../../../../src/web/features/account/routes/card-refusal';

const texts = {
  cardNumberInvalid: 'El número de tu tarjeta no es válido.',
  expiryInvalid: 'La fecha de vencimiento de tu tarjeta no es válida.',
  cardExpired: 'Tu tarjeta ha expirado.',
  cvcInvalid: 'El código de seguridad de tu tarjeta no es válido.',
  cardDeclined: 'Tu banco rechazó la tarjeta.',
  network: 'Revisa tu conexión.',
  failed: 'Inténtalo de nuevo en unos minutos.',
};

describe('cardRefusalOf', () => {
  it("puts the processor's refusal beside the field its code names", () => {
    expect(cardRefusalOf(new CardTokenError('card', 'incorrect_number'), texts)).toEqual({
      on: 'form',
      error: { message: null, fieldErrors: { cardNumber: texts.cardNumberInvalid } },
    });
    expect(cardRefusalOf(new CardTokenError('card', 'expired_card'), texts)).toEqual({
      on: 'form',
      error: { message: null, fieldErrors: { expiry: 'Tu tarjeta ha expirado.' } },
    });
    expect(cardRefusalOf(new CardTokenError('card', 'invalid_cvc'), texts)).toMatchObject({
      error: { fieldErrors: { cvc: texts.cvcInvalid } },
    });
  });

  it('says a decline with no field above the form', () => {
    expect(cardRefusalOf(new CardTokenError('card', 'card_declined'), texts)).toEqual({
      on: 'form',
      error: { message: texts.cardDeclined, fieldErrors: {} },
    });
  });

  it("puts our server's refusal in its own words beside its fields", () => {
    expect(cardRefusalOf(new ApiError(422, cardRefusals.incorrect_cvc), texts)).toEqual({
      on: 'form',
      error: { message: cardRefusals.incorrect_cvc.message, fieldErrors: { cvc: cardRefusals.incorrect_cvc.message } },
    });
  });

  it('toasts what was no fault of the card: no processor, no server, no connection', () => {
    expect(cardRefusalOf(new CardTokenError('unavailable'), texts)).toEqual({ on: 'toast', description: texts.failed });
    expect(cardRefusalOf(new ApiError(502, processorUnavailableError), texts)).toEqual({
      on: 'toast',
      description: processorUnavailableError.message,
    });
    expect(cardRefusalOf(new ApiError(500), texts)).toEqual({ on: 'toast', description: texts.failed });
    expect(cardRefusalOf(networkError(new TypeError('Failed to fetch')), texts)).toEqual({ on: 'toast', description: texts.network });
  });
});
