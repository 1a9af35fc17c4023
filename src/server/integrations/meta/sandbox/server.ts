import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
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
import { inboundMessage, queueMessagesChange, recipientOf, waIdOf } from './messages.ts';
import { createUsageMeter, type MetaRateLimits } from './rate-limits.ts';
import {
  createStore,
  type MetaSandboxStore,
  type PendingWhatsAppChange,
  type SandboxMessage,
  type SandboxRecipient,
  type SandboxUser,
} from './store.ts';
import { rateTemplate, settleTemplates } from './templates.ts';
import { ratePhoneNumber } from './whatsapp.ts';
import { downloadMedia, MEDIA_DOWNLOAD_ROUTE, withCustomerMedia } from './whatsapp-media.ts';
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
  /** How message statuses and customers' messages behave (see `WhatsAppSandboxControl.setMessageHabits`). */
  whatsappMessages?: MessageHabitsOptions;
}

export interface MessageHabitsOptions {
  /** Meta's awkwardness, drawn from the seed: a status twice, read with no delivered, delivered after read, a customer's message twice (default on). */
  awkward?: boolean;
  /** When delivered and read follow an accepted message on the sandbox's clock (default 1 s and 5 s; 0 for at once). */
  deliveredAfterMs?: number;
  readAfterMs?: number;
}

/** What a customer may send the business: Meta's message object without id, sender and time (`{type: 'text', text: {body}}`…). */
export type CustomerMessage = { type: string; context?: { id: string }; profileName?: string } & Record<string, unknown>;

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

  /** Every message accepted from the business numbers, oldest first (to a wa_id, from a number). */
  sentMessages(filter?: { to?: string; phoneNumberId?: string }): readonly SandboxMessage[];
  /** The customers' messages each number marked read (Meta's read receipt), oldest first. */
  readReceipts(phoneNumberId?: string): readonly string[];
  /** Messages a second the number may send before 130429 (Meta's default 80; 1,000 once upgraded). */
  setThroughput(phoneNumberId: string, perSecond: number): void;
  /**
   * How a customer's number answers: `marketing` stopped (131050) or held back by Meta (131049), `undeliverable`
   * (131026); as a `failed` status (Meta's way, default) or, with `refuseInResponse`, as the send's error;
   * `reads: false` for one who never reads (no `read` status).
   */
  setRecipient(phone: string, state: Partial<Omit<SandboxRecipient, 'lastInbound'>>): void;
  /** The next `count` sends fail: `error` answers 500 with 131000; `timeout` answers after `delayMs`, the message accepted (default) or not. */
  failNextSends(count: number, kind: 'error' | 'timeout', options?: { delayMs?: number; accepted?: boolean }): void;
  /** A customer writes to the number (opening the 24-hour window): Meta's `messages` webhook; its wamid. */
  customerSends(phoneNumberId: string, from: string, message: CustomerMessage): string;
  /** A customer taps "stop promotions" (`stop`) or resumes them: Meta's `user_preferences` webhook, and 131050 from then on. */
  customerSetsMarketing(phoneNumberId: string, from: string, value: 'stop' | 'resume'): void;
  /** A customer taps a link of a marketing message sent through `/marketing_messages`: Meta's click event. */
  customerClicks(messageId: string, component?: 'cta' | 'body'): void;
  setMessageHabits(habits: MessageHabitsOptions): void;
  /** The message webhooks' changes queued so far (statuses, messages, preferences, clicks), oldest first. */
  messageChanges(): readonly PendingWhatsAppChange[];
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
      // Messaging: what was sent, how numbers and customers behave, what customers do.
      scope.get<{ Querystring: { to?: string; phoneNumberId?: string } }>('/whatsapp/messages', async (request) => {
        const data = whatsapp.sentMessages(request.query);
        return { count: data.length, data };
      });
      // The customers' messages each number marked read (Meta's read receipts), oldest first.
      scope.get<{ Querystring: { phoneNumberId?: string } }>('/whatsapp/read-receipts', async (request) => {
        const data = whatsapp.readReceipts(request.query.phoneNumberId);
        return { count: data.length, data };
      });
      const control = async <T>(reply: FastifyReply, act: () => T) => {
        try {
          return await act();
        } catch (error) {
          return reply.code(400).send({ error: (error as Error).message });
        }
      };
      scope.post<{ Params: { id: string }; Querystring: { perSecond?: string } }>(
        '/whatsapp/phone-numbers/:id/throughput',
        async (request, reply) => {
          const perSecond = Number(request.query.perSecond);
          if (!Number.isInteger(perSecond) || perSecond < 1 || perSecond > 10_000)
            return reply.code(400).send({ error: 'perSecond must be a whole number from 1 to 10000' });
          return control(reply, () => {
            whatsapp.setThroughput(request.params.id, perSecond);
            return { id: request.params.id, perSecond };
          });
        },
      );
      scope.post<{ Params: { phone: string }; Body: Partial<Omit<SandboxRecipient, 'lastInbound'>> }>(
        '/whatsapp/recipients/:phone',
        async (request, reply) =>
          control(reply, () => {
            const body = (request.body ?? {}) as Record<string, unknown>;
            const state: Partial<Omit<SandboxRecipient, 'lastInbound'>> = {};
            if (['allowed', 'stopped', 'heldBack'].includes(String(body.marketing)))
              state.marketing = body.marketing as SandboxRecipient['marketing'];
            if (typeof body.undeliverable === 'boolean') state.undeliverable = body.undeliverable;
            if (typeof body.refuseInResponse === 'boolean') state.refuseInResponse = body.refuseInResponse;
            if (typeof body.reads === 'boolean') state.reads = body.reads;
            whatsapp.setRecipient(request.params.phone, state);
            return { phone: request.params.phone, ...state };
          }),
      );
      scope.post<{ Querystring: { count?: string; kind?: string; delayMs?: string; accepted?: string } }>(
        '/whatsapp/fail-sends',
        async (request, reply) => {
          const count = Number(request.query.count ?? '1');
          const kind = request.query.kind ?? 'error';
          if (!Number.isInteger(count) || count < 1 || count > 10_000 || (kind !== 'error' && kind !== 'timeout'))
            return reply.code(400).send({ error: 'count must be from 1 to 10000 and kind error or timeout' });
          whatsapp.failNextSends(count, kind, {
            delayMs: Number(request.query.delayMs ?? '0') || 0,
            accepted: request.query.accepted !== 'false',
          });
          return { count, kind };
        },
      );
      scope.post<{ Params: { id: string }; Body: { from?: string; message?: CustomerMessage } }>(
        '/whatsapp/phone-numbers/:id/customer-messages',
        async (request, reply) =>
          control(reply, () => ({
            id: whatsapp.customerSends(request.params.id, String(request.body?.from ?? ''), request.body?.message as CustomerMessage),
          })),
      );
      scope.post<{ Params: { id: string }; Body: { from?: string; value?: string } }>(
        '/whatsapp/phone-numbers/:id/user-preferences',
        async (request, reply) => {
          const value = request.body?.value;
          if (value !== 'stop' && value !== 'resume') return reply.code(400).send({ error: 'value must be stop or resume' });
          return control(reply, () => {
            whatsapp.customerSetsMarketing(request.params.id, String(request.body?.from ?? ''), value);
            return { value };
          });
        },
      );
      scope.post<{ Params: { wamid: string }; Querystring: { component?: string } }>(
        '/whatsapp/messages/:wamid/clicks',
        async (request, reply) =>
          control(reply, () => {
            whatsapp.customerClicks(request.params.wamid, request.query.component === 'body' ? 'body' : 'cta');
            return { clicked: request.params.wamid };
          }),
      );
      scope.post<{ Body: MessageHabitsOptions }>('/whatsapp/message-habits', async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        whatsapp.setMessageHabits({
          ...(typeof body.awkward === 'boolean' ? { awkward: body.awkward } : {}),
          ...(typeof body.deliveredAfterMs === 'number' ? { deliveredAfterMs: body.deliveredAfterMs } : {}),
          ...(typeof body.readAfterMs === 'number' ? { readAfterMs: body.readAfterMs } : {}),
        });
        return { ok: true };
      });
      scope.post('/whatsapp/webhooks/deliver', async () => ({ deliveries: (await whatsapp.deliverWebhooks()).length }));
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
      // And WhatsApp's media, at the url `GET /{media-id}` gives (whatsapp-media.ts).
      scope.get<{ Querystring: Record<string, string | undefined> }>(MEDIA_DOWNLOAD_ROUTE, async (request, reply) => {
        const answer = downloadMedia(store, { query: request.query, authorization: request.headers.authorization, now: now() }, auth);
        reply.header('cache-control', 'private, no-cache, no-store, must-revalidate');
        if ('bytes' in answer) return reply.type(answer.contentType).send(answer.bytes);
        if (typeof answer.error === 'string') return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.error);
        return reply
          .code(answer.status)
          .type('application/json; charset=UTF-8')
          .send(JSON.stringify({ error: answer.error.body }));
      });
    },
    { prefix: META_SANDBOX_PREFIX },
  );

  const appOf = (appId?: string) => {
    const found = appId ? auth.app(appId) : apps[0];
    if (!found) throw new Error(`No app ${appId ?? ''} in the Meta sandbox`);
    return found;
  };

  store.messaging.habits = {
    awkward: options.whatsappMessages?.awkward ?? true,
    deliveredAfterMs: options.whatsappMessages?.deliveredAfterMs ?? 1000,
    readAfterMs: options.whatsappMessages?.readAfterMs ?? 5000,
    random: mulberry32((options.seed ?? 0x4d657461) ^ 0x5741),
  };
  const phoneOf = (phoneNumberId: string) => {
    const phone = store.phoneNumber(phoneNumberId);
    if (!phone) throw new Error(`No phone number ${phoneNumberId} in the Meta sandbox`);
    return phone;
  };
  const waIdOrThrow = (phone: string) => {
    const waId = waIdOf(phone);
    if (!waId) throw new Error(`${phone} is not a phone number WhatsApp could address`);
    return waId;
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

    sentMessages(filter = {}) {
      const to = filter.to === undefined ? undefined : waIdOf(filter.to);
      return store.messaging.sent.filter(
        (message) => (to === undefined || message.to === to) && (!filter.phoneNumberId || message.phoneNumberId === filter.phoneNumberId),
      );
    },
    readReceipts(phoneNumberId) {
      return store.messaging.readReceipts
        .filter((receipt) => !phoneNumberId || receipt.phoneNumberId === phoneNumberId)
        .map((receipt) => receipt.messageId);
    },
    setThroughput(phoneNumberId, perSecond) {
      phoneOf(phoneNumberId).throughputLevel = perSecond > 80 ? 'HIGH' : 'STANDARD';
      store.messaging.throughput.set(phoneNumberId, perSecond);
    },
    setRecipient(phone, state) {
      Object.assign(recipientOf(store, waIdOrThrow(phone)), state);
    },
    failNextSends(count, kind, failure = {}) {
      for (let index = 0; index < count; index += 1)
        store.messaging.faults.push({ kind, delayMs: failure.delayMs ?? 0, accepted: failure.accepted ?? true });
    },
    customerSends(phoneNumberId, from, message) {
      const phone = phoneOf(phoneNumberId);
      const sender = /^[A-Z]{2}\.\d+$/.test(from) ? from : waIdOrThrow(from);
      const built = inboundMessage(store, sender, withCustomerMedia(store, phone.id, message, now()), now());
      if (built.contact.wa_id) recipientOf(store, built.contact.wa_id).lastInbound.set(phone.id, now());
      const value = { contacts: [built.contact], messages: [built.message] };
      queueMessagesChange(store, phone, now(), value);
      // Meta sometimes delivers the same message twice.
      if (store.messaging.habits.awkward && store.messaging.habits.random() < 0.2) queueMessagesChange(store, phone, now(), value);
      return built.message.id;
    },
    customerSetsMarketing(phoneNumberId, from, value) {
      const phone = phoneOf(phoneNumberId);
      const waId = waIdOrThrow(from);
      recipientOf(store, waId).marketing = value === 'stop' ? 'stopped' : 'allowed';
      store.messaging.changes.push({
        wabaId: phone.wabaId,
        at: now(),
        change: {
          field: 'user_preferences',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: phone.displayPhoneNumber.replace(/\D/g, ''), phone_number_id: phone.id },
            contacts: [{ profile: { name: 'Cliente' }, wa_id: waId }],
            user_preferences: [
              {
                wa_id: waId,
                detail: value === 'stop' ? 'User requested to stop marketing messages' : 'User requested to resume marketing messages',
                category: 'marketing_messages',
                value,
                timestamp: Math.floor(now() / 1000),
              },
            ],
          },
        },
      });
    },
    customerClicks(messageId, component = 'cta') {
      const message = store.messaging.messages.get(messageId);
      if (!message?.trackingToken)
        throw new Error(`${messageId} was not sent through /marketing_messages: Meta sends no click events for it`);
      store.messaging.sequence += 1;
      queueMessagesChange(store, phoneOf(message.phoneNumberId), now(), {
        user_actions: [
          {
            action_type: 'marketing_messages_link_click',
            timestamp: String(Math.floor(now() / 1000)),
            marketing_messages_link_click_data: {
              click_component: component,
              click_id: `ARclk${String(store.messaging.sequence).padStart(8, '0')}`,
              tracking_token: message.trackingToken,
            },
          },
        ],
      });
    },
    setMessageHabits(habits) {
      Object.assign(store.messaging.habits, Object.fromEntries(Object.entries(habits).filter(([, value]) => value !== undefined)));
    },
    messageChanges: () => store.messaging.changes,
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
