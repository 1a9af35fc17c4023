import { MetaError, MetaNoAnswerError } from '../errors.ts';

/*
 * Meta's refusals of a message template: code 100 ("Invalid parameter") with a subcode and a title and
 * text for the person (error_user_title, error_user_msg). Meta's answers show nameTaken,
 * nameBeingDeleted, characterLimit, headerFormat, missingExamples, variablesAtEdges and tooManyVariables;
 * Meta names no subcode for the others in its reference, so the sandbox gives each one of its own in the
 * same range, for callers and tests to tell them apart. The errors themselves are meta/errors.ts's.
 */
export const TEMPLATE_SUBCODES = {
  nameBeingDeleted: 2388023,
  nameTaken: 2388024,
  characterLimit: 2388040,
  missingExamples: 2388043,
  headerFormat: 2388047,
  tooManyVariables: 2388293,
  variablesAtEdges: 2388299,
  invalidName: 2388901,
  invalidVariables: 2388902,
  invalidButtons: 2388903,
  invalidPhoneNumber: 2388904,
  invalidUrl: 2388905,
  notEditable: 2388906,
  editLimit: 2388907,
  categoryLocked: 2388908,
  templateNotFound: 2388909,
  invalidHeaderHandle: 2388910,
} as const;

/**
 * The refusals the templates feature tells the merchant apart (SPEC §8), by our own codes: 2046 too many
 * variables for the text's length, 2047 a template with that name exists (or was deleted less than 30 days
 * ago), 2048 the button's phone number is not valid. Any other refusal is shown with Meta's own text.
 */
export const TEMPLATE_REFUSAL_CODES = { tooManyVariables: 2046, nameTaken: 2047, invalidPhoneNumber: 2048 } as const;
export type TemplateRefusalCode = (typeof TEMPLATE_REFUSAL_CODES)[keyof typeof TEMPLATE_REFUSAL_CODES];

/** Our refusal code for Meta's refusal of a template, or null when it is none of those SPEC §8 names. */
export function templateRefusalCode(error: unknown): TemplateRefusalCode | null {
  if (!(error instanceof MetaError) || error.code !== 100) return null;
  switch (error.subcode) {
    case TEMPLATE_SUBCODES.tooManyVariables:
      return TEMPLATE_REFUSAL_CODES.tooManyVariables;
    case TEMPLATE_SUBCODES.nameTaken:
    case TEMPLATE_SUBCODES.nameBeingDeleted:
      return TEMPLATE_REFUSAL_CODES.nameTaken;
    case TEMPLATE_SUBCODES.invalidPhoneNumber:
      return TEMPLATE_REFUSAL_CODES.invalidPhoneNumber;
    default:
      return null;
  }
}

/*
 * What a failed send means for the caller, from Meta's code, whether it came as the send's error or as a
 * `failed` status of the message's webhook (Meta reports some of the same codes either way).
 */

/**
 * - `retry`: try again with backoff (throughput 130429, 80007, 4; transient 131000, 1, 2, 131016, 5xx; no answer).
 * - `pairLimit`: too many messages to this person just now (131056): again after `retryAfterMs` (6 s).
 * - `marketingLimit`: Meta held it back for the person's marketing limit (131049): not again within 24 h.
 * - `stoppedMarketing`: the person stopped the business's marketing (131050): their consent is off.
 * - `undeliverable`: not a WhatsApp user or unreachable (131026).
 * - `outsideWindow`: free text more than 24 h after the person last wrote (131047): a template is needed.
 * - `templateUnavailable`: the template is paused (132015) or disabled (132016): the campaign pauses.
 * - `final`: anything else (bad parameters, unknown template, permissions…): do not repeat as it is.
 */
export type SendFailureKind =
  | 'retry'
  | 'pairLimit'
  | 'marketingLimit'
  | 'stoppedMarketing'
  | 'undeliverable'
  | 'outsideWindow'
  | 'templateUnavailable'
  | 'final';

export interface SendFailure {
  kind: SendFailureKind;
  /** Meta's code; null when Meta did not answer. */
  code: number | null;
  /** Meta's title (a webhook's `title`, an answer's `message`). */
  title: string;
  /** Meta's explanation (`error_data.details`), when it gave one. */
  details: string | null;
  /** The least wait before trying again, when Meta's rule says one (pair limit 6 s, marketing limit 24 h). */
  retryAfterMs: number | null;
  /** Meta may have sent the message although the call failed (no answer, a timeout): check before sending again. */
  inDoubt: boolean;
}

const RETRY_CODES = new Set([130429, 80007, 4, 131000, 1, 2, 131016, 133004]);
export const PAIR_LIMIT_WAIT_MS = 6_000;
export const MARKETING_LIMIT_WAIT_MS = 24 * 3_600_000;

function kindOf(code: number | null, status: number): { kind: SendFailureKind; retryAfterMs: number | null } {
  switch (code) {
    case 131056:
      return { kind: 'pairLimit', retryAfterMs: PAIR_LIMIT_WAIT_MS };
    case 131049:
      return { kind: 'marketingLimit', retryAfterMs: MARKETING_LIMIT_WAIT_MS };
    case 131050:
      return { kind: 'stoppedMarketing', retryAfterMs: null };
    case 131026:
      return { kind: 'undeliverable', retryAfterMs: null };
    case 131047:
      return { kind: 'outsideWindow', retryAfterMs: null };
    case 132015:
    case 132016:
      return { kind: 'templateUnavailable', retryAfterMs: null };
    default:
      if ((code !== null && RETRY_CODES.has(code)) || status >= 500 || status === 0) return { kind: 'retry', retryAfterMs: null };
      return { kind: 'final', retryAfterMs: null };
  }
}

/** A failed send's error (from `sendTemplate` or `sendText`), classified. */
export function classifySendFailure(error: unknown): SendFailure {
  if (!(error instanceof MetaError))
    return { kind: 'final', code: null, title: String(error), details: null, retryAfterMs: null, inDoubt: false };
  const graph = error.graph;
  const { kind, retryAfterMs } = kindOf(error.code, error.status);
  const noAnswer = error instanceof MetaNoAnswerError;
  return {
    kind,
    code: error.code,
    title: graph?.message ?? error.message,
    details: graph?.error_data?.details ?? null,
    retryAfterMs,
    // No answer, or a server failure without Meta's verdict: the message may have gone.
    inDoubt: noAnswer ? error.maybeReached : error.status >= 500 && graph === null,
  };
}

/** A `failed` status's error (the `messages` webhook's `errors[]`), classified. */
export function classifyStatusError(error: { code: number; title: string; details?: string | null }): SendFailure {
  const { kind, retryAfterMs } = kindOf(error.code, 400);
  return { kind, code: error.code, title: error.title, details: error.details ?? null, retryAfterMs, inDoubt: false };
}

/** How long to wait before the n-th retry (from 0) of a retryable send: 1 s doubling to at most a minute, with jitter. */
export function sendBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + random() * (base / 2));
}
