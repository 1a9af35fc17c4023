import { z } from 'zod';
import type { components } from './api/backend.gen';
import { ACCESS_TOKEN_PATTERN, withoutControlCharacters } from './text-rules';

type ShopifySettings = components['schemas']['ShopifySettings'];
type ShopifyInstallRequest = components['schemas']['ShopifyInstallRequest'];

/** SPEC §5 limits of the store form, as `ShopifySettings` of openapi/backend.yaml states them. */
export const SHOPIFY_SETTINGS_LIMITS = { name: 100, url: 255, accessToken: 255, webhookSecret: 255 } as const;

/** The shop's address, as the store form and "Conectar con Shopify" take it. */
const shopAddress = withoutControlCharacters(
  z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.url, 'storeForm.errors.urlTooLong'),
  'storeForm.errors.controlCharacters',
);

/** Mirrors `ShopifySettings`; the messages are keys of the `integrations` text group. */
export const shopifySettingsSchema = z.strictObject({
  name: withoutControlCharacters(
    z.string().trim().min(1, 'storeForm.errors.required').max(SHOPIFY_SETTINGS_LIMITS.name, 'storeForm.errors.nameTooLong'),
    'storeForm.errors.controlCharacters',
  ),
  url: shopAddress,
  // Visible ASCII covers control characters too, and says what a token is made of, as the contract does.
  accessToken: z
    .string()
    .trim()
    .min(1, 'storeForm.errors.required')
    .max(SHOPIFY_SETTINGS_LIMITS.accessToken, 'storeForm.errors.accessTokenTooLong')
    .regex(ACCESS_TOKEN_PATTERN, 'storeForm.errors.accessTokenInvalid'),
  // The advanced part: the secret of the shop's own app, which signs its webhooks. Empty is the same as none.
  webhookSecret: z
    .string()
    .trim()
    .max(SHOPIFY_SETTINGS_LIMITS.webhookSecret, 'storeForm.errors.webhookSecretTooLong')
    .regex(ACCESS_TOKEN_PATTERN, 'storeForm.errors.webhookSecretInvalid')
    .optional(),
}) satisfies z.ZodType<ShopifySettings, ShopifySettings>;

export type ShopifySettingsInput = z.input<typeof shopifySettingsSchema>;

/** Mirrors `ShopifyInstallRequest` without the page to come back to, which the app picks: "Conectar con Shopify". */
export const shopifyInstallSchema = z.strictObject({ url: shopAddress }) satisfies z.ZodType<
  Omit<ShopifyInstallRequest, 'returnTo'>,
  Omit<ShopifyInstallRequest, 'returnTo'>
>;

export type ShopifyInstallInput = z.input<typeof shopifyInstallSchema>;
