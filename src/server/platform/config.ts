import { resolve } from 'node:path';

/** Server settings, all from the environment; README.md lists them with their defaults. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when `databaseUrl` is set. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Signs CSRF tokens; when unset, a random one is kept in the database so restarts keep sessions usable. */
  sessionSecret: string | undefined;
  demoPassword: string;
  /** The built single-page app. */
  webDir: string;
  /** Where the backend API is mounted on this server. */
  backendPrefix: string;
  /** Sends mail through this SMTP server; unset, mail stays in the local outbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  /** The address people reach the app at, for links in emails. */
  publicUrl: string;
  /** 32 bytes (hex or base64) that encrypt third-party secrets; required in production. */
  encryptionKey: string | undefined;
  /** The Shopify Admin GraphQL endpoint, with {shop} and {version}; the local sandbox by default. */
  shopifyEndpoint: string;
  /** Signs Shopify's webhooks (the app's client secret). */
  shopifyWebhookSecret: string;
  /** Serve the platforms' local sandboxes (on by default). */
  sandboxes: boolean;
  production: boolean;
  /** Check every response against the contract (on outside production; a mismatch is a bug). */
  validateResponses: boolean;
}

export const DEFAULT_DEMO_PASSWORD = 'recompra-demo';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = parsePort(env.PORT ?? '3000');
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    backendPrefix: env.BACKEND_PREFIX ?? '/backend',
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`).replace(/\/$/, ''),
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    shopifyEndpoint: env.SHOPIFY_ENDPOINT || `http://127.0.0.1:${port}/sandbox/shopify/{shop}/admin/api/{version}/graphql.json`,
    shopifyWebhookSecret: env.SHOPIFY_WEBHOOK_SECRET || 'sandbox-webhook-secret',
    sandboxes: env.SANDBOXES !== 'off',
    production,
    validateResponses: env.VALIDATE_RESPONSES ? env.VALIDATE_RESPONSES === 'true' : !production,
  };
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
}
