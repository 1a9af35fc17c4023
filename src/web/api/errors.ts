import type { components } from '../../shared/api/app.gen';

export type ErrorBody = components['schemas']['Error'];

/** SPEC §8 response classes. */
export type ErrorKind =
  | 'CLIENT_ERROR'
  | 'SERVER_ERROR'
  | 'TIMEOUT_ERROR'
  | 'CONNECTION_ERROR'
  | 'NETWORK_ERROR'
  | 'CANCEL_ERROR'
  | 'UNKNOWN_ERROR';

/**
 * The one error a failed product call throws. `status` is the HTTP status, or 0 when no
 * response arrived (network failure, timeout, cancellation).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ErrorKind;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body?: ErrorBody, kind: ErrorKind = kindOfStatus(status), options?: ErrorOptions) {
    super(body?.message ?? `HTTP ${status}`, options);
    this.status = status;
    this.body = body;
    this.kind = kind;
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export function kindOfStatus(status: number): ErrorKind {
  if (status >= 400 && status <= 499) return 'CLIENT_ERROR';
  if (status >= 500 && status <= 599) return 'SERVER_ERROR';
  return 'UNKNOWN_ERROR';
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

/** SPEC §8: the first element when the data is an array, otherwise the data itself. */
export function errorBodyOf(data: unknown): ErrorBody | undefined {
  const candidate: unknown = Array.isArray(data) ? data[0] : data;
  return isErrorBody(candidate) ? candidate : undefined;
}

/** Turns what `fetch` threw (no response at all) into an ApiError with status 0. */
export function networkError(cause: unknown): ApiError {
  const name = cause instanceof Error ? cause.name : undefined;
  const kind: ErrorKind = name === 'AbortError' ? 'CANCEL_ERROR' : name === 'TimeoutError' ? 'TIMEOUT_ERROR' : 'NETWORK_ERROR';
  return new ApiError(0, undefined, kind, { cause });
}

/**
 * Unwraps an openapi-fetch result: the data when the response was OK, otherwise throws ApiError.
 * Use it inside query functions so every caller sees the same error shape.
 */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new ApiError(result.response.status, errorBodyOf(result.error));
}
