import Stripe from 'stripe';

/*
 * One class per thing a caller decides on. Messages a merchant reads are written by the feature, in
 * Spanish, from `code` / `declineCode`; these carry Stripe's status, codes and request id for logs.
 */

export class PaymentsError extends Error {
  override name = 'PaymentsError';
  constructor(
    message: string,
    /** Stripe's HTTP status; 0 when it did not answer. */
    readonly status: number,
    /** Stripe's error `code` (`card_declined`, `resource_missing`…), when it sent one. */
    readonly code: string | null = null,
    /** Stripe's `Request-Id`, to find the request in its logs. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

/** 402: the card was refused (declined, expired, wrong CVC, wrong number). Ask for another card. */
export class CardError extends PaymentsError {
  override name = 'CardError';
  constructor(
    message: string,
    code: string | null,
    /** The issuer's reason (`generic_decline`, `insufficient_funds`…), when it gave one. */
    readonly declineCode: string | null,
    /** The card field at fault (`number`, `exp_month`, `cvc`…), when there is one. */
    readonly param: string | null,
    requestId: string | null = null,
    status = 402,
  ) {
    super(message, status, code, requestId);
  }
}

/** 401 / 403: the key is not a key, or may not make this call. A configuration error, not the merchant's. */
export class PaymentsAuthError extends PaymentsError {
  override name = 'PaymentsAuthError';
}

/** 5xx, 429 or no answer, after the SDK's own retries: try again later. */
export class PaymentsUnavailableError extends PaymentsError {
  override name = 'PaymentsUnavailableError';
}

/** Any other refusal of what we sent (400, 404, idempotency conflicts): a bug or stale ids on our side. */
export class PaymentsRequestError extends PaymentsError {
  override name = 'PaymentsRequestError';
  constructor(
    message: string,
    status: number,
    code: string | null,
    /** The request parameter at fault, when Stripe named one. */
    readonly param: string | null,
    requestId: string | null = null,
  ) {
    super(message, status, code, requestId);
  }
}

/** The SDK's failure as one of the classes above; anything else passes through unchanged. */
export function paymentsErrorOf(error: unknown): unknown {
  if (error instanceof PaymentsError || !(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode ?? 0;
  const code = error.code ?? null;
  const requestId = error.requestId ?? null;
  const message = `Stripe ${status || 'sin respuesta'}${code ? ` ${code}` : ''}: ${error.message || 'sin detalle'}`;
  if (error instanceof Stripe.errors.StripeCardError)
    // The SDK sets `decline_code` to '' on card errors that carry none.
    return new CardError(message, code, error.decline_code || null, error.param ?? null, requestId, status || 402);
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return new PaymentsAuthError(message, status, code, requestId);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    status >= 500
  )
    return new PaymentsUnavailableError(message, status, code, requestId);
  return new PaymentsRequestError(message, status, code, error.param ?? null, requestId);
}
