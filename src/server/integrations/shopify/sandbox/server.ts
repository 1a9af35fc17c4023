import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SHOPIFY_API_VERSION, sandboxEndpoint } from '../client.ts';
import type { ChannelConsentState, MarketingState, WebhookTopic } from '../types.ts';
import { type BulkOperations, createBulkOperations } from './bulk.ts';
import { createCollections } from './collections.ts';
import { type CostBucketOptions, createCostBucket } from './cost.ts';
import { answerAdminRequest } from './executor.ts';
import { createDemoStore, type DemoStore, type GeneratorOptions } from './generator.ts';
import { type AppConfiguration, type AppLifecycle, createAppLifecycle } from './lifecycle.ts';
import { registerShopifySandboxOAuth, type SandboxOAuthOptions } from './oauth.ts';
import type { AdminContext, ShopInfo } from './resolvers.ts';
import { createSubscriptions, type WebhookSubscription } from './subscriptions.ts';
import { createWebhookClock, type TickReport } from './webhook-clock.ts';
import { customerPayload, DEFAULT_WEBHOOK_SECRET } from './webhooks.ts';

export type { WebhookSubscription } from './subscriptions.ts';
export type { TickReport } from './webhook-clock.ts';

export const SANDBOX_SHOP = 'recompra-demo.myshopify.com';
export const SANDBOX_TOKEN = 'shpat_sandbox_demo';
export const SANDBOX_WEBHOOK_SECRET = DEFAULT_WEBHOOK_SECRET;
export const SANDBOX_PREFIX = '/sandbox/shopify';
/** What the demo app installation was granted: the import's scopes plus some it does not use, like a real app's. */
export const SANDBOX_SCOPES = ['read_products', 'read_customers', 'write_orders', 'read_all_orders', 'read_checkouts', 'read_inventory'];

/** What Shopify answers a request with an unknown or revoked token. */
const INVALID_TOKEN_BODY = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };

export interface SandboxOptions extends GeneratorOptions {
  /** Send webhooks for orders, fulfilments and carts as time passes (default false). */
  liveWebhooks?: boolean;
  /** How often live webhooks are checked (default 60 s). */
  webhookIntervalMs?: number;
  webhookSecret?: string;
  /**
   * The only origins (`https://app.example.com`) webhook subscriptions may point at; any other address
   * is refused as Shopify refuses an invalid one. Absent, any http(s) address is accepted (a sandbox
   * on its own, for tests); an app serving the sandbox publicly names its own address, so the public
   * demo token cannot make it post to anyone else.
   */
  webhookOrigins?: readonly string[];
  /** How long a bulk operation runs before it completes (default 300 ms). */
  bulkDelayMs?: number;
  /**
   * Shopify's delivery habits, as shares of the webhooks due in a tick: some arrive late, after
   * events that happened later, and some twice with the same webhook id (default 10% and 5%).
   */
  deliveryHabits?: { lateShare?: number; duplicateShare?: number };
  /** The scopes the demo token was granted (default: every scope the import needs, and more). */
  scopes?: readonly string[];
  /** Its app install (OAuth): the apps that can be installed and how long a code lives (oauth.ts). */
  oauth?: Pick<SandboxOAuthOptions, 'apps' | 'codeLifetimeMs'>;
  /** The cost bucket (Shopify's standard plan: 2000 points, 100 restored per second). */
  throttle?: CostBucketOptions;
  /** What the app's configuration file declares: where app/uninstalled and the compliance webhooks go (lifecycle.ts). */
  appConfig?: AppConfiguration;
}

export interface ShopifySandbox {
  store: DemoStore;
  shop: string;
  token: string;
  webhookSecret: string;
  subscriptions(): WebhookSubscription[];
  /** Sends the webhooks due since the last tick (what the live timer does every interval). */
  emitDueWebhooks(): Promise<TickReport>;
  /** Posts a webhook to every subscription of `topic`, signed like Shopify; resolves to the statuses. */
  deliverWebhook(topic: WebhookTopic | string, payload: object): Promise<number[]>;
  /**
   * The merchant changes a customer's SMS or WhatsApp marketing consent in Shopify's admin (numeric id), now:
   * the Admin API reads it so from then on and `customers/update` goes to its subscribers. Resolves to the
   * statuses, or null when the store has no such customer.
   */
  setCustomerConsent(customerId: number, change: { sms?: MarketingState; whatsapp?: ChannelConsentState }): Promise<number[] | null>;
  /** Test hooks: sets the points left in the cost bucket; makes the next calls fail with `status`. */
  setAvailableCost(points: number): void;
  failNextRequests(count: number, status: number, headers?: Record<string, string>): void;
  failNextBulkOperation(errorCode: string): void;
  /**
   * The merchant uninstalls the app (as the admin's Apps page does): tokens revoked, subscriptions deleted,
   * `app/uninstalled` delivered. Installing it again by OAuth gives a token that works.
   */
  uninstallApp: AppLifecycle['uninstallApp'];
  /** The compliance webhooks, sent now to the configuration's address (`appConfig.webhooksUri`), in Shopify's payloads. */
  sendCustomerDataRequest: AppLifecycle['sendCustomerDataRequest'];
  sendCustomerRedact: AppLifecycle['sendCustomerRedact'];
  sendShopRedact: AppLifecycle['sendShopRedact'];
  /** Stops the live webhooks timer. */
  stop(): void;
}

/** The demo shop as `shop` answers it. */
const SHOP: ShopInfo = {
  id: 'gid://shopify/Shop/72000000001',
  name: 'Recompra Demo',
  currencyCode: 'CLP',
  ianaTimezone: 'America/Santiago',
  myshopifyDomain: SANDBOX_SHOP,
};

/**
 * Mounts the sandbox store under `/sandbox/shopify/{shop}/…` on an existing Fastify app: the GraphQL
 * Admin endpoint (any valid document over Shopify's Admin schema, executor.ts), the bulk result files
 * (bulk.ts) and the app install (oauth.ts); webhooks go out as time passes (webhook-clock.ts).
 */
export function registerShopifySandbox(app: FastifyInstance, options: SandboxOptions = {}): ShopifySandbox {
  const store = createDemoStore(options);
  const oauth = registerShopifySandboxOAuth(app, {
    ...options.oauth,
    shop: SANDBOX_SHOP,
    prefix: SANDBOX_PREFIX,
    scopes: options.scopes ?? SANDBOX_SCOPES,
  });
  const webhookSecret = options.webhookSecret ?? SANDBOX_WEBHOOK_SECRET;
  const bucket = createCostBucket(options.throttle);
  const collections = createCollections(store);
  const subscriptions = createSubscriptions({ webhookOrigins: options.webhookOrigins });
  const bulk: BulkOperations = createBulkOperations({
    store,
    delayMs: options.bulkDelayMs ?? 300,
    filePath: `${SANDBOX_PREFIX}/${SANDBOX_SHOP}/bulk`,
  });
  const clock = createWebhookClock({
    store,
    subscriptions,
    shop: SANDBOX_SHOP,
    secret: webhookSecret,
    lateShare: options.deliveryHabits?.lateShare ?? 0.1,
    duplicateShare: options.deliveryHabits?.duplicateShare ?? 0.05,
  });
  const faults: Array<{ status: number; headers: Record<string, string> }> = [];
  const lifecycle = createAppLifecycle({
    app,
    prefix: SANDBOX_PREFIX,
    shop: SHOP,
    store,
    subscriptions,
    oauth,
    secret: webhookSecret,
    config: options.appConfig ?? {},
    deliverableTo: subscriptions.deliverableTo,
  });

  async function graphql(request: FastifyRequest<{ Params: { shop: string; version: string } }>, reply: FastifyReply) {
    if (request.params.shop !== SANDBOX_SHOP) return reply.code(404).send({ errors: 'Not Found' });
    reply.header('x-shopify-api-version', /^\d{4}-\d{2}$/.test(request.params.version) ? request.params.version : SHOPIFY_API_VERSION);
    const fault = faults.shift();
    if (fault)
      return reply
        .code(fault.status)
        .headers(fault.headers)
        .send({
          errors:
            fault.status === 429
              ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'
              : 'Internal Server Error',
        });
    const token = request.headers['x-shopify-access-token'];
    if (!lifecycle.tokenWorks(token, SANDBOX_TOKEN)) return reply.code(401).send(INVALID_TOKEN_BODY);

    const context: AdminContext = {
      store,
      collections,
      now: store.nowSeconds(),
      shop: SHOP,
      scopes: options.scopes ?? SANDBOX_SCOPES,
      bulk,
      subscriptions,
      origin: `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`,
      exporting: false,
    };
    return reply.send(answerAdminRequest((request.body ?? {}) as Parameters<typeof answerAdminRequest>[0], context, bucket));
  }

  app.post(`${SANDBOX_PREFIX}/:shop/admin/api/:version/graphql.json`, graphql);
  // The rest of the Admin API (REST included) is not served: Shopify's own 404, never the app's Spanish one.
  app.all(`${SANDBOX_PREFIX}/:shop/admin/*`, (_request, reply) => reply.code(404).send({ errors: 'Not Found' }));

  // The result file of a bulk operation, generated as it is read: the response's backpressure paces it.
  app.get<{ Params: { shop: string; file: string } }>(`${SANDBOX_PREFIX}/:shop/bulk/:file`, async (request, reply) => {
    const chunks = request.params.shop === SANDBOX_SHOP ? bulk.file(request.params.file) : null;
    if (!chunks) return reply.code(404).send({ errors: 'Not Found' });
    return reply.type('application/jsonl').send(Readable.from(chunks, { objectMode: false, highWaterMark: 1 << 16 }));
  });

  const sandbox: ShopifySandbox = {
    store,
    shop: SANDBOX_SHOP,
    token: SANDBOX_TOKEN,
    webhookSecret,
    subscriptions: () => subscriptions.list().map((s) => ({ ...s })),
    emitDueWebhooks: () => clock.emitDueWebhooks(),
    deliverWebhook: (topic, payload) => clock.deliverToSubscribers(topic, payload),
    async setCustomerConsent(customerId, change) {
      const at = store.nowSeconds();
      const customer = store.changeConsent(customerId, change, at);
      // Each change is its own delivery: Shopify gives every webhook its own id.
      return customer ? clock.deliverToSubscribers('customers/update', customerPayload(customer, at), { webhookId: randomUUID() }) : null;
    },
    setAvailableCost: (points) => bucket.set(points),
    failNextRequests(count, status, headers = {}) {
      for (let k = 0; k < count; k++) faults.push({ status, headers });
    },
    failNextBulkOperation: (errorCode) => bulk.failNext(errorCode),
    uninstallApp: (resend) => lifecycle.uninstallApp(resend),
    sendCustomerDataRequest: (customerId, request) => lifecycle.sendCustomerDataRequest(customerId, request),
    sendCustomerRedact: (customerId, request) => lifecycle.sendCustomerRedact(customerId, request),
    sendShopRedact: (resend) => lifecycle.sendShopRedact(resend),
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };

  let timer: NodeJS.Timeout | null = null;
  if (options.liveWebhooks) {
    timer = setInterval(() => void sandbox.emitDueWebhooks().catch(() => undefined), options.webhookIntervalMs ?? 60_000);
    timer.unref();
  }
  app.addHook('onClose', async () => sandbox.stop());
  return sandbox;
}

export interface StartedSandbox extends ShopifySandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The endpoint template for `createShopifyClient`. */
  endpoint: string;
  close(): Promise<void>;
}

/** The sandbox alone on its own port (tests, `scripts/shopify-sandbox.ts`). */
export async function startShopifySandbox(options: SandboxOptions & { port?: number; host?: string } = {}): Promise<StartedSandbox> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  const sandbox = registerShopifySandbox(app, sandboxOptions);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    ...sandbox,
    url,
    endpoint: sandboxEndpoint(url),
    async close() {
      sandbox.stop();
      await app.close();
    },
  };
}
