import { z } from 'zod';

/**
 * U+0000 to U+001F and U+007F. Both contracts refuse them in every string a client sends
 * (`ControlCharacters` in openapi/*.yaml: "No puede contener caracteres de control."); the forms refuse
 * them first with the same words, under each text group's own key.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/** The text without control characters, else `message` (a text-group key). */
export function withoutControlCharacters(schema: z.ZodString, message: string): z.ZodString {
  return schema.refine((value) => !CONTROL_CHARACTER.test(value), message);
}

/**
 * A Shopify access token as the backend contract's `ShopifySettings.accessToken` takes it: visible ASCII
 * (`shpat_…`, `shpca_…`, `shppa_…`), the only characters Shopify issues and an HTTP header carries.
 */
export const ACCESS_TOKEN_PATTERN = /^[\x21-\x7E]*$/;
