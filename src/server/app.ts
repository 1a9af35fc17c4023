import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountFeature, STRIPE_WEBHOOK_PATH } from './features/account/index.ts';
import { adCampaignsFeature } from './features/ad-campaigns/index.ts';
import { chatFeature } from './features/chat/index.ts';
import { dashboardFeature } from './features/dashboard/index.ts';
import { INSTALL_CALLBACK_PATH, integrationsFeature, SHOPIFY_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH } from './features/integrations/index.ts';
import { segmentsFeature } from './features/segments/index.ts';
import { sessionFeature } from './features/session/index.ts';
import { storesFeature } from './features/stores/index.ts';
import { teamFeature } from './features/team/index.ts';
import { whatsappFeature } from './features/whatsapp/index.ts';
import { registerKlaviyoSandbox } from './integrations/klaviyo/sandbox/index.ts';
import { registerMetaSandbox } from './integrations/meta/sandbox/index.ts';
import { registerStripeSandbox } from './integrations/payments/sandbox/index.ts';
import { HANDLED_EVENT_TYPES } from './integrations/payments/webhooks.ts';
import { registerShopifySandbox } from './integrations/shopify/sandbox/index.ts';
import { type Clock, movableClock, registerClockControl, systemClock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import { metaAccess } from './platform/connections/meta-connection.ts';
import type { Database } from './platform/database/db.ts';
import type { FeatureParts, ServerFeature } from './platform/feature.ts';
import { type Handler, registerContract, type Services } from './platform/http/api.ts';
import { appContract, backendContract } from './platform/http/contract.ts';
import { registerDocs } from './platform/http/docs.ts';
import { clientErrorHandler, frameworkClientError, frameworkErrors, HttpError } from './platform/http/errors.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerHousekeepingJob } from './platform/jobs/housekeeping.ts';
import { JobWorker } from './platform/jobs/jobs.ts';
import { createMailer, type Mailer } from './platform/mail/mail.ts';
import { registerMailbox } from './platform/mail/mailbox.ts';
import { pageHints } from './platform/pages/page-hints.ts';
import { registerSpa, spaIndex } from './platform/pages/spa.ts';
import { loadSecretBox, type SecretBox } from './platform/security/secrets.ts';
import { loadSessionSecret, readSession } from './platform/security/sessions.ts';
import { LiveHub, livePosition } from './platform/store-data/live.ts';
import { StoreEvents } from './platform/store-data/store-events.ts';

/** Every server feature (features/<feature>/index.ts); subscribers follow store events in this order. */
export const FEATURES: readonly ServerFeature[] = [
  sessionFeature,
  storesFeature,
  teamFeature,
  accountFeature,
  dashboardFeature,
  segmentsFeature,
  integrationsFeature,
  adCampaignsFeature,
  whatsappFeature,
  chatFeature,
];

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where mail goes; by default SMTP_URL or the local outbox. */
  mailer?: Mailer;
  /** Encrypts third-party secrets; by default from ENCRYPTION_KEY (platform/security/secrets.ts). */
  secrets?: SecretBox;
  /** New card-processor customers go on this test clock, so a test can move their time. */
  paymentsTestClock?: () => string | undefined;
  /** Let the Shopify sandbox send webhooks as its demo store receives orders (the running server, not tests). */
  liveSandbox?: boolean;
  /** The server's time (tests); by default the system's, made movable where the sandboxes are (platform/clock.ts). */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobWorker;
    events: StoreEvents;
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
  const meta = metaAccess(config, secrets);
  const movable = config.sandboxes && !options.clock ? movableClock() : null;
  const clock = options.clock ?? movable ?? systemClock;
  // Jobs run in this process; main.ts starts the worker, tests drain it.
  const jobs = new JobWorker(db);
  const events = storeEvents(db);
  const live = new LiveHub(db);
  const index = spaIndex(config.webDir);
  const services: Services = { db, config, mailer, sessionSecret: await loadSessionSecret(db, config.sessionSecret), events, live };
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  app.decorate('live', live);
  registerHousekeepingJob(jobs, db);
  mailer.registerJob(jobs, db);

  registerSecurityHeaders(app, config);
  // A journey's control of the server's time (and so Meta's), before the routes its Date header covers: never in
  // production, where nothing moves the clock.
  if (movable) registerClockControl(app, movable, db);
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

  // Each feature registers its jobs and its routes outside the contracts, and answers its handlers.
  const parts: FeatureParts[] = [];
  for (const feature of FEATURES)
    parts.push(
      await feature.start({
        app,
        db,
        config,
        events,
        jobs,
        mailer,
        secrets,
        live,
        meta,
        index,
        clock,
        paymentsTestClock: options.paymentsTestClock,
      }),
    );
  events.registerJob(jobs);
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', async () => {
    for (const part of parts) await part.close?.();
  });
  app.addHook('onClose', () => live.close());
  const appHandlers = Object.assign({}, ...parts.map((part) => part.app ?? {}));
  const backendHandlers = Object.assign({}, ...parts.map((part) => part.backend ?? {}));
  // A contract's operations and its handlers must match one for one: registerContract names any missing or extra.
  registerContract(app, appContract(), '/api', appHandlers as Record<string, Handler<never>>, services, {
    uploads: Object.assign({}, ...parts.map((part) => part.uploads ?? {})),
    uploadDir: config.uploadDir,
  });
  registerContract(app, backendContract(), config.backendPrefix, backendHandlers as Record<string, Handler<never>>, services);
  if (config.sandboxes) {
    // The demo store has the cost bucket of Shopify's standard plans (2,000 points, 100 restored a second),
    // as most merchants' stores do. The sandbox stops its webhook timers when the app closes (its own onClose hook).
    registerShopifySandbox(app, {
      webhookSecret: config.shopifyWebhookSecret,
      webhookOrigins: [new URL(config.publicUrl).origin],
      liveWebhooks: (options.liveSandbox ?? false) && config.demoStoreSales,
      // What happens in the demo store reaches the app within seconds, as Shopify's webhooks do.
      webhookIntervalMs: 2000,
      // Our app's configuration (shopify.app.toml): app/uninstalled and the compliance webhooks come here.
      appConfig: { webhooksUri: `${config.publicUrl}${SHOPIFY_WEBHOOK_PATH}` },
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
      // Meta's time is the server's: moving the server's clock moves Meta's, so both see a window close.
      now: () => clock.now(),
      // WhatsApp's webhooks reach ours every 2 s, with Meta's habits (some twice, some late).
      whatsappWebhooks: { callbackUrl: `${config.publicUrl}${WHATSAPP_WEBHOOK_PATH}`, intervalMs: 2000 },
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
      // As Stripe's, the running demo's deliveries come out of order, and a few twice (the same ones each run).
      ...(options.liveSandbox ? { shuffleSeed: 2026, duplicateRate: 0.05 } : {}),
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
  for (const feature of FEATURES) for (const subscriber of feature.subscribers?.(events) ?? []) events.subscribe(subscriber);
  return events;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
