import type Stripe from 'stripe';
import { RETRY_SCHEDULE_DAYS, TRIAL_WILL_END_NOTICE_SECONDS } from '../types.ts';
import { type CardDecline, type CardVault, chargeDecline } from './cards.ts';
import { decimalText, planOf } from './catalog.ts';
import { BROWSER_PARAMS, changed, type Wallet } from './customers.ts';
import type { Store } from './objects.ts';
import type { Params } from './params.ts';
import { cardError, docUrlOf, invalidRequest, missingParam } from './stripe-errors.ts';
import { BACKGROUND, type EventCause, type Events } from './webhooks.ts';

/*
 * Subscriptions and their invoices, driven by time: a customer's test clock when it has one, the
 * sandbox's clock otherwise. Nothing waits on a timer: whatever falls due up to a moment (trial
 * notices, trial ends, renewals, cancellations at period end, retries of failed invoices) is run in
 * order when a test clock advances, or before each request for everything not on a clock.
 *
 * As in this API version, each item carries its own `current_period_start` / `current_period_end`,
 * and an invoice names its subscription under `parent.subscription_details`.
 */

const DAY = 86_400;
/** An `incomplete` subscription whose first invoice is not paid within this long expires. */
const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

type Interval = Stripe.Price.Recurring.Interval;

/** One line an invoice will carry. */
interface LineSpec {
  amount: number;
  description: string;
  price: Stripe.Price;
  quantity: number;
  start: number;
  end: number;
  proration: boolean;
  item: string;
}

/** Where an invoice that failed on its own stands in the retry schedule. */
interface Dunning {
  firstFailedAt: number;
  /** Automatic attempts so far. */
  attempts: number;
}

function addInterval(seconds: number, interval: Interval, count: number): number {
  const date = new Date(seconds * 1000);
  if (interval === 'day') return seconds + count * DAY;
  if (interval === 'week') return seconds + count * 7 * DAY;
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  // A period anchored on the 31st ends on the last day of shorter months, and on the 31st again after.
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The first period boundary after `after`, counting whole intervals from the billing cycle anchor. */
function nextBoundary(anchor: number, after: number, interval: Interval, count: number): number {
  for (let periods = 1; ; periods += 1) {
    const boundary = addInterval(anchor, interval, count * periods);
    if (boundary > after) return boundary;
  }
}

const recurringOf = (price: Stripe.Price) => {
  if (!price.recurring) throw new TypeError(`The price ${price.id} is not recurring.`);
  return price.recurring;
};

const productName = (store: Store, price: Stripe.Price) => {
  const product = typeof price.product === 'string' ? store.get('product', price.product) : price.product;
  return product && 'name' in product ? product.name : price.id;
};

const dateText = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A whole period of `price` (Stripe's "1 × Pro (at $29.00 / month)"), charged in full. */
function periodLine(store: Store, price: Stripe.Price, quantity: number, span: { start: number; end: number }, item: string): LineSpec {
  return {
    amount: (price.unit_amount ?? 0) * quantity,
    description: `${quantity} × ${productName(store, price)} (at $${((price.unit_amount ?? 0) / 100).toFixed(2)} / ${recurringOf(price).interval})`,
    price,
    quantity,
    start: span.start,
    end: span.end,
    proration: false,
    item,
  };
}

const customerOf = (subscription: Stripe.Subscription) =>
  typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

export const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
  const parent = invoice.parent?.subscription_details?.subscription;
  return parent ? (typeof parent === 'string' ? parent : parent.id) : null;
};

const LIVE = ['trialing', 'active', 'past_due', 'unpaid'];

export type Billing = ReturnType<typeof createBilling>;

export function createBilling(store: Store, events: Events, vault: CardVault, wallet: Wallet) {
  /** Prorations made with `create_prorations`, waiting for the subscription's next invoice. */
  const pendingLines = new Map<string, LineSpec[]>();
  /** `sub:trial_end` of the trial notices already sent. */
  const trialNotices = new Set<string>();
  const dunning = new Map<string, Dunning>();
  const payments = new Map<string, Stripe.InvoicePayment[]>();

  const record = (type: Stripe.Event.Type, object: { id: string; object: string }, at: number, cause: EventCause, previous?: object) =>
    events.record(type, object, {
      created: at,
      cause,
      ...(previous && Object.keys(previous).length > 0 ? { previous: previous as Record<string, unknown> } : {}),
    });

  // ---- subscription items ----------------------------------------------------------------------

  function itemObject(
    subscriptionId: string,
    price: Stripe.Price,
    quantity: number,
    start: number,
    end: number,
    at: number,
  ): Stripe.SubscriptionItem {
    return {
      id: store.id('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: at,
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planOf(price),
      price: structuredClone(price),
      quantity,
      subscription: subscriptionId,
      tax_rates: [],
    };
  }

  function usablePrice(id: string, param: string): Stripe.Price {
    const price = store.require('price', id, param);
    if (!price.active) throw invalidRequest('The price specified is inactive. This field only accepts active prices.', param);
    if (!price.recurring)
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        param,
      );
    return price;
  }

  function sameCadence(prices: readonly Stripe.Price[]) {
    const [first, ...rest] = prices;
    if (!first) throw missingParam('items');
    for (const price of rest)
      if (
        price.currency !== first.currency ||
        price.recurring?.interval !== first.recurring?.interval ||
        price.recurring?.interval_count !== first.recurring?.interval_count
      )
        throw invalidRequest('Currency and interval fields must match across all plans on this subscription.', 'items');
  }

  const period = (subscription: Stripe.Subscription) => {
    const item = subscription.items.data[0]!;
    return { start: item.current_period_start, end: item.current_period_end };
  };

  const cadence = (subscription: Stripe.Subscription) => recurringOf(subscription.items.data[0]!.price);

  function setPeriod(subscription: Stripe.Subscription, start: number, end: number) {
    for (const item of subscription.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  // ---- invoices ----------------------------------------------------------------------------------

  function lineObject(invoiceId: string, subscription: Stripe.Subscription, spec: LineSpec): Stripe.InvoiceLineItem {
    return {
      id: store.id('il'),
      object: 'line_item',
      amount: spec.amount,
      currency: subscription.currency,
      description: spec.description,
      discount_amounts: [],
      discountable: !spec.proration,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: spec.proration ? store.id('ii') : null,
          proration: spec.proration,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: spec.item,
        },
        type: 'subscription_item_details',
      },
      period: { end: spec.end, start: spec.start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: {
          price: spec.price.id,
          product: typeof spec.price.product === 'string' ? spec.price.product : spec.price.product.id,
        },
        type: 'price_details',
        unit_amount_decimal: spec.price.unit_amount_decimal,
      },
      quantity: spec.quantity,
      quantity_decimal: decimalText(spec.quantity),
      subscription: subscription.id,
      subtotal: spec.amount,
      taxes: [],
    };
  }

  /** A draft invoice for the subscription with `lines` (and any prorations waiting), stored, no events yet. */
  function draftInvoice(
    subscription: Stripe.Subscription,
    reason: Stripe.Invoice.BillingReason,
    lines: LineSpec[],
    billed: { start: number; end: number },
    at: number,
  ): Stripe.Invoice {
    const waiting = pendingLines.get(subscription.id) ?? [];
    pendingLines.delete(subscription.id);
    return store.put('invoice', invoiceObject(store.newId('invoice'), subscription, reason, [...waiting, ...lines], billed, at));
  }

  function invoiceObject(
    id: string,
    subscription: Stripe.Subscription,
    reason: Stripe.Invoice.BillingReason,
    all: LineSpec[],
    billed: { start: number; end: number },
    at: number,
  ): Stripe.Invoice {
    const customer = store.require('customer', customerOf(subscription));
    const subtotal = all.reduce((sum, line) => sum + line.amount, 0);
    return {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Recompra (sandbox)',
      account_tax_ids: null,
      amount_due: Math.max(0, subtotal),
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: Math.max(0, subtotal),
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: subscription.currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      customer_phone: customer.phone ?? null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: all.map((line) => lineObject(id, subscription, line)),
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: structuredClone(subscription.metadata), subscription: subscription.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: billed.end,
      period_start: billed.start,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      test_clock: store.clockOfCustomer(customer.id),
      total: subtotal,
      total_discount_amounts: [],
      total_excluding_tax: subtotal,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
  }

  /** The card an invoice charges: its own, the subscription's, or the customer's default for invoices. */
  function paymentMethodFor(invoice: Stripe.Invoice, explicit?: string): string | null {
    if (explicit) return explicit;
    const own = invoice.default_payment_method;
    if (own) return typeof own === 'string' ? own : own.id;
    const subscription = store.get('subscription', subscriptionIdOf(invoice));
    const ofSubscription = subscription?.default_payment_method;
    if (ofSubscription) return typeof ofSubscription === 'string' ? ofSubscription : ofSubscription.id;
    const customer = store.get('customer', typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id);
    const byDefault = customer?.invoice_settings.default_payment_method;
    return byDefault ? (typeof byDefault === 'string' ? byDefault : byDefault.id) : null;
  }

  function markPaid(invoice: Stripe.Invoice, at: number, cause: EventCause) {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
    dunning.delete(invoice.id);
    record('invoice.paid', invoice, at, cause);
    record('invoice.payment_succeeded', invoice, at, cause);
    const subscription = store.get('subscription', subscriptionIdOf(invoice));
    if (!subscription || !['past_due', 'incomplete', 'unpaid'].includes(subscription.status)) return;
    const stillOpen = store.all('invoice').some((other) => other.status === 'open' && subscriptionIdOf(other) === subscription.id);
    if (stillOpen) return;
    const before = structuredClone(subscription);
    subscription.status = 'active';
    record('customer.subscription.updated', subscription, at, cause, changed(before, subscription));
  }

  /** Draft → open: numbered, the customer's balance applied; an invoice with nothing to pay is paid at once. */
  function finalize(invoice: Stripe.Invoice, at: number, cause: EventCause) {
    const customer = store.require('customer', typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id);
    invoice.status = 'open';
    invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence ?? 1).padStart(4, '0')}`;
    customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    invoice.status_transitions.finalized_at = at;
    invoice.effective_at = at;
    invoice.starting_balance = customer.balance;
    const owed = invoice.total + customer.balance;
    invoice.amount_due = Math.max(0, owed);
    invoice.amount_remaining = invoice.amount_due;
    // A credit larger than the invoice (a downgrade) stays on the customer for the next one.
    customer.balance = Math.min(0, owed);
    invoice.ending_balance = customer.balance;
    record('invoice.finalized', invoice, at, cause);
    if (invoice.amount_due === 0) markPaid(invoice, at, cause);
    // Stripe makes the payment intent as it finalizes: its client secret is how a browser pays a `default_incomplete` invoice.
    else paymentIntentFor(invoice, paymentMethodFor(invoice), at);
  }

  function intentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | undefined {
    const id = payments.get(invoice.id)?.[0]?.payment.payment_intent;
    return typeof id === 'string' ? store.get('payment_intent', id) : undefined;
  }

  /** The invoice's payment intent, made when it is finalized; `methodId` is the card it will charge, when known. */
  function paymentIntentFor(invoice: Stripe.Invoice, methodId: string | null, at: number): Stripe.PaymentIntent {
    const found = intentOf(invoice);
    if (found) {
      if (methodId) found.payment_method = methodId;
      return found;
    }
    const id = store.newId('payment_intent');
    const intent = store.put('payment_intent', {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: ['card'],
      amount: invoice.amount_due,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${store.token(24)}`,
      confirmation_method: 'automatic',
      created: at,
      currency: invoice.currency,
      customer: typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null),
      customer_account: null,
      description: `Subscription ${invoice.billing_reason === 'subscription_create' ? 'creation' : 'update'}`,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: {},
      next_action: null,
      on_behalf_of: null,
      payment_method: methodId,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: methodId ? 'requires_confirmation' : 'requires_payment_method',
      transfer_group: null,
    });
    payments.set(invoice.id, [
      {
        id: store.id('inpay'),
        object: 'invoice_payment',
        amount_paid: null,
        amount_requested: invoice.amount_due,
        created: at,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { payment_intent: intent.id, type: 'payment_intent' },
        status: 'open',
        status_transitions: { canceled_at: null, paid_at: null },
      },
    ]);
    return intent;
  }

  function chargeObject(
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    decline: CardDecline | null,
    at: number,
  ): Stripe.Charge {
    return store.put('charge', {
      id: store.newId('charge'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      billing_details: structuredClone(method.billing_details),
      calculated_statement_descriptor: 'RECOMPRA',
      captured: !decline,
      created: at,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: {},
      on_behalf_of: null,
      outcome: {
        advice_code: null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: decline ? 'declined_by_network' : 'approved_by_network',
        reason: decline?.declineCode ?? null,
        risk_level: 'normal',
        seller_message: decline ? 'The bank did not return any further details with this decline.' : 'Payment complete.',
        type: decline ? 'issuer_declined' : 'authorized',
      },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: null,
      receipt_email: null,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: decline ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    });
  }

  /** The retry schedule after an automatic attempt failed: when the next one is, or null when they are exhausted. */
  function scheduleRetry(invoice: Stripe.Invoice, at: number): number | null {
    const state = dunning.get(invoice.id) ?? { firstFailedAt: at, attempts: 0 };
    state.attempts += 1;
    dunning.set(invoice.id, state);
    const days = RETRY_SCHEDULE_DAYS[state.attempts - 1];
    return days === undefined ? null : state.firstFailedAt + days * DAY;
  }

  /**
   * Charges the invoice's card. Automatic attempts follow the retry schedule (and end the subscription
   * when it is exhausted); `manual` ones (`/pay`) only count. Returns the decline, or null when paid.
   */
  function attempt(
    invoice: Stripe.Invoice,
    at: number,
    cause: EventCause,
    mode: { manual: boolean; paymentMethod?: string },
  ): CardDecline | null {
    const methodId = paymentMethodFor(invoice, mode.paymentMethod);
    const method = store.get('payment_method', methodId);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    let decline: CardDecline | null;
    if (!method) decline = { code: 'invoice_no_payment_method', message: 'This invoice has no payment method to charge.' };
    else {
      decline = chargeDecline(vault.behaviour(method.id));
      const intent = paymentIntentFor(invoice, method.id, at);
      const charge = chargeObject(intent, method, decline, at);
      intent.latest_charge = charge.id;
      const payment = payments.get(invoice.id)?.[0];
      if (decline) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          charge: charge.id,
          code: decline.code as Stripe.PaymentIntent.LastPaymentError.Code,
          ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
          doc_url: docUrlOf(decline.code),
          message: decline.message,
          payment_method: structuredClone(method),
          type: 'card_error',
        };
      } else {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        intent.last_payment_error = null;
        if (payment) {
          payment.status = 'paid';
          payment.amount_paid = intent.amount;
          payment.status_transitions.paid_at = at;
        }
      }
    }
    if (!decline) {
      markPaid(invoice, at, cause);
      return null;
    }
    const subscription = store.get('subscription', subscriptionIdOf(invoice));
    const retries = !mode.manual && invoice.billing_reason !== 'subscription_create' && subscription !== undefined;
    if (retries) invoice.next_payment_attempt = scheduleRetry(invoice, at);
    record('invoice.payment_failed', invoice, at, cause);
    if (!retries || !subscription) return decline;
    if (invoice.next_payment_attempt === null) {
      // Attempts exhausted: per WHEN_ATTEMPTS_EXHAUSTED, the invoice is written off and the subscription ends.
      invoice.status = 'uncollectible';
      invoice.status_transitions.marked_uncollectible_at = at;
      record('invoice.marked_uncollectible', invoice, at, cause);
      endSubscription(subscription, at, cause, 'payment_failed');
    } else if (subscription.status === 'active' || subscription.status === 'trialing') {
      const before = structuredClone(subscription);
      subscription.status = 'past_due';
      record('customer.subscription.updated', subscription, at, cause, changed(before, subscription));
    }
    return decline;
  }

  /** Emits a drafted invoice's events, finalizes it and, unless told not to, charges it. */
  function issue(invoice: Stripe.Invoice, at: number, cause: EventCause, charge: boolean): CardDecline | null {
    record('invoice.created', invoice, at, cause);
    finalize(invoice, at, cause);
    if (invoice.status !== 'open' || !charge) return null;
    return attempt(invoice, at, cause, { manual: false });
  }

  /** Ends a subscription now (`customer.subscription.deleted`); its open invoices are no longer retried. */
  function endSubscription(
    subscription: Stripe.Subscription,
    at: number,
    cause: EventCause,
    reason: Stripe.Subscription.CancellationDetails.Reason,
  ) {
    subscription.status = 'canceled';
    subscription.ended_at = at;
    subscription.canceled_at ??= at;
    subscription.cancellation_details = {
      ...(subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
      reason,
    };
    for (const invoice of store.all('invoice'))
      if (invoice.status === 'open' && subscriptionIdOf(invoice) === subscription.id) invoice.next_payment_attempt = null;
    pendingLines.delete(subscription.id);
    record('customer.subscription.deleted', subscription, at, cause);
  }

  /** A new period starts at `at` (a renewal, or the end of a trial): its invoice is created and charged. */
  function renew(subscription: Stripe.Subscription, at: number, cause: EventCause) {
    const before = structuredClone(subscription);
    const old = period(subscription);
    const { interval, interval_count } = cadence(subscription);
    const end = nextBoundary(subscription.billing_cycle_anchor, at, interval, interval_count);
    setPeriod(subscription, at, end);
    if (subscription.status === 'trialing') subscription.status = 'active';
    const lines = subscription.items.data.map((item) => periodLine(store, item.price, item.quantity ?? 1, { start: at, end }, item.id));
    const invoice = draftInvoice(subscription, 'subscription_cycle', lines, old, at);
    subscription.latest_invoice = invoice.id;
    record('customer.subscription.updated', subscription, at, cause, changed(before, subscription));
    issue(invoice, at, cause, true);
  }

  function trialNotice(subscription: Stripe.Subscription, at: number) {
    trialNotices.add(`${subscription.id}:${subscription.trial_end}`);
    record('customer.subscription.trial_will_end', subscription, at, BACKGROUND);
  }

  function expireIncomplete(subscription: Stripe.Subscription, at: number) {
    const before = structuredClone(subscription);
    subscription.status = 'incomplete_expired';
    subscription.ended_at = at;
    for (const invoice of store.all('invoice'))
      if (invoice.status === 'open' && subscriptionIdOf(invoice) === subscription.id) {
        invoice.status = 'void';
        invoice.status_transitions.voided_at = at;
        invoice.next_payment_attempt = null;
        record('invoice.voided', invoice, at, BACKGROUND);
      }
    record('customer.subscription.updated', subscription, at, BACKGROUND, changed(before, subscription));
  }

  // ---- time --------------------------------------------------------------------------------------

  interface Happening {
    at: number;
    run: (at: number) => void;
  }

  function happenings(clockId: string | null): Happening[] {
    const due: Happening[] = [];
    for (const subscription of store.all('subscription')) {
      if (store.clockOfCustomer(customerOf(subscription)) !== clockId) continue;
      if (subscription.status === 'incomplete')
        due.push({ at: subscription.created + INCOMPLETE_EXPIRES_AFTER, run: (at) => expireIncomplete(subscription, at) });
      if (!LIVE.includes(subscription.status)) continue;
      const trialEnd = subscription.trial_end;
      if (subscription.status === 'trialing' && trialEnd !== null && !trialNotices.has(`${subscription.id}:${trialEnd}`))
        due.push({
          at: Math.max(subscription.trial_start ?? subscription.created, trialEnd - TRIAL_WILL_END_NOTICE_SECONDS),
          run: (at) => trialNotice(subscription, at),
        });
      const { end: periodEnd } = period(subscription);
      const cancelAt = subscription.cancel_at;
      if (cancelAt !== null && cancelAt <= periodEnd)
        due.push({ at: cancelAt, run: (at) => endSubscription(subscription, at, BACKGROUND, 'cancellation_requested') });
      else due.push({ at: periodEnd, run: (at) => renew(subscription, at, BACKGROUND) });
    }
    for (const invoice of store.all('invoice')) {
      const next = invoice.next_payment_attempt;
      if (invoice.status !== 'open' || next === null || invoice.test_clock !== clockId) continue;
      due.push({ at: next, run: (at) => attempt(invoice, at, BACKGROUND, { manual: false }) });
    }
    return due;
  }

  /** Runs, in order, everything on `clockId` (null: not on a clock) that falls due up to `upTo`. */
  function runUntil(clockId: string | null, upTo: number) {
    const clock = store.get('test_clock', clockId);
    // Each step changes what is due next; the bound only guards against a loop that never settles.
    for (let step = 0; step < 100_000; step += 1) {
      const next = happenings(clockId)
        .filter((happening) => happening.at <= upTo)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) return;
      if (clock) clock.frozen_time = Math.max(clock.frozen_time, next.at);
      next.run(next.at);
    }
    throw new Error('The billing engine did not settle.');
  }

  // ---- subscriptions -----------------------------------------------------------------------------

  const SUBSCRIPTION_CREATE_PARAMS = [
    'customer',
    'items',
    'trial_period_days',
    'trial_end',
    'default_payment_method',
    'payment_behavior',
    'metadata',
    'description',
    'off_session',
    'collection_method',
    'cancel_at_period_end',
    'proration_behavior',
    'payment_settings',
  ];

  /**
   * `payment_settings`: whether a successful payment saves its card on the subscription
   * (`save_default_payment_method=on_subscription`, as Stripe's subscription guide recommends with
   * `default_incomplete`), and card options. The sandbox takes cards only; another type is refused by name.
   */
  function paymentSettingsOf(params: Params, current: Stripe.Subscription.PaymentSettings | null): Stripe.Subscription.PaymentSettings {
    const settings = params
      .object('payment_settings')
      ?.only(['save_default_payment_method', 'payment_method_types', 'payment_method_options']);
    const base = current ?? { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' };
    if (!settings) return base;
    const types = settings.strings('payment_method_types');
    types?.forEach((type, index) => {
      if (type !== 'card')
        throw invalidRequest(
          `The sandbox takes card payments only: ${type} is not served.`,
          `${settings.name('payment_method_types')}[${index}]`,
        );
    });
    const card = settings.object('payment_method_options')?.only(['card']).object('card')?.only(['request_three_d_secure']);
    const threeDSecure = card?.enumOf('request_three_d_secure', ['any', 'automatic', 'challenge']);
    return {
      payment_method_options: card
        ? {
            acss_debit: null,
            bancontact: null,
            card: { network: null, request_three_d_secure: threeDSecure ?? 'automatic' },
            customer_balance: null,
            konbini: null,
            payto: null,
            pix: null,
            sepa_debit: null,
            upi: null,
            us_bank_account: null,
          }
        : base.payment_method_options,
      payment_method_types: types === undefined ? base.payment_method_types : types.length > 0 ? types : null,
      save_default_payment_method:
        settings.enumOf('save_default_payment_method', ['off', 'on_subscription']) ?? base.save_default_payment_method,
    };
  }

  function paymentBehavior(params: Params) {
    const behavior = params.enumOf('payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ]);
    if (behavior === 'pending_if_incomplete')
      throw invalidRequest('The sandbox does not simulate pending updates (payment_behavior=pending_if_incomplete).', 'payment_behavior');
    return behavior ?? 'allow_incomplete';
  }

  /** Refuses, before anything changes, a charge that would fail: `payment_behavior=error_if_incomplete`. */
  function precheck(subscription: Stripe.Subscription, customer: Stripe.Customer, amount: number) {
    if (amount + customer.balance <= 0) return;
    const ofSubscription = subscription.default_payment_method;
    const methodId =
      (typeof ofSubscription === 'string' ? ofSubscription : ofSubscription?.id) ??
      (typeof customer.invoice_settings.default_payment_method === 'string' ? customer.invoice_settings.default_payment_method : null);
    if (!methodId)
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      );
    const decline = chargeDecline(vault.behaviour(methodId));
    if (decline)
      throw cardError(decline.message, decline.code, {
        ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        ...(decline.param ? { param: decline.param } : {}),
        doc_url: docUrlOf(decline.code),
      });
  }

  function createSubscription(params: Params, cause: EventCause): Stripe.Subscription {
    params.only(SUBSCRIPTION_CREATE_PARAMS);
    const customer = wallet.livingCustomer(params.string('customer'), 'customer');
    const at = store.timeOfCustomer(customer.id);
    params.enumOf('collection_method', ['charge_automatically']);
    params.enumOf('proration_behavior', ['create_prorations', 'none', 'always_invoice']);
    const behavior = paymentBehavior(params);
    const itemParams = params.list('items');
    if (!itemParams || itemParams.length === 0) throw missingParam('items');
    if (itemParams.length > 20) throw invalidRequest('A subscription may have at most 20 items.', 'items');
    const chosen = itemParams.map((item) => {
      item.only(['price', 'quantity', 'metadata']);
      return { price: usablePrice(item.requiredString('price'), item.name('price')), quantity: item.integer('quantity', { min: 1 }) ?? 1 };
    });
    sameCadence(chosen.map((item) => item.price));
    const { interval, interval_count } = recurringOf(chosen[0]!.price);

    const trialDays = params.integer('trial_period_days', { min: 0, max: 730 });
    const trialEndText = params.string('trial_end');
    if (trialDays !== undefined && trialEndText)
      throw invalidRequest('You may only specify one of these parameters: trial_end, trial_period_days.', 'trial_end');
    let trialEnd: number | null = trialDays ? at + trialDays * DAY : null;
    if (trialEndText && trialEndText !== 'now') {
      const value = params.integer('trial_end');
      if (value === undefined || value <= at)
        throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
      trialEnd = value;
    }

    const methodId = params.string('default_payment_method');
    const defaultMethod = methodId ? wallet.customersCard(customer, methodId, 'default_payment_method').id : null;
    const id = store.newId('subscription');
    const anchor = trialEnd ?? at;
    const periodEnd = trialEnd ?? addInterval(at, interval, interval_count);
    const subscription: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: anchor,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: at,
      currency: chosen[0]!.price.currency,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: defaultMethod,
      default_source: null,
      default_tax_rates: [],
      description: params.string('description') || null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: chosen.map((item) => itemObject(id, item.price, item.quantity, at, periodEnd, at)),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: params.metadata(),
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: paymentSettingsOf(params, null),
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: at,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: store.clockOfCustomer(customer.id),
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? at : null,
    };
    if (params.boolean('cancel_at_period_end')) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = periodEnd;
    }

    const lines: LineSpec[] = subscription.items.data.map((item) => {
      const line = periodLine(store, item.price, item.quantity ?? 1, { start: at, end: periodEnd }, item.id);
      return trialEnd ? { ...line, amount: 0, description: `Trial period for ${productName(store, item.price)}` } : line;
    });
    if (behavior === 'error_if_incomplete' && !trialEnd)
      precheck(
        subscription,
        customer,
        lines.reduce((sum, line) => sum + line.amount, 0),
      );

    store.put('subscription', subscription);
    const invoice = draftInvoice(subscription, 'subscription_create', lines, { start: at, end: at }, at);
    subscription.latest_invoice = invoice.id;
    record('customer.subscription.created', subscription, at, cause);
    // Paying the first invoice makes an `incomplete` subscription `active` (with its own update event).
    issue(invoice, at, cause, behavior !== 'default_incomplete');
    return subscription;
  }

  interface ItemChange {
    item: Stripe.SubscriptionItem | null;
    price: Stripe.Price | null;
    quantity: number;
    deleted: boolean;
  }

  function plannedItems(subscription: Stripe.Subscription, itemParams: Params[]): ItemChange[] {
    const changes: ItemChange[] = subscription.items.data.map((item) => ({
      item,
      price: item.price,
      quantity: item.quantity ?? 1,
      deleted: false,
    }));
    for (const entry of itemParams) {
      entry.only(['id', 'price', 'quantity', 'deleted', 'metadata', 'clear_usage']);
      const id = entry.string('id');
      const priceId = entry.string('price');
      const price = priceId ? usablePrice(priceId, entry.name('price')) : null;
      const quantity = entry.integer('quantity', { min: 1 });
      if (id) {
        const change = changes.find((candidate) => candidate.item?.id === id);
        if (!change) throw invalidRequest(`Invalid subscription_item id: ${id}`, entry.name('id'));
        if (entry.boolean('deleted')) change.deleted = true;
        if (price) change.price = price;
        if (quantity !== undefined) change.quantity = quantity;
      } else {
        if (!price) throw missingParam(entry.name('price'));
        changes.push({ item: null, price, quantity: quantity ?? 1, deleted: false });
      }
    }
    const kept = changes.filter((change) => !change.deleted);
    if (kept.length === 0)
      throw invalidRequest('A subscription must have at least one active plan. To cancel a subscription, send a DELETE request.', 'items');
    sameCadence(kept.map((change) => change.price!));
    return changes;
  }

  interface ItemChangePlan {
    /** The subscription's items after the change (copies: nothing stored is touched). */
    items: Stripe.SubscriptionItem[];
    /** Prorations, or the new period's charges when the cycle restarts. */
    lines: LineSpec[];
    /** The new period when the cadence changes outside a trial: the change is invoiced at once and the cycle restarts. */
    reset: { start: number; end: number } | null;
  }

  /** What changing the items costs as of `at`: the update applies it, the preview shows it. */
  function itemChangePlan(
    subscription: Stripe.Subscription,
    itemParams: Params[],
    proration: 'create_prorations' | 'none' | 'always_invoice',
    at: number,
  ): ItemChangePlan {
    const changes = plannedItems(subscription, itemParams);
    const old = period(subscription);
    const oldCadence = cadence(subscription);
    const kept = changes.filter((change) => !change.deleted);
    const newCadence = recurringOf(kept[0]!.price!);
    const trialing = subscription.status === 'trialing';
    const reset = !trialing && (newCadence.interval !== oldCadence.interval || newCadence.interval_count !== oldCadence.interval_count);
    const prorate = !trialing && proration !== 'none' && old.end > at;
    const fraction = old.end > old.start ? (old.end - at) / (old.end - old.start) : 0;
    const start = reset ? at : old.start;
    const end = reset ? addInterval(at, newCadence.interval, newCadence.interval_count) : old.end;
    const lines: LineSpec[] = [];
    const items: Stripe.SubscriptionItem[] = [];
    for (const change of changes) {
      const was = change.item;
      const unchanged = was && !change.deleted && was.price.id === change.price!.id && (was.quantity ?? 1) === change.quantity;
      if (was && !unchanged && prorate)
        lines.push({
          amount: -Math.round((was.price.unit_amount ?? 0) * (was.quantity ?? 1) * fraction),
          description: `Unused time on ${productName(store, was.price)} after ${dateText(at)}`,
          price: was.price,
          quantity: was.quantity ?? 1,
          start: at,
          end: old.end,
          proration: true,
          item: was.id,
        });
      if (change.deleted) continue;
      const next = was
        ? {
            ...structuredClone(was),
            ...(unchanged ? {} : { price: structuredClone(change.price!), plan: planOf(change.price!), quantity: change.quantity }),
          }
        : itemObject(subscription.id, change.price!, change.quantity, start, end, at);
      next.current_period_start = start;
      next.current_period_end = end;
      items.push(next);
      if (reset) lines.push(periodLine(store, change.price!, change.quantity, { start, end }, next.id));
      else if (!unchanged && prorate)
        lines.push({
          amount: Math.round((change.price!.unit_amount ?? 0) * change.quantity * fraction),
          description: `Remaining time on ${productName(store, change.price!)} after ${dateText(at)}`,
          price: change.price!,
          quantity: change.quantity,
          start: at,
          end: old.end,
          proration: true,
          item: next.id,
        });
    }
    return { items, lines, reset: reset ? { start, end } : null };
  }

  /** `proration_date`: prorations computed as of that moment of the current period (the preview's, repeated by the update). */
  function prorationDate(subscription: Stripe.Subscription, params: Params, at: number): number {
    const date = params.integer('proration_date');
    if (date === undefined) return at;
    const { start, end } = period(subscription);
    if (date < start || date > end)
      throw invalidRequest(
        'The proration_date must be within the current billing period of the subscription.',
        params.name('proration_date'),
      );
    return date;
  }

  function updateSubscription(subscription: Stripe.Subscription, params: Params, cause: EventCause): Stripe.Subscription {
    params.only([
      'items',
      'proration_behavior',
      'proration_date',
      'payment_behavior',
      'payment_settings',
      'cancel_at_period_end',
      'cancellation_details',
      'default_payment_method',
      'metadata',
      'description',
      'trial_end',
      'off_session',
      'collection_method',
    ]);
    const customer = wallet.livingCustomer(customerOf(subscription));
    const at = store.timeOfCustomer(customer.id);
    if (
      (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') &&
      Object.keys(params.values).some((key) => !['cancellation_details', 'metadata', 'expand'].includes(key))
    )
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    params.enumOf('collection_method', ['charge_automatically']);
    const proration = params.enumOf('proration_behavior', ['create_prorations', 'none', 'always_invoice']) ?? 'create_prorations';
    const behavior = paymentBehavior(params);
    const before = structuredClone(subscription);

    // Items: what changes, what it costs now, and whether the billing cycle restarts.
    const itemParams = params.list('items');
    let invoiceNow: { lines: LineSpec[]; reset: { start: number; end: number } | null } | null = null;
    let newItems: Stripe.SubscriptionItem[] | null = null;
    if (itemParams) {
      const plan = itemChangePlan(subscription, itemParams, proration, prorationDate(subscription, params, at));
      newItems = plan.items;
      if (plan.reset) invoiceNow = { lines: plan.lines, reset: plan.reset };
      else if (proration === 'always_invoice' && plan.lines.length > 0) invoiceNow = { lines: plan.lines, reset: null };
      else if (plan.lines.length > 0) pendingLines.set(subscription.id, [...(pendingLines.get(subscription.id) ?? []), ...plan.lines]);
      if (invoiceNow && behavior === 'error_if_incomplete')
        precheck(
          subscription,
          customer,
          [...(pendingLines.get(subscription.id) ?? []), ...invoiceNow.lines].reduce((sum, line) => sum + line.amount, 0),
        );
    }

    const methodId = params.string('default_payment_method');
    if (methodId !== undefined)
      subscription.default_payment_method = methodId ? wallet.customersCard(customer, methodId, 'default_payment_method').id : null;
    if (newItems) subscription.items.data = newItems;
    subscription.payment_settings = paymentSettingsOf(params, subscription.payment_settings);
    if (invoiceNow?.reset) subscription.billing_cycle_anchor = invoiceNow.reset.start;
    subscription.metadata = params.metadata(subscription.metadata);
    const description = params.string('description');
    if (description !== undefined) subscription.description = description || null;

    const details = params.object('cancellation_details');
    details?.only(['comment', 'feedback']);
    const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
    if (cancelAtPeriodEnd === true) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = period(subscription).end;
      subscription.canceled_at = at;
      subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
    } else if (cancelAtPeriodEnd === false) {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: null };
    }
    if (details) {
      const current = subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null, reason: null };
      const comment = details.string('comment');
      const feedback = details.enumOf('feedback', [
        'customer_service',
        'low_quality',
        'missing_features',
        'other',
        'switched_service',
        'too_complex',
        'too_expensive',
        'unused',
      ]);
      if (comment !== undefined) current.comment = comment || null;
      if (details.string('feedback') === '') current.feedback = null;
      else if (feedback) current.feedback = feedback;
      subscription.cancellation_details = current;
    }

    const trialEndText = params.string('trial_end');
    let endTrialNow = false;
    if (trialEndText) {
      if (subscription.status !== 'trialing') throw invalidRequest('The subscription is not in a trial period.', 'trial_end');
      if (trialEndText === 'now') endTrialNow = true;
      else {
        const value = params.integer('trial_end');
        if (value === undefined || value <= at)
          throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
        subscription.trial_end = value;
        subscription.billing_cycle_anchor = value;
        setPeriod(subscription, period(subscription).start, value);
      }
    }

    const invoice = invoiceNow ? draftInvoice(subscription, 'subscription_update', invoiceNow.lines, { start: at, end: at }, at) : null;
    if (invoice) subscription.latest_invoice = invoice.id;
    const previous = changed(before, subscription);
    if (Object.keys(previous).length > 0) record('customer.subscription.updated', subscription, at, cause, previous);
    if (invoice) {
      const charged = behavior !== 'default_incomplete';
      issue(invoice, at, cause, charged);
      if (!charged && invoice.status === 'open' && subscription.status === 'active') {
        const beforeDue = structuredClone(subscription);
        subscription.status = 'past_due';
        record('customer.subscription.updated', subscription, at, cause, changed(beforeDue, subscription));
      }
    }
    if (endTrialNow) {
      subscription.trial_end = at;
      subscription.billing_cycle_anchor = at;
      renew(subscription, at, cause);
    }
    return subscription;
  }

  function cancelSubscription(subscription: Stripe.Subscription, params: Params, cause: EventCause): Stripe.Subscription {
    params.only(['cancellation_details', 'invoice_now', 'prorate']);
    if (params.boolean('invoice_now') || params.boolean('prorate'))
      throw invalidRequest(
        'The sandbox cancels without a final invoice: invoice_now and prorate must be false.',
        params.boolean('invoice_now') ? 'invoice_now' : 'prorate',
      );
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
      throw invalidRequest(
        `No such subscription: '${subscription.id}'; a similar object exists in test mode but has been canceled.`,
        'id',
        'resource_missing',
      );
    const at = store.timeOfCustomer(customerOf(subscription));
    const details = params.object('cancellation_details');
    details?.only(['comment', 'feedback']);
    subscription.canceled_at = at;
    subscription.cancellation_details = {
      comment: details?.string('comment') || (subscription.cancellation_details?.comment ?? null),
      feedback:
        (details?.string('feedback') as Stripe.Subscription.CancellationDetails.Feedback | undefined) ||
        (subscription.cancellation_details?.feedback ?? null),
      feedback_option: null,
      reason: 'cancellation_requested',
    };
    endSubscription(subscription, at, cause, 'cancellation_requested');
    return subscription;
  }

  function payInvoice(invoice: Stripe.Invoice, params: Params, cause: EventCause, render: (object: unknown) => unknown): Stripe.Invoice {
    params.only(['payment_method', 'off_session', 'forgive', 'paid_out_of_band', 'mandate', 'source']);
    if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open')
      throw invalidRequest(`You can only pay an invoice with a status of open (this one is ${invoice.status}).`);
    const customerId = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? null);
    const at = store.timeOfCustomer(customerId);
    if (params.boolean('paid_out_of_band')) {
      markPaid(invoice, at, cause);
      return invoice;
    }
    const methodId = params.string('payment_method');
    if (methodId) {
      const customer = wallet.livingCustomer(customerId ?? undefined);
      wallet.customersCard(customer, methodId, 'payment_method');
    }
    if (!paymentMethodFor(invoice, methodId))
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      );
    const decline = attempt(invoice, at, cause, { manual: true, ...(methodId ? { paymentMethod: methodId } : {}) });
    if (decline) {
      const intent = payments.get(invoice.id)?.[0]?.payment.payment_intent;
      throw cardError(decline.message, decline.code, {
        ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        ...(decline.param ? { param: decline.param } : {}),
        doc_url: docUrlOf(decline.code),
        ...(typeof intent === 'string' ? { payment_intent: render(store.get('payment_intent', intent)) } : {}),
      });
    }
    return invoice;
  }

  /** Whom a payment intent pays: the invoice whose payment it is. */
  function invoiceOfIntent(intentId: string): Stripe.Invoice | undefined {
    for (const [invoiceId, list] of payments) if (list[0]?.payment.payment_intent === intentId) return store.get('invoice', invoiceId);
    return undefined;
  }

  /**
   * `POST /v1/payment_intents/:id/confirm`, as Stripe.js calls it with the invoice's client secret: charges
   * the card; a success pays the invoice (the subscription becomes active) and, when the subscription
   * says `save_default_payment_method=on_subscription`, makes the card the subscription's.
   */
  function confirmPayment(intent: Stripe.PaymentIntent, params: Params, cause: EventCause, render: (object: unknown) => unknown) {
    params.only(['payment_method', 'client_secret', 'return_url', 'use_stripe_sdk', 'expected_payment_method_type', ...BROWSER_PARAMS]);
    const invoice = invoiceOfIntent(intent.id);
    if (intent.status === 'succeeded' || !invoice || invoice.status !== 'open')
      throw invalidRequest(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    const customerId = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    const named = params.string('payment_method');
    const method = named
      ? wallet.paymentMethodOf(named, 'payment_method')
      : store.get('payment_method', typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id);
    if (!method)
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update it with a payment_method, or pass one when confirming.",
        undefined,
        'payment_intent_unexpected_state',
      );
    const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
    if (owner && owner !== customerId)
      throw invalidRequest(
        `The provided PaymentMethod belongs to a different Customer than the PaymentIntent: ${method.id}.`,
        'payment_method',
      );
    const at = store.timeOfCustomer(customerId);
    const decline = attempt(invoice, at, cause, { manual: true, paymentMethod: method.id });
    if (decline)
      throw cardError(decline.message, decline.code, {
        ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        ...(decline.param ? { param: decline.param } : {}),
        doc_url: docUrlOf(decline.code),
        payment_intent: render(intent),
      });
    const subscription = store.get('subscription', subscriptionIdOf(invoice));
    if (subscription?.payment_settings?.save_default_payment_method === 'on_subscription' && customerId) {
      if (!owner) {
        method.customer = customerId;
        record('payment_method.attached', method, at, cause);
      }
      const before = structuredClone(subscription);
      subscription.default_payment_method = method.id;
      const previous = changed(before, subscription);
      if (Object.keys(previous).length > 0) record('customer.subscription.updated', subscription, at, cause, previous);
    }
    return intent;
  }

  /**
   * `POST /v1/invoices/create_preview` for a subscription: what its change would invoice now
   * (`always_invoice`, or a new cadence), otherwise its next renewal with the prorations it would carry.
   * Nothing is stored or charged; the id is a preview's (`upcoming_in_…`).
   */
  function previewInvoice(params: Params): Stripe.Invoice {
    params.only(['customer', 'subscription', 'subscription_details']);
    const details = params.object('subscription_details')?.only(['items', 'proration_behavior', 'proration_date']);
    const subscriptionId = params.string('subscription');
    if (!subscriptionId)
      throw invalidRequest('The sandbox previews changes to an existing subscription: pass subscription.', 'subscription');
    const subscription = store.require('subscription', subscriptionId, 'subscription');
    const customerId = params.string('customer');
    if (customerId && customerId !== customerOf(subscription))
      throw invalidRequest(`The subscription ${subscription.id} does not belong to the customer ${customerId}.`, 'customer');
    const at = store.timeOfCustomer(customerOf(subscription));
    const ended = ['canceled', 'incomplete_expired'].includes(subscription.status);
    const itemParams = details?.list('items');
    if (ended || (subscription.cancel_at_period_end && !itemParams))
      throw invalidRequest(`No upcoming invoices for customer: ${customerOf(subscription)}`, undefined, 'invoice_upcoming_none');
    const proration = details?.enumOf('proration_behavior', ['create_prorations', 'none', 'always_invoice']) ?? 'create_prorations';
    const asOf = details ? prorationDate(subscription, details, at) : at;
    const waiting = pendingLines.get(subscription.id) ?? [];
    const plan = itemParams ? itemChangePlan(subscription, itemParams, proration, asOf) : null;
    const now = plan && (plan.reset || (proration === 'always_invoice' && plan.lines.length > 0));
    const { start, end } = period(subscription);
    const items = plan?.items ?? subscription.items.data;
    const { interval, interval_count } = recurringOf(items[0]!.price);
    const lines = now
      ? [...waiting, ...plan.lines]
      : [
          ...waiting,
          ...(plan?.lines ?? []),
          ...items.map((item) =>
            periodLine(store, item.price, item.quantity ?? 1, { start: end, end: addInterval(end, interval, interval_count) }, item.id),
          ),
        ];
    const preview = invoiceObject(
      `upcoming_in_${store.token(24)}`,
      { ...subscription, items: { ...subscription.items, data: items } },
      now ? 'subscription_update' : 'upcoming',
      lines,
      now ? { start: asOf, end: asOf } : { start, end },
      now ? asOf : end,
    );
    const customer = store.require('customer', customerOf(subscription));
    preview.starting_balance = customer.balance;
    preview.amount_due = Math.max(0, preview.total + customer.balance);
    preview.amount_remaining = preview.amount_due;
    if (plan && plan.lines.some((line) => line.proration) && preview.parent?.subscription_details)
      preview.parent.subscription_details.subscription_proration_date = asOf;
    return preview;
  }

  return {
    createSubscription,
    updateSubscription,
    cancelSubscription,
    payInvoice,
    confirmPayment,
    previewInvoice,
    runUntil,

    /** `invoice.confirmation_secret`, which Stripe includes only when expanded: the open invoice's client secret. */
    confirmationSecretOf(invoiceId: string): Stripe.Invoice.ConfirmationSecret | null {
      const invoice = store.get('invoice', invoiceId);
      const intent = invoice?.status === 'open' ? intentOf(invoice) : undefined;
      return intent?.client_secret ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
    },

    /** Stripe cancels a deleted customer's subscriptions at once. */
    endSubscriptionsOf(customerId: string, cause: EventCause) {
      const at = store.timeOfCustomer(customerId);
      for (const subscription of store.all('subscription'))
        if (customerOf(subscription) === customerId && !['canceled', 'incomplete_expired'].includes(subscription.status))
          endSubscription(subscription, at, cause, 'cancellation_requested');
    },

    /** `invoice.payments`, which Stripe includes only when expanded. */
    paymentsOf(invoiceId: string) {
      const data = payments.get(invoiceId) ?? [];
      return { object: 'list' as const, data: structuredClone(data), has_more: false, url: `/v1/invoice_payments?invoice=${invoiceId}` };
    },

    findSubscriptions(params: Params): Stripe.Subscription[] {
      params.only(['customer', 'status', 'price', 'test_clock', 'limit', 'starting_after', 'ending_before', 'created']);
      const customer = params.string('customer');
      const status = params.enumOf('status', [
        'active',
        'all',
        'canceled',
        'ended',
        'incomplete',
        'incomplete_expired',
        'past_due',
        'paused',
        'trialing',
        'unpaid',
      ]);
      const price = params.string('price');
      const clock = params.string('test_clock');
      return store
        .newestFirst(store.all('subscription'))
        .filter(
          (subscription) =>
            (!customer || customerOf(subscription) === customer) &&
            (status === 'all' ||
              (status === 'ended'
                ? ['canceled', 'incomplete_expired'].includes(subscription.status)
                : status
                  ? subscription.status === status
                  : subscription.status !== 'canceled')) &&
            (!price || subscription.items.data.some((item) => item.price.id === price)) &&
            (!clock || subscription.test_clock === clock),
        );
    },

    findInvoices(params: Params): Stripe.Invoice[] {
      params.only(['customer', 'subscription', 'status', 'collection_method', 'limit', 'starting_after', 'ending_before', 'created']);
      const customer = params.string('customer');
      const subscription = params.string('subscription');
      const status = params.enumOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void']);
      return store
        .newestFirst(store.all('invoice'))
        .filter(
          (invoice) =>
            (!customer || invoice.customer === customer) &&
            (!subscription || subscriptionIdOf(invoice) === subscription) &&
            (!status || invoice.status === status),
        );
    },
  };
}
