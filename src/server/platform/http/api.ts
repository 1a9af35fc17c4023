import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../database/db.ts';
import { type UnreadBody, type UploadedFile, type UploadRules, Uploads } from '../files/uploads.ts';
import type { Mailer } from '../mail/mail.ts';
import { type Auth, CSRF_HEADER, readSessionInStore, SESSION_COOKIE, sameToken, type Visit } from '../security/sessions.ts';
import type { StoreAccess } from '../security/tenancy.ts';
import type { LiveHub } from '../store-data/live.ts';
import type { StoreEvents } from '../store-data/store-events.ts';
import type { Contract, ContractOperation, Role } from './contract.ts';
import { errors } from './errors.ts';
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
/** A JSON body as its schema says; a binary one (an upload) as the file it was received into. */
type BodyOf<O> = O extends { requestBody: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : UploadedFile
  : undefined;

/** What a handler returns: one of the statuses its operation declares, with that status's body. */
export type ResultOf<O extends Operation> = {
  [S in keyof O['responses']]: O['responses'][S] extends { content: { 'application/json': infer B } }
    ? { status: S; body: B }
    : O['responses'][S] extends { content: { 'text/event-stream': infer E } }
      ? { status: S; events: EventStream<E> }
      : O['responses'][S] extends { content: { 'text/html': unknown } }
        ? { status: S; html: string }
        : O['responses'][S] extends { content: infer C }
          ? { status: S; file: FileBody<keyof C & string>; headers?: Record<string, string> }
          : { status: S; headers?: Record<string, string> };
}[keyof O['responses']];

/** A binary answer (a download) of one of the media types its operation declares. */
export interface FileBody<Type extends string = string> {
  type: Type;
  data: Uint8Array;
}

/** A server-sent-events answer: events are written as they come, until the client goes or `maxAgeMs` passes. */
export interface EventStream<Event> {
  /** Starts sending (`emit` writes one event with its id, or the id alone); resolves to what stops it. */
  open(emit: (id: string, event: Event | null) => void): Promise<() => void>;
  /** The stream then ends, and the browser reconnects with its last event's id, passing the gate again. */
  maxAgeMs: number;
}

type SentResult = {
  status: number;
  body?: unknown;
  html?: string;
  file?: FileBody;
  events?: EventStream<unknown>;
  headers?: Record<string, string>;
};

/** What a reconnecting browser waits before it tries again, and how often a quiet stream says it is alive (proxies close idle ones). */
const EVENT_STREAM_RETRY_MS = 2000;
const EVENT_STREAM_HEARTBEAT_MS = 20_000;

export interface Services {
  db: Database;
  config: Config;
  sessionSecret: string;
  mailer: Mailer;
  /** Where a handler records what it changed for other features (store-events.ts). */
  events: StoreEvents;
  /** The open tabs' live streams of this process (live.ts). */
  live: LiveHub;
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
  /** How each operation that takes a file takes it (by operationId): every such operation needs its rules. */
  uploads?: Record<string, UploadRules>;
  /** The folder where files wait while their request runs. */
  uploadDir?: string;
}

/**
 * Registers every operation of a contract under `prefix`. Each request passes the same gate, in order:
 * origin check, session, CSRF token, path validation, tenancy guard, role, query and body validation; then the handler;
 * then (outside production) the response is checked against the contract.
 *
 * Bodies are JSON, except for the operations whose contract takes a file: those routes, and only those,
 * in a scope of their own so the rest keep JSON only, leave the body unread until the gate has passed
 * (session, store, role, plan, query), then receive it into a file within their `uploads` rules
 * (uploads.ts). An answer given before the body has all arrived closes the connection, so the client
 * stops sending it.
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
  for (const operation of contract.operations.filter((op) => op.fileTypes.length > 0)) {
    const rules = options.uploads?.[operation.operationId];
    const types = Object.keys(rules?.maxBytes ?? {});
    if (
      !rules ||
      !operation.storeParam ||
      types.length !== operation.fileTypes.length ||
      types.some((t) => !operation.fileTypes.includes(t))
    )
      throw new Error(`${operation.operationId} takes a file: it needs a store in its path and upload rules for exactly its types`);
  }
  const uploads = new Uploads(options.uploadDir ?? tmpdir());

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
    const rules = options.uploads?.[operation.operationId];
    target.route({
      method: operation.method,
      url: prefix + operation.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (request, reply) => {
        const context = await admit(operation, request, reply, services);
        if (!rules) return send(operation, reply, (await handler(context)) as SentResult, services.config);
        const body = request.body as UnreadBody | undefined;
        if (!body) throw errors.invalidRequest(operation.validateBody(undefined));
        const length = Number(request.headers['content-length'] ?? 0);
        return uploads.receive(context.store!.storeId, body, length, rules, async (file) => {
          const fieldErrors = operation.validateBody(file);
          if (fieldErrors.length) throw errors.invalidRequest(fieldErrors);
          return send(operation, reply, (await handler({ ...context, body: file as never })) as SentResult, services.config);
        });
      },
    });
  };
  for (const operation of contract.operations) if (operation.fileTypes.length === 0) route(app, operation);
  const fileOperations = contract.operations.filter((operation) => operation.fileTypes.length > 0);
  if (fileOperations.length > 0)
    app.register(async (scope) => {
      // Whatever the type sent, the body unread: the gate runs first, then the upload rules say what they take.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (request, stream, done) => {
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        done(null, { type, stream } satisfies UnreadBody);
      });
      // Refused, or answered, before the whole file arrived: the connection closes, so the client stops sending.
      scope.addHook('onSend', (request, reply, payload, done) => {
        if (!request.raw.complete) reply.header('connection', 'close');
        done(null, payload);
      });
      for (const operation of fileOperations) route(scope, operation);
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
  // A file is received, then checked, once the gate has passed (registerContract).
  const takesFile = operation.fileTypes.length > 0;
  const body = takesFile ? undefined : request.body;
  const fieldErrors = [...operation.validateQuery(query), ...(takesFile ? [] : operation.validateBody(body))];
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
  if (result.events) return sendEvents(operation, reply, result.events, config);
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

async function sendEvents(operation: ContractOperation, reply: FastifyReply, stream: EventStream<unknown>, config: Config) {
  const body = new PassThrough();
  body.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
  // A client that leaves while the stream opens is let go as soon as it is open.
  let gone = false;
  const leave = () => {
    gone = true;
  };
  reply.raw.once('close', leave);
  const stop = await stream.open((id, event) => {
    // Ended (its time was up) while an event was on its way: the browser reconnects and gets it then.
    if (body.writableEnded || body.destroyed) return;
    if (event === null) return void body.write(`id: ${id}\n\n`);
    const problem = config.validateResponses ? operation.checkResponse(200, 'text/event-stream', event) : null;
    if (problem) {
      console.error(`Contract violation: ${problem}`);
      body.destroy(new Error(problem));
      return;
    }
    body.write(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  reply.raw.off('close', leave);
  if (gone) return stop();
  const heartbeat = setInterval(() => body.write(':\n\n'), EVENT_STREAM_HEARTBEAT_MS);
  const maxAge = setTimeout(() => {
    clearInterval(heartbeat);
    body.end();
  }, stream.maxAgeMs);
  // The client went, or the stream ended: either way nothing more is read for it.
  reply.raw.once('close', () => {
    clearInterval(heartbeat);
    clearTimeout(maxAge);
    stop();
  });
  return reply
    .code(200)
    .headers({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' })
    .send(body);
}
