import type { components } from '../../shared/api/app.gen';

export type ErrorBody = components['schemas']['Error'];
type FieldError = components['schemas']['FieldError'];

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
 * A data call the server refused because the store has neither plan nor trial (402 `subscription_required`,
 * the contract's `x-requires-plan`): the page says so and leads to the plans, instead of a failure.
 */
export function isSubscriptionRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402 && error.code === 'subscription_required';
}

/** Why a load failed, as the merchant can act on it: their connection, or our side. */
export type FailureCause = 'network' | 'server';

const CONNECTION_KINDS: ReadonlySet<ErrorKind> = new Set(['NETWORK_ERROR', 'TIMEOUT_ERROR', 'CONNECTION_ERROR']);

/**
 * `network` when no answer came back (offline, timed out, the connection dropped); `server` for
 * anything else: an error status, a cancellation, a failure that was not a call's.
 */
export function failureCauseOf(error: unknown): FailureCause {
  if (!(error instanceof ApiError)) return 'server';
  const noAnswer = error.status === 0 && error.kind !== 'CANCEL_ERROR';
  return CONNECTION_KINDS.has(error.kind) || noAnswer ? 'network' : 'server';
}

/** What an openapi-fetch call resolves to, as `unwrap` reads it. */
export type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * Unwraps an openapi-fetch result: the data when the response was OK, otherwise throws ApiError.
 * Use it inside query functions so every caller sees the same error shape.
 */
export function unwrap<T>(result: FetchResult<T>): T {
  if (result.response.ok && result.error === undefined) return result.data as T;
  throw new ApiError(result.response.status, errorBodyOf(result.error));
}

/**
 * Which answers carry words for the person who made the call. The server writes every message in
 * Spanish, but a screen may prefer its own words for some of them.
 * - `refusals`: 4xx, what to correct (a taken address, a limit); server errors get the screen's words.
 * - `any`: every answer with a message, server errors included.
 * - a list: only those statuses (sign-in shows the lockout and the refused origin, nothing else).
 */
export type ServerMessagePolicy = 'refusals' | 'any' | readonly number[];

/** The screen's own words for a failed call, already translated. */
export interface ApiErrorTexts {
  /** When nothing better is known: a server error, a failure that was not a call's. */
  failed: string;
  /** No answer at all (status 0); `failed` when absent. */
  network?: string | undefined;
  /** Words for particular statuses (401 on sign-in); they win over the server's. */
  statuses?: Partial<Record<number, string>> | undefined;
  /** `refusals` when absent. */
  serverMessages?: ServerMessagePolicy | undefined;
}

/** What a failed call means to the person who made it. */
export interface ApiErrorDescription {
  /** The HTTP status; 0 when no answer came; undefined when the failure was not a call's (a bug). */
  status: number | undefined;
  /** One sentence for an alert or a toast, in Spanish. */
  message: string;
  /** `message` is the server's own. */
  fromServer: boolean;
}

function showsServerMessage(policy: ServerMessagePolicy, status: number): boolean {
  if (policy === 'any') return true;
  if (policy === 'refusals') return status >= 400 && status <= 499;
  return policy.includes(status);
}

/** The one mapping from a failed call to Spanish text, for every container. */
export function describeApiError(error: unknown, texts: ApiErrorTexts): ApiErrorDescription {
  if (!(error instanceof ApiError)) return { status: undefined, message: texts.failed, fromServer: false };
  const { status, body } = error;
  const described = (message: string, fromServer = false): ApiErrorDescription => ({ status, message, fromServer });
  const own = texts.statuses?.[status];
  if (own !== undefined) return described(own);
  if (status === 0) return described(texts.network ?? texts.failed);
  if (body?.message && showsServerMessage(texts.serverMessages ?? 'refusals', status)) return described(body.message, true);
  return described(texts.failed);
}

/**
 * The server's words for each field a refusal named, the first one per field in the server's order, keyed
 * by the form field `fieldOf` says its path belongs to (null: none of the form's); without `fieldOf`, by the
 * path as the server wrote it (`rules.blocks.0.conditions.1.to`). `refusal` is what a failed call threw,
 * or the error body an answer carried (a redirect's). The one reading of `fieldErrors` for every form.
 */
export function serverFieldErrorsOf<Field extends string = string>(
  refusal: unknown,
  fieldOf?: (path: string) => Field | null,
): Partial<Record<Field, string>> {
  const body = refusal instanceof ApiError ? refusal.body : errorBodyOf(refusal);
  const found: Partial<Record<Field, string>> = {};
  for (const { field, message } of body?.fieldErrors ?? ([] as FieldError[])) {
    const name = fieldOf ? fieldOf(field) : (field as Field);
    if (name !== null) found[name] ??= message;
  }
  return found;
}

/**
 * The field of `fields` a path in the body ends with: the server names fields by their path (`store.url`,
 * `shopifySettings.accessToken`), a form by their last name.
 */
export function lastNameIn<Field extends string>(fields: readonly Field[]): (path: string) => Field | null {
  return (path) => {
    const name = path.split('.').pop() ?? path;
    return (fields as readonly string[]).includes(name) ? (name as Field) : null;
  };
}
