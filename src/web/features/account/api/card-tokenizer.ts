/*
 * The card processor's own API (Stripe's `POST /v1/payment_methods`, or its local sandbox), called from the
 * browser as Stripe.js does, so card numbers and security codes never reach our server: it only ever sees
 * the `pm_…` id. Typed by hand: this is the processor's contract, not ours.
 */

/** Where the catalogue says card details go, and with which public key. */
export interface CardProcessor {
  publishableKey: string;
  /** The API's address; empty for this page's own origin. */
  apiBase: string;
}

/** A card as the form read it; passed straight on, never kept. */
export interface CardDetails {
  cardholderName: string;
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The processor's answer: the id to send to our API, and what it tells of the card. */
export interface TokenizedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  country: string | null;
}

/** The card form's fields a refusal can point at. */
export type CardField = 'cardNumber' | 'expiry' | 'cvc';

/** Why the processor did not take the card: its code and the field it concerns, or no answer at all. */
export class CardTokenError extends Error {
  override readonly name = 'CardTokenError';
  readonly code: string | undefined;
  readonly field: CardField | undefined;
  /** `card`: the processor refused the details; `unavailable`: no usable answer came back. */
  readonly kind: 'card' | 'unavailable';

  constructor(kind: 'card' | 'unavailable', code?: string, options?: ErrorOptions) {
    super(code ?? kind, options);
    this.kind = kind;
    this.code = code;
    this.field = code === undefined ? undefined : FIELD_OF_CODE[code];
  }
}

/** The processor's error codes that name one of the form's fields. */
const FIELD_OF_CODE: Record<string, CardField> = {
  incorrect_number: 'cardNumber',
  invalid_number: 'cardNumber',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  expired_card: 'expiry',
  incorrect_cvc: 'cvc',
  invalid_cvc: 'cvc',
};

interface ProcessorPaymentMethod {
  id: string;
  object: 'payment_method';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string | null };
}

interface ProcessorError {
  error: { type: string; code?: string; param?: string; message?: string };
}

function isPaymentMethod(value: unknown): value is ProcessorPaymentMethod {
  const candidate = value as Partial<ProcessorPaymentMethod> | null;
  return typeof candidate?.id === 'string' && candidate.id.startsWith('pm_') && typeof candidate.card?.last4 === 'string';
}

function isProcessorError(value: unknown): value is ProcessorError {
  return typeof (value as Partial<ProcessorError> | null)?.error?.type === 'string';
}

/** `POST {apiBase}/v1/payment_methods`: the card becomes a payment-method id, or a CardTokenError says why not. */
export async function tokenizeCard(processor: CardProcessor, card: CardDetails, signal?: AbortSignal): Promise<TokenizedCard> {
  const body = new URLSearchParams({
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth).padStart(2, '0'),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
    'billing_details[name]': card.cardholderName,
    'billing_details[address][country]': card.country,
  });
  let response: Response;
  try {
    response = await globalThis.fetch(`${processor.apiBase.replace(/\/$/, '')}/v1/payment_methods`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${processor.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      signal,
      // The public key is the only credential; no cookie of ours goes to the processor.
      credentials: 'omit',
    });
  } catch (cause) {
    throw new CardTokenError('unavailable', undefined, { cause });
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && isPaymentMethod(answer)) {
    const { id, card: details } = answer;
    return {
      id,
      brand: details.brand,
      last4: details.last4,
      expMonth: details.exp_month,
      expYear: details.exp_year,
      country: details.country,
    };
  }
  if (isProcessorError(answer) && (response.status === 400 || response.status === 402)) {
    throw new CardTokenError('card', answer.error.code);
  }
  throw new CardTokenError('unavailable');
}
