import { z } from 'zod';
import { passesLuhn } from '../../../../shared/cards';
import type { CardDetails } from '../api/card-tokenizer';

/*
 * The card form's rules (SPEC §5 "Payment"), checked in the browser before the card goes to the processor,
 * which checks them again. Messages are keys of the `account` text group.
 */

/** The longest cardholder name the form takes. */
export const CARDHOLDER_NAME_MAX = 100;

/** Card numbers are 12 to 19 digits; spaces and dashes as people type them are dropped. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** MM/AA (or MM/AAAA, with or without the slash) as month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid through the last day of its expiry month. `today` is YYYY-MM-DD. */
export function isExpired(expiry: { month: number; year: number }, today: string): boolean {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

const required = (schema: z.ZodString) => schema.trim().min(1, 'errors.required');

/** The terms, accepted or not: subscribing and changing plan ask for them (the contract refuses a subscription without). */
const termsAccepted = (required: boolean) => z.boolean().refine((accepted) => accepted || !required, 'errors.termsRequired');

/** Changing plan asks only for the terms. */
export const planTermsSchema = z.object({ termsAccepted: termsAccepted(true) });

export type PlanTermsInput = z.input<typeof planTermsSchema>;

/**
 * The card's fields and, when the form asks for it (subscribing), the acceptance of the terms. The output
 * is what the processor takes: digits only, month and year as numbers.
 */
export function cardFormSchema(today: string, { requireTerms = false }: { requireTerms?: boolean } = {}) {
  return z
    .object({
      cardholderName: required(z.string()).max(CARDHOLDER_NAME_MAX, 'errors.cardholderNameTooLong'),
      cardNumber: required(z.string()).refine((value) => passesLuhn(cardDigits(value)), 'errors.cardNumberInvalid'),
      expiry: required(z.string())
        .refine((value) => parseExpiry(value) !== null, 'errors.expiryFormat')
        .refine((value) => {
          const expiry = parseExpiry(value);
          return expiry === null || !isExpired(expiry, today);
        }, 'errors.cardExpired'),
      cvc: required(z.string()).regex(/^\d{3,4}$/, 'errors.cvcInvalid'),
      country: z.string().min(1, 'errors.required'),
      termsAccepted: termsAccepted(requireTerms),
    })
    .transform((values): CardDetails => {
      const expiry = parseExpiry(values.expiry)!;
      return {
        cardholderName: values.cardholderName,
        number: cardDigits(values.cardNumber),
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc,
        country: values.country,
      };
    });
}

export type CardFormInput = z.input<ReturnType<typeof cardFormSchema>>;

/** The form's fields, for errors that come back from the processor or the server. */
export type CardFormField = keyof CardFormInput;
