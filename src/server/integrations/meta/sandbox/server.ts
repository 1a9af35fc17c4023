import Fastify, { type FastifyInstance } from 'fastify';
import { mulberry32 } from '../../random.ts';
import { type PermissionGrant, REQUIRED_PERMISSIONS } from '../types.ts';
import type { QualityRating } from '../whatsapp/types.ts';
import { createAuth, type SandboxMetaApp, type SandboxToken } from './auth.ts';
import { registerBusiness } from './business.ts';
import { DAY_MS } from './clock.ts';
import { seedDemo } from './demo.ts';
import type { GraphErrorFields } from './errors.ts';
import { type QueuedFault, registerGraph } from './graph.ts';
import { escapeHtml, sendPage } from './html.ts';
import { registerLogin } from './login.ts';
import { imageByHash } from './media.ts';
import { createUsageMeter, type MetaRateLimits } from './rate-limits.ts';
import { createStore, type MetaSandboxStore, type PendingWhatsAppChange, type SandboxUser } from './store.ts';
import { rateTemplate, settleTemplates } from './templates.ts';
import { ratePhoneNumber } from './whatsapp.ts';
import { createWhatsAppWebhooks, type WhatsAppWebhookDelivery, type WhatsAppWebhookHabits } from './whatsapp-webhooks.ts';

export const META_SANDBOX_PREFIX = '/sandbox/meta';

/**
 * The sandbox's own app, which META_APP_ID and META_APP_SECRET name outside production. Its secret is
 * public on purpose: production refuses to start with it.
 */
export const SANDBOX_META_APP = {
  appId: '1098765432101234',
  appSecret: 'recompra-meta-sandbox-app-secret',
  name: 'Recompra',
} as const;

export interface MetaSandboxOptions {
  /** The apps Graph and Facebook Login know (default SANDBOX_META_APP, with no redirect URI). */
  apps?: readonly SandboxMetaApp[];
  /** The clock, in ms (token expiry, rate-limit windows, insights); Date.now by default. advanceTime moves it on from there. */
  now?: () => number;
  /** Whether user calls need `appsecret_proof`, as Recompra's app is configured (default true). */
  requireAppSecretProof?: boolean;
  /** Smaller allowances than the defaults (tests). */
  rateLimits?: MetaRateLimits;
  /** Seeds the trace ids (`x-fb-trace-id`, `fbtrace_id`), so answers repeat from run to run. */
  seed?: number;
  /** How long Meta's review of a WhatsApp template takes (default 10 s). */
  templateReviewSeconds?: number;
  /**
   * The WhatsApp webhooks of the first app: its subscription's callback URL, how often they go out on
   * their own (ms; 0, the default, only when `whatsapp.deliverWebhooks()` is called), and Meta's habits
   * (by default every 5th delivery twice and every 7th change a round late).
   */
  whatsappWebhooks?: { callbackUrl?: string; intervalMs?: number } & WhatsAppWebhookHabits;
}

/** The sandbox's own control of WhatsApp, like the ads' clock: never Meta's, never in production. */
export interface WhatsAppSandboxControl {
  /** Moves the clock on and lets Meta finish what it would have meanwhile (reviews, pauses). */
  advance(ms: number): void;
  /** A template's new quality rating; RED pauses an approved one (3 h, then 6 h) and disables it the third time. */
  setTemplateQuality(templateId: string, quality: QualityRating): void;
  /** A number's new quality rating (FLAGGED when it turns RED, UNFLAGGED when it recovers). */
  setPhoneQuality(phoneNumberId: string, quality: QualityRating): void;
  /** The changes queued for the WABAs' webhooks so far, oldest first. */
  changes(): readonly PendingWhatsAppChange[];
  /** Where the app's `whatsapp_business_account` subscription delivers (default app: the first). */
  setCallbackUrl(url: string | null, appId?: string): void;
  /** One round of webhook deliveries now: what was POSTed, and the answers. */
  deliverWebhooks(): Promise<WhatsAppWebhookDelivery[]>;
}

export interface IssueTokenOptions {
  /** Default: the first app. */
  appId?: string;
  /** What the person grants (default every permission Recompra asks for). */
  granted?: readonly string[];
  declined?: readonly string[];
  /** A 60-day token, as the exchange gives (default a short-lived one, as Facebook Login gives). */
  longLived?: boolean;
}

/** What tests and scripts do to the sandbox besides calling it. */
export interface MetaSandbox {
  store: MetaSandboxStore;
  /** The people who can sign in. */
  users: readonly SandboxUser[];
  /** A token as if the person had signed in at Facebook Login and answered as `options` says. */
  issueToken(userId: string, options?: IssueTokenOptions): string;
  tokensOf(userId: string): SandboxToken[];
  permissionsOf(userId: string, appId?: string): PermissionGrant[];
  /** Every token the person holds now answers 190/463; new logins work. */
  expireTokens(userId: string): void;
  /** As if the person removed the app: every token answers 190/458, the grants are gone. */
  revoke(userId: string): void;
  setTermsAccepted(adAccountId: string, accepted: boolean): void;
  /**
   * The next `count` Graph calls answer `status` with Meta's error object (a 5xx by default code 2,
   * transient); with `target`, only the next calls of that method and path (`act_1/ads`, or a RegExp
   * over it, without the version), so one step of a sequence fails after the others succeeded.
   */
  failNext(
    count: number,
    status: number,
    graphError?: Partial<GraphErrorFields>,
    headers?: Record<string, string>,
    target?: { method?: string; path?: string | RegExp },
  ): void;
  /** The sandbox's clock now, in ms. */
  now(): number;
  /** Moves the sandbox's clock on (tokens age, rate-limit windows pass, ads deliver): reports get days to show. */
  advanceTime(ms: number): void;
  advanceDays(days: number): void;
  whatsapp: WhatsAppSandboxControl;
}

const TRACE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Mounts Meta's Graph API (`{prefix}/graph`), Facebook Login's dialog (`{prefix}/www`) and Business
 * Suite's terms page (`{prefix}/business`) on `app`, in a scope of their own: the form parsing and
 * error pages here leave the app's JSON-only policy untouched.
 */
export function registerMetaSandbox(app: FastifyInstance, options: MetaSandboxOptions = {}): MetaSandbox {
  const clock = options.now ?? Date.now;
  let advanced = 0;
  const now = () => clock() + advanced;
  const apps = options.apps ?? [{ ...SANDBOX_META_APP, redirectUris: [] }];
  const store = createStore();
  seedDemo(store);
  if (options.templateReviewSeconds !== undefined) store.templateReviewMs = options.templateReviewSeconds * 1000;
  const auth = createAuth(apps, now);
  const faults: QueuedFault[] = [];
  const random = mulberry32(options.seed ?? 0x4d657461);
  const traceId = () => Array.from({ length: 23 }, () => TRACE_ALPHABET[Math.floor(random() * TRACE_ALPHABET.length)]).join('');

  app.register(
    async (scope) => {
      // Facebook Login's form and Graph's form-encoded calls; whatever the app decided for this type, here it is Meta's.
      if (scope.hasContentTypeParser('application/x-www-form-urlencoded'))
        scope.removeContentTypeParser('application/x-www-form-urlencoded');
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        // Customer lists go form-encoded: 10,000 rows of two hashes are about 2 MB.
        { parseAs: 'string', bodyLimit: 32 * 1024 * 1024 },
        (_request, body, done) => done(null, new URLSearchParams(String(body))),
      );
      scope.setNotFoundHandler((_request, reply) =>
        sendPage(
          reply,
          404,
          'Facebook',
          'Página no disponible',
          '<h1>Esta página no está disponible</h1><p>El enlace no funciona o la página se eliminó.</p>',
        ),
      );
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (!error.statusCode || error.statusCode >= 500) request.log.error({ err: error }, 'Meta sandbox failure');
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
        return sendPage(reply, status, 'Facebook', 'Error', `<h1>Algo salió mal</h1><p>${escapeHtml(error.message)}</p>`);
      });
      await scope.register(
        async (graph) =>
          registerGraph(graph, {
            store,
            auth,
            meter: createUsageMeter(now, options.rateLimits),
            now,
            requireAppSecretProof: options.requireAppSecretProof ?? true,
            faults,
            traceId,
          }),
        { prefix: '/graph' },
      );
      await scope.register(async (www) => registerLogin(www, store, auth, now), { prefix: '/www' });
      await scope.register(async (business) => registerBusiness(business, store), { prefix: '/business' });
      // Not Meta's: the sandbox's own clock, so a demo (or a journey against a running server) can let
      // days go by and read what its campaigns spent. Only mounted where sandboxes are, never in production.
      scope.get('/clock', async () => ({ now: new Date(now()).toISOString() }));
      scope.post<{ Querystring: { days?: string } }>('/clock/advance', async (request, reply) => {
        const days = Number(request.query.days ?? '1');
        if (!Number.isInteger(days) || days < 1 || days > 365)
          return reply.code(400).send({ error: 'days must be a whole number from 1 to 365' });
        advanced += days * DAY_MS;
        return { now: new Date(now()).toISOString() };
      });
      // WhatsApp's side of the same control: a review or a pause over in a moment, a template or a number rated.
      scope.post<{ Querystring: { seconds?: string } }>('/whatsapp/advance', async (request, reply) => {
        const seconds = Number(request.query.seconds ?? '60');
        if (!Number.isInteger(seconds) || seconds < 1 || seconds > 31 * 86_400)
          return reply.code(400).send({ error: 'seconds must be a whole number from 1 to 2678400' });
        whatsapp.advance(seconds * 1000);
        return { now: new Date(now()).toISOString() };
      });
      scope.post<{ Params: { kind: string; id: string }; Querystring: { rating?: string } }>(
        '/whatsapp/:kind/:id/quality',
        async (request, reply) => {
          const rating = request.query.rating as QualityRating;
          if (!['GREEN', 'YELLOW', 'RED', 'UNKNOWN'].includes(rating))
            return reply.code(400).send({ error: 'rating must be GREEN, YELLOW, RED or UNKNOWN' });
          const { kind, id } = request.params;
          if (kind === 'templates' && store.template(id)) whatsapp.setTemplateQuality(id, rating);
          else if (kind === 'phone-numbers' && store.phoneNumber(id)) whatsapp.setPhoneQuality(id, rating);
          else return reply.code(404).send({ error: `no ${kind} ${id}` });
          return { id, rating };
        },
      );
      // Mounted in the app, its static files' catch-all (`GET /*`) would take an unknown path here to the
      // app's own Spanish 404: this one is more specific, and Facebook's page answers it.
      scope.all('/*', (_request, reply) => reply.callNotFound());
      // The stand-in for Meta's CDN: uploaded images at the address Graph gives for them.
      scope.get<{ Params: { hash: string } }>('/cdn/adimages/:hash', async (request, reply) => {
        const accounts = [...store.nodes.values()].flatMap((node) => (node.type === 'AdAccount' ? [node.value] : []));
        const image = imageByHash(accounts, request.params.hash.replace(/\.\w+$/, ''));
        if (!image) return reply.callNotFound();
        return reply.type(image.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(image.bytes);
      });
    },
    { prefix: META_SANDBOX_PREFIX },
  );

  const appOf = (appId?: string) => {
    const found = appId ? auth.app(appId) : apps[0];
    if (!found) throw new Error(`No app ${appId ?? ''} in the Meta sandbox`);
    return found;
  };

  const hooks = options.whatsappWebhooks ?? {};
  const webhooks = createWhatsAppWebhooks(store, apps, now, {
    duplicateEvery: hooks.duplicateEvery ?? 5,
    lateEvery: hooks.lateEvery ?? 7,
  });
  if (hooks.callbackUrl) webhooks.setCallbackUrl(apps[0]!.appId, hooks.callbackUrl);
  if (hooks.intervalMs) {
    const timer = setInterval(() => {
      webhooks.deliver().catch((error: unknown) => app.log.warn({ err: error }, 'Meta sandbox webhook delivery failed'));
    }, hooks.intervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const whatsapp: WhatsAppSandboxControl = {
    advance(ms) {
      advanced += ms;
      settleTemplates(store, now());
    },
    setTemplateQuality(templateId, quality) {
      const template = store.template(templateId);
      if (!template) throw new Error(`No message template ${templateId} in the Meta sandbox`);
      rateTemplate(store, template, quality, now());
    },
    setPhoneQuality(phoneNumberId, quality) {
      const phone = store.phoneNumber(phoneNumberId);
      if (!phone) throw new Error(`No phone number ${phoneNumberId} in the Meta sandbox`);
      ratePhoneNumber(store, phone, quality, now());
    },
    changes() {
      settleTemplates(store, now());
      return store.whatsappChanges;
    },
    setCallbackUrl(url, appId) {
      webhooks.setCallbackUrl(appOf(appId).appId, url);
    },
    deliverWebhooks: () => webhooks.deliver(),
  };

  return {
    store,
    users: store.users,
    issueToken(userId, issue = {}) {
      if (!store.user(userId)) throw new Error(`No person ${userId} in the Meta sandbox`);
      const { appId } = appOf(issue.appId);
      auth.grant(appId, userId, issue.granted ?? REQUIRED_PERMISSIONS, issue.declined ?? []);
      return auth.issue(appId, userId, issue.longLived ? 'long' : 'short').token;
    },
    tokensOf: (userId) => auth.tokensOf(userId),
    permissionsOf: (userId, appId) => auth.permissions(appOf(appId).appId, userId),
    expireTokens: (userId) => auth.expire(userId),
    revoke: (userId) => auth.revoke(userId),
    setTermsAccepted(adAccountId, accepted) {
      const account = store.adAccount(adAccountId);
      if (!account) throw new Error(`No ad account ${adAccountId} in the Meta sandbox`);
      if (accepted) account.termsAccepted.add('custom_audience_tos');
      else account.termsAccepted.delete('custom_audience_tos');
    },
    failNext(count, status, graphError, headers = {}, target = {}) {
      for (let index = 0; index < count; index += 1)
        faults.push({ status, ...(graphError ? { error: graphError } : {}), headers, ...target });
    },
    now,
    advanceTime(ms) {
      advanced += ms;
    },
    advanceDays(days) {
      advanced += days * DAY_MS;
    },
    whatsapp,
  };
}

export interface StartedMetaSandbox {
  /** Graph's base, for the client's `graphUrl`: `http://127.0.0.1:<port>/sandbox/meta/graph`. */
  url: string;
  /** Facebook Login's host: the dialog is at `{loginUrl}/{version}/dialog/oauth`. */
  loginUrl: string;
  /** Business Suite's host, for `customAudienceTermsUrl`. */
  businessUrl: string;
  sandbox: MetaSandbox;
  close(): Promise<void>;
}

/** The sandbox alone on its own port (tests, scripts). */
export async function startMetaSandbox(options: MetaSandboxOptions & { port?: number; host?: string } = {}): Promise<StartedMetaSandbox> {
  const { port = 0, host = '127.0.0.1', ...sandboxOptions } = options;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const sandbox = registerMetaSandbox(app, sandboxOptions);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}${META_SANDBOX_PREFIX}`;
  return { url: `${base}/graph`, loginUrl: `${base}/www`, businessUrl: `${base}/business`, sandbox, close: () => app.close() };
}
