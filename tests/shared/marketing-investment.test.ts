import { describe, expect, it } from 'vitest';
import { MARKETING_INVESTMENT_MAX, marketingInvestmentSchema } from '../../src/shared/marketing-investment';

const messageOf = (amount: number) => marketingInvestmentSchema.safeParse({ year: 2026, amount }).error?.issues[0]?.message;

describe('marketingInvestmentSchema', () => {
  it('takes any amount from 0 to the maximum', () => {
    expect(marketingInvestmentSchema.parse({ year: 2026, amount: 0 })).toEqual({ year: 2026, amount: 0 });
    expect(marketingInvestmentSchema.parse({ year: 2026, amount: MARKETING_INVESTMENT_MAX }).amount).toBe(MARKETING_INVESTMENT_MAX);
  });

  it('calls an empty field required, not zero', () => {
    expect(messageOf(Number.NaN)).toBe('investment.errors.required');
  });

  it('refuses amounts below 0 and above the maximum', () => {
    expect(messageOf(-1)).toBe('investment.errors.belowMinimum');
    expect(messageOf(MARKETING_INVESTMENT_MAX + 1)).toBe('investment.errors.aboveMaximum');
  });
});
