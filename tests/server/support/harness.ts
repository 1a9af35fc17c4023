import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../../src/server/app.ts';
import { seedDemoStore } from '../../../src/server/demo-store.ts';
import { runSync } from '../../../src/server/features/integrations/store/sync.ts';
import { createShopifyClient, SHOPIFY_API_VERSION, type ShopifyClient } from '../../../src/server/integrations/shopify/client.ts';
import {
  SANDBOX_SHOP,
  SANDBOX_TOKEN,
  type StartedSandbox,
  startShopifySandbox,
} from '../../../src/server/integrations/shopify/sandbox/index.ts';
import { signWebhook } from '../../../src/server/integrations/shopify/webhooks.ts';
import { type Config, loadConfig } from '../../../src/server/platform/config.ts';
import { type Database, openDatabase } from '../../../src/server/platform/database/db.ts';
import { createMailer } from '../../../src/server/platform/mail/mail.ts';
import { type SecretBox, secretBox } from '../../../src/server/platform/security/secrets.ts';
import { calendarOf } from '../../../src/server/platform/store-data/store-calendar.ts';
import { scratchDatabase } from '../../scratch-database.ts';

export const DEMO_PASSWORD = 'clave-de-prueba';
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="es"><head><title>Recompra</title></head><body><div id="root"></div></body></html>';

/**
 * A fresh, empty database: in-memory PGlite, or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped on close), so the same tests prove the same SQL on both.
 */
export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  return scratchDatabase(serverUrl, 'recompra_test');
}

/**
 * A fresh database with every migration applied: a copy of the run's template (database-template.ts),
 * which costs a fraction of creating and migrating one.
 */
export async function migratedDatabase(): Promise<Database> {
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template.kind === 'postgres' && serverUrl) return scratchDatabase(serverUrl, 'recompra_test', template.name);
  if (template.kind === 'pglite' && !serverUrl) {
    return openDatabase({ dataDir: 'memory://', startFrom: new Blob([await readFile(template.dump)]) });
  }
  throw new Error(`The run's template is on ${template.kind}, but TEST_DATABASE_URL says otherwise.`);
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The stand-in web build's folder. */
  webDir: string;
  /** Where uploads wait while their request runs: this server's own. */
  uploadDir: string;
  config: Config;
  secrets: SecretBox;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database with the demo store (its import queued, not run),
 * serving a stand-in web build. Sandboxes are off unless asked for.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  appOptions: Pick<AppOptions, 'paymentsTestClock'> = {},
): Promise<TestServer> {
  const db = await migratedDatabase();
  const secrets = secretBox(randomBytes(32));
  await seedDemoStore(db, DEMO_PASSWORD, secrets);
  const webDir = await mkdtemp(join(tmpdir(), 'recompra-web-'));
  await writeFile(join(webDir, 'index.html'), TEST_INDEX_HTML);
  const uploadDir = await mkdtemp(join(tmpdir(), 'recompra-uploads-'));
  const config: Config = { ...loadConfig({ NODE_ENV: 'test' }), webDir, uploadDir, dataDir: 'memory://', sandboxes: false, ...overrides };
  const app = await buildApp({ config, db, secrets, mailer: createMailer(undefined, () => undefined), ...appOptions });
  return {
    app,
    db,
    webDir: config.webDir,
    uploadDir: config.uploadDir,
    config,
    secrets,
    async close() {
      await app.close();
      await db.close();
      await rm(config.uploadDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in caller: its cookies and CSRF header, ready to pass to `inject`. */
export interface Caller {
  cookies: Record<string, string>;
  headers: Record<string, string>;
  user: { id: number; role: string; store: number | null };
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Caller> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookies = cookieJar(response);
  return { cookies, headers: { 'x-csrf-token': cookies.recompra_csrf! }, user: response.json() };
}

let signUps = 0;

/**
 * A new account through the sign-up endpoint, signed in. Each comes from an address of its own: the
 * server caps sign-ups per address, and the cap has its own tests (sign-in-throttle).
 */
export async function signUp(app: FastifyInstance, name: string, email: string, password = 'tienda2026'): Promise<Caller> {
  signUps += 1;
  const remoteAddress = `10.${(signUps >> 16) & 255}.${(signUps >> 8) & 255}.${signUps & 255}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress, payload: { name, email, password } });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`sign-up of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookies = cookieJar(response);
  return { cookies, headers: { 'x-csrf-token': cookies.recompra_csrf! }, user: response.json() };
}

/** The store form's request: connects a Shopify store for `caller`. */
export function connectShopifyStore(app: FastifyInstance, caller: Caller, store: { name: string; url: string; accessToken: string }) {
  return app.inject({
    method: 'POST',
    url: '/backend/me/stores/shopifySettings',
    cookies: caller.cookies,
    headers: caller.headers,
    payload: { store },
  });
}

export function cookieJar(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function addStore(db: Database, name: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into stores (name) values ($1) returning id', [name]);
  return row!.id;
}

/** Puts a store on its free trial, as if its owner had started it: its data opens (SPEC §1). */
export async function givePlan(db: Database, storeId: number): Promise<void> {
  await db.query(
    `insert into store_subscriptions (store_id, plan_id, billing, price_cents, status, trial_ends_at)
     values ($1, 'inicial', 'monthly', 2900, 'trialing', now() + interval '7 days') on conflict (store_id) do nothing`,
    [storeId],
  );
}

/** The token of the newest link mailed to `email` (from the local outbox). */
export async function mailedToken(db: Database, email: string): Promise<string> {
  const [mail] = await db.query<{ body_text: string }>('select body_text from mail_outbox where recipient = $1 order by id desc limit 1', [
    email,
  ]);
  const token = /token=([\w-]+)/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no link was mailed to ${email}`);
  return token;
}

export function json(body: unknown) {
  return { payload: body as Record<string, unknown> };
}

export interface WebhookDelivery {
  topic: string;
  /** An object, or raw JSON text (to send malformed bodies). */
  body: unknown;
  secret: string;
  shop?: string;
  webhookId?: string;
  /** `X-Shopify-Triggered-At`; null leaves the header out. */
  triggeredAt?: string | null;
}

/**
 * Posts a webhook signed as Shopify signs it, then runs the jobs it queued, so the store events'
 * subscribers (the dashboard's rollups) have caught up when it resolves.
 */
export async function deliverWebhook(app: FastifyInstance, delivery: WebhookDelivery): Promise<LightMyRequestResponse> {
  const raw = typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body);
  const triggeredAt = delivery.triggeredAt === undefined ? new Date().toISOString() : delivery.triggeredAt;
  const response = await app.inject({
    method: 'POST',
    url: '/webhooks/shopify',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': delivery.topic,
      'x-shopify-shop-domain': delivery.shop ?? SANDBOX_SHOP,
      'x-shopify-webhook-id': delivery.webhookId ?? randomBytes(8).toString('hex'),
      'x-shopify-api-version': SHOPIFY_API_VERSION,
      ...(triggeredAt === null ? {} : { 'x-shopify-triggered-at': triggeredAt }),
      'x-shopify-hmac-sha256': signWebhook(raw, delivery.secret),
    },
    payload: raw,
  });
  await app.jobs.drain();
  return response;
}

/** A sandbox store imported whole for a new owner: the server, its sandbox and the real client that read it. */
export interface ImportedSandboxStore {
  sandbox: StartedSandbox;
  server: TestServer;
  owner: Caller;
  storeId: number;
  client: ShopifyClient;
}

/**
 * Starts a Shopify sandbox with `customers` and `orders` as of `now`, signs up an owner, connects the
 * sandbox store through the store form, starts its trial, and runs its import to the end (subscribers and jobs included).
 */
export async function importSandboxStore(customers: number, orders: number, now: Date): Promise<ImportedSandboxStore> {
  const sandbox = await startShopifySandbox({ customers, orders, now, bulkDelayMs: 10, throttle: { restoreRate: 10_000 } });
  const server = await startTestServer({ shopifyEndpoint: sandbox.endpoint, shopifyWebhookSecret: sandbox.webhookSecret });
  const owner = await signUp(server.app, 'Rosa Díaz', 'rosa@tienda.cl');
  const connected = await connectShopifyStore(server.app, owner, { name: 'Tienda de Rosa', url: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN });
  const storeId = connected.json().id as number;
  await givePlan(server.db, storeId);
  const client = createShopifyClient({ shop: SANDBOX_SHOP, accessToken: SANDBOX_TOKEN, endpoint: sandbox.endpoint });
  const job = { heartbeat: async () => undefined, progress: async () => undefined, signal: new AbortController().signal };
  await runSync({ db: server.db, events: server.app.events }, client, storeId, job, null, now);
  while ((await server.app.jobs.drain()) > 0) {}
  return { sandbox, server, owner, storeId, client };
}

/**
 * A store time zone whose calendar day does not turn in the next `minutes`. A test that builds a
 * day-relative result ("the last 30 days") early and recomputes it at the end would otherwise fail
 * whenever it runs across the store's midnight. Santiago and Tokyo are half a day apart, so one of
 * them always holds.
 */
export function steadyTimeZone(minutes = 30, now = new Date()): string {
  const later = new Date(now.getTime() + minutes * 60_000);
  const zone = ['America/Santiago', 'Asia/Tokyo'].find(
    (candidate) => calendarOf(candidate, null, now).today === calendarOf(candidate, null, later).today,
  );
  return zone!;
}
