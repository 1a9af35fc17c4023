import { z } from 'zod';
import type { components } from './api/backend.gen';

type ShopifySettings = components['schemas']['ShopifySettings'];

/** SPEC §5 limits of the store form, as `ShopifySettings` of openapi/backend.yaml states them. */
export const SHOPIFY_SETTINGS_LIMITS = { name: 100, url: 255, accessToken: 255 } as const;

/** Mirrors `ShopifySettings`; the messages are keys of the `integrations` text group. */
export const shopifySettingsSchema = z.strictObject({
  name: z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.name, 'storeForm.errors.nameTooLong'),
  url: z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.url, 'storeForm.errors.urlTooLong'),
  accessToken: z
    .string()
    .trim()
    .min(1, 'storeForm.errors.required')
    .max(SHOPIFY_SETTINGS_LIMITS.accessToken, 'storeForm.errors.accessTokenTooLong'),
}) satisfies z.ZodType<ShopifySettings, ShopifySettings>;

export type ShopifySettingsInput = z.input<typeof shopifySettingsSchema>;
