import type Stripe from 'stripe';
import { type CardVault, setupDecline } from './cards.ts';
import type { Store } from './objects.ts';
import { Params } from './params.ts';
import { cardError, docUrlOf, invalidRequest, missingParam, noSuch, StripeApiError } from './stripe-errors.ts';
import type { EventCause, Events } from './webhooks.ts';

/*
 * Customers, their cards (payment methods) and setup intents: tokenising a card, checking it with the
 * issuer when it is attached or set up (a SetupIntent confirmed at once), and the default card that
 * invoices charge. A detached card cannot be attached again, as in Stripe.
 */

export const CUSTOMER_PARAMS = [
  'email',
  'name',
  'description',
  'metadata',
  'phone',
  'preferred_locales',
  'invoice_settings',
  'payment_method',
  'test_clock',
] as const;

/** What Stripe.js adds to a tokenisation besides the card: accepted and ignored. */
export const BROWSER_PARAMS = [
  'key',
  'guid',
  'muid',
  'sid',
  'payment_user_agent',
  'time_on_page',
  'referrer',
  'client_attribution_metadata',
];

const customerIdOf = (value: string | Stripe.Customer | Stripe.DeletedCustomer | null) =>
  value === null ? null : typeof value === 'string' ? value : value.id;

export type Wallet = ReturnType<typeof createWallet>;

/** Stripe's test payment methods by name (its testing docs), each the test card it stands for. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function createWallet(store: Store, events: Events, vault: CardVault) {
  const detached = new Set<string>();

  function livingCustomer(id: string | undefined, param?: string): Stripe.Customer {
    if (!id) throw missingParam(param ?? 'customer');
    if (store.deletedCustomers.has(id)) throw noSuch('customer', id, param);
    return store.require('customer', id, param);
  }

  function createPaymentMethod(params: Params, at: number): Stripe.PaymentMethod {
    params.only(['type', 'card', 'billing_details', 'metadata', 'allow_redisplay', ...BROWSER_PARAMS]);
    const type = params.string('type');
    if (!type) throw missingParam('type');
    if (type !== 'card') throw invalidRequest(`The sandbox handles cards only, not "${type}".`, 'type');
    const { card, behaviour } = vault.tokenise(params.object('card'), store.nowMs());
    const billing = params.object('billing_details');
    billing?.only(['address', 'email', 'name', 'phone', 'tax_id']);
    const address = billing?.object('address');
    address?.only(['city', 'country', 'line1', 'line2', 'postal_code', 'state']);
    const method = store.put('payment_method', {
      id: store.newId('payment_method'),
      object: 'payment_method',
      allow_redisplay: params.enumOf('allow_redisplay', ['always', 'limited', 'unspecified']) ?? 'unspecified',
      billing_details: {
        address: {
          city: address?.string('city') || null,
          country: address?.string('country') || null,
          line1: address?.string('line1') || null,
          line2: address?.string('line2') || null,
          postal_code: address?.string('postal_code') || null,
          state: address?.string('state') || null,
        },
        email: billing?.string('email') || null,
        name: billing?.string('name') || null,
        phone: billing?.string('phone') || null,
        tax_id: billing?.string('tax_id') || null,
      },
      card,
      created: at,
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: params.metadata(),
      type: 'card',
    });
    vault.remember(method.id, behaviour);
    return method;
  }

  /**
   * A payment method a request names: one of the account's, or one of Stripe's test payment methods by
   * name (`pm_card_visa`), from which each use makes a new payment method, as Stripe does.
   */
  function paymentMethodOf(id: string, param?: string): Stripe.PaymentMethod {
    const number = TEST_PAYMENT_METHODS[id];
    if (number === undefined) return store.require('payment_method', id, param);
    const expiry = new Date(store.nowMs()).getUTCFullYear() + 1;
    const card = { number, exp_month: '12', exp_year: String(expiry), cvc: number.length === 15 ? '1234' : '123' };
    return createPaymentMethod(new Params({ type: 'card', card }), store.nowSeconds());
  }

  /** The customer's own card `id`, or Stripe's refusal naming `param`. */
  function customersCard(customer: Stripe.Customer, id: string, param: string): Stripe.PaymentMethod {
    const method = store.get('payment_method', id);
    if (!method) throw noSuch('PaymentMethod', id, param);
    if (customerIdOf(method.customer) !== customer.id)
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
      );
    return method;
  }

  /** Checks a card with the issuer and attaches it (`payment_method.attached`), or throws its decline (402). */
  function attach(method: Stripe.PaymentMethod, customer: Stripe.Customer, at: number, cause: EventCause): Stripe.PaymentMethod {
    const owner = customerIdOf(method.customer);
    if (owner === customer.id) return method;
    if (owner) throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
    if (detached.has(method.id))
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        'payment_method',
      );
    const decline = setupDecline(vault.behaviour(method.id));
    if (decline) {
      if (method.card?.checks && decline.code === 'incorrect_cvc') method.card.checks.cvc_check = 'fail';
      throw cardError(decline.message, decline.code, {
        ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
        ...(decline.param ? { param: decline.param } : {}),
        doc_url: docUrlOf(decline.code),
      });
    }
    method.customer = customer.id;
    if (method.card?.checks?.cvc_check === 'unchecked') method.card.checks.cvc_check = 'pass';
    events.record('payment_method.attached', method, { created: at, cause });
    return method;
  }

  function setDefault(customer: Stripe.Customer, settings: Params | undefined) {
    if (!settings) return;
    settings.only(['default_payment_method', 'custom_fields', 'footer', 'rendering_options']);
    const id = settings.string('default_payment_method');
    if (id === undefined) return;
    customer.invoice_settings.default_payment_method = id
      ? customersCard(customer, id, 'invoice_settings[default_payment_method]').id
      : null;
  }

  function applyCustomerFields(customer: Stripe.Customer, params: Params) {
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      const value = params.string(field);
      if (value !== undefined) customer[field] = value || null;
    }
    const locales = params.strings('preferred_locales');
    if (locales) customer.preferred_locales = locales;
    customer.metadata = params.metadata(customer.metadata);
  }

  function setupIntentObject(customer: Stripe.Customer | null, params: Params, at: number): Stripe.SetupIntent {
    const id = store.newId('setup_intent');
    const types = params.strings('allowed_payment_method_types') ?? params.strings('payment_method_types') ?? ['card'];
    for (const type of types)
      if (type !== 'card')
        throw invalidRequest(
          `The payment method type "${type}" is not available in the sandbox, which handles cards only.`,
          'payment_method_types',
        );
    return {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: ['card'],
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${store.token(24)}`,
      created: at,
      customer: customer?.id ?? null,
      description: params.string('description') || null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: params.metadata(),
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: params.enumOf('usage', ['off_session', 'on_session']) ?? 'off_session',
    };
  }

  /** Confirms: the card is checked with the issuer and attached to the intent's customer, or the intent records the decline (402). */
  function confirm(intent: Stripe.SetupIntent, at: number, cause: EventCause, render: (object: unknown) => unknown): Stripe.SetupIntent {
    const methodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    if (!methodId)
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
        'payment_method',
        'setup_intent_unexpected_state',
      );
    const method = paymentMethodOf(methodId, 'payment_method');
    const customer = intent.customer ? livingCustomer(customerIdOf(intent.customer) ?? undefined, 'customer') : null;
    try {
      if (customer) attach(method, customer, at, cause);
      else {
        const decline = setupDecline(vault.behaviour(method.id));
        if (decline)
          throw cardError(decline.message, decline.code, { ...(decline.declineCode ? { decline_code: decline.declineCode } : {}) });
      }
    } catch (error) {
      if (!(error instanceof StripeApiError) || error.status !== 402) throw error;
      const { fields } = error;
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_setup_error = {
        code: fields.code as Stripe.SetupIntent.LastSetupError.Code,
        ...(fields.decline_code ? { decline_code: fields.decline_code } : {}),
        doc_url: docUrlOf(fields.code ?? 'card_declined'),
        message: fields.message,
        ...(fields.param ? { param: fields.param } : {}),
        payment_method: structuredClone(method),
        type: 'card_error',
      };
      events.record('setup_intent.setup_failed', intent, { created: at, cause });
      // Stripe's card error for an intent carries the intent as it now stands.
      fields.setup_intent = render(intent);
      throw error;
    }
    intent.status = 'succeeded';
    intent.last_setup_error = null;
    events.record('setup_intent.succeeded', intent, { created: at, cause });
    return intent;
  }

  return {
    livingCustomer,
    customersCard,

    createCustomer(params: Params, at: number, cause: EventCause): Stripe.Customer {
      params.only(CUSTOMER_PARAMS);
      const clockId = params.string('test_clock') || null;
      if (clockId) store.require('test_clock', clockId, 'test_clock');
      const created = clockId ? store.clockTime(clockId) : at;
      const customer = store.put('customer', {
        id: store.newId('customer'),
        object: 'customer',
        address: null,
        balance: 0,
        created,
        currency: null,
        default_source: null,
        delinquent: false,
        description: null,
        discount: null,
        email: null,
        invoice_prefix: store.token(8).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
        livemode: false,
        metadata: {},
        name: null,
        next_invoice_sequence: 1,
        phone: null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: clockId,
      });
      applyCustomerFields(customer, params);
      const methodId = params.string('payment_method');
      if (methodId) attach(paymentMethodOf(methodId, 'payment_method'), customer, created, cause);
      setDefault(customer, params.object('invoice_settings'));
      events.record('customer.created', customer, { created, cause });
      return customer;
    },

    updateCustomer(customer: Stripe.Customer, params: Params, at: number, cause: EventCause): Stripe.Customer {
      params.only(CUSTOMER_PARAMS.filter((name) => name !== 'payment_method' && name !== 'test_clock'));
      const before = structuredClone(customer);
      applyCustomerFields(customer, params);
      setDefault(customer, params.object('invoice_settings'));
      events.record('customer.updated', customer, { created: at, cause, previous: changed(before, customer) });
      return customer;
    },

    createPaymentMethod,
    paymentMethodOf,

    attach(method: Stripe.PaymentMethod, params: Params, cause: EventCause): Stripe.PaymentMethod {
      params.only(['customer']);
      const customer = livingCustomer(params.string('customer'), 'customer');
      return attach(method, customer, store.timeOfCustomer(customer.id), cause);
    },

    detach(method: Stripe.PaymentMethod, cause: EventCause): Stripe.PaymentMethod {
      const owner = customerIdOf(method.customer);
      if (!owner) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
      const at = store.timeOfCustomer(owner);
      const customer = store.get('customer', owner);
      if (customer?.invoice_settings.default_payment_method === method.id) customer.invoice_settings.default_payment_method = null;
      for (const subscription of store.all('subscription'))
        if (subscription.default_payment_method === method.id) subscription.default_payment_method = null;
      method.customer = null;
      detached.add(method.id);
      events.record('payment_method.detached', method, { created: at, cause, previous: { customer: owner } });
      return method;
    },

    cardsOf(customerId: string): Stripe.PaymentMethod[] {
      return store.newestFirst(store.all('payment_method').filter((method) => customerIdOf(method.customer) === customerId));
    },

    createSetupIntent(params: Params, cause: EventCause, render: (object: unknown) => unknown): Stripe.SetupIntent {
      params.only([
        'customer',
        'payment_method',
        'confirm',
        'usage',
        'allowed_payment_method_types',
        'payment_method_types',
        'automatic_payment_methods',
        'description',
        'metadata',
        'return_url',
        'use_stripe_sdk',
        'mandate_data',
      ]);
      const customerId = params.string('customer');
      const customer = customerId ? livingCustomer(customerId, 'customer') : null;
      const at = store.timeOfCustomer(customer?.id);
      const intent = store.put('setup_intent', setupIntentObject(customer, params, at));
      const methodId = params.string('payment_method');
      if (methodId) {
        intent.payment_method = paymentMethodOf(methodId, 'payment_method').id;
        intent.status = 'requires_confirmation';
      }
      events.record('setup_intent.created', intent, { created: at, cause });
      return params.boolean('confirm') ? confirm(intent, at, cause, render) : intent;
    },

    confirmSetupIntent(
      intent: Stripe.SetupIntent,
      params: Params,
      cause: EventCause,
      render: (object: unknown) => unknown,
    ): Stripe.SetupIntent {
      params.only(['payment_method', 'return_url', 'use_stripe_sdk', 'mandate_data']);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        throw invalidRequest(
          `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
          undefined,
          'setup_intent_unexpected_state',
        );
      const methodId = params.string('payment_method');
      if (methodId) intent.payment_method = paymentMethodOf(methodId, 'payment_method').id;
      return confirm(intent, store.timeOfCustomer(customerIdOf(intent.customer)), cause, render);
    },
  };
}

/** The top-level fields of `after` that differ from `before`, with their values before: `previous_attributes`. */
export function changed<T extends object>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  return previous;
}
