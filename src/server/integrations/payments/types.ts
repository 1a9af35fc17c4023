import Stripe from 'stripe';

/*
 * The card processor is Stripe. Its own shapes come from the official SDK (`Stripe.Subscription`,
 * `Stripe.Invoice`…, written from Stripe's API reference for the version below); this file holds the
 * constants both the client and the sandbox agree on, and the few small shapes our callers use.
 */

/** The API version the SDK pins (sent as `Stripe-Version`); the sandbox answers in it. */
export const STRIPE_API_VERSION = Stripe.API_VERSION;
/** Stripe's API host; the SDK's paths all start with `/v1/`. */
export const REAL_STRIPE_API_BASE = 'https://api.stripe.com';

/**
 * The sandbox's keys: fixed, public and plainly fake, so a developer can paste them anywhere.
 * The secret key may do everything; the publishable key may only tokenise a card, as in a browser.
 */
export const SANDBOX_KEYS = {
  secret: 'sk_test_recompra_sandbox',
  publishable: 'pk_test_recompra_sandbox',
  webhookSecret: 'whsec_recompra_sandbox',
} as const;

/** Where a test card fails: never, when tokenised, when attached or set up (and so on every charge), or only when charged. */
export type TestCardFailure = 'never' | 'tokenisation' | 'setup' | 'charge';

export interface TestCard {
  brand: 'visa' | 'mastercard';
  does: string;
  failsAt: TestCardFailure;
  /** Stripe's error `code` and, for issuer declines, its `decline_code`. */
  code?: string;
  declineCode?: string;
}

/** The test card numbers of Stripe's testing docs we rely on, and what each does (any future expiry, any CVC). */
export const TEST_CARDS = {
  '4242424242424242': { brand: 'visa', does: 'succeeds', failsAt: 'never' },
  '5555555555554444': { brand: 'mastercard', does: 'succeeds', failsAt: 'never' },
  '4000000000000002': {
    brand: 'visa',
    does: 'generic decline, already when set up',
    failsAt: 'setup',
    code: 'card_declined',
    declineCode: 'generic_decline',
  },
  '4000000000000069': {
    brand: 'visa',
    does: 'expired card, already when set up',
    failsAt: 'setup',
    code: 'expired_card',
    declineCode: 'expired_card',
  },
  '4242424242424241': {
    brand: 'visa',
    does: 'incorrect number: refused when tokenised (Luhn)',
    failsAt: 'tokenisation',
    code: 'incorrect_number',
  },
  '4000000000000127': {
    brand: 'visa',
    does: 'incorrect CVC, already when set up',
    failsAt: 'setup',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
  },
  '4000000000000341': {
    brand: 'visa',
    does: 'attaches and sets up, but every charge is declined (the card that fails on renewal)',
    failsAt: 'charge',
    code: 'card_declined',
    declineCode: 'generic_decline',
  },
} as const satisfies Record<string, TestCard>;

export type TestCardNumber = keyof typeof TEST_CARDS;

/**
 * Dunning, as Stripe's Smart Retries settings would be set for us: an invoice that fails at renewal is
 * tried again this many days after that first failed attempt (so 4 attempts in all). When the last
 * one fails the subscription is canceled and the invoice marked uncollectible, so nothing charges the
 * card later for a plan that has ended; the merchant subscribes again.
 */
export const RETRY_SCHEDULE_DAYS = [3, 5, 7] as const;
export const INVOICE_ATTEMPTS = 1 + RETRY_SCHEDULE_DAYS.length;
export const WHEN_ATTEMPTS_EXHAUSTED = { subscription: 'cancel', invoice: 'mark_uncollectible' } as const;

/** Stripe sends `customer.subscription.trial_will_end` this long before a trial ends. */
export const TRIAL_WILL_END_NOTICE_SECONDS = 3 * 86_400;

/** What we show of a saved card: never more than Stripe returns. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  country: string | null;
}

export const cardSummaryOf = (paymentMethod: Stripe.PaymentMethod): CardSummary => {
  const card = paymentMethod.card;
  if (!card) throw new TypeError(`The payment method ${paymentMethod.id} is not a card.`);
  return { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, country: card.country };
};
