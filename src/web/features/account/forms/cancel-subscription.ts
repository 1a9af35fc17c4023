import { z } from 'zod';
import type { components } from '../../../../shared/api/app.gen';

type CancelSubscriptionRequest = components['schemas']['CancelSubscriptionRequest'];
export type CancelReason = components['schemas']['CancelReason'];

/** SPEC §3 cancellation reasons, in the order the form lists them; the values go to the server as they are. */
export const CANCEL_REASONS = [
  'NO LONGER USE',
  'NOT SATISFIED WITH FEATURES',
  'TOO EXPENSINVE',
  'FOUND BETTER ALTERNATIVE',
  'OTHER REASONS',
] as const satisfies readonly CancelReason[];

/** The contract's limit on what the merchant may add in their own words. */
export const CANCEL_DETAILS_MAX = 500;

// Control characters but line breaks and tabs, which a text of several lines keeps.
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Mirrors `CancelSubscriptionRequest`: a reason is required (SPEC §5), the free text is optional. Messages
 * are keys of the `cancelSubscription` text group.
 */
export const cancelSubscriptionSchema = z
  .object({
    // Empty until one is chosen: the radio group starts with none.
    reason: z.string().refine((value) => (CANCEL_REASONS as readonly string[]).includes(value), 'errors.reasonRequired'),
    details: z
      .string()
      .max(CANCEL_DETAILS_MAX, 'errors.detailsTooLong')
      .refine((value) => !CONTROL_BUT_LINES.test(value), 'errors.controlCharacters'),
  })
  .transform((values): CancelSubscriptionRequest => {
    const details = values.details.trim();
    return { reason: values.reason as CancelReason, ...(details ? { details } : {}) };
  });

export type CancelSubscriptionInput = z.input<typeof cancelSubscriptionSchema>;
