import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { passesLuhn } from '../../../../shared/cards.ts';
import { TEST_CARDS, type TestCard, type TestCardFailure } from '../types.ts';
import type { Params } from './params.ts';
import { cardError, missingParam } from './stripe-errors.ts';

/*
 * Card tokenisation with Stripe's checks (number shape and Luhn, expiry, CVC shape) and what each test
 * card does later. The number and CVC are read once, here, and never kept: a payment method remembers
 * only its public details (brand, last 4, expiry) and the behaviour of the test card it came from.
 */

export interface CardBehaviour {
  failsAt: TestCardFailure;
  code?: string;
  declineCode?: string;
}

/** Why the issuer refused a setup or a charge, as Stripe words it. */
export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
  param?: string;
}

/** Further numbers of Stripe's testing docs that simply succeed, so the usual ones all work. */
const MORE_SUCCEEDING: Record<string, Stripe.PaymentMethod.Card['brand']> = {
  '4000056655665556': 'visa',
  '4012888888881881': 'visa',
  '5200828282828210': 'mastercard',
  '5105105105105100': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
  '371449635398431': 'amex',
  '6011111111111117': 'discover',
};

const LIVE_CARD_MESSAGE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

const MESSAGES: Record<string, { message: string; param?: string }> = {
  card_declined: { message: 'Your card was declined.' },
  expired_card: { message: 'Your card has expired.', param: 'exp_month' },
  incorrect_cvc: { message: "Your card's security code is incorrect.", param: 'cvc' },
};

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(number)) return 'diners';
  return 'unknown';
}

function behaviourOf(number: string): CardBehaviour {
  const known = (TEST_CARDS as Record<string, TestCard>)[number];
  if (known)
    return {
      failsAt: known.failsAt,
      ...(known.code ? { code: known.code } : {}),
      ...(known.declineCode ? { declineCode: known.declineCode } : {}),
    };
  if (MORE_SUCCEEDING[number]) return { failsAt: 'never' };
  // Stripe's test mode declines real card numbers at the first check with the issuer.
  return { failsAt: 'setup', code: 'card_declined', declineCode: 'test_mode_live_card' };
}

function declineOf(behaviour: CardBehaviour): CardDecline {
  const code = behaviour.code ?? 'card_declined';
  if (behaviour.declineCode === 'test_mode_live_card') return { code, declineCode: behaviour.declineCode, message: LIVE_CARD_MESSAGE };
  const words = MESSAGES[code] ?? MESSAGES.card_declined!;
  return { code, ...(behaviour.declineCode ? { declineCode: behaviour.declineCode } : {}), ...words };
}

/** The refusal when a card is attached or set up (Stripe checks it with the issuer), or null. */
export const setupDecline = (behaviour: CardBehaviour): CardDecline | null => (behaviour.failsAt === 'setup' ? declineOf(behaviour) : null);

/** The refusal when a card is charged, or null. */
export const chargeDecline = (behaviour: CardBehaviour): CardDecline | null =>
  behaviour.failsAt === 'setup' || behaviour.failsAt === 'charge' ? declineOf(behaviour) : null;

const refuse = (message: string, code: string, param: string) => cardError(message, code, { param });

export interface TokenisedCard {
  card: Stripe.PaymentMethod.Card;
  behaviour: CardBehaviour;
}

export type CardVault = ReturnType<typeof createCardVault>;

/** Tokenises cards and remembers, per payment method, only how its test card behaves. */
export function createCardVault(fingerprintKey: string) {
  const behaviours = new Map<string, CardBehaviour>();

  return {
    /** Reads `card[…]` as Stripe.js sends it; refuses what Stripe refuses, with its codes (402 card_error). */
    tokenise(card: Params | undefined, nowMs: number): TokenisedCard {
      if (!card) throw missingParam('card');
      card.only(['number', 'exp_month', 'exp_year', 'cvc', 'networks']);
      const raw = card.requiredString('number');
      const number = raw.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(number)) throw refuse('Your card number is not a valid credit card number.', 'invalid_number', 'number');
      if (!passesLuhn(number)) throw refuse('Your card number is incorrect.', 'incorrect_number', 'number');

      const monthText = card.requiredString('exp_month');
      const yearText = card.requiredString('exp_year');
      const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : Number.NaN;
      if (!(month >= 1 && month <= 12)) throw refuse("Your card's expiration month is invalid.", 'invalid_expiry_month', 'exp_month');
      const now = new Date(nowMs);
      const thisYear = now.getUTCFullYear();
      let year = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
      if (yearText.length === 2) year += 2000;
      if (!(year >= thisYear && year <= thisYear + 50))
        throw refuse("Your card's expiration year is invalid.", 'invalid_expiry_year', 'exp_year');
      if (year === thisYear && month < now.getUTCMonth() + 1)
        throw refuse("Your card's expiration month is invalid.", 'invalid_expiry_month', 'exp_month');

      const brand = brandOf(number);
      const cvc = card.string('cvc');
      if (cvc !== undefined && cvc !== '' && !(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc))
        throw refuse("Your card's security code is invalid.", 'invalid_cvc', 'cvc');

      return {
        card: {
          brand,
          checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvc ? 'unchecked' : null },
          country: 'US',
          display_brand: brand === 'amex' ? 'american_express' : brand,
          exp_month: month,
          exp_year: year,
          fingerprint: createHmac('sha256', fingerprintKey).update(number).digest('base64url').slice(0, 16),
          funding: 'credit',
          generated_from: null,
          last4: number.slice(-4),
          networks: { available: [brand], preferred: null },
          regulated_status: 'unregulated',
          three_d_secure_usage: { supported: true },
          wallet: null,
        },
        behaviour: behaviourOf(number),
      };
    },
    remember(paymentMethodId: string, behaviour: CardBehaviour) {
      behaviours.set(paymentMethodId, behaviour);
    },
    behaviour(paymentMethodId: string): CardBehaviour {
      return behaviours.get(paymentMethodId) ?? { failsAt: 'never' };
    },
  };
}
