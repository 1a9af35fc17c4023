import { ShopifyAuthError, ShopifyError } from './errors.ts';
import { readLines } from './lines.ts';
import {
  ACCESS_SCOPES_QUERY,
  BULK_CANCEL_MUTATION,
  BULK_NODE_QUERY,
  BULK_RUN_MUTATION,
  bulkQuery,
  CURRENT_BULK_QUERY,
  ORDERS_COUNT_QUERY,
  SHOP_QUERY,
  WEBHOOK_CREATE_MUTATION,
} from './queries.ts';
import type { BulkKind, BulkOperation, BulkRecord, QueryCost, Shop, WebhookTopic } from './types.ts';

export { ShopifyAuthError, ShopifyError } from './errors.ts';
export type * from './types.ts';

/** The Admin API version every call is pinned to. */
export const SHOPIFY_API_VERSION = '2026-10';
/** Where a real shop answers; `{shop}` is its myshopify domain. */
export const REAL_SHOPIFY_ENDPOINT = 'https://{shop}/admin/api/{version}/graphql.json';

/** The endpoint template of the sandbox mounted at `origin` (e.g. `http://127.0.0.1:3000`). */
export function sandboxEndpoint(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/sandbox/shopify/{shop}/admin/api/{version}/graphql.json`;
}

/**
 * The shop's myshopify domain from what the merchant typed (`https://Tienda.myshopify.com/admin/`
 * → `tienda.myshopify.com`), or null when it is not a `<name>.myshopify.com` domain.
 */
export function normalizeShopDomain(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/, 1)[0]!
    .replace(/\.$/, '');
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(host) ? host : null;
}

export interface ShopifyClientOptions {
  /** The myshopify domain, e.g. `recompra-demo.myshopify.com`. */
  shop: string;
  accessToken: string;
  /** Template with `{shop}` and `{version}`; REAL_SHOPIFY_ENDPOINT by default. */
  endpoint?: string;
  apiVersion?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The clock the cost bucket refills by (default Date.now); tests pass one that moves only when they sleep. */
  now?: () => number;
  /** Retries of a call answered 429/5xx or failing on the network (default 5). */
  maxRetries?: number;
  /** First backoff delay; doubles on every retry (default 500 ms). */
  retryBaseMs?: number;
  /** First wait between bulk operation polls; grows by half each poll up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /**
   * Bulk exports with `groupObjects` (default true): an order's line items follow it, so an import
   * can commit an order with its lines and resume after it. Without it Shopify's output has no order.
   */
  groupObjects?: boolean;
}

export interface BulkExportOptions {
  /** Shopify search syntax, e.g. `created_at:>='2025-11-22T00:00:00Z'`. */
  query?: string;
  signal?: AbortSignal;
}

export interface ShopifyClient {
  /** Whether bulk exports come grouped (see `ShopifyClientOptions.groupObjects`). */
  readonly groupsBulkObjects: boolean;
  shop(): Promise<Shop>;
  /** The handles of the scopes the token was granted (`read_orders`, `read_all_orders`…). */
  accessScopes(): Promise<string[]>;
  ordersCount(query?: string): Promise<number>;
  bulkExport<K extends BulkKind>(kind: K, options?: BulkExportOptions): AsyncIterable<BulkRecord[K]>;
  subscribeWebhook(topic: WebhookTopic, callbackUrl: string): Promise<void>;
}

interface GraphqlError {
  message: string;
  extensions?: { code?: string };
}
interface UserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}
interface GraphqlAnswer<T> {
  data?: T;
  errors?: GraphqlError[] | string;
  extensions?: { cost?: QueryCost };
}

const MAX_THROTTLED_RETRIES = 30;
/** Shopify's tokens (`shpat_…`, `shpca_…`, `shppa_…`, a private app's password) are visible ASCII, as the backend contract requires. */
const SENDABLE_TOKEN = /^[\x21-\x7E]+$/;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createShopifyClient(options: ShopifyClientOptions): ShopifyClient {
  const {
    shop,
    accessToken,
    endpoint = REAL_SHOPIFY_ENDPOINT,
    apiVersion = SHOPIFY_API_VERSION,
    fetch: fetchImpl = globalThis.fetch,
    sleep = realSleep,
    now = Date.now,
    maxRetries = 5,
    retryBaseMs = 500,
    pollIntervalMs = 200,
    maxPollIntervalMs = 5000,
    groupObjects = true,
  } = options;
  const url = endpoint.replaceAll('{shop}', shop).replaceAll('{version}', apiVersion);

  // The cost bucket as of the last answer, and what each operation asked for last time.
  let bucket: { available: number; maximum: number; restoreRate: number; at: number } | null = null;
  const lastCost = new Map<string, number>();

  const backoff = (attempt: number) => retryBaseMs * 2 ** attempt;

  /** Waits until the bucket has refilled enough for what this operation cost last time. */
  async function waitForBudget(operationName: string): Promise<void> {
    const needed = lastCost.get(operationName);
    if (!bucket || needed === undefined) return;
    const elapsed = (now() - bucket.at) / 1000;
    const available = Math.min(bucket.maximum, bucket.available + elapsed * bucket.restoreRate);
    if (available < needed) await sleep(Math.ceil(((needed - available) / bucket.restoreRate) * 1000));
  }

  function recordCost(operationName: string, cost: QueryCost | undefined): void {
    if (!cost?.throttleStatus) return;
    const { currentlyAvailable, maximumAvailable, restoreRate } = cost.throttleStatus;
    bucket = { available: currentlyAvailable, maximum: maximumAvailable, restoreRate: restoreRate || 50, at: now() };
    if (typeof cost.requestedQueryCost === 'number') lastCost.set(operationName, cost.requestedQueryCost);
  }

  /** A request that never left this machine would fail the same way on every attempt: it is not retried. */
  const unsendable = (error: unknown, what: string) =>
    new ShopifyError('network', `No se pudo armar la solicitud a Shopify (${what}): ${String(error)}`, { cause: error });

  async function send(target: string, init: RequestInit, what: string, signal?: AbortSignal): Promise<Response> {
    // The URL and headers are built once, before any attempt, so what cannot be built fails at once.
    let headers: Headers;
    try {
      new URL(target);
      headers = new Headers(init.headers);
    } catch (error) {
      throw unsendable(error, what);
    }
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(target, { ...init, headers, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        if (neverLeft(error)) throw unsendable(error, what);
        if (attempt >= maxRetries)
          throw new ShopifyError('network', `No se pudo conectar con Shopify (${what}): ${String(error)}`, { cause: error });
        await sleep(backoff(attempt));
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel().catch(() => undefined);
        if (attempt >= maxRetries) {
          throw new ShopifyError(
            response.status === 429 ? 'throttled' : 'http',
            `Shopify respondió ${response.status} (${what}) tras ${attempt + 1} intentos.`,
            {
              status: response.status,
            },
          );
        }
        await sleep(retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt));
        continue;
      }
      return response;
    }
  }

  async function graphql<T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown> = {},
    signal?: AbortSignal,
  ): Promise<T> {
    // A token no header can carry was never issued by Shopify: the credentials are wrong, and nothing is sent.
    if (!SENDABLE_TOKEN.test(accessToken)) {
      throw new ShopifyAuthError(
        `Credenciales inválidas: el token de acceso de ${shop} tiene caracteres que Shopify no usa en sus tokens.`,
      );
    }
    const body = JSON.stringify({ query, variables, operationName });
    for (let throttled = 0; ; ) {
      await waitForBudget(operationName);
      const response = await send(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-shopify-access-token': accessToken },
          body,
        },
        operationName,
        signal,
      );
      if (response.status === 401 || response.status === 403) {
        const detail = errorText(await readJson(response));
        throw new ShopifyAuthError(
          response.status === 401
            ? `Credenciales inválidas: Shopify rechazó el token de acceso de ${shop}${detail ? ` (${detail})` : ''}.`
            : `Shopify negó el acceso a ${shop}${detail ? ` (${detail})` : ''}.`,
          { status: response.status, forbidden: response.status === 403 },
        );
      }
      if (response.status === 404) {
        await response.body?.cancel().catch(() => undefined);
        throw new ShopifyError('not_found', `No existe una tienda Shopify en ${shop}.`, { status: 404 });
      }
      if (!response.ok) {
        const detail = errorText(await readJson(response));
        throw new ShopifyError('http', `Shopify respondió ${response.status} a ${operationName}${detail ? `: ${detail}` : ''}.`, {
          status: response.status,
        });
      }
      const answer = (await readJson(response)) as GraphqlAnswer<T> | null;
      if (!answer || typeof answer !== 'object')
        throw new ShopifyError('invalid_response', `Shopify devolvió una respuesta ilegible a ${operationName}.`);
      recordCost(operationName, answer.extensions?.cost);
      const errors = answer.errors;
      if (typeof errors === 'string') throw new ShopifyError('graphql', `Shopify rechazó ${operationName}: ${errors}`);
      if (errors?.length) {
        if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
          if (++throttled > MAX_THROTTLED_RETRIES)
            throw new ShopifyError('throttled', `Shopify limitó ${operationName} demasiadas veces seguidas.`);
          const status = answer.extensions?.cost?.throttleStatus;
          const needed = answer.extensions?.cost?.requestedQueryCost ?? lastCost.get(operationName) ?? 50;
          const wait = status ? ((needed - status.currentlyAvailable) / (status.restoreRate || 50)) * 1000 : 1000;
          await sleep(Math.max(100, Math.ceil(wait)));
          continue;
        }
        if (errors.some((error) => error.extensions?.code === 'ACCESS_DENIED')) {
          throw new ShopifyAuthError(`Al token le falta un permiso para ${operationName}: ${errors.map((e) => e.message).join('; ')}`, {
            forbidden: true,
          });
        }
        throw new ShopifyError('graphql', `Shopify rechazó ${operationName}: ${errors.map((e) => e.message).join('; ')}`);
      }
      if (answer.data === undefined || answer.data === null)
        throw new ShopifyError('invalid_response', `Shopify no devolvió datos para ${operationName}.`);
      return answer.data;
    }
  }

  function checkUserErrors(operationName: string, userErrors: UserError[] | undefined): void {
    if (userErrors?.length) {
      const inProgress = userErrors.some((error) => error.code === 'OPERATION_IN_PROGRESS');
      throw new ShopifyError(
        inProgress ? 'bulk_in_progress' : 'user_error',
        `Shopify rechazó ${operationName}: ${userErrors.map((e) => e.message).join('; ')}`,
      );
    }
  }

  async function startBulk(query: string, signal?: AbortSignal): Promise<string> {
    // Only one bulk query runs per shop and app: wait for one already running, then start ours.
    for (let attempt = 0; ; attempt++) {
      const data = await graphql<{ bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: UserError[] } }>(
        'BulkOperationRunQuery',
        BULK_RUN_MUTATION,
        { query, groupObjects },
        signal,
      );
      try {
        checkUserErrors('bulkOperationRunQuery', data.bulkOperationRunQuery.userErrors);
      } catch (error) {
        if (error instanceof ShopifyError && error.code === 'bulk_in_progress' && attempt < 3) {
          const current = await graphql<{ currentBulkOperation: BulkOperation | null }>(
            'CurrentBulkOperation',
            CURRENT_BULK_QUERY,
            {},
            signal,
          );
          if (current.currentBulkOperation) await pollUntilDone(current.currentBulkOperation.id, signal).catch(() => undefined);
          continue;
        }
        throw error;
      }
      const operation = data.bulkOperationRunQuery.bulkOperation;
      if (!operation) throw new ShopifyError('invalid_response', 'Shopify no devolvió la operación masiva creada.');
      return operation.id;
    }
  }

  async function pollUntilDone(id: string, signal?: AbortSignal): Promise<BulkOperation> {
    for (let wait = pollIntervalMs; ; wait = Math.min(maxPollIntervalMs, Math.round(wait * 1.5))) {
      signal?.throwIfAborted();
      const data = await graphql<{ node: BulkOperation | null }>('BulkOperation', BULK_NODE_QUERY, { id }, signal);
      const operation = data.node;
      if (!operation) throw new ShopifyError('invalid_response', `Shopify no encuentra la operación masiva ${id}.`);
      if (operation.status === 'COMPLETED') return operation;
      if (operation.status === 'FAILED' || operation.status === 'CANCELED' || operation.status === 'EXPIRED') {
        throw new ShopifyError(
          'bulk_failed',
          `La exportación masiva terminó ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}.`,
          {
            errorCode: operation.errorCode ?? operation.status,
          },
        );
      }
      await sleep(wait);
    }
  }

  async function cancelBulk(id: string): Promise<void> {
    await graphql('BulkOperationCancel', BULK_CANCEL_MUTATION, { id }).catch(() => undefined);
  }

  async function* bulkExport<K extends BulkKind>(kind: K, exportOptions: BulkExportOptions = {}): AsyncGenerator<BulkRecord[K]> {
    const { signal } = exportOptions;
    const id = await startBulk(bulkQuery(kind, exportOptions.query), signal);
    let operation: BulkOperation;
    try {
      operation = await pollUntilDone(id, signal);
    } catch (error) {
      if (signal?.aborted) await cancelBulk(id);
      throw error;
    }
    if (!operation.url) return;
    // The result URL is pre-signed: no token goes with it.
    const response = await send(operation.url, { method: 'GET' }, 'descarga de la exportación masiva', signal);
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new ShopifyError('http', `La descarga de la exportación masiva respondió ${response.status}.`, { status: response.status });
    }
    for await (const line of readLines(response.body)) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch (error) {
        throw new ShopifyError('invalid_response', `Línea ilegible en la exportación masiva: ${line.slice(0, 120)}`, { cause: error });
      }
      if (kind === 'orders') {
        // gid://shopify/LineItem/… or gid://shopify/Order/…; set in place, which is cheaper than copying.
        record.kind = typeof record.id === 'string' && record.id.startsWith('gid://shopify/LineItem/') ? 'lineItem' : 'order';
        yield record as unknown as BulkRecord[K];
      } else {
        yield record as unknown as BulkRecord[K];
      }
    }
  }

  return {
    groupsBulkObjects: groupObjects,
    async shop() {
      const data = await graphql<{ shop: Shop }>('Shop', SHOP_QUERY);
      return data.shop;
    },
    async accessScopes() {
      const data = await graphql<{ currentAppInstallation: { accessScopes: Array<{ handle: string }> } }>(
        'AccessScopes',
        ACCESS_SCOPES_QUERY,
      );
      return data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
    },
    async ordersCount(query) {
      const data = await graphql<{ ordersCount: { count: number } | null }>('OrdersCount', ORDERS_COUNT_QUERY, { query: query ?? null });
      return data.ordersCount?.count ?? 0;
    },
    bulkExport,
    async subscribeWebhook(topic, callbackUrl) {
      const data = await graphql<{ webhookSubscriptionCreate: { userErrors: UserError[] } }>(
        'WebhookSubscriptionCreate',
        WEBHOOK_CREATE_MUTATION,
        {
          topic,
          uri: callbackUrl,
        },
      );
      // Subscribing twice to the same address is already done, not an error.
      const errors = data.webhookSubscriptionCreate.userErrors.filter((error) => !/already been taken/i.test(error.message));
      checkUserErrors('webhookSubscriptionCreate', errors);
    },
  };
}

/**
 * What fetch threw before anything was sent: undici reports a network failure as a TypeError "fetch failed" with
 * the socket's error as its cause, but an invalid header it refuses on the way out (cause UND_ERR_INVALID_ARG), and
 * any other TypeError comes from building the request itself.
 */
function neverLeft(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (error.message !== 'fetch failed') return true;
  return (error.cause as { code?: unknown } | undefined)?.code === 'UND_ERR_INVALID_ARG';
}

/** `Retry-After` in seconds (or an HTTP date) as milliseconds. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function errorText(body: unknown): string {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map((error) => (error as { message?: string }).message ?? String(error)).join('; ');
  return '';
}
