import Stripe from 'stripe';
import { CardError, paymentsErrorOf } from './errors.ts';
import { type CardSummary, cardSummaryOf, STRIPE_API_VERSION } from './types.ts';

/*
 * The real client: Stripe's official SDK, pointed at `apiBase` (https://api.stripe.com in production,
 * the sandbox outside it). The SDK does the HTTP work: form encoding, `Stripe-Version`, an
 * `Idempotency-Key` on every POST, and retries of 409s, 5xx and lost connections with backoff. This
 * file only chooses the calls and maps failures onto errors.ts.
 */

export interface PaymentsClientOptions {
  secretKey: string;
  /** `https://api.stripe.com`, or the sandbox's address (it serves Stripe's `/v1/…` paths at its root). */
  apiBase: string;
  /** Tries after a 5xx, a 409 or a lost connection (default 2). */
  maxNetworkRetries?: number;
  /** Milliseconds before a call is given up (default 20 s). */
  timeoutMs?: number;
}

export interface PlanPrice {
  /** Our stable name for the price (`recompra_pro_monthly`); Stripe finds prices by it. */
  lookupKey: string;
  productName: string;
  unitAmountCents: number;
  currency: 'usd';
  interval: 'month' | 'year';
}

export interface PaymentsClient {
  /** The SDK itself, for tests and the rare call this client does not wrap. */
  stripe: Stripe;
  /** The price id of each lookup key, creating the prices that are missing or no longer match. */
  ensurePrices(prices: readonly PlanPrice[]): Promise<Map<string, string>>;
  createCustomer(input: {
    email: string;
    name?: string;
    metadata?: Record<string, string>;
    testClock?: string | undefined;
  }): Promise<string>;
  /** Verifies a tokenised card with the issuer, attaches it and makes it the default for invoices. Throws CardError. */
  saveCard(customerId: string, paymentMethodId: string): Promise<CardSummary>;
  /** Starts a subscription (with `latest_invoice` expanded). Without a trial a declined first charge throws CardError and creates nothing. */
  startSubscription(input: {
    customerId: string;
    priceId: string;
    /** The card that pays it (saved with `saveCard` first). */
    paymentMethodId: string;
    /** 0 for none. */
    trialDays: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<Stripe.Subscription>;
  /**
   * Moves the subscription's only item to another price. `chargeNow` invoices the prorated difference at once,
   * as of `prorationDate` when given (a decline throws CardError and changes nothing); otherwise the new price
   * applies from the next renewal without proration.
   */
  changePrice(
    subscriptionId: string,
    priceId: string,
    options: { chargeNow: boolean; prorationDate?: number | undefined },
  ): Promise<Stripe.Subscription>;
  /** What `changePrice` with `chargeNow` would charge now, from Stripe's preview, and the moment it is computed as of. */
  previewPriceChange(subscriptionId: string, priceId: string): Promise<{ amountDueCents: number; prorationDate: number }>;
  cancelAtPeriodEnd(
    subscriptionId: string,
    details: { reason: string; feedback?: Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback },
  ): Promise<Stripe.Subscription>;
  /** Makes a saved card the one that pays the subscription from now on. */
  useCard(subscriptionId: string, paymentMethodId: string): Promise<Stripe.Subscription>;
  /** Undoes `cancelAtPeriodEnd` while the period lasts. */
  resume(subscriptionId: string): Promise<Stripe.Subscription>;
  cancelNow(subscriptionId: string): Promise<Stripe.Subscription>;
  /** Pays the subscription's latest open invoice now with the default card; true when nothing is left owing. Throws CardError on a decline. */
  retryOpenInvoice(subscriptionId: string): Promise<boolean>;
  /** The subscription with `latest_invoice` and `default_payment_method` expanded. */
  subscription(subscriptionId: string): Promise<Stripe.Subscription>;
  card(paymentMethodId: string): Promise<CardSummary>;
  deleteCustomer(customerId: string): Promise<void>;
}

/** The SDK's `host`, `port` and `protocol` for a base URL. */
export function stripeHostOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw paymentsErrorOf(error);
  }
}

/** Lookup keys Stripe takes in one price listing. */
const LOOKUP_KEYS_PER_LIST = 10;

const matches = (price: Stripe.Price, wanted: PlanPrice) =>
  price.active &&
  price.unit_amount === wanted.unitAmountCents &&
  price.currency === wanted.currency &&
  price.recurring?.interval === wanted.interval &&
  price.recurring.interval_count === 1;

export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const stripe = new Stripe(options.secretKey, {
    ...stripeHostOf(options.apiBase),
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    // Request metrics sent back to Stripe in headers: of no use to us, and noise against the sandbox.
    telemetry: false,
    appInfo: { name: 'Recompra' },
  });

  const onlyItem = async (subscriptionId: string) => {
    const subscription = await call(() => stripe.subscriptions.retrieve(subscriptionId));
    const item = subscription.items.data[0];
    if (!item || subscription.items.data.length > 1)
      throw new TypeError(`The subscription ${subscriptionId} has ${subscription.items.data.length} items; ours have one.`);
    return item;
  };

  return {
    stripe,

    async ensurePrices(prices) {
      const found = new Map<string, Stripe.Price>();
      for (let start = 0; start < prices.length; start += LOOKUP_KEYS_PER_LIST) {
        const keys = prices.slice(start, start + LOOKUP_KEYS_PER_LIST).map((price) => price.lookupKey);
        const page = await call(() => stripe.prices.list({ lookup_keys: keys, limit: 100 }));
        for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
      }
      const ids = new Map<string, string>();
      for (const wanted of prices) {
        const existing = found.get(wanted.lookupKey);
        if (existing && matches(existing, wanted)) {
          ids.set(wanted.lookupKey, existing.id);
          continue;
        }
        // A plan whose amount changed gets a new price that takes the lookup key over; subscribers
        // keep the old price until they change plan, as Stripe intends prices to be immutable.
        const created = await call(() =>
          stripe.prices.create(
            {
              lookup_key: wanted.lookupKey,
              transfer_lookup_key: existing !== undefined,
              currency: wanted.currency,
              unit_amount: wanted.unitAmountCents,
              recurring: { interval: wanted.interval },
              product_data: { name: wanted.productName },
            },
            // Two servers starting at once create one price, not two.
            {
              idempotencyKey: `price-${wanted.lookupKey}-${wanted.unitAmountCents}-${wanted.currency}-${wanted.interval}-${existing?.id ?? 'new'}`,
            },
          ),
        );
        ids.set(wanted.lookupKey, created.id);
      }
      return ids;
    },

    async createCustomer(input) {
      const customer = await call(() =>
        stripe.customers.create({
          email: input.email,
          ...(input.name ? { name: input.name } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
          ...(input.testClock ? { test_clock: input.testClock } : {}),
        }),
      );
      return customer.id;
    },

    async saveCard(customerId, paymentMethodId) {
      const intent = await call(() =>
        stripe.setupIntents.create({
          customer: customerId,
          payment_method: paymentMethodId,
          confirm: true,
          usage: 'off_session',
          // This API version names the allowed types `allowed_payment_method_types` (formerly `payment_method_types`).
          allowed_payment_method_types: ['card'],
          expand: ['payment_method'],
        }),
      );
      if (intent.status !== 'succeeded')
        // A card that asks for authentication (3D Secure) cannot be set up without the cardholder's browser.
        throw new CardError(`Stripe: the setup intent ${intent.id} ended ${intent.status}`, 'authentication_required', null, null, null);
      await call(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
      const method = intent.payment_method;
      return cardSummaryOf(
        typeof method === 'object' && method !== null ? method : await call(() => stripe.paymentMethods.retrieve(paymentMethodId)),
      );
    },

    async startSubscription(input) {
      return call(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            default_payment_method: input.paymentMethodId,
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            // A first charge that fails leaves nothing behind rather than an `incomplete` subscription to clean up.
            payment_behavior: 'error_if_incomplete',
            ...(input.metadata ? { metadata: input.metadata } : {}),
            expand: ['latest_invoice'],
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    async changePrice(subscriptionId, priceId, { chargeNow, prorationDate }) {
      const item = await onlyItem(subscriptionId);
      return call(() =>
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: chargeNow ? 'always_invoice' : 'none',
          ...(chargeNow ? { payment_behavior: 'error_if_incomplete' as const } : {}),
          ...(chargeNow && prorationDate !== undefined ? { proration_date: prorationDate } : {}),
          expand: ['latest_invoice'],
        }),
      );
    },

    async previewPriceChange(subscriptionId, priceId) {
      const item = await onlyItem(subscriptionId);
      const preview = await call(() =>
        stripe.invoices.createPreview({
          subscription: subscriptionId,
          subscription_details: { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice' },
        }),
      );
      // Stripe prorates to the second, as of its own clock (a test clock's, in tests): the change repeats that moment.
      const prorationDate = preview.parent?.subscription_details?.subscription_proration_date ?? preview.created;
      return { amountDueCents: preview.amount_due, prorationDate };
    },

    cancelAtPeriodEnd(subscriptionId, { reason, feedback }) {
      return call(() =>
        stripe.subscriptions.update(subscriptionId, {
          cancel_at_period_end: true,
          cancellation_details: { comment: reason, ...(feedback ? { feedback } : {}) },
        }),
      );
    },

    useCard(subscriptionId, paymentMethodId) {
      return call(() => stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethodId }));
    },

    resume(subscriptionId) {
      return call(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false, cancellation_details: { comment: '', feedback: '' } }),
      );
    },

    cancelNow(subscriptionId) {
      return call(() => stripe.subscriptions.cancel(subscriptionId));
    },

    async retryOpenInvoice(subscriptionId) {
      const open = await call(() => stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 }));
      const invoice = open.data[0];
      if (!invoice) return true;
      const paid = await call(() => stripe.invoices.pay(invoice.id));
      return paid.status === 'paid';
    },

    subscription(subscriptionId) {
      return call(() => stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice', 'default_payment_method'] }));
    },

    async card(paymentMethodId) {
      return cardSummaryOf(await call(() => stripe.paymentMethods.retrieve(paymentMethodId)));
    },

    async deleteCustomer(customerId) {
      await call(() => stripe.customers.del(customerId));
    },
  };
}
