import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RestCustomerCompliance, RestShop, RestShopRedact } from '../webhooks.ts';
import { SHOP_TIME_ZONE } from './calendar.ts';
import type { DemoStore } from './generator.ts';
import { CURRENCY } from './ids.ts';
import { acceptForms, adminPage, escapeHtml, type SandboxOAuth } from './oauth.ts';
import type { ShopInfo } from './resolvers.ts';
import type { Subscriptions } from './subscriptions.ts';
import { deliverWebhook, shopTime } from './webhooks.ts';

/*
 * The app's life in the shop after its install, as Shopify runs it:
 *
 * - Uninstalling (the merchant's "Desinstalar" in the admin's Apps page, or `uninstallApp()`): every access
 *   token the app held stops working at once (the Admin API answers 401 with Shopify's body for an invalid
 *   token), the shop's webhook subscriptions are deleted, and `app/uninstalled` goes out, signed, with the
 *   REST Shop resource, to the subscriptions of that topic and to the address the app's configuration
 *   declares. Installing again (the OAuth install) hands out a new token that works.
 * - The mandatory compliance webhooks, which Shopify sends to the address the app's configuration declares
 *   for `compliance_topics` (never to an API subscription): `customers/data_request` (a store owner asked
 *   for a customer's data), `customers/redact` (erase a customer; 10 days after the request when the
 *   customer has no order in the last six months) and `shop/redact` (48 hours after an uninstall). The
 *   sandbox sends each on request, in Shopify's payloads.
 */

export interface AppConfiguration {
  /**
   * Where the app's configuration (`shopify.app.toml`) sends `app/uninstalled` and the compliance topics;
   * absent, compliance requests cannot be sent (as Shopify refuses to publish an app without it).
   */
  webhooksUri?: string;
}

export interface LifecycleDelivery {
  /** The receiver's statuses, one per address (0 when it could not be reached). */
  statuses: number[];
  /** `X-Shopify-Webhook-Id`: pass it back to deliver the same webhook again, as Shopify's retries do. */
  webhookId: string;
}

export interface ResendOptions {
  webhookId?: string;
}

export interface CustomerRequestOptions extends ResendOptions {
  /** The orders the request names (default: every order of the customer). */
  orders?: number[];
}

interface LifecycleOptions {
  app: FastifyInstance;
  prefix: string;
  shop: ShopInfo;
  store: DemoStore;
  subscriptions: Subscriptions;
  oauth: SandboxOAuth;
  secret: string;
  config: AppConfiguration;
  /** Whether the webhooks may go to this address (the sandbox's allowed origins). */
  deliverableTo: (uri: string) => boolean;
}

const numeric = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

export function createAppLifecycle(options: LifecycleOptions) {
  const { shop, store, subscriptions, oauth, secret, config } = options;
  const shopId = numeric(shop.id);
  /** The demo store's own app token stands for an install made before the sandbox started: it ends with an uninstall too. */
  let demoTokenRevoked = false;
  let dataRequests = 0;

  /** The REST Shop resource, the body of `app/uninstalled`. */
  function shopPayload(): RestShop & Record<string, unknown> {
    const now = shopTime(store.nowSeconds());
    return {
      id: shopId,
      name: shop.name,
      email: 'camila@tiendademo.cl',
      domain: shop.myshopifyDomain,
      province: 'Región Metropolitana',
      country: 'CL',
      address1: 'Av. Providencia 1234',
      zip: '7500000',
      city: 'Santiago',
      source: null,
      phone: '+56 2 2345 6789',
      latitude: -33.4263,
      longitude: -70.6168,
      primary_locale: 'es',
      address2: null,
      created_at: shopTime(0),
      updated_at: now,
      country_code: 'CL',
      country_name: 'Chile',
      currency: CURRENCY,
      customer_email: 'hola@tiendademo.cl',
      timezone: '(GMT-03:00) America/Santiago',
      iana_timezone: SHOP_TIME_ZONE,
      shop_owner: 'Camila Rojas',
      money_format: '${{amount_no_decimals_with_comma_separator}}',
      money_with_currency_format: '${{amount_no_decimals_with_comma_separator}} CLP',
      weight_unit: 'kg',
      province_code: 'RM',
      taxes_included: true,
      plan_display_name: 'Basic',
      plan_name: 'basic',
      myshopify_domain: shop.myshopifyDomain,
      password_enabled: false,
      has_storefront: true,
      enabled_presentment_currencies: [CURRENCY],
    };
  }

  /** Posts one webhook to each address, signed with the app's secret, under one webhook id. */
  async function send(topic: string, payload: object, uris: readonly string[], resend: ResendOptions): Promise<LifecycleDelivery> {
    const webhookId = resend.webhookId ?? randomUUID();
    const statuses: number[] = [];
    for (const url of new Set(uris))
      if (options.deliverableTo(url))
        statuses.push(await deliverWebhook(topic, payload, { url, secret, shop: shop.myshopifyDomain, webhookId, eventId: randomUUID() }));
    return { statuses, webhookId };
  }

  function complianceUri(): string {
    if (!config.webhooksUri) throw new Error('The app configuration declares no compliance webhooks address (appConfig.webhooksUri).');
    return config.webhooksUri;
  }

  /** A customer of the demo store as compliance payloads name them (id, email, phone). */
  function customerOf(customerId: number) {
    const profile = store.customerById(customerId, store.nowSeconds());
    const orders = profile ? store.ordersOf(profile, store.nowSeconds()).map((order) => order.id) : [];
    return { customer: { id: customerId, email: profile?.email ?? null, phone: profile?.phone ?? null }, orders };
  }

  const lifecycle = {
    /** Whether `token` opens the Admin API: the demo store's own app token until an uninstall, or one the install handed out since. */
    tokenWorks(token: unknown, demoToken: string): boolean {
      return (token === demoToken && !demoTokenRevoked) || oauth.issued(token);
    },

    /** The merchant uninstalls the app. Resolves once `app/uninstalled` has been delivered. */
    async uninstallApp(resend: ResendOptions = {}): Promise<LifecycleDelivery & { deletedSubscriptions: number }> {
      demoTokenRevoked = true;
      oauth.revokeAll();
      const targets = subscriptions.targets('app/uninstalled').map((subscription) => subscription.uri);
      const deleted = subscriptions.deleteAll();
      const delivery = await send(
        'app/uninstalled',
        shopPayload(),
        [...(config.webhooksUri ? [config.webhooksUri] : []), ...targets],
        resend,
      );
      return { ...delivery, deletedSubscriptions: deleted };
    },

    /** The store owner asked, in Shopify, for what the app holds on a customer. */
    sendCustomerDataRequest(customerId: number, request: CustomerRequestOptions = {}): Promise<LifecycleDelivery> {
      const { customer, orders } = customerOf(customerId);
      const payload: RestCustomerCompliance = {
        shop_id: shopId,
        shop_domain: shop.myshopifyDomain,
        orders_requested: request.orders ?? orders,
        customer,
        data_request: { id: 9_000 + ++dataRequests },
      };
      return send('customers/data_request', payload, [complianceUri()], request);
    },

    /** A customer (or the store owner for them) asked to be erased. */
    sendCustomerRedact(customerId: number, request: CustomerRequestOptions = {}): Promise<LifecycleDelivery> {
      const { customer, orders } = customerOf(customerId);
      const payload: RestCustomerCompliance = {
        shop_id: shopId,
        shop_domain: shop.myshopifyDomain,
        customer,
        orders_to_redact: request.orders ?? orders,
      };
      return send('customers/redact', payload, [complianceUri()], request);
    },

    /** What Shopify sends 48 hours after an uninstall: erase the shop's data. Sent now, on request. */
    sendShopRedact(resend: ResendOptions = {}): Promise<LifecycleDelivery> {
      const payload: RestShopRedact = { shop_id: shopId, shop_domain: shop.myshopifyDomain };
      return send('shop/redact', payload, [complianceUri()], resend);
    },
  };

  // The admin's Apps page: the app as installed, and its "Desinstalar" button.
  const page = `${options.prefix}/:shop/admin/settings/apps`;
  options.app.register(async (scope) => {
    acceptForms(scope);
    scope.get<{ Params: { shop: string } }>(page, async (request, reply) => {
      if (request.params.shop !== shop.myshopifyDomain)
        return adminPage(reply, 404, 'Tienda no encontrada', '<h1>Esta tienda no existe.</h1>');
      return adminPage(
        reply,
        200,
        'Apps',
        `<h1>Apps instaladas en ${escapeHtml(shop.name)}</h1><p>Recompra <small>(${escapeHtml(shop.myshopifyDomain)})</small></p>` +
          `<form method="post" action="${escapeHtml(request.url.split('?')[0]!)}/uninstall"><input type="hidden" name="app" value="recompra">` +
          '<div class="actions"><button type="submit" name="decision" value="uninstall">Desinstalar</button></div></form>',
      );
    });
    scope.post<{ Params: { shop: string } }>(`${page}/uninstall`, async (request, reply) => {
      if (request.params.shop !== shop.myshopifyDomain)
        return adminPage(reply, 404, 'Tienda no encontrada', '<h1>Esta tienda no existe.</h1>');
      await lifecycle.uninstallApp();
      return adminPage(
        reply,
        200,
        'App desinstalada',
        `<h1>Desinstalaste Recompra</h1><p>Recompra ya no tiene acceso a ${escapeHtml(shop.name)}. Para volver a usarla, conéctala de nuevo desde Recompra.</p>`,
      );
    });
  });

  return lifecycle;
}

export type AppLifecycle = ReturnType<typeof createAppLifecycle>;
