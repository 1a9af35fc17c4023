import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SHOPIFY_API_VERSION, sandboxEndpoint } from '../client.ts';
import type { BulkKind, BulkOperationStatus, QueryCost, WebhookTopic } from '../types.ts';
import { WEBHOOK_TOPIC_HEADER } from '../types.ts';
import { bulkQueryProblem, checkRequest } from './documents.ts';
import { createDemoStore, type DemoStore, type GeneratorOptions, TIMELINE_START_MS } from './generator.ts';
import { hash32, mulberry32 } from './prng.ts';
import { inRange, parseSearch, type TimeFilter } from './search.ts';
import { checkoutPayload, DEFAULT_WEBHOOK_SECRET, deliverWebhook, orderPayload, topicHeader } from './webhooks.ts';

export const SANDBOX_SHOP = 'recompra-demo.myshopify.com';
export const SANDBOX_TOKEN = 'shpat_sandbox_demo';
export const SANDBOX_WEBHOOK_SECRET = DEFAULT_WEBHOOK_SECRET;
export const SANDBOX_PREFIX = '/sandbox/shopify';
/** What the demo app installation was granted: the import's scopes plus some it does not use, like a real app's. */
export const SANDBOX_SCOPES = ['read_products', 'read_customers', 'write_orders', 'read_all_orders', 'read_checkouts', 'read_inventory'];

/** What Shopify answers a request with an unknown or revoked token. */
const INVALID_TOKEN_BODY = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
const MAX_QUERY_COST = 1000;
const DAY = 86_400;

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
  /** The cost bucket (Shopify's standard plan: 2000 points, 100 restored per second). */
  throttle?: { maximumAvailable?: number; restoreRate?: number };
}

export interface WebhookSubscription {
  id: string;
  topic: WebhookTopic;
  uri: string;
}

export interface TickReport {
  ordersCreated: number;
  ordersFulfilled: number;
  checkoutsCreated: number;
  /** Deliveries answered 2xx, duplicates included. */
  delivered: number;
  failed: number;
  /** Events delivered after later ones. */
  late: number;
  /** Events delivered a second time. */
  duplicated: number;
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
  /** Test hooks: sets the points left in the cost bucket; makes the next calls fail with `status`. */
  setAvailableCost(points: number): void;
  failNextRequests(count: number, status: number, headers?: Record<string, string>): void;
  failNextBulkOperation(errorCode: string): void;
  /** Stops the live webhooks timer. */
  stop(): void;
}

interface BulkState {
  id: string;
  kind: BulkKind;
  filter: TimeFilter;
  /** The visible moment, fixed when it starts so the file is one snapshot. */
  now: number;
  startedAt: number;
  origin: string;
  canceled: boolean;
  failure: string | null;
  objectCount: number | null;
  /** `groupObjects`: an order's line items right after it; otherwise records come in no set order. */
  grouped: boolean;
}

interface GraphqlBody {
  query?: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

type Answer = { data: unknown; actualCost?: number };
interface Operation {
  cost(variables: Record<string, unknown>): number;
  run(variables: Record<string, unknown>, request: FastifyRequest): Answer | Promise<Answer>;
}

const BULK_QUERY = /^\s*\{\s*(products|customers|orders|abandonedCheckouts)\s*(?:\(\s*query\s*:\s*("(?:[^"\\]|\\.)*")\s*\))?\s*\{/;

/**
 * Mounts the sandbox store under `/sandbox/shopify/{shop}/…` on an existing Fastify app: the GraphQL
 * Admin endpoint (the operations the client sends, by `operationName`) and the bulk result files.
 */
export function registerShopifySandbox(app: FastifyInstance, options: SandboxOptions = {}): ShopifySandbox {
  const store = createDemoStore(options);
  const lateShare = options.deliveryHabits?.lateShare ?? 0.1;
  const duplicateShare = options.deliveryHabits?.duplicateShare ?? 0.05;
  const webhookSecret = options.webhookSecret ?? SANDBOX_WEBHOOK_SECRET;
  const bulkDelayMs = options.bulkDelayMs ?? 300;
  const maximumAvailable = options.throttle?.maximumAvailable ?? 2000;
  const restoreRate = options.throttle?.restoreRate ?? 100;
  const bucket = { available: maximumAvailable, at: Date.now() };
  const bulkOperations = new Map<string, BulkState>();
  let lastBulk: BulkState | null = null;
  let bulkCounter = 0;
  const subscriptions: WebhookSubscription[] = [];
  const faults: Array<{ status: number; headers: Record<string, string> }> = [];
  let nextBulkFailure: string | null = null;
  let lastTick = store.nowSeconds();
  const allowedOrigins = options.webhookOrigins ? new Set(options.webhookOrigins.map((origin) => new URL(origin).origin)) : null;
  /** Whether webhooks may be posted to `uri` (any address when no origins were named). */
  function deliverableTo(uri: string): boolean {
    if (!allowedOrigins) return true;
    try {
      return allowedOrigins.has(new URL(uri).origin);
    } catch {
      return false;
    }
  }

  function refill(): void {
    const now = Date.now();
    bucket.available = Math.min(maximumAvailable, bucket.available + ((now - bucket.at) / 1000) * restoreRate);
    bucket.at = now;
  }
  const costExtension = (requested: number, actual: number | null): { cost: QueryCost } => ({
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { maximumAvailable, currentlyAvailable: Math.floor(bucket.available), restoreRate },
    },
  });

  function bulkStatus(operation: BulkState): BulkOperationStatus {
    if (operation.canceled) return 'CANCELED';
    if (Date.now() - operation.startedAt < bulkDelayMs) return Date.now() - operation.startedAt < bulkDelayMs / 4 ? 'CREATED' : 'RUNNING';
    return operation.failure ? 'FAILED' : 'COMPLETED';
  }

  function bulkNode(operation: BulkState) {
    const status = bulkStatus(operation);
    if (status === 'COMPLETED') operation.objectCount ??= countBulkObjects(store, operation);
    const count = status === 'COMPLETED' ? operation.objectCount! : 0;
    return {
      id: operation.id,
      status,
      errorCode: status === 'FAILED' ? operation.failure : null,
      objectCount: String(count),
      url:
        status === 'COMPLETED' && count > 0
          ? `${operation.origin}${SANDBOX_PREFIX}/${SANDBOX_SHOP}/bulk/${operation.id.split('/').pop()}.jsonl`
          : null,
      partialDataUrl: null,
    };
  }

  const operations: Record<string, Operation> = {
    Shop: {
      cost: () => 1,
      run: () => ({
        data: { shop: { name: 'Recompra Demo', currencyCode: 'CLP', ianaTimezone: 'America/Santiago', myshopifyDomain: SANDBOX_SHOP } },
      }),
    },
    AccessScopes: {
      cost: () => 1,
      run: () => ({
        data: { currentAppInstallation: { accessScopes: (options.scopes ?? SANDBOX_SCOPES).map((handle) => ({ handle })) } },
      }),
    },
    OrdersCount: {
      cost: () => 1,
      run: (variables) => ({
        data: {
          ordersCount: { count: countOrders(store, parseSearch(variables.query as string | null), store.nowSeconds()), precision: 'EXACT' },
        },
      }),
    },
    BulkOperationRunQuery: {
      cost: () => 10,
      run: (variables, request) => {
        const refuse = (message: string) => ({
          data: { bulkOperationRunQuery: { bulkOperation: null, userErrors: [{ field: ['query'], message, code: 'INVALID' }] } },
        });
        // Shopify checks the bulk query against its schema before it starts anything.
        const problem = bulkQueryProblem(String(variables.query ?? ''));
        if (problem) return refuse(problem);
        const match = BULK_QUERY.exec(String(variables.query ?? ''));
        if (!match) return refuse('Invalid bulk query: the sandbox exports products, customers, orders or abandonedCheckouts.');
        if (lastBulk && ['CREATED', 'RUNNING'].includes(bulkStatus(lastBulk))) {
          return {
            data: {
              bulkOperationRunQuery: {
                bulkOperation: null,
                userErrors: [
                  {
                    field: null,
                    message: `A bulk query operation for this app and shop is already in progress: ${lastBulk.id}.`,
                    code: 'OPERATION_IN_PROGRESS',
                  },
                ],
              },
            },
          };
        }
        const search = match[2] ? (JSON.parse(match[2]) as string) : null;
        const operation: BulkState = {
          id: `gid://shopify/BulkOperation/${7_100_000 + ++bulkCounter}`,
          kind: match[1] as BulkKind,
          filter: parseSearch(search),
          now: store.nowSeconds(),
          startedAt: Date.now(),
          origin: `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`,
          canceled: false,
          failure: nextBulkFailure,
          objectCount: null,
          grouped: variables.groupObjects === true,
        };
        nextBulkFailure = null;
        bulkOperations.set(operation.id, operation);
        lastBulk = operation;
        return { data: { bulkOperationRunQuery: { bulkOperation: { id: operation.id, status: 'CREATED' }, userErrors: [] } } };
      },
    },
    BulkOperation: {
      cost: () => 1,
      run: (variables) => {
        const operation = bulkOperations.get(String(variables.id));
        return { data: { node: operation ? bulkNode(operation) : null } };
      },
    },
    CurrentBulkOperation: {
      cost: () => 1,
      run: () => ({ data: { currentBulkOperation: lastBulk ? bulkNode(lastBulk) : null } }),
    },
    BulkOperationCancel: {
      cost: () => 10,
      run: (variables) => {
        const operation = bulkOperations.get(String(variables.id));
        if (!operation)
          return {
            data: {
              bulkOperationCancel: { bulkOperation: null, userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] },
            },
          };
        const status = bulkStatus(operation);
        if (status !== 'CREATED' && status !== 'RUNNING') {
          return {
            data: {
              bulkOperationCancel: {
                bulkOperation: { id: operation.id, status },
                userErrors: [{ field: null, message: `A bulk operation cannot be canceled when it is ${status.toLowerCase()}` }],
              },
            },
          };
        }
        operation.canceled = true;
        return { data: { bulkOperationCancel: { bulkOperation: { id: operation.id, status: 'CANCELING' }, userErrors: [] } } };
      },
    },
    WebhookSubscriptionCreate: {
      cost: () => 10,
      run: (variables) => {
        const topic = String(variables.topic) as WebhookTopic;
        const uri = String(variables.uri ?? variables.callbackUrl ?? '');
        // The error names the input field the address came in: `uri`, or the older `callbackUrl`.
        const addressField = [
          'webhookSubscription',
          variables.uri === undefined && variables.callbackUrl !== undefined ? 'callbackUrl' : 'uri',
        ];
        const userErrors: Array<{ field: string[]; message: string }> = [];
        if (!(topic in WEBHOOK_TOPIC_HEADER)) userErrors.push({ field: ['topic'], message: `The sandbox does not send ${topic} webhooks` });
        else if (!/^https?:\/\/\S+$/.test(uri) || !deliverableTo(uri))
          userErrors.push({ field: addressField, message: 'Address is invalid' });
        else if (subscriptions.some((s) => s.topic === topic && s.uri === uri))
          userErrors.push({ field: addressField, message: 'Address for this topic has already been taken' });
        if (userErrors.length) return { data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors } } };
        const subscription = { id: `gid://shopify/WebhookSubscription/${1_500_000 + subscriptions.length + 1}`, topic, uri };
        subscriptions.push(subscription);
        return { data: { webhookSubscriptionCreate: { webhookSubscription: subscription, userErrors: [] } } };
      },
    },
  };

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
    if (request.headers['x-shopify-access-token'] !== SANDBOX_TOKEN) return reply.code(401).send(INVALID_TOKEN_BODY);

    const body = (request.body ?? {}) as GraphqlBody;
    // Like Shopify, a document that is not valid against the Admin schema is refused before it runs (HTTP 200).
    const checked = checkRequest(body.query, body.operationName, body.variables);
    if (!checked.ok) return reply.send({ errors: checked.errors });
    const { variables } = checked;
    const name = checked.operation.name?.value ?? '';
    const operation = operations[name];
    if (!operation) {
      return reply.send({
        errors: [
          {
            message: `The sandbox does not answer the operation '${name || 'anonymous'}': it serves the operations the client sends.`,
            extensions: { code: 'SANDBOX_UNSUPPORTED' },
          },
        ],
      });
    }
    refill();
    const requested = operation.cost(variables);
    if (requested > MAX_QUERY_COST) {
      return reply.send({
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: {
              code: 'MAX_COST_EXCEEDED',
              cost: requested,
              maxCost: MAX_QUERY_COST,
              documentation: 'https://shopify.dev/api/usage/limits#rate-limits',
            },
          },
        ],
      });
    }
    if (bucket.available < requested) {
      return reply.send({
        errors: [
          { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/limits#rate-limits' } },
        ],
        extensions: costExtension(requested, null),
      });
    }
    bucket.available -= requested;
    const answer = await operation.run(variables, request);
    const actual = answer.actualCost ?? requested;
    bucket.available = Math.min(maximumAvailable, bucket.available + (requested - actual));
    return reply.send({ data: answer.data, extensions: costExtension(requested, actual) });
  }

  app.post(`${SANDBOX_PREFIX}/:shop/admin/api/:version/graphql.json`, graphql);

  // The result file of a bulk operation, generated as it is read: the response's backpressure paces it.
  app.get<{ Params: { shop: string; file: string } }>(`${SANDBOX_PREFIX}/:shop/bulk/:file`, async (request, reply) => {
    const operation = bulkOperations.get(`gid://shopify/BulkOperation/${request.params.file.replace(/\.jsonl$/, '')}`);
    if (request.params.shop !== SANDBOX_SHOP || !operation || bulkStatus(operation) !== 'COMPLETED')
      return reply.code(404).send({ errors: 'Not Found' });
    return reply.type('application/jsonl').send(Readable.from(bulkLines(store, operation), { objectMode: false, highWaterMark: 1 << 16 }));
  });

  async function deliverToSubscribers(topic: WebhookTopic | string, payload: object, triggeredAt?: Date): Promise<number[]> {
    const header = topicHeader(topic);
    const targets = subscriptions.filter((s) => WEBHOOK_TOPIC_HEADER[s.topic] === header && deliverableTo(s.uri));
    const statuses: number[] = [];
    for (const target of targets) {
      statuses.push(await deliverWebhook(header, payload, { url: target.uri, secret: webhookSecret, shop: SANDBOX_SHOP, triggeredAt }));
    }
    return statuses;
  }

  let ticking: Promise<TickReport> | null = null;
  async function tick(): Promise<TickReport> {
    const now = store.nowSeconds();
    const from = lastTick;
    lastTick = Math.max(lastTick, now);
    const report: TickReport = {
      ordersCreated: 0,
      ordersFulfilled: 0,
      checkoutsCreated: 0,
      delivered: 0,
      failed: 0,
      late: 0,
      duplicated: 0,
    };
    if (now <= from) return report;
    const events: Array<{ at: number; topic: WebhookTopic; payload: () => object }> = [];
    const index = store.currentIndex(now);
    // Fulfilments come at most a few days after the order.
    const { from: first, to } = store.orderRange(
      { createdMin: from + 1 - 6 * DAY, createdMax: now, updatedMin: -Infinity, updatedMax: Infinity },
      now,
      index,
    );
    for (let rank = first; rank < to; rank++) {
      const order = store.orderAt(rank, index);
      if (order.createdAt > from)
        events.push({ at: order.createdAt, topic: 'ORDERS_CREATE', payload: () => orderPayload(order, order.createdAt) });
      if (order.fulfilledAt !== null && order.fulfilledAt > from && order.fulfilledAt <= now) {
        events.push({ at: order.fulfilledAt, topic: 'ORDERS_FULFILLED', payload: () => orderPayload(order, order.fulfilledAt!) });
      }
    }
    for (let j = store.visibleCheckouts(from); j < store.visibleCheckouts(now); j++) {
      const checkout = store.checkoutAt(j);
      events.push({ at: checkout.createdAt, topic: 'CHECKOUTS_CREATE', payload: () => checkoutPayload(checkout, SANDBOX_SHOP) });
    }
    events.sort((a, b) => a.at - b.at);
    // Seeded by the tick's span, so the same clock gives the same deliveries in the same order.
    const random = mulberry32(hash32(from, now));
    const inOrder: typeof events = [];
    const afterwards: typeof events = [];
    for (const event of events) {
      if (event.topic === 'ORDERS_CREATE') report.ordersCreated++;
      else if (event.topic === 'ORDERS_FULFILLED') report.ordersFulfilled++;
      else report.checkoutsCreated++;
      if (random() < lateShare) {
        report.late++;
        afterwards.push(event);
      } else inOrder.push(event);
      if (random() < duplicateShare) {
        report.duplicated++;
        afterwards.push(event);
      }
    }
    // Late ones come last, newest first: a fulfilment can arrive before its order's creation.
    for (const event of [...inOrder, ...afterwards.reverse()]) {
      const statuses = await deliverToSubscribers(event.topic, event.payload());
      for (const status of statuses) {
        if (status >= 200 && status < 300) report.delivered++;
        else report.failed++;
      }
    }
    return report;
  }

  const sandbox: ShopifySandbox = {
    store,
    shop: SANDBOX_SHOP,
    token: SANDBOX_TOKEN,
    webhookSecret,
    subscriptions: () => subscriptions.map((s) => ({ ...s })),
    emitDueWebhooks() {
      // One tick at a time; a call during a tick waits for it and runs after.
      const run = (ticking ?? Promise.resolve()).catch(() => undefined).then(tick);
      ticking = run.finally(() => {
        if (ticking === run) ticking = null;
      });
      return run;
    },
    deliverWebhook: (topic, payload) => deliverToSubscribers(topic, payload),
    setAvailableCost(points) {
      refill();
      bucket.available = Math.max(0, Math.min(maximumAvailable, points));
    },
    failNextRequests(count, status, headers = {}) {
      for (let k = 0; k < count; k++) faults.push({ status, headers });
    },
    failNextBulkOperation(errorCode) {
      nextBulkFailure = errorCode;
    },
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

function countOrders(store: DemoStore, filter: TimeFilter, now: number): number {
  const { from, to } = store.orderRange(filter, now);
  if (filter.updatedMin === -Infinity && filter.updatedMax === Infinity) return to - from;
  let count = 0;
  const index = store.currentIndex(now);
  for (let rank = from; rank < to; rank++) {
    if (inRange(store.orderUpdatedAt(store.orderAt(rank, index), now), filter.updatedMin, filter.updatedMax)) count++;
  }
  return count;
}

/** Records a bulk operation's file will hold (orders count with their line items, as Shopify counts). */
function countBulkObjects(store: DemoStore, operation: BulkState): number {
  const { filter, now } = operation;
  if (operation.kind === 'orders' && filter.updatedMin === -Infinity && filter.updatedMax === Infinity) {
    const index = store.currentIndex(now);
    const { from, to } = store.orderRange(filter, now, index);
    let lines = 0;
    for (let rank = from; rank < to; rank++) lines += store.lineCountAt(rank, index);
    return to - from + lines;
  }
  let count = 0;
  for (const _ of bulkRecords(store, operation)) count++;
  return count;
}

function* bulkRecords(store: DemoStore, operation: BulkState): Generator<object> {
  const { filter, now } = operation;
  if (operation.kind === 'products') {
    for (const product of store.products) {
      if (product.createdAt > now) continue;
      const updated = product.updatedAt <= now ? product.updatedAt : product.createdAt;
      if (inRange(product.createdAt, filter.createdMin, filter.createdMax) && inRange(updated, filter.updatedMin, filter.updatedMax))
        yield store.productNode(product, now);
    }
    return;
  }
  if (operation.kind === 'customers') {
    const visible = store.visibleCustomers(now);
    for (let i = 0; i < visible; i++) {
      const profile = store.profile(i);
      if (!inRange(profile.arrival, filter.createdMin, filter.createdMax)) continue;
      const node = store.customerNode(profile, now);
      if (filter.updatedMin !== -Infinity || filter.updatedMax !== Infinity) {
        const updated = (Date.parse(node.updatedAt) - TIMELINE_START_MS) / 1000;
        if (!inRange(updated, filter.updatedMin, filter.updatedMax)) continue;
      }
      yield node;
    }
    return;
  }
  if (operation.kind === 'abandonedCheckouts') {
    // A cart is never updated after it is left, so both time filters read its creation time.
    const since = Math.max(filter.createdMin, filter.updatedMin);
    const until = Math.min(now, filter.createdMax, filter.updatedMax);
    for (let j = since > 0 ? store.visibleCheckouts(since - 1) : 0; j < store.visibleCheckouts(until); j++) {
      yield store.checkoutNode(store.checkoutAt(j), SANDBOX_SHOP);
    }
    return;
  }
  const index = store.currentIndex(now);
  const { from, to } = store.orderRange(filter, now, index);
  const byUpdate = filter.updatedMin !== -Infinity || filter.updatedMax !== Infinity;
  for (let rank = from; rank < to; rank++) {
    const order = store.orderAt(rank, index);
    if (byUpdate && !inRange(store.orderUpdatedAt(order, now), filter.updatedMin, filter.updatedMax)) continue;
    yield store.orderNode(order, now);
    yield* store.lineItemNodes(order);
  }
}

function* bulkLines(store: DemoStore, operation: BulkState): Generator<string> {
  if (!operation.grouped && operation.kind === 'orders') {
    yield* shuffledLines(groupedLines(store, operation), hash32(bulkCounterOf(operation)));
    return;
  }
  yield* groupedLines(store, operation);
}

const bulkCounterOf = (operation: BulkState) => Number(operation.id.split('/').pop());

/** How far a record may move in an ungrouped file: enough to cross the import's batches. */
const UNGROUPED_WINDOW = 512;

/**
 * Ungrouped output as Shopify documents it: no order between records, so a line item may come
 * before its order or far after it, and orders lose their creation order. A window of records is
 * shuffled as it streams (seeded by the operation, so a file reads the same every time).
 */
function* shuffledLines(chunks: Iterable<string>, seed: number): Generator<string> {
  const random = mulberry32(seed);
  const window: string[] = [];
  let chunk = '';
  const emit = () => {
    const at = Math.floor(random() * window.length);
    chunk += window[at];
    window[at] = window[window.length - 1]!;
    window.pop();
  };
  for (const text of chunks) {
    for (const line of text.split('\n')) {
      if (!line) continue;
      window.push(`${line}\n`);
      if (window.length >= UNGROUPED_WINDOW) emit();
    }
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  while (window.length > 0) emit();
  if (chunk) yield chunk;
}

/** The JSONL text in chunks of about 64 KiB, each order followed by its line items. */
function* groupedLines(store: DemoStore, operation: BulkState): Generator<string> {
  let chunk = '';
  if (operation.kind === 'orders') {
    const { filter, now } = operation;
    const index = store.currentIndex(now);
    const { from, to } = store.orderRange(filter, now, index);
    const byUpdate = filter.updatedMin !== -Infinity || filter.updatedMax !== Infinity;
    for (let rank = from; rank < to; rank++) {
      const order = store.orderAt(rank, index);
      if (byUpdate && !inRange(store.orderUpdatedAt(order, now), filter.updatedMin, filter.updatedMax)) continue;
      chunk += store.orderJsonLines(order, now);
      if (chunk.length >= 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
    return;
  }
  for (const record of bulkRecords(store, operation)) {
    chunk += `${JSON.stringify(record)}\n`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
