import { z } from 'zod';
import type { components } from './api/backend.gen';
import { ACCESS_TOKEN_PATTERN, withoutControlCharacters } from './text-rules';

type ShopifySettings = components['schemas']['ShopifySettings'];

/** SPEC §5 limits of the store form, as `ShopifySettings` of openapi/backend.yaml states them. */
export const SHOPIFY_SETTINGS_LIMITS = { name: 100, url: 255, accessToken: 255 } as const;

/** Mirrors `ShopifySettings`; the messages are keys of the `integrations` text group. */
export const shopifySettingsSchema = z.strictObject({
  name: withoutControlCharacters(
    z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.name, 'storeForm.errors.nameTooLong'),
    'storeForm.errors.controlCharacters',
  ),
  url: withoutControlCharacters(
    z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.url, 'storeForm.errors.urlTooLong'),
    'storeForm.errors.controlCharacters',
  ),
  // Visible ASCII covers control characters too, and says what a token is made of, as the contract does.
  accessToken: z
    .string()
    .trim()
    .min(1, 'storeForm.errors.required')
    .max(SHOPIFY_SETTINGS_LIMITS.accessToken, 'storeForm.errors.accessTokenTooLong')
    .regex(ACCESS_TOKEN_PATTERN, 'storeForm.errors.accessTokenInvalid'),
}) satisfies z.ZodType<ShopifySettings, ShopifySettings>;

export type ShopifySettingsInput = z.input<typeof shopifySettingsSchema>;
