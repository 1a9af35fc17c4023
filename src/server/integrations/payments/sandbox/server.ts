import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SANDBOX_KEYS, STRIPE_API_VERSION } from '../types.ts';
import { createEngine } from './engine.ts';
import { FormError, type FormObject, parseForm } from './form.ts';
import { createIdempotency } from './idempotency.ts';
import { ID_ALPHABET } from './objects.ts';
import { Params } from './params.ts';
import { type StripeRoute, stripeRoutes } from './routes.ts';
import { docUrlOf, invalidRequest, StripeApiError, unrecognizedUrl } from './stripe-errors.ts';
import type { DeliveryRecord, PendingDelivery, WebhookTarget } from './webhooks.ts';

/*
 * Stripe's API served over the model, at the root of the host as Stripe serves it (the SDK is given a
 * host and port, never a base path): `/v1/…` with form-encoded bodies and bracket query strings,
 * secret-key auth (the publishable key only tokenises cards), `Request-Id` on every answer,
 * `Stripe-Version` echoed, idempotent POSTs, `expand[]`, and Stripe's error objects.
 */

export interface StripeSandboxOptions {
  /** The keys it accepts (SANDBOX_KEYS by default). */
  keys?: { secret: string; publishable: string };
  /** Receivers of every matching event besides the endpoints created through the API (our own webhook). */
  webhookTargets?: readonly WebhookTarget[];
  /** Runs due work and sends due deliveries this often in a running server; by default only `deliverPending()` sends. */
  deliveryIntervalMs?: number | null;
  /** Shuffles each round of deliveries with this seed; in order when null (the default). */
  shuffleSeed?: number | null;
  /** The share of deliveries (0…1) sent twice; 0 by default. */
  duplicateRate?: number;
  /** Waits after each failed delivery; it is given up after the last. Stripe's own schedule by default (about 3 days). */
  retryDelaysMs?: readonly number[];
  /** How long a receiver may take to answer (10 s by default). */
  deliveryTimeoutMs?: number;
  /** The sandbox's clock in ms, for objects not on a test clock: the wall clock by default. */
  now?: () => number;
  /**
   * Seeds ids, for repeatable runs. By default a new seed per start: the app's database outlives the
   * sandbox's memory, and an id handed out again after a restart would name someone else's customer.
   */
  seed?: number;
}

export interface StripeSandbox {
  /** Sends every webhook delivery that is due now. */
  deliverPending(): Promise<void>;
  /** Every delivery attempt so far, in order. */
  deliveries(): DeliveryRecord[];
  /** Deliveries waiting: never tried, or failed and due again later. */
  pending(): PendingDelivery[];
  /** Runs what has fallen due by the sandbox's clock for objects not on a test clock (every request does so first). */
  runDue(): void;
}

/** Stripe's retries of a failed delivery: quickly at first, then hours apart, for about three days. */
const STRIPE_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, ...Array<number>(6).fill(36_000_000)];
const API_VERSION_PATTERN = /^(\d{4}-\d{2}-\d{2})(\.[a-z]+)?$/;

/**
 * A version Stripe could have released: dated, and no later than the newest this sandbox speaks (the
 * SDK's own). Stripe refuses a version it never released, a future one included, as invalid.
 */
function isKnownVersion(version: unknown): version is string {
  const date = typeof version === 'string' ? API_VERSION_PATTERN.exec(version)?.[1] : undefined;
  return date !== undefined && date >= '2011-01-01' && date <= STRIPE_API_VERSION.slice(0, 10);
}

const NO_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
const PUBLISHABLE_KEY_MESSAGE =
  'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.';

const unauthorized = (message: string) =>
  new StripeApiError(401, { type: 'invalid_request_error', message }, { 'www-authenticate': 'Basic realm="Stripe"' });

/** A key as Stripe quotes it back: its kind, then stars, then the last four characters. */
function redacted(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return rest.length <= 4 ? `${prefix}${'*'.repeat(rest.length)}` : `${prefix}${'*'.repeat(rest.length - 4)}${rest.slice(-4)}`;
}

/** The key sent as `Bearer <key>` or as Basic auth's user name (Stripe takes both), or null. */
function keyOfHeader(header: string | undefined): string | null {
  const [scheme, value] = header?.trim().split(/\s+/, 2) ?? [];
  if (!value) return null;
  if (/^bearer$/i.test(scheme ?? '')) return value;
  if (/^basic$/i.test(scheme ?? '')) return Buffer.from(value, 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
const queryOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
};

/** The id Stripe gives each request (`req_` and 14 letters or digits), set once on the reply. */
function requestIdOf(reply: FastifyReply): string {
  const existing = reply.getHeader('request-id');
  if (typeof existing === 'string') return existing;
  // Random rather than seeded: object ids then depend only on the objects created, not on every call made.
  const id = `req_${Array.from(randomBytes(14), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;
  reply.header('request-id', id);
  return id;
}

function send(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('application/json').header('cache-control', 'no-cache, no-store').send(body);
}

const json = (body: unknown) => JSON.stringify(body, null, 2);

function errorBody(error: StripeApiError, requestId: string) {
  const { fields } = error;
  return {
    error: {
      ...fields,
      ...(fields.code && fields.doc_url === undefined ? { doc_url: docUrlOf(fields.code) } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
    },
  };
}

function sendError(reply: FastifyReply, error: StripeApiError) {
  reply.headers(error.headers);
  return send(reply, error.status, json(errorBody(error, requestIdOf(reply))));
}

const unrecognized = (request: FastifyRequest, reply: FastifyReply) => sendError(reply, unrecognizedUrl(request.method, pathOf(request)));

/**
 * Mounts Stripe's `/v1/…` routes at the root of `app`, in a scope of their own (form bodies are parsed
 * there only; unknown `/v1/…` paths answer Stripe's "Unrecognized request URL"). Its delivery timer,
 * if any, stops when the app closes.
 */
export function registerStripeSandbox(app: FastifyInstance, options: StripeSandboxOptions = {}): StripeSandbox {
  const now = options.now ?? Date.now;
  const keys = options.keys ?? SANDBOX_KEYS;
  const engine = createEngine({
    now,
    seed: options.seed ?? Math.floor(Math.random() * 0x1_0000_0000),
    retryDelaysMs: options.retryDelaysMs ?? STRIPE_RETRY_DELAYS_MS,
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
    shuffleSeed: options.shuffleSeed ?? null,
    duplicateRate: options.duplicateRate ?? 0,
    targets: options.webhookTargets ?? [],
  });
  const idempotency = createIdempotency(now);

  /** The API key of the request, checked against what `route` allows. */
  function authenticate(request: FastifyRequest, params: FormObject, route: StripeRoute): string {
    // Stripe.js sends the publishable key in the body rather than a header.
    const bodyKey = route.publishable && typeof params.key === 'string' ? params.key : null;
    const key = keyOfHeader(request.headers.authorization) ?? bodyKey;
    if (!key) throw unauthorized(NO_KEY_MESSAGE);
    if (key === keys.secret) return key;
    if (key === keys.publishable) {
      if (!route.publishable) throw unauthorized(PUBLISHABLE_KEY_MESSAGE);
      return key;
    }
    throw unauthorized(`Invalid API Key provided: ${redacted(key)}`);
  }

  async function serve(route: StripeRoute, request: FastifyRequest, reply: FastifyReply) {
    const requestId = requestIdOf(reply);
    const body = (request.body ?? {}) as FormObject;
    const values: FormObject = { ...parseForm(queryOf(request)), ...body };
    const apiKey = authenticate(request, values, route);
    const version = request.headers['stripe-version'];
    if (version !== undefined && !isKnownVersion(version)) throw invalidRequest(`Invalid Stripe API version: ${String(version)}`);

    // Stripe reads Idempotency-Key on POSTs only.
    const header = request.headers['idempotency-key'];
    const idempotencyKey = request.method === 'POST' && typeof header === 'string' && header !== '' ? header : null;
    const endpoint = pathOf(request);
    if (idempotencyKey) {
      reply.header('idempotency-key', idempotencyKey);
      const stored = idempotency.replay(apiKey, idempotencyKey, endpoint, values);
      if (stored) {
        reply.header('idempotent-replayed', 'true').header('original-request', stored.requestId);
        return send(reply, stored.status, stored.body);
      }
    }

    let status = 200;
    let answer: unknown;
    try {
      engine.runDue();
      const params = new Params(values);
      const id = (request.params as { id?: string }).id ?? '';
      const result = route.handle({ params, id, cause: { requestId, idempotencyKey }, publishable: apiKey === keys.publishable });
      answer = engine.render(result, params.strings('expand') ?? []);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      reply.headers(error.headers);
      status = error.status;
      answer = errorBody(error, requestId);
    }
    const text = json(answer);
    if (idempotencyKey) idempotency.save(apiKey, idempotencyKey, endpoint, values, { status, body: text, requestId });
    return send(reply, status, text);
  }

  const routes = stripeRoutes(engine);
  /** The paths Stripe.js calls from a browser (tokenising a card, confirming a payment), with their methods. */
  const browserPaths = new Map<string, string[]>();
  for (const route of routes) if (route.publishable) browserPaths.set(route.path, [...(browserPaths.get(route.path) ?? []), route.method]);

  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        requestIdOf(reply);
        const version = request.headers['stripe-version'];
        reply.header('stripe-version', isKnownVersion(version) ? version : STRIPE_API_VERSION);
        // Stripe.js calls these from browsers on any origin, with the publishable key and no cookies.
        if (browserPaths.has(request.routeOptions.url ?? ''))
          reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'Request-Id, Stripe-Version');
      });

      // Only Stripe's encoding is read here; the app's own JSON parsing is left as it is elsewhere.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, parseForm(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      });
      scope.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
        if (body === '') return done(null, {});
        done(
          invalidRequest(
            `Invalid request: unsupported Content-Type ${request.headers['content-type']}. If error persists and you need assistance, please contact support@stripe.com.`,
          ),
          undefined,
        );
      });

      scope.setErrorHandler((error: Error & { code?: string }, request, reply) => {
        if (error instanceof StripeApiError) return sendError(reply, error);
        if (error instanceof FormError) return sendError(reply, invalidRequest(`Invalid request: ${error.message}`));
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, invalidRequest('Invalid request: the body is too large.'));
        request.log.error({ err: error }, 'Stripe sandbox failure');
        return sendError(reply, new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred in the sandbox.' }));
      });
      scope.setNotFoundHandler(unrecognized);
      // Mounted in the app, its static files' catch-all (`GET /*`) would take an unknown `/v1/…` GET to
      // the app's own 404: this one is more specific, and Stripe's words answer it.
      scope.all('/*', unrecognized);

      for (const [path, methods] of browserPaths)
        scope.options(path.slice('/v1'.length), (_request, reply) =>
          reply
            .code(204)
            .header('access-control-allow-methods', methods.join(', '))
            .header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version')
            .header('access-control-max-age', '600')
            .send(),
        );
      for (const route of routes)
        scope.route({
          method: route.method,
          url: route.path.slice('/v1'.length),
          handler: (request, reply) => serve(route, request, reply),
        });
    },
    { prefix: '/v1' },
  );

  const sandbox: StripeSandbox = {
    deliverPending: () => engine.events.deliverPending(),
    deliveries: () => engine.events.deliveries(),
    pending: () => engine.events.pending(),
    runDue: () => engine.runDue(),
  };

  const interval = options.deliveryIntervalMs;
  if (interval) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      // What falls due between requests (a renewal at night) happens on time, and its events go out.
      try {
        sandbox.runDue();
      } catch (error) {
        app.log.error({ err: error }, 'Stripe sandbox: due work failed');
      }
      sandbox
        .deliverPending()
        .catch((error: unknown) => app.log.error({ err: error }, 'Stripe sandbox: webhook delivery failed'))
        .finally(() => {
          busy = false;
        });
    }, interval);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  return sandbox;
}

export interface StartedStripeSandbox {
  /** The address to give the SDK (`http://127.0.0.1:<port>`): Stripe's paths hang from its root. */
  url: string;
  sandbox: StripeSandbox;
  close(): Promise<void>;
}

/** The sandbox alone on its own port (tests, scripts); any path outside `/v1/…` is unrecognised too. */
export async function startStripeSandbox(
  options: StripeSandboxOptions & { host?: string; port?: number } = {},
): Promise<StartedStripeSandbox> {
  const { host = '127.0.0.1', port = 0, ...sandboxOptions } = options;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const sandbox = registerStripeSandbox(app, sandboxOptions);
  app.setNotFoundHandler(unrecognized);
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`, sandbox, close: () => app.close() };
}
