import Stripe from 'stripe';

/*
 * Stripe's webhooks as we receive them: the signature check over the raw bytes (Stripe's scheme,
 * `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`, through the SDK), and the event types we
 * act on. Stripe may send an event more than once and in any order, so a handler keys its writes on
 * `event.id` and reads the object's current state (or compares `created`) rather than trusting order.
 */

/**
 * How far a signature's time may be from ours, in seconds (Stripe's default), either way: older
 * deliveries are refused as replays, and so are ones dated ahead, which the SDK alone lets through.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The event types our handler acts on; the webhook endpoint subscribes to exactly these. */
export const HANDLED_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const satisfies readonly Stripe.Event.Type[];

export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

/** The SDK's event types for those, so a switch on `type` narrows `data.object`. */
export type HandledEvent =
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.CustomerSubscriptionTrialWillEndEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent;

export const isHandledEvent = (event: Stripe.Event): event is HandledEvent =>
  (HANDLED_EVENT_TYPES as readonly string[]).includes(event.type);

/** A delivery whose signature does not verify: answer 400 and let Stripe retry (or give up). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The event in a delivery, once its signature verifies against `secret` within the tolerance.
 * `rawBody` must be the bytes as received: re-serialised JSON does not verify.
 */
export function verifyStripeEvent(
  rawBody: string | Buffer,
  signatureHeader: string | string[] | undefined,
  secret: string,
  options: { toleranceSeconds?: number; receivedAt?: number } = {},
): Stripe.Event {
  if (typeof signatureHeader !== 'string' || signatureHeader === '') throw new WebhookSignatureError('Missing Stripe-Signature header.');
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const receivedAt = options.receivedAt ?? Date.now();
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, tolerance, undefined, receivedAt);
    // The SDK checks only the age; a signature dated ahead of us would stay valid until that date.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
    if (signedAt - Math.floor(receivedAt / 1000) > tolerance) throw new WebhookSignatureError('Stripe-Signature is dated in the future.');
    return event;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new WebhookSignatureError(`Stripe-Signature does not verify: ${error.message.split('\n')[0]}`);
    throw error;
  }
}
