import { z } from 'zod';
import type { components } from './api/app.gen';

type MarketingInvestmentRequest = components['schemas']['MarketingInvestmentRequest'];

/** SPEC §5: the yearly marketing investment is required, at least 0 and not above this (CLP). */
export const MARKETING_INVESTMENT_MAX = 100_000_000_000;

/**
 * Mirrors `MarketingInvestmentRequest`; the messages are keys of the `dashboard` text group. The
 * field arrives as the number input's text, so an empty field is "required", not zero.
 */
export const marketingInvestmentSchema = z.strictObject({
  year: z.number().int().min(2000).max(2100),
  amount: z
    .number({ error: 'investment.errors.required' })
    .min(0, 'investment.errors.belowMinimum')
    .max(MARKETING_INVESTMENT_MAX, 'investment.errors.aboveMaximum'),
}) satisfies z.ZodType<MarketingInvestmentRequest, MarketingInvestmentRequest>;

export type MarketingInvestmentInput = z.input<typeof marketingInvestmentSchema>;
