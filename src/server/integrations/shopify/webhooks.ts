import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Shopify-Hmac-Sha256` for a webhook body: base64 of its HMAC-SHA256 under the app's secret. */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** True when `hmacHeader` is the signature of exactly these bytes (compare the raw body, before parsing). */
export function verifyWebhook(rawBody: string | Buffer, hmacHeader: string | undefined, secret: string): boolean {
  if (!hmacHeader) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret));
  const given = Buffer.from(hmacHeader);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
