import type { KlaviyoErrorObject } from './types.ts';

/*
 * One class per thing a caller decides on. Messages a merchant reads are written by the feature, in
 * Spanish; these carry Klaviyo's status, code and detail for logs.
 */

export class KlaviyoError extends Error {
  override name = 'KlaviyoError';
  constructor(
    message: string,
    /** Klaviyo's HTTP status; 0 when it did not answer. */
    readonly status: number,
    /** Klaviyo's error code (`not_authenticated`, `permission_denied`, `throttled`…), when it sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** 401: the key is not a key of any account (mistyped, revoked). */
export class KlaviyoAuthError extends KlaviyoError {
  override name = 'KlaviyoAuthError';
}

/** 403: the key lacks a scope the call needs. */
export class KlaviyoPermissionError extends KlaviyoError {
  override name = 'KlaviyoPermissionError';
}

/** 429 that outlasted the client's patience: try again in `retryAfterSeconds`. */
export class KlaviyoThrottledError extends KlaviyoError {
  override name = 'KlaviyoThrottledError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429, 'throttled');
  }
}

/** 5xx after the client's retries, or no answer at all: nothing to fix on our side but to wait. */
export class KlaviyoUnavailableError extends KlaviyoError {
  override name = 'KlaviyoUnavailableError';
}

/** 404: the list (or job) is gone, deleted in Klaviyo. */
export class KlaviyoNotFoundError extends KlaviyoError {
  override name = 'KlaviyoNotFoundError';
}

/** 400 and the other refusals of what we sent: a bug on our side, or data Klaviyo will not take. */
export class KlaviyoRequestError extends KlaviyoError {
  override name = 'KlaviyoRequestError';
}

/** What the SDK throws is an Axios error; only these parts of it matter here. */
interface HttpFailure {
  isAxiosError?: boolean;
  message?: string;
  code?: string;
  response?: { status: number; headers?: Record<string, unknown>; data?: unknown };
}

export const failureStatus = (error: unknown): number | null => (error as HttpFailure | null)?.response?.status ?? null;

/** Seconds from a `Retry-After` header (Klaviyo sends whole seconds), or null. */
export function retryAfterOf(error: unknown): number | null {
  const value = (error as HttpFailure | null)?.response?.headers?.['retry-after'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

function firstError(data: unknown): Partial<KlaviyoErrorObject> | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? (errors[0] as Partial<KlaviyoErrorObject>) : null;
}

/** The SDK's failure as one of the classes above; anything that is not an HTTP failure passes through. */
export function klaviyoErrorOf(error: unknown): unknown {
  if (error instanceof KlaviyoError) return error;
  const failure = error as HttpFailure | null;
  if (!failure?.isAxiosError) return error;
  const response = failure.response;
  if (!response) return new KlaviyoUnavailableError(`Klaviyo no respondió: ${failure.code ?? failure.message ?? 'sin respuesta'}`, 0);
  const detail = firstError(response.data);
  const message = `Klaviyo ${response.status}${detail?.code ? ` ${detail.code}` : ''}: ${detail?.detail ?? detail?.title ?? 'sin detalle'}`;
  const code = detail?.code ?? null;
  if (response.status === 401) return new KlaviyoAuthError(message, 401, code);
  if (response.status === 403) return new KlaviyoPermissionError(message, 403, code);
  if (response.status === 404) return new KlaviyoNotFoundError(message, 404, code);
  if (response.status === 429) return new KlaviyoThrottledError(message, retryAfterOf(error) ?? 1);
  if (response.status >= 500) return new KlaviyoUnavailableError(message, response.status, code);
  return new KlaviyoRequestError(message, response.status, code);
}
