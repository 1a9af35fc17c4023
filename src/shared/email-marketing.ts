import { z } from 'zod';
import type { components } from './api/app.gen';
import { withoutControlCharacters } from './text-rules';

type EmailMarketingSettings = components['schemas']['EmailMarketingSettings'];

/** SPEC §5 limit of the email-marketing form, as `EmailMarketingSettings` of openapi/app.yaml states it. */
export const EMAIL_MARKETING_LIMITS = { apiKey: 64 } as const;

/** Mirrors `EmailMarketingSettings`; the messages are keys of the `integrations` text group. */
export const emailMarketingSchema = z.strictObject({
  apiKey: withoutControlCharacters(
    z
      .string()
      .trim()
      .min(1, 'emailMarketingForm.errors.required')
      .max(EMAIL_MARKETING_LIMITS.apiKey, 'emailMarketingForm.errors.apiKeyTooLong'),
    'emailMarketingForm.errors.controlCharacters',
  ),
}) satisfies z.ZodType<EmailMarketingSettings, EmailMarketingSettings>;

export type EmailMarketingInput = z.input<typeof emailMarketingSchema>;
