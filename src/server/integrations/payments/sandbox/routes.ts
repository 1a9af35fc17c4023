import type Stripe from 'stripe';
import { createPrice, createProduct, findPrices, PRODUCT_PARAMS, updatePrice } from './catalog.ts';
import { BROWSER_PARAMS } from './customers.ts';
import type { Engine } from './engine.ts';
import { type Kind, paginate } from './objects.ts';
import type { Params } from './params.ts';
import { search } from './search.ts';
import { invalidRequest, missingParam, noSuch } from './stripe-errors.ts';
import type { EventCause } from './webhooks.ts';

/*
 * Stripe's `/v1/…` paths over the model: each route reads its parameters, calls the model and returns
 * the object (or list) to answer with; the server renders it with `expand[]`, and turns what it
 * throws into Stripe's error objects.
 */

export interface Call {
  /** The query string and the form body, read together. */
  params: Params;
  /** The path's object id (`/v1/customers/:id`), '' when the path has none. */
  id: string;
  cause: EventCause;
  /** Called with the publishable key (from a browser): such calls must show the object's client secret. */
  publishable: boolean;
}

export interface StripeRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Stripe's path, with `:id` for the object. */
  path: string;
  /** The publishable key may call it (only tokenisation, as Stripe.js does from a browser). */
  publishable?: boolean;
  handle(call: Call): unknown;
}

const PAGE_PARAMS = ['limit', 'starting_after', 'ending_before', 'created'];

/** The `created` filter of list calls: a timestamp, or `created[gt|gte|lt|lte]`. */
function createdWithin(params: Params): (item: { created: number }) => boolean {
  if (typeof params.values.created === 'string') {
    const exact = params.integer('created');
    return (item) => exact === undefined || item.created === exact;
  }
  const range = params.object('created')?.only(['gt', 'gte', 'lt', 'lte']);
  if (!range) return () => true;
  const [gt, gte, lt, lte] = (['gt', 'gte', 'lt', 'lte'] as const).map((bound) => range.integer(bound));
  return (item) =>
    (gt === undefined || item.created > gt) &&
    (gte === undefined || item.created >= gte) &&
    (lt === undefined || item.created < lt) &&
    (lte === undefined || item.created <= lte);
}

/** A page of `items` (newest first) after the `created` filter. */
const page = <T extends { id: string; created: number }>(items: readonly T[], params: Params, url: string) =>
  paginate(items.filter(createdWithin(params)), params, url);

/** `customer.subscription.*` matches every type under it, as Stripe's event filter does. */
const typeMatches = (pattern: string, type: string) => (pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type);

const deleted = (id: string, object: string) => ({ id, object, deleted: true });

const WEBHOOK_EVENT_PATTERN = /^(\*|[a-z_]+(\.[a-z_]+)*(\.\*)?)$/;

export function stripeRoutes(engine: Engine): StripeRoute[] {
  const { store, wallet, billing, clocks, events } = engine;
  const now = () => store.nowSeconds();
  const render = (object: unknown) => engine.render(object);
  /** `GET …/:id`: the object, or Stripe's 404. */
  const retrieve = (path: string, kind: Kind): StripeRoute => ({ method: 'GET', path, handle: ({ id }) => store.require(kind, id) });

  function webhookFields(endpoint: Stripe.WebhookEndpoint, params: Params) {
    const url = params.string('url');
    if (url !== undefined) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw invalidRequest(`Invalid URL: ${url}`, 'url', 'url_invalid');
      endpoint.url = url;
    }
    const types = params.strings('enabled_events');
    if (types !== undefined) {
      if (types.length === 0) throw missingParam('enabled_events');
      types.forEach((type, index) => {
        if (!WEBHOOK_EVENT_PATTERN.test(type))
          throw invalidRequest(`Invalid enabled_events[${index}]: ${type}`, `enabled_events[${index}]`);
      });
      endpoint.enabled_events = types;
    }
    const description = params.string('description');
    if (description !== undefined) endpoint.description = description || null;
    endpoint.metadata = params.metadata(endpoint.metadata);
  }

  /**
   * The payment intent a call names. With the publishable key Stripe.js must pass its `client_secret`;
   * without the right one the intent does not exist for the caller.
   */
  function paymentIntentOf({ id, params, publishable }: Call): Stripe.PaymentIntent {
    const intent = store.require('payment_intent', id);
    const secret = params.string('client_secret');
    if ((publishable || secret !== undefined) && secret !== intent.client_secret) throw noSuch('payment_intent', id);
    return intent;
  }

  /** An endpoint as every answer but its creation shows it: without its signing secret. */
  const withoutSecret = ({ secret: _secret, ...endpoint }: Stripe.WebhookEndpoint): Stripe.WebhookEndpoint => endpoint;

  return [
    // ---- products and prices --------------------------------------------------------------------
    { method: 'POST', path: '/v1/products', handle: ({ params }) => createProduct(store, params.only(PRODUCT_PARAMS), now()) },
    retrieve('/v1/products/:id', 'product'),
    {
      method: 'GET',
      path: '/v1/products',
      handle: ({ params }) => {
        params.only(['active', 'ids', 'shippable', 'url', ...PAGE_PARAMS]);
        const active = params.boolean('active');
        const ids = params.strings('ids');
        const products = store
          .newestFirst(store.all('product'))
          .filter((product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id)));
        return page(products, params, '/v1/products');
      },
    },
    { method: 'POST', path: '/v1/prices', handle: ({ params }) => createPrice(store, params, now()) },
    retrieve('/v1/prices/:id', 'price'),
    { method: 'POST', path: '/v1/prices/:id', handle: ({ id, params }) => updatePrice(store, store.require('price', id), params) },
    { method: 'GET', path: '/v1/prices', handle: ({ params }) => page(findPrices(store, params), params, '/v1/prices') },

    // ---- customers --------------------------------------------------------------------------------
    { method: 'POST', path: '/v1/customers', handle: ({ params, cause }) => wallet.createCustomer(params, now(), cause) },
    {
      method: 'GET',
      path: '/v1/customers/search',
      handle: ({ params }) =>
        search(store.newestFirst(store.all('customer')), params, {
          resource: 'customers',
          url: '/v1/customers/search',
          fields: ['created', 'email', 'metadata', 'name', 'phone'],
          textOf: (customer, field) => {
            const value = customer[field as 'email' | 'name' | 'phone'];
            return typeof value === 'string' ? value : null;
          },
        }),
    },
    {
      method: 'GET',
      path: '/v1/customers/:id',
      // A deleted customer is still found, as its deleted stub.
      handle: ({ id }) => (store.deletedCustomers.has(id) ? deleted(id, 'customer') : store.require('customer', id)),
    },
    {
      method: 'POST',
      path: '/v1/customers/:id',
      handle: ({ id, params, cause }) => wallet.updateCustomer(store.require('customer', id), params, store.timeOfCustomer(id), cause),
    },
    {
      method: 'DELETE',
      path: '/v1/customers/:id',
      handle: ({ id, params, cause }) => {
        params.only([]);
        const customer = store.require('customer', id);
        const at = store.timeOfCustomer(id);
        // Stripe cancels a deleted customer's subscriptions at once.
        billing.endSubscriptionsOf(id, cause);
        events.record('customer.deleted', customer, { created: at, cause });
        store.remove('customer', id);
        store.deletedCustomers.add(id);
        return deleted(id, 'customer');
      },
    },
    {
      method: 'GET',
      path: '/v1/customers',
      handle: ({ params }) => {
        params.only(['email', 'test_clock', ...PAGE_PARAMS]);
        const email = params.string('email');
        const clock = params.string('test_clock');
        const customers = store
          .newestFirst(store.all('customer'))
          .filter((customer) => (!email || customer.email === email) && (!clock || customer.test_clock === clock));
        return page(customers, params, '/v1/customers');
      },
    },
    {
      method: 'GET',
      path: '/v1/customers/:id/payment_methods',
      handle: ({ id, params }) => {
        params.only(['type', 'allow_redisplay', ...PAGE_PARAMS]);
        params.enumOf('type', ['card']);
        return page(wallet.cardsOf(wallet.livingCustomer(id).id), params, `/v1/customers/${id}/payment_methods`);
      },
    },

    // ---- payment methods and setup intents -------------------------------------------------------
    { method: 'POST', path: '/v1/payment_methods', publishable: true, handle: ({ params }) => wallet.createPaymentMethod(params, now()) },
    retrieve('/v1/payment_methods/:id', 'payment_method'),
    {
      method: 'GET',
      path: '/v1/payment_methods',
      handle: ({ params }) => {
        params.only(['customer', 'type', 'allow_redisplay', ...PAGE_PARAMS]);
        params.enumOf('type', ['card']);
        const customer = params.string('customer');
        // Without a customer, Stripe lists the payment methods attached to none.
        const methods = customer
          ? wallet.cardsOf(wallet.livingCustomer(customer, 'customer').id)
          : store.newestFirst(store.all('payment_method').filter((method) => method.customer === null));
        return page(methods, params, '/v1/payment_methods');
      },
    },
    {
      method: 'POST',
      path: '/v1/payment_methods/:id/attach',
      handle: ({ id, params, cause }) => wallet.attach(wallet.paymentMethodOf(id), params, cause),
    },
    {
      method: 'POST',
      path: '/v1/payment_methods/:id/detach',
      handle: ({ id, params, cause }) => {
        params.only([]);
        return wallet.detach(store.require('payment_method', id), cause);
      },
    },
    { method: 'POST', path: '/v1/setup_intents', handle: ({ params, cause }) => wallet.createSetupIntent(params, cause, render) },
    retrieve('/v1/setup_intents/:id', 'setup_intent'),
    {
      method: 'POST',
      path: '/v1/setup_intents/:id/confirm',
      handle: ({ id, params, cause }) => wallet.confirmSetupIntent(store.require('setup_intent', id), params, cause, render),
    },

    // ---- payment intents (made by invoices; Stripe.js confirms them with their client secret) -------
    {
      method: 'GET',
      path: '/v1/payment_intents/:id',
      publishable: true,
      handle: (call) => {
        call.params.only(['client_secret', 'is_stripe_sdk', ...BROWSER_PARAMS]);
        return paymentIntentOf(call);
      },
    },
    {
      method: 'POST',
      path: '/v1/payment_intents/:id/confirm',
      publishable: true,
      handle: (call) => billing.confirmPayment(paymentIntentOf(call), call.params, call.cause, render),
    },

    // ---- subscriptions and invoices -------------------------------------------------------------
    { method: 'POST', path: '/v1/subscriptions', handle: ({ params, cause }) => billing.createSubscription(params, cause) },
    {
      method: 'GET',
      path: '/v1/subscriptions/search',
      handle: ({ params }) =>
        search(store.newestFirst(store.all('subscription')), params, {
          resource: 'subscriptions',
          url: '/v1/subscriptions/search',
          fields: ['created', 'metadata', 'status'],
          textOf: (subscription, field) => (field === 'status' ? subscription.status : null),
        }),
    },
    retrieve('/v1/subscriptions/:id', 'subscription'),
    {
      method: 'POST',
      path: '/v1/subscriptions/:id',
      handle: ({ id, params, cause }) => billing.updateSubscription(store.require('subscription', id), params, cause),
    },
    {
      method: 'DELETE',
      path: '/v1/subscriptions/:id',
      handle: ({ id, params, cause }) => billing.cancelSubscription(store.require('subscription', id), params, cause),
    },
    {
      method: 'GET',
      path: '/v1/subscriptions',
      handle: ({ params }) => page(billing.findSubscriptions(params), params, '/v1/subscriptions'),
    },
    { method: 'POST', path: '/v1/invoices/create_preview', handle: ({ params }) => billing.previewInvoice(params) },
    retrieve('/v1/invoices/:id', 'invoice'),
    { method: 'GET', path: '/v1/invoices', handle: ({ params }) => page(billing.findInvoices(params), params, '/v1/invoices') },
    {
      method: 'GET',
      path: '/v1/invoices/:id/lines',
      handle: ({ id, params }) => {
        params.only(['limit', 'starting_after', 'ending_before']);
        return paginate(store.require('invoice', id).lines.data, params, `/v1/invoices/${id}/lines`);
      },
    },
    {
      method: 'POST',
      path: '/v1/invoices/:id/pay',
      handle: ({ id, params, cause }) => billing.payInvoice(store.require('invoice', id), params, cause, render),
    },

    // ---- test clocks ------------------------------------------------------------------------------
    { method: 'POST', path: '/v1/test_helpers/test_clocks', handle: ({ params, cause }) => clocks.create(params, cause) },
    retrieve('/v1/test_helpers/test_clocks/:id', 'test_clock'),
    {
      method: 'POST',
      path: '/v1/test_helpers/test_clocks/:id/advance',
      handle: ({ id, params, cause }) => clocks.advance(store.require('test_clock', id), params, cause),
    },
    {
      method: 'DELETE',
      path: '/v1/test_helpers/test_clocks/:id',
      handle: ({ id, params, cause }) => {
        params.only([]);
        return clocks.remove(store.require('test_clock', id), cause);
      },
    },
    {
      method: 'GET',
      path: '/v1/test_helpers/test_clocks',
      handle: ({ params }) => page(store.newestFirst(store.all('test_clock')), params.only(PAGE_PARAMS), '/v1/test_helpers/test_clocks'),
    },

    // ---- webhook endpoints and events -------------------------------------------------------------
    {
      method: 'POST',
      path: '/v1/webhook_endpoints',
      handle: ({ params }) => {
        params.only(['url', 'enabled_events', 'description', 'metadata', 'api_version', 'connect']);
        params.requiredString('url');
        if (!params.has('enabled_events')) throw missingParam('enabled_events');
        if (params.boolean('connect')) throw invalidRequest('The sandbox has no connected accounts.', 'connect');
        const endpoint: Stripe.WebhookEndpoint = {
          id: store.newId('webhook_endpoint'),
          object: 'webhook_endpoint',
          api_version: params.string('api_version') || null,
          application: null,
          created: now(),
          description: null,
          enabled_events: [],
          livemode: false,
          metadata: {},
          // Shown in this answer only; deliveries to the endpoint are signed with it.
          secret: `whsec_${store.token(32)}`,
          status: 'enabled',
          url: '',
        };
        webhookFields(endpoint, params);
        return store.put('webhook_endpoint', endpoint);
      },
    },
    { method: 'GET', path: '/v1/webhook_endpoints/:id', handle: ({ id }) => withoutSecret(store.require('webhook_endpoint', id)) },
    {
      method: 'POST',
      path: '/v1/webhook_endpoints/:id',
      handle: ({ id, params }) => {
        params.only(['url', 'enabled_events', 'description', 'metadata', 'disabled']);
        const endpoint = store.require('webhook_endpoint', id);
        webhookFields(endpoint, params);
        const disabled = params.boolean('disabled');
        if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
        return withoutSecret(endpoint);
      },
    },
    {
      method: 'DELETE',
      path: '/v1/webhook_endpoints/:id',
      handle: ({ id, params }) => {
        params.only([]);
        store.remove('webhook_endpoint', store.require('webhook_endpoint', id).id);
        return deleted(id, 'webhook_endpoint');
      },
    },
    {
      method: 'GET',
      path: '/v1/webhook_endpoints',
      handle: ({ params }) =>
        page(store.newestFirst(store.all('webhook_endpoint')).map(withoutSecret), params.only(PAGE_PARAMS), '/v1/webhook_endpoints'),
    },
    retrieve('/v1/events/:id', 'event'),
    {
      method: 'GET',
      path: '/v1/events',
      handle: ({ params }) => {
        params.only(['type', 'types', ...PAGE_PARAMS]);
        const type = params.string('type');
        const types = params.strings('types');
        if (type && types) throw invalidRequest('You may only specify one of these parameters: type, types.', 'types');
        if (types && types.length > 20) throw invalidRequest('You may only specify up to 20 types.', 'types');
        const patterns = types ?? (type ? [type] : null);
        const found = store
          .newestFirst(store.all('event'))
          .filter((event) => !patterns || patterns.some((pattern) => typeMatches(pattern, event.type)));
        return page(found, params, '/v1/events');
      },
    },
  ];
}
