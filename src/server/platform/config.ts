import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KLAVIYO_SANDBOX_PREFIX } from '../integrations/klaviyo/sandbox/index.ts';
import { REAL_KLAVIYO_BASE_URL } from '../integrations/klaviyo/types.ts';
import { META_SANDBOX_PREFIX, SANDBOX_META_APP } from '../integrations/meta/sandbox/index.ts';
import { META_API_VERSION, REAL_META_BUSINESS_URL, REAL_META_GRAPH_URL, REAL_META_LOGIN_URL } from '../integrations/meta/types.ts';
import { REAL_STRIPE_API_BASE, SANDBOX_KEYS as STRIPE_SANDBOX_KEYS } from '../integrations/payments/types.ts';
import { REAL_SHOPIFY_ENDPOINT, sandboxEndpoint } from '../integrations/shopify/client.ts';
import { SANDBOX_APP } from '../integrations/shopify/sandbox/oauth.ts';

/** Server settings, all from the environment; README.md lists them with their defaults. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when `databaseUrl` is set. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  /** Where an uploaded file waits, on disk, while its request checks it and sends it on (platform/files/uploads.ts). */
  uploadDir: string;
  /** Signs CSRF tokens; when unset (never in production), a random one is kept in the database so restarts keep sessions usable. */
  sessionSecret: string | undefined;
  /** Password of the demo accounts seeded on an empty database; null in production, which seeds nothing. */
  demoPassword: string | null;
  /** The built single-page app. */
  webDir: string;
  /** Where the backend API is mounted on this server. */
  backendPrefix: string;
  /** The backend API's origin when the browser calls it on another host (VITE_BACKEND_URL), for the content security policy. */
  backendOrigin: string | null;
  /** Where the browser calls the backend API: VITE_BACKEND_URL, as the web app is built with it, or `backendPrefix` here. */
  backendBase: string;
  /** Sends mail through this SMTP server; unset (never in production), mail stays in the local outbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  /** The address people reach the app at, for links in emails and webhook addresses. */
  publicUrl: string;
  /** 32 bytes (hex or base64) that encrypt third-party secrets; required in production. */
  encryptionKey: string | undefined;
  /** The Shopify Admin GraphQL endpoint, with {shop} and {version}: the local sandbox by default, real Shopify in production. */
  shopifyEndpoint: string;
  /** Our Shopify app's client id (API key), for "Conectar con Shopify" (its OAuth install). */
  shopifyApiKey: string;
  /** Our Shopify app's client secret: signs the install's redirects and the token exchange. */
  shopifyApiSecret: string;
  /**
   * Checks the webhooks Shopify signs with our app's client secret (stores installed by OAuth): the same
   * value as `shopifyApiSecret`. A store connected by its own app's token signs with that app's secret.
   */
  shopifyWebhookSecret: string;
  /** Klaviyo's API (the host its `/api/…` paths hang from): the local sandbox by default, https://a.klaviyo.com in production. */
  klaviyoBaseUrl: string;
  /** Our Meta app (Facebook Login and the Marketing API): Meta's hosts in production, the local sandbox's otherwise. */
  meta: {
    appId: string;
    /** Signs every call's appsecret_proof and the token exchange. */
    appSecret: string;
    /** The Graph and Marketing API version (`META_API_VERSION` unless META_API_VERSION is set). */
    version: string;
    /** The Graph API host (https://graph.facebook.com). */
    graphUrl: string;
    /** Facebook Login's dialog host (https://www.facebook.com). */
    loginUrl: string;
    /** Business Suite, where a merchant accepts the Custom Audience terms (https://business.facebook.com). */
    businessUrl: string;
    /** What Meta sends back in the webhook subscription's handshake (`hub.verify_token`), as set in the app's dashboard. */
    webhookVerifyToken: string;
  };
  /** The card processor (Stripe, or its local sandbox mounted on this server outside production). */
  payments: {
    /** Where this server calls the processor's API. */
    apiBase: string;
    /** Where browsers send card details to be tokenised: the same API as browsers reach it; empty for the page's own origin (the sandbox). */
    browserApiBase: string;
    secretKey: string;
    publishableKey: string;
    /** Signs the processor's webhooks to /webhooks/stripe. */
    webhookSecret: string;
  };
  /** Which proxies may tell the client's address (X-Forwarded-For): none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  /** Serve the platforms' local sandboxes (on by default, never in production). */
  sandboxes: boolean;
  /**
   * The demo store keeps selling on the real clock and its webhooks reach the running server (on by
   * default). Off, the store stays as the import found it, so exact figures hold still (the end-to-end tests).
   */
  demoStoreSales: boolean;
  /** The WhatsApp outbox (features/whatsapp/campaign-sender.ts). */
  whatsappSending: {
    /**
     * How long a message sent without Meta's answer waits for a status before it is sent again: Meta's statuses
     * come within seconds, and ten minutes leave room for a slow webhook.
     */
    reconcileAfterMs: number;
    /** How often the outbox's upkeep runs (in doubt rows, ended pauses, due automated rows): 30 s. */
    sweepEveryMs: number;
  };
  production: boolean;
  /** Check every response against the contract (on outside production; a mismatch is a bug). */
  validateResponses: boolean;
}

export const DEFAULT_DEMO_PASSWORD = 'recompra-demo';

/** Settings a production server refuses to start without, and what each is for. */
const REQUIRED_IN_PRODUCTION = {
  ENCRYPTION_KEY: 'cifra los tokens y claves de las plataformas (32 bytes en hexadecimal o base64)',
  SESSION_SECRET: 'firma los tokens CSRF (al menos 32 caracteres al azar)',
  SHOPIFY_API_KEY: 'el ID de cliente de la app de Shopify de Recompra (Conectar con Shopify)',
  SHOPIFY_API_SECRET: 'el secreto de cliente de la app de Shopify de Recompra, que firma la instalación y los webhooks',
  PUBLIC_URL: 'la dirección https en que la gente abre la aplicación (enlaces de correos y webhooks)',
  SMTP_URL: 'el servidor de correo de las invitaciones y los cambios de contraseña',
  META_APP_ID: 'el identificador de la app de Meta de Recompra (inicio de sesión con Facebook y API de marketing)',
  META_APP_SECRET: 'la clave secreta de la app de Meta de Recompra, que firma cada llamada (appsecret_proof)',
  META_WEBHOOK_VERIFY_TOKEN: 'el token de verificación de los webhooks de WhatsApp, el mismo que en el panel de la app de Meta',
  STRIPE_SECRET_KEY: 'la clave secreta de Stripe (sk_live_…), con la que se cobran las suscripciones',
  STRIPE_PUBLISHABLE_KEY: 'la clave publicable de Stripe (pk_live_…), con la que el navegador envía la tarjeta a Stripe',
  STRIPE_WEBHOOK_SECRET: 'el secreto de firma del webhook de Stripe (whsec_…) hacia /webhooks/stripe',
} as const;

/** A setting is missing or wrong; the message lists every problem at once, for the person deploying. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`La configuración no permite iniciar el servidor:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const port = parsePort(env.PORT ?? '3000', problems);
  const host = env.HOST ?? '127.0.0.1';
  if (production) {
    for (const [name, purpose] of Object.entries(REQUIRED_IN_PRODUCTION))
      if (!env[name]) problems.push(`${name} es obligatoria en producción: ${purpose}.`);
    if (env.SHOPIFY_API_SECRET === SANDBOX_APP.apiSecret)
      problems.push('SHOPIFY_API_SECRET es el secreto público del sandbox: usa el de tu app de Shopify.');
    if (env.SESSION_SECRET && env.SESSION_SECRET.length < 32) problems.push('SESSION_SECRET debe tener al menos 32 caracteres.');
    if (env.KLAVIYO_BASE_URL?.includes(KLAVIYO_SANDBOX_PREFIX))
      problems.push('KLAVIYO_BASE_URL apunta al sandbox de Klaviyo: en producción los segmentos se sincronizan con Klaviyo real.');
    if (env.META_APP_SECRET === SANDBOX_META_APP.appSecret)
      problems.push('META_APP_SECRET es la clave pública del sandbox de Meta: usa la de tu app de Meta.');
    if (env.META_WEBHOOK_VERIFY_TOKEN === SANDBOX_WEBHOOK_VERIFY_TOKEN)
      problems.push('META_WEBHOOK_VERIFY_TOKEN es el token público del sandbox: usa el que configuraste en el panel de tu app de Meta.');
    for (const name of ['META_GRAPH_URL', 'META_LOGIN_URL', 'META_BUSINESS_URL'] as const)
      if (env[name]?.includes(META_SANDBOX_PREFIX)) problems.push(`${name} apunta al sandbox de Meta: en producción se usa Meta real.`);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
      if (env[name] && (Object.values(STRIPE_SANDBOX_KEYS) as string[]).includes(env[name]))
        problems.push(`${name} es una clave del sandbox de pagos: usa la de tu cuenta de Stripe.`);
    if (env.SANDBOXES === 'on') problems.push('SANDBOXES=on no se permite en producción: los sandboxes son solo para la demo local.');
  }
  // One secret, one name: the app's client secret signs its webhooks too.
  if (env.SHOPIFY_WEBHOOK_SECRET)
    problems.push('SHOPIFY_WEBHOOK_SECRET ya no se usa: el secreto de cliente de la app de Shopify va en SHOPIFY_API_SECRET.');
  if (env.ENCRYPTION_KEY && !validKey(env.ENCRYPTION_KEY))
    problems.push('ENCRYPTION_KEY debe tener 32 bytes: 64 caracteres hexadecimales o 44 en base64.');
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, host, port, problems);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    uploadDir: uploadDirOf(env),
    sessionSecret: env.SESSION_SECRET || undefined,
    demoPassword: production ? null : env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    backendPrefix: env.BACKEND_PREFIX ?? '/backend',
    backendOrigin: originOf(env.VITE_BACKEND_URL),
    backendBase: (env.VITE_BACKEND_URL || env.BACKEND_PREFIX || '/backend').replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl,
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    shopifyEndpoint: env.SHOPIFY_ENDPOINT || (production ? REAL_SHOPIFY_ENDPOINT : sandboxEndpoint(`http://127.0.0.1:${port}`)),
    shopifyApiKey: env.SHOPIFY_API_KEY || SANDBOX_APP.apiKey,
    shopifyApiSecret: env.SHOPIFY_API_SECRET || SANDBOX_APP.apiSecret,
    shopifyWebhookSecret: env.SHOPIFY_API_SECRET || SANDBOX_APP.apiSecret,
    klaviyoBaseUrl: (
      env.KLAVIYO_BASE_URL || (production ? REAL_KLAVIYO_BASE_URL : `http://127.0.0.1:${port}${KLAVIYO_SANDBOX_PREFIX}`)
    ).replace(/\/+$/, ''),
    meta: metaSettings(env, production, port, publicUrl),
    payments: {
      // A real key outside production (trying a Stripe test account locally) goes to Stripe, not to the sandbox.
      apiBase: (env.STRIPE_API_BASE || (production || env.STRIPE_SECRET_KEY ? REAL_STRIPE_API_BASE : `http://127.0.0.1:${port}`)).replace(
        /\/+$/,
        '',
      ),
      browserApiBase: (env.STRIPE_API_BASE || (production || env.STRIPE_SECRET_KEY ? REAL_STRIPE_API_BASE : '')).replace(/\/+$/, ''),
      secretKey: env.STRIPE_SECRET_KEY || STRIPE_SANDBOX_KEYS.secret,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || STRIPE_SANDBOX_KEYS.publishable,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || STRIPE_SANDBOX_KEYS.webhookSecret,
    },
    trustProxy,
    sandboxes: !production && env.SANDBOXES !== 'off',
    demoStoreSales: env.DEMO_STORE_SALES !== 'off',
    whatsappSending: { reconcileAfterMs: (Number(env.WHATSAPP_RECONCILE_AFTER_SECONDS) || 600) * 1000, sweepEveryMs: 30_000 },
    production,
    validateResponses: env.VALIDATE_RESPONSES ? env.VALIDATE_RESPONSES === 'true' : !production,
  };
}

/** UPLOAD_DIR; else beside the database, on disk (the system's temporary folder may be memory); else that folder. */
function uploadDirOf(env: NodeJS.ProcessEnv): string {
  if (env.UPLOAD_DIR) return resolve(env.UPLOAD_DIR);
  if (env.DATA_DIR?.startsWith('memory://')) return join(tmpdir(), 'recompra-uploads');
  return resolve(env.DATA_DIR ?? './data', 'uploads');
}

/** Meta's hosts; outside production the sandbox's: this server calls its Graph API locally, browsers open its pages at the public address. */
/** The handshake's token outside production, where nobody but the sandbox and tests asks. */
const SANDBOX_WEBHOOK_VERIFY_TOKEN = 'recompra-sandbox-webhooks';

function metaSettings(env: NodeJS.ProcessEnv, production: boolean, port: number, publicUrl: string): Config['meta'] {
  const host = (name: string, real: string, local: string) => (env[name] || (production ? real : local)).replace(/\/+$/, '');
  const sandbox = (origin: string, part: string) => `${origin}${META_SANDBOX_PREFIX}/${part}`;
  return {
    appId: env.META_APP_ID || SANDBOX_META_APP.appId,
    appSecret: env.META_APP_SECRET || SANDBOX_META_APP.appSecret,
    version: env.META_API_VERSION || META_API_VERSION,
    graphUrl: host('META_GRAPH_URL', REAL_META_GRAPH_URL, sandbox(`http://127.0.0.1:${port}`, 'graph')),
    loginUrl: host('META_LOGIN_URL', REAL_META_LOGIN_URL, sandbox(publicUrl, 'www')),
    businessUrl: host('META_BUSINESS_URL', REAL_META_BUSINESS_URL, sandbox(publicUrl, 'business')),
    webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN || SANDBOX_WEBHOOK_VERIFY_TOKEN,
  };
}

function parsePort(value: string, problems: string[]): number {
  const port = Number(value);
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  problems.push(`PORT debe ser un número de puerto; llegó "${value}".`);
  return 0;
}

function validKey(value: string): boolean {
  return /^[0-9a-f]{64}$/i.test(value) || (/^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32);
}

function parsePublicUrl(value: string | undefined, host: string, port: number, problems: string[]): string {
  if (!value) return `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // Reported below.
  }
  problems.push(`PUBLIC_URL debe ser una dirección http(s) completa; llegó "${value}".`);
  return '';
}

/**
 * Only a proxy we were told about may say who the client is: with X-Forwarded-For believed from
 * anyone, a client picks its own address and walks past every per-address limit.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    text === 'true' ||
    addresses.some((address) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(address) && !['loopback', 'linklocal', 'uniquelocal'].includes(address))
  ) {
    problems.push(
      'TRUST_PROXY debe ser la cantidad de proxies delante del servidor (p. ej. 1) o sus direcciones separadas por comas (p. ej. 10.0.0.5,10.0.1.0/24).',
    );
    return false;
  }
  return addresses;
}

function originOf(url: string | undefined): string | null {
  if (!url || url.startsWith('/')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
