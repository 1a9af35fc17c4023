import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { operations as AppOperations } from '../shared/api/app.gen.ts';
import type { operations as BackendOperations } from '../shared/api/backend.gen.ts';
import {
  billingContext,
  billingHandlers,
  type CardProcessor,
  registerStoreDeletionJob,
  registerStripeWebhooks,
  registerSubscriptionCheckJob,
  STRIPE_WEBHOOK_PATH,
} from './features/account/billing.ts';
import { accountHandlers } from './features/account/handlers.ts';
import type { BillingContext } from './features/account/subscriptions.ts';
import { adCampaignHandlers, registerAdCampaignDiscardJob } from './features/ad-campaigns/handlers.ts';
import { adCampaignInsightsHandlers, registerAdInsightsJob } from './features/ad-campaigns/insights.ts';
import { adMediaUploads } from './features/ad-campaigns/media.ts';
import { dashboardHandlers, investmentHandlers } from './features/dashboard/handlers.ts';
import { dashboardMetricsSubscriber } from './features/dashboard/rebuild.ts';
import { shopifyAccess } from './features/integrations/connection.ts';
import { emailMarketingHandlers } from './features/integrations/email-marketing.ts';
import { integrationHandlers, storeConnectionHandlers } from './features/integrations/handlers.ts';
import { INSTALL_CALLBACK_PATH, shopifyInstallHandlers, shopifyOAuthFor } from './features/integrations/install.ts';
import { klaviyoAccess, klaviyoSyncSubscriber, registerKlaviyoSyncJobs } from './features/integrations/klaviyo-sync.ts';
import { registerNightlyJob } from './features/integrations/nightly.ts';
import {
  adAccountHandlers,
  campaignTargetingHandlers,
  registerMetaTokenCheckJob,
  socialAdsHandlers,
} from './features/integrations/social-ads.ts';
import { registerSyncJob } from './features/integrations/sync.ts';
import { registerShopifyWebhooks } from './features/integrations/webhooks.ts';
import { segmentHandlers, segmentStatsHandlers } from './features/segments/handlers.ts';
import { LiveCounts } from './features/segments/live-count.ts';
import { registerSegmentBuildJob, segmentsSubscriber } from './features/segments/membership.ts';
import { accountSecurityHandlers } from './features/session/account-security.ts';
import { sessionHandlers } from './features/session/handlers.ts';
import { storeHandlers } from './features/stores/handlers.ts';
import { teamHandlers } from './features/team/handlers.ts';
import { registerKlaviyoSandbox } from './integrations/klaviyo/sandbox/index.ts';
import { registerMetaSandbox } from './integrations/meta/sandbox/index.ts';
import { createPaymentsClient } from './integrations/payments/client.ts';
import { registerStripeSandbox } from './integrations/payments/sandbox/index.ts';
import { HANDLED_EVENT_TYPES } from './integrations/payments/webhooks.ts';
import { registerShopifySandbox } from './integrations/shopify/sandbox/index.ts';
import { type Handler, type Handlers, registerContract, type Services } from './platform/api.ts';
import type { Config } from './platform/config.ts';
import { appContract, backendContract } from './platform/contract.ts';
import type { Database } from './platform/db.ts';
import { registerDocs } from './platform/docs.ts';
import { clientErrorHandler, frameworkClientError, frameworkErrors, HttpError } from './platform/errors.ts';
import { registerHousekeepingJob } from './platform/housekeeping.ts';
import { JobWorker } from './platform/jobs.ts';
import { LiveHub, livePosition } from './platform/live.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { registerMailbox } from './platform/mailbox.ts';
import { metaAccess } from './platform/meta-connection.ts';
import { pageHints } from './platform/page-hints.ts';
import { loadSecretBox, type SecretBox } from './platform/secrets.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { loadSessionSecret, readSession } from './platform/sessions.ts';
import { registerSpa, spaIndex } from './platform/spa.ts';
import { StoreEvents } from './platform/store-events.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where mail goes; by default SMTP_URL or the local outbox. */
  mailer?: Mailer;
  /** Encrypts third-party secrets; by default from ENCRYPTION_KEY (platform/secrets.ts). */
  secrets?: SecretBox;
  /** New card-processor customers go on this test clock, so a test can move their time. */
  paymentsTestClock?: () => string | undefined;
  /** Let the Shopify sandbox send webhooks as its demo store receives orders (the running server, not tests). */
  liveSandbox?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
    events: StoreEvents;
    /** The store subscriptions and the card processor they are kept at. */
    billing: BillingContext;
    /** The open tabs' live streams of this process. */
    live: LiveHub;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, logger = false, mailer = createMailer(config.smtpUrl) } = options;
  const app = Fastify({
    logger: logger ? { level: 'info' } : false,
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies in front of us (Fastify runs numbers but types only the function).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    forceCloseConnections: true,
    frameworkErrors,
    clientErrorHandler,
  });
  const secrets = options.secrets ?? (await loadSecretBox(db, config.encryptionKey, config.production));
  const shopify = shopifyAccess(config.shopifyEndpoint, secrets, config.publicUrl);
  const klaviyo = klaviyoAccess(config.klaviyoBaseUrl, secrets);
  const meta = metaAccess(config, secrets);
  const processor: CardProcessor = {
    payments: createPaymentsClient({ secretKey: config.payments.secretKey, apiBase: config.payments.apiBase }),
    publishableKey: config.payments.publishableKey,
    apiBase: config.payments.browserApiBase,
    webhookSecret: config.payments.webhookSecret,
  };
  const billing = billingContext(db, processor, options.paymentsTestClock);
  // Jobs run in this process; main.ts starts the worker, tests drain it.
  const jobs = new JobWorker(db);
  const events = storeEvents(db);
  const live = new LiveHub(db);
  const services: Services = { db, config, mailer, sessionSecret: await loadSessionSecret(db, config.sessionSecret), events, live };
  events.registerJob(jobs);
  registerKlaviyoSyncJobs(jobs, db, klaviyo);
  registerSyncJob(jobs, { db, events }, shopify);
  registerNightlyJob(jobs, { db, events }, shopify);
  registerHousekeepingJob(jobs, db);
  mailer.registerJob(jobs, db);
  registerSegmentBuildJob(jobs, db, events);
  registerStoreDeletionJob(jobs, db, processor.payments);
  registerSubscriptionCheckJob(jobs, billing);
  registerMetaTokenCheckJob(jobs, db, meta);
  registerAdCampaignDiscardJob(jobs, db, meta);
  registerAdInsightsJob(jobs, db, meta);
  app.decorate('jobs', jobs);
  app.decorate('billing', billing);
  app.decorate('events', events);
  app.decorate('live', live);
  const liveCounts = new LiveCounts(db);
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => liveCounts.close());
  app.addHook('onClose', () => live.close());
  const index = spaIndex(config.webDir);

  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // API answers and pages are compressed for browsers that accept it; built files come precompressed.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Every body the contracts take is JSON (but an upload's file, read on its own route); anything else is answered 415 in Spanish.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const known =
      error instanceof HttpError
        ? error
        : error.statusCode && error.statusCode < 500
          ? frameworkClientError(error.statusCode, error.code)
          : null;
    if (known)
      return reply
        .code(known.statusCode)
        .headers(known.headers ?? {})
        .send(known.toBody());
    request.log.error(error);
    if (!logger) console.error(error);
    return reply.code(500).send({ message: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.', code: 'internal_error' });
  });

  const appHandlers: Handlers<AppOperations> = {
    ...sessionHandlers(index),
    ...storeHandlers,
    ...teamHandlers(index),
    ...accountHandlers,
    ...billingHandlers(billing, processor, mailer),
    ...accountSecurityHandlers,
    ...integrationHandlers,
    ...emailMarketingHandlers(klaviyo),
    ...socialAdsHandlers(meta),
    ...campaignTargetingHandlers(meta),
    ...adCampaignHandlers(meta),
    ...adCampaignInsightsHandlers(meta),
    ...investmentHandlers,
    ...segmentHandlers(liveCounts),
  };
  const backendHandlers: Handlers<BackendOperations> = {
    ...dashboardHandlers,
    ...storeConnectionHandlers(shopify),
    ...shopifyInstallHandlers(shopify, shopifyOAuthFor(config)),
    ...segmentStatsHandlers,
    ...adAccountHandlers,
  };
  registerContract(app, appContract(), '/api', appHandlers as unknown as Record<string, Handler<never>>, services, {
    // An ad's video may weigh up to 300 MB (SPEC §5): received to disk, within its type's limit; every other body stays within the app's 1 MB.
    uploads: { uploadAdMedia: adMediaUploads },
    uploadDir: config.uploadDir,
  });
  registerContract(app, backendContract(), config.backendPrefix, backendHandlers as unknown as Record<string, Handler<never>>, services);
  registerShopifyWebhooks(app, db, events, config.shopifyWebhookSecret, secrets);
  registerStripeWebhooks(app, billing, processor);
  if (config.sandboxes) {
    // The demo store gets a Shopify Plus-sized cost bucket (1,000 points a second), so its import is quick.
    // The sandbox stops its webhook timers when the app closes (its own onClose hook).
    registerShopifySandbox(app, {
      webhookSecret: config.shopifyWebhookSecret,
      webhookOrigins: [new URL(config.publicUrl).origin],
      liveWebhooks: (options.liveSandbox ?? false) && config.demoStoreSales,
      // What happens in the demo store reaches the app within seconds, as Shopify's webhooks do.
      webhookIntervalMs: 2000,
      throttle: { restoreRate: 1000 },
      // Our app, installable from "Conectar con Shopify", sent back only to this server.
      oauth: {
        apps: [
          {
            apiKey: config.shopifyApiKey,
            apiSecret: config.shopifyApiSecret,
            name: 'Recompra',
            redirectUrls: [`${config.publicUrl}${config.backendPrefix}${INSTALL_CALLBACK_PATH}`],
          },
        ],
      },
    });
  }
  // Klaviyo's API for lists, profiles and imports, with its demo keys (README names the full-access one).
  if (config.sandboxes) registerKlaviyoSandbox(app);
  // Meta's Graph API, Facebook Login's dialog and Business Suite's terms page, with the demo person of
  // README (its Facebook Login sends the token back to our integrations page only).
  if (config.sandboxes)
    registerMetaSandbox(app, {
      apps: [{ appId: config.meta.appId, appSecret: config.meta.appSecret, redirectUris: [meta.login.redirectUri] }],
    });
  // Stripe's API for customers, cards, prices, subscriptions, invoices and test clocks, at this server's
  // root as Stripe serves it (README names its keys and test cards). Its events reach our webhook.
  if (config.sandboxes)
    registerStripeSandbox(app, {
      webhookTargets: [
        {
          url: `${config.publicUrl}${STRIPE_WEBHOOK_PATH}`,
          secret: config.payments.webhookSecret,
          enabledEvents: [...HANDLED_EVENT_TYPES],
        },
      ],
      deliveryIntervalMs: options.liveSandbox ? 2000 : null,
    });
  await registerDocs(app);
  if (!config.production) registerMailbox(app, db);
  await registerSpa(app, config.webDir, ['/api', config.backendPrefix], index, {
    hints: pageHints(config.webDir, config.backendBase),
    readSession: (token) => readSession(db, token, services.sessionSecret),
    livePosition: (storeId) => livePosition(db, storeId),
  });
  return app;
}

/** Features meet only here: writers record store events, and every feature's subscriber follows them. */
export function storeEvents(db: Database): StoreEvents {
  const events = new StoreEvents(db);
  events.subscribe(dashboardMetricsSubscriber(events));
  events.subscribe(segmentsSubscriber(events));
  events.subscribe(klaviyoSyncSubscriber());
  return events;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
