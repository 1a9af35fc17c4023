import { useTranslation } from 'react-i18next';
import { ApiError, describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { CardTokenError } from '../api/card-tokenizer';
import type { CardFormField } from '../forms/card-form';
import type { CardFormError } from '../screens/card-fields';

/** The words of each refusal, from the `account` text group. */
export interface CardRefusalTexts {
  cardNumberInvalid: string;
  expiryInvalid: string;
  cardExpired: string;
  cvcInvalid: string;
  cardDeclined: string;
  /** No answer at all. */
  network: string;
  /** Our side or the processor's failed: try again later. */
  failed: string;
}

/** How a failed card is told: beside the form's fields (and above them), or as a toast when the card was not the problem. */
export type CardRefusal = { on: 'form'; error: CardFormError } | { on: 'toast'; description: string };

const CARD_FIELDS: readonly CardFormField[] = ['cardholderName', 'cardNumber', 'expiry', 'cvc', 'country'];

/** The processor's codes, in the form's words. */
function tokenRefusalMessage(code: string | undefined, texts: CardRefusalTexts): string {
  switch (code) {
    case 'expired_card':
      return texts.cardExpired;
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return texts.cvcInvalid;
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return texts.expiryInvalid;
    case 'incorrect_number':
    case 'invalid_number':
      return texts.cardNumberInvalid;
    default:
      return texts.cardDeclined;
  }
}

/**
 * A refused card on the form: the processor's refusal when tokenising (its code names the field), or our
 * server's 4xx with its Spanish words per field (`cardNumber`, `expiry`, `cvc`). Anything else, a
 * processor or server that did not answer, is no fault of the card: a toast.
 */
export function cardRefusalOf(error: unknown, texts: CardRefusalTexts): CardRefusal {
  if (error instanceof CardTokenError) {
    if (error.kind === 'unavailable') return { on: 'toast', description: texts.failed };
    const message = tokenRefusalMessage(error.code, texts);
    return { on: 'form', error: error.field ? { message: null, fieldErrors: { [error.field]: message } } : { message, fieldErrors: {} } };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status <= 499) {
    const fieldErrors = serverFieldErrorsOf(error, lastNameIn(CARD_FIELDS));
    return { on: 'form', error: { message: error.body?.message ?? texts.failed, fieldErrors } };
  }
  return {
    on: 'toast',
    description: describeApiError(error, { failed: texts.failed, network: texts.network, serverMessages: [502] }).message,
  };
}

/** The refusal texts from the `account` text group, with the screen's own words for a failure. */
export function useCardRefusalTexts(failed: string): CardRefusalTexts {
  const { t } = useTranslation('account');
  return {
    cardNumberInvalid: t('errors.cardNumberInvalid'),
    expiryInvalid: t('errors.expiryInvalid'),
    cardExpired: t('errors.cardExpired'),
    cvcInvalid: t('errors.cvcInvalid'),
    cardDeclined: t('errors.cardDeclined'),
    network: t('details.network'),
    failed,
  };
}
