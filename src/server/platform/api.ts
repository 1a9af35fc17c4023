import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Contract, ContractOperation, Role } from './contract.ts';
import type { Database } from './db.ts';
import { errors } from './errors.ts';
import type { Mailer } from './mail.ts';
import { type Auth, CSRF_HEADER, readSessionInStore, SESSION_COOKIE, sameToken, type Visit } from './sessions.ts';
import type { StoreEvents } from './store-events.ts';
import type { StoreAccess } from './tenancy.ts';
import { VisitMemo } from './visit-memo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gate's recent session and store reads (visit-memo.ts). */
    visits: VisitMemo;
  }
}

type Operation = { parameters: object; responses: object };

type PathOf<O> = O extends { parameters: { path: infer P } } ? P : Record<string, never>;
type QueryOf<O> = O extends { parameters: { query?: infer Q } }
  ? [NonNullable<Q>] extends [never]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;
/** A JSON body as its schema says; a binary one (an upload) as the bytes and the type they came as. */
type BodyOf<O> = O extends { requestBody: { content: infer C } } ? (C extends { 'application/json': infer B } ? B : FileBody) : undefined;

/** What a handler returns: one of the statuses its operation declares, with that status's body. */
export type ResultOf<O extends Operation> = {
  [S in keyof O['responses']]: O['responses'][S] extends { content: { 'application/json': infer B } }
    ? { status: S; body: B }
    : O['responses'][S] extends { content: { 'text/html': unknown } }
      ? { status: S; html: string }
      : O['responses'][S] extends { content: infer C }
        ? { status: S; file: FileBody<keyof C & string>; headers?: Record<string, string> }
        : { status: S; headers?: Record<string, string> };
}[keyof O['responses']];

/** A binary answer (a download) of one of the media types its operation declares, or a binary request body. */
export interface FileBody<Type extends string = string> {
  type: Type;
  data: Uint8Array;
}

type SentResult = { status: number; body?: unknown; html?: string; file?: FileBody; headers?: Record<string, string> };

export interface Services {
  db: Database;
  config: Config;
  sessionSecret: string;
  mailer: Mailer;
  /** Where a handler records what it changed for other features (store-events.ts). */
  events: StoreEvents;
}

export interface HandlerContext<O extends Operation> extends Services {
  params: PathOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
  /** The session; null only on public operations. */
  auth: Auth | null;
  /** The store named in the path, already checked by the tenancy guard. */
  store: StoreAccess | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<O extends Operation> = (context: HandlerContext<O>) => Promise<ResultOf<O>>;
export type Handlers<Operations> = { [K in keyof Operations]: Operations[K] extends Operation ? Handler<Operations[K]> : never };

/** Session-bound handlers may rely on these being set. */
export function signedIn<O extends Operation>(context: HandlerContext<O>): Auth {
  if (!context.auth) throw errors.unauthenticated();
  return context.auth;
}
export function inStore<O extends Operation>(context: HandlerContext<O>): StoreAccess {
  if (!context.store) throw errors.storeNotFound();
  return context.store;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Bodies whose JSON is already known (a cached answer): sent as that text, not serialised again. */
const knownJson = new WeakMap<object, string>();

/** Marks `body` as serialised to `json`; the body itself is still what the contract check reads. */
export function preSerialised<T extends object>(body: T, json: string): T {
  knownJson.set(body, json);
  return body;
}

export interface ContractOptions {
  /** The largest body, in bytes, of an operation that takes a file (by operationId); the app's own limit otherwise. */
  bodyLimits?: Record<string, number>;
}

/**
 * Registers every operation of a contract under `prefix`. Each request passes the same gate, in order:
 * origin check, session, CSRF token, path validation, tenancy guard, role, query and body validation; then the handler;
 * then (outside production) the response is checked against the contract.
 *
 * Bodies are JSON, except for the operations whose contract takes a file: those routes, and only those,
 * read the body as bytes (up to their `bodyLimits`), in a scope of their own so the rest keep JSON only.
 */
export function registerContract(
  app: FastifyInstance,
  contract: Contract,
  prefix: string,
  handlers: Record<string, Handler<never>>,
  services: Services,
  options: ContractOptions = {},
): void {
  const missing = contract.operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId);
  const extra = Object.keys(handlers).filter((id) => !contract.operations.some((op) => op.operationId === id));
  if (missing.length || extra.length)
    throw new Error(`${contract.name} handlers out of step with the contract: missing [${missing}] extra [${extra}]`);

  if (!app.hasDecorator('visits')) {
    app.decorate('visits', new VisitMemo());
    // Before the response leaves, so the caller's next request already reads what this one changed.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (UNSAFE.has(request.method)) app.visits.clear();
      done(null, payload);
    });
  }

  const route = (target: FastifyInstance, operation: ContractOperation) => {
    const handler = handlers[operation.operationId] as unknown as Handler<Operation>;
    const bodyLimit = options.bodyLimits?.[operation.operationId];
    target.route({
      method: operation.method,
      url: prefix + operation.path.replace(/\{(\w+)\}/g, ':$1'),
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      handler: async (request, reply) => {
        const context = await admit(operation, request, reply, services);
        const result = (await handler(context)) as SentResult;
        return send(operation, reply, result, services.config);
      },
    });
  };
  for (const operation of contract.operations) if (operation.fileTypes.length === 0) route(app, operation);
  const uploads = contract.operations.filter((operation) => operation.fileTypes.length > 0);
  if (uploads.length > 0)
    app.register(async (scope) => {
      // Whatever the type sent, the bytes as they came: the handler reads them and says what it takes.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        done(null, { type, data: body as Buffer } satisfies FileBody);
      });
      for (const operation of uploads) route(scope, operation);
    });
}

async function admit(
  operation: ContractOperation,
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
): Promise<HandlerContext<Operation>> {
  const unsafe = UNSAFE.has(operation.method);
  if (unsafe && !sameOrigin(request)) throw errors.csrf();

  // Who is calling comes first, so an outsider learns nothing about an operation's rules. The same
  // round trip reads the caller's standing in the store the path names, checked below in its turn.
  const token = request.cookies[SESSION_COOKIE];
  const visit = token ? await readVisit(request, services, token, storeIdIn(operation, request), unsafe) : null;
  const auth = visit?.auth ?? null;
  if (!auth && !operation.isPublic) throw errors.unauthenticated();
  if (auth && unsafe && !sameToken(String(request.headers[CSRF_HEADER] ?? ''), auth.csrfToken)) throw errors.csrf();

  const params = { ...(request.params as object) } as Record<string, unknown>;
  const paramErrors = operation.validateParams(params);
  if (paramErrors.length) throw errors.invalidRequest(paramErrors);

  let store: StoreAccess | null = null;
  if (operation.storeParam && auth) {
    store = visit?.store ?? null;
    if (!store) throw errors.storeNotFound();
  }
  const role: Role | undefined = store?.role ?? auth?.role;
  if (operation.roles && (!role || !operation.roles.includes(role))) throw errors.forbidden();
  if (operation.requiresPlan && store && !store.hasPlan) throw errors.subscriptionRequired();

  const query = { ...(request.query as object) };
  const body = request.body;
  const fieldErrors = [...operation.validateQuery(query), ...operation.validateBody(body)];
  if (fieldErrors.length) throw errors.invalidRequest(fieldErrors);

  return { ...services, params, query, body, auth, store, request, reply } as HandlerContext<Operation>;
}

/** Read-only calls may reuse a visit read under a second ago (visit-memo.ts); state-changing ones always read it. */
function readVisit(
  request: FastifyRequest,
  services: Services,
  token: string,
  storeId: number | null,
  unsafe: boolean,
): Promise<Visit | null> {
  const read = () => readSessionInStore(services.db, token, services.sessionSecret, storeId);
  return unsafe ? read() : request.server.visits.read(token, storeId, read);
}

/** The store id the path names, before validation: null when it is not one (validation then refuses it). */
function storeIdIn(operation: ContractOperation, request: FastifyRequest): number | null {
  if (!operation.storeParam) return null;
  const id = Number((request.params as Record<string, unknown>)[operation.storeParam]);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A state-changing call from another site is refused; browsers always send Origin on those. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function send(operation: ContractOperation, reply: FastifyReply, result: SentResult, config: Config) {
  reply.code(result.status);
  if (result.headers) reply.headers(result.headers);
  const contentType =
    result.file?.type ?? (result.html !== undefined ? 'text/html' : result.body !== undefined ? 'application/json' : undefined);
  if (config.validateResponses) {
    const problem = operation.checkResponse(result.status, contentType, result.file?.data ?? result.html ?? result.body);
    if (problem) throw new Error(`Contract violation: ${problem}`);
  }
  if (result.file) return reply.type(result.file.type).send(Buffer.from(result.file.data));
  if (result.html !== undefined) return reply.type('text/html; charset=utf-8').send(result.html);
  if (result.body !== undefined)
    return reply.type('application/json; charset=utf-8').send(knownJson.get(result.body as object) ?? result.body);
  return reply.send();
}
