/*
 * Stripe's error object: `{"error":{type, code, decline_code, message, param, doc_url, request_log_url}}`
 * with the status Stripe gives each kind. The server adds the request's log address when it answers.
 */

export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorFields {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  /** Objects Stripe puts beside a card error (`setup_intent`, `payment_method`, `payment_intent`), rendered. */
  [related: string]: unknown;
}

export class StripeApiError extends Error {
  override name = 'StripeApiError';
  constructor(
    readonly status: number,
    readonly fields: StripeErrorFields,
    readonly headers: Record<string, string> = {},
  ) {
    super(fields.message);
  }
}

export const docUrlOf = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) =>
  invalidRequest(
    `Received unknown parameter: ${param}. Did you mean to use a different parameter? See https://stripe.com/docs/api for the parameters this request takes.`,
    param,
    'parameter_unknown',
  );

/** A referenced object that does not exist: 404 when it is the path's object, 400 when a parameter names it. */
export const noSuch = (what: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    param: param ?? 'id',
  });

export const unrecognizedUrl = (method: string, url: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${url}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });

export const cardError = (message: string, code: string, extra: { decline_code?: string; param?: string } & Record<string, unknown> = {}) =>
  new StripeApiError(402, { type: 'card_error', message, code, ...extra });
