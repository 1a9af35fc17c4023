import type { GraphErrorBody } from './types.ts';

/*
 * One class per thing a caller decides on, from Meta's error object (code, error_subcode, type,
 * error_user_msg, fbtrace_id). Messages a merchant reads are written by the feature, in Spanish; these
 * carry Meta's own fields for logs and for the texts that quote the platform (SPEC §8).
 */

export class MetaError extends Error {
  override name = 'MetaError';
  constructor(
    message: string,
    /** HTTP status; 0 when Meta did not answer. */
    readonly status: number,
    /** Meta's error object, when it sent one. */
    readonly graph: GraphErrorBody | null = null,
  ) {
    super(message);
  }

  get code(): number | null {
    return this.graph?.code ?? null;
  }

  get subcode(): number | null {
    return this.graph?.error_subcode ?? null;
  }

  /** The text Meta writes for the user (error_user_msg), else its message. */
  get userMessage(): string {
    return this.graph?.error_user_msg ?? this.graph?.message ?? this.message;
  }
}

/**
 * The token no longer works (code 190, any subcode: expired 463, changed password 460, app removed 458,
 * session invalidated 467…, or 102): the connection must be renewed with Facebook Login.
 */
export class MetaTokenError extends MetaError {
  override name = 'MetaTokenError';
}

/** A permission the call needs was not granted (codes 10, 200–299). */
export class MetaPermissionError extends MetaError {
  override name = 'MetaPermissionError';
}

/**
 * The ad account's Custom Audience terms are not accepted (code 200 subcode 1870034; 2655 and 2663 from
 * older answers): the merchant accepts them at Business Suite (`customAudienceTermsUrl`), then it works.
 */
export class MetaTermsNotAcceptedError extends MetaPermissionError {
  override name = 'MetaTermsNotAcceptedError';
}

/**
 * Throttled (codes 4, 17, 32, 613, 80000–80014), past the client's patience: try again in
 * `retryAfterSeconds` (from estimated_time_to_regain_access or the ad account's reset time).
 */
export class MetaThrottledError extends MetaError {
  override name = 'MetaThrottledError';
  constructor(
    message: string,
    status: number,
    graph: GraphErrorBody | null,
    readonly retryAfterSeconds: number,
  ) {
    super(message, status, graph);
  }
}

/** 5xx or a transient error (codes 1, 2, is_transient) after the client's retries, or no answer at all. */
export class MetaUnavailableError extends MetaError {
  override name = 'MetaUnavailableError';
}

/**
 * No answer at all: the connection failed or the call timed out. `maybeReached` is false only when the request
 * surely never got to Meta (connection refused): otherwise Meta may have done what was asked.
 */
export class MetaNoAnswerError extends MetaUnavailableError {
  override name = 'MetaNoAnswerError';
  constructor(
    message: string,
    readonly maybeReached: boolean,
    readonly timedOut: boolean,
  ) {
    super(message, 0);
  }
}

/** Code 100 with a missing object (subcode 33) or 803: the id does not exist or the user cannot see it. */
export class MetaNotFoundError extends MetaError {
  override name = 'MetaNotFoundError';
}

/**
 * A file address Meta gave (a WhatsApp media url) no longer serves it: its minutes are over, or the file is gone.
 * Graph gives a new address for the same id while it keeps the file.
 */
export class MetaUrlExpiredError extends MetaError {
  override name = 'MetaUrlExpiredError';
}

/** The bytes a file address served are not the file Meta described (its sha256 or its size differ). */
export class MetaFileMismatchError extends MetaError {
  override name = 'MetaFileMismatchError';
}

/** Any other refusal of what we sent (code 100 invalid parameter, 2635 deprecated version…). */
export class MetaRequestError extends MetaError {
  override name = 'MetaRequestError';
}

/**
 * The subcodes of the Marketing API's refusals of what an object would become (code 100). Meta's answers
 * show budgetTooLow, invalidTargeting, cantEdit, termsNotAccepted and audienceTooLowToRemove; Meta's
 * reference names no subcode for the others, so the sandbox gives each one of its own in the same range,
 * for callers and tests to tell them apart.
 */
export const AD_SUBCODES = {
  budgetTooLow: 1885272,
  invalidTargeting: 1487079,
  cantEdit: 1487056,
  termsNotAccepted: 1870034,
  audienceTooLowToRemove: 1870047,
  endBeforeStart: 1885901,
  startTooEarly: 1885902,
  tooManyInterests: 1885903,
  audienceNotReady: 1885904,
  audienceTooSmall: 1885905,
  imageTooSmall: 1885906,
  notAnImage: 1885907,
  carouselCards: 1885908,
  textTooLong: 1885909,
  invalidUrl: 1885910,
  imageNotFound: 1885911,
  videoNotFound: 1885912,
  videoNotReady: 1885913,
  invalidPage: 1885914,
  invalidInstagramAccount: 1885915,
  invalidPixel: 1885916,
  productSetNotFound: 1885917,
  dataNotHashed: 1885918,
  invalidParent: 1885919,
  invalidDate: 1885920,
} as const;
