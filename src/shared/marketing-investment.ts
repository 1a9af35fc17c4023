import { z } from 'zod';
import type { components } from './api/app.gen';
import { CALENDAR_YEARS } from './date-rules';

type MarketingInvestmentRequest = components['schemas']['MarketingInvestmentRequest'];

/** SPEC §5: the yearly marketing investment is required, at least 0 and not above this (CLP). */
export const MARKETING_INVESTMENT_MAX = 100_000_000_000;

/**
 * Mirrors `MarketingInvestmentRequest`; the messages are keys of the `dashboard` text group. The
 * field arrives as the number input's text, so an empty field is "required", not zero.
 */
export const marketingInvestmentSchema = z.strictObject({
  // Not a field of the form (the dashboard's year is), so it needs no words of its own.
  year: z.number().int().min(CALENDAR_YEARS.first).max(CALENDAR_YEARS.last),
  amount: z
    .number({ error: 'investment.errors.required' })
    .min(0, 'investment.errors.belowMinimum')
    .max(MARKETING_INVESTMENT_MAX, 'investment.errors.aboveMaximum'),
}) satisfies z.ZodType<MarketingInvestmentRequest, MarketingInvestmentRequest>;

export type MarketingInvestmentInput = z.input<typeof marketingInvestmentSchema>;
