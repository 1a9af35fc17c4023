import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../../../src/shared/cards';
import { cancelSubscriptionSchema } from '../../../../src/web/features/account/forms/cancel-subscription';
import { cardFormSchema, isExpired, parseExpiry } from '../../../../src/web/features/account/forms/card-form';

const valid = {
  cardholderName: ' Camila Soto ',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  country: 'CL',
  termsAccepted: false,
};

const messagesOf = (input: typeof valid, requireTerms = false) => {
  const result = cardFormSchema('2026-03-15', { requireTerms }).safeParse(input);
  // The first message per field, as the form shows it.
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('the card form (SPEC §5 Payment)', () => {
  it('hands the processor digits, month and four-digit year', () => {
    expect(cardFormSchema('2026-03-15').parse(valid)).toEqual({
      cardholderName: 'Camila Soto',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2028,
      cvc: '123',
      country: 'CL',
    });
  });

  it('requires every field', () => {
    expect(messagesOf({ ...valid, cardholderName: ' ', cardNumber: '', expiry: '', cvc: '' })).toEqual({
      cardholderName: 'errors.required',
      cardNumber: 'errors.required',
      expiry: 'errors.required',
      cvc: 'errors.required',
    });
  });

  it('refuses a mistyped number, a bad security code and an expired card', () => {
    expect(messagesOf({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'errors.cardNumberInvalid' });
    expect(messagesOf({ ...valid, cvc: '12' })).toEqual({ cvc: 'errors.cvcInvalid' });
    expect(messagesOf({ ...valid, expiry: '02/26' })).toEqual({ expiry: 'errors.cardExpired' });
    expect(messagesOf({ ...valid, expiry: '13/28' })).toEqual({ expiry: 'errors.expiryFormat' });
  });

  it('asks for the terms only when subscribing', () => {
    expect(messagesOf(valid)).toEqual({});
    expect(messagesOf(valid, true)).toEqual({ termsAccepted: 'errors.termsRequired' });
    expect(messagesOf({ ...valid, termsAccepted: true }, true)).toEqual({});
  });

  it('checks the pieces on their own', () => {
    expect(passesLuhn('4000000000000069')).toBe(true);
    expect(passesLuhn('12345')).toBe(false);
    expect(parseExpiry('03/2027')).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry('0327')).toEqual({ month: 3, year: 2027 });
    // Valid through the last day of its month.
    expect(isExpired({ month: 3, year: 2026 }, '2026-03-31')).toBe(false);
    expect(isExpired({ month: 2, year: 2026 }, '2026-03-01')).toBe(true);
  });
});

describe('the cancellation form', () => {
  it('sends the contract\'s reason as it is, "TOO EXPENSINVE" included, and the details trimmed', () => {
    expect(cancelSubscriptionSchema.parse({ reason: 'TOO EXPENSINVE', details: '  Muy caro  ' })).toEqual({
      reason: 'TOO EXPENSINVE',
      details: 'Muy caro',
    });
    expect(cancelSubscriptionSchema.parse({ reason: 'OTHER REASONS', details: '   ' })).toEqual({ reason: 'OTHER REASONS' });
  });

  it('requires a reason and keeps the details to 500 characters', () => {
    const issues = (input: { reason: string; details: string }) =>
      cancelSubscriptionSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(issues({ reason: '', details: '' })).toEqual(['errors.reasonRequired']);
    expect(issues({ reason: 'NO LONGER USE', details: 'x'.repeat(501) })).toEqual(['errors.detailsTooLong']);
  });
});
