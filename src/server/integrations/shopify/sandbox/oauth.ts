import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_WEBHOOK_SECRET } from './webhooks.ts';

/*
 * Shopify's install of a public app (the authorization code grant, shopify.dev "Implement authorization
 * code grant manually"), served for the sandbox shop:
 *
 *   GET  {prefix}/{shop}/admin/oauth/authorize?client_id&scope&redirect_uri&state&grant_options[]
 *        the merchant's consent page: the app, the access it asks for, "Instalar app" and "Cancelar";
 *   POST {prefix}/{shop}/admin/oauth/authorize   (the page's form)
 *        installing sends the browser to redirect_uri with code, hmac, host, shop, state and timestamp,
 *        the HMAC-SHA256 (hex) of the other parameters, sorted and query-encoded, under the app's secret;
 *        cancelling sends it there with OAuth's `error=access_denied` and the state;
 *   POST {prefix}/{shop}/admin/oauth/access_token   (JSON or form body: client_id, client_secret, code)
 *        `{ access_token, scope }`, once per code, within the code's short life; otherwise 400 with
 *        OAuth's error shape (`invalid_client` for the app's credentials, `invalid_request` for the code).
 *
 * The tokens it hands out are offline (the app's, not a staff member's) and work on the sandbox's Admin
 * GraphQL endpoint (`issued`). Codes and tokens are random: they are credentials, not demo data.
 */

export interface SandboxApp {
  /** The client id (API key). */
  apiKey: string;
  /** The client secret: signs the redirect's HMAC and is checked by the token exchange. */
  apiSecret: string;
  /** Its name on the consent page. */
  name?: string;
  /** Allowed redirection URLs, exactly; absent, any http(s) address (a sandbox on its own, for tests). */
  redirectUrls?: readonly string[];
}

/**
 * The app the sandbox installs by default, which `SHOPIFY_API_KEY` and `SHOPIFY_API_SECRET` name outside
 * production. Its secret is also the sandbox's webhook secret: the sandbox signs every webhook with one
 * secret, so it stands for the demo store's own custom app too.
 */
export const SANDBOX_APP: Readonly<SandboxApp & { name: string }> = {
  apiKey: 'recompra-sandbox-app',
  apiSecret: DEFAULT_WEBHOOK_SECRET,
  name: 'Recompra',
};

export interface SandboxOAuthOptions {
  /** The shop it installs on (the sandbox's one shop). */
  shop: string;
  /** Where the sandbox is mounted (`/sandbox/shopify`). */
  prefix: string;
  /** The apps that can be installed (default: `SANDBOX_APP`, to any address). */
  apps?: readonly SandboxApp[];
  /** The scopes the shop can grant (a `write_` one its `read_` too); an app asking for others is installed without them (default: every one asked for). */
  scopes?: readonly string[];
  /** How long a code can be exchanged (default 10 minutes, the longest OAuth 2.0 recommends). */
  codeLifetimeMs?: number;
}

export interface SandboxOAuth {
  /** Whether `token` was handed out by this sandbox's token exchange (and not revoked since). */
  issued(token: unknown): boolean;
  /** The app was uninstalled: every token handed out so far stops working; a new install gets a new one. */
  revokeAll(): void;
}

interface PendingCode {
  app: SandboxApp;
  scopes: string[];
  expiresAt: number;
}

/** OAuth's error shapes for the token exchange (RFC 6749 §5.2), as Shopify answers them. */
const TOKEN_ERRORS = {
  invalidClient: { error: 'invalid_client', error_description: 'Client credentials are invalid' },
  invalidCode: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' },
} as const;

const SCOPE_NAME = /^(?:unauthenticated_)?(?:read|write)_[a-z_]+$/;

/** What each access means to the merchant, on the consent page (Shopify's page says it in the admin's language). */
const SCOPE_TEXT: Record<string, string> = {
  read_products: 'Ver productos, variantes y colecciones',
  read_customers: 'Ver clientes',
  read_orders: 'Ver pedidos de los últimos 60 días',
  read_all_orders: 'Ver todos los pedidos, también los de hace más de 60 días',
  read_checkouts: 'Ver carritos abandonados',
  write_orders: 'Ver y modificar pedidos',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of the sandbox's Shopify admin, styled like Shopify's own (the consent page, the installed apps). */
export function adminPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} — Shopify (sandbox)</title>` +
        '<style>body{font-family:system-ui,sans-serif;background:#f1f1f1;color:#303030;margin:0;padding:2rem 1rem}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}h1{font-size:1.25rem}ul{padding-left:1.25rem}li{margin:.25rem 0}.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}button{font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #8a8a8a;background:#fff;cursor:pointer}button[value=install]{background:#303030;border-color:#303030;color:#fff}small{color:#616161}</style>' +
        `</head><body><main>${body}</main></body></html>`,
    );
}

/** Lets the routes of `scope` take an HTML form's body (as an object of its fields). */
export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** The HMAC Shopify puts on the redirect: hex HMAC-SHA256 of the other parameters, sorted, as a query string. */
export function signInstallRedirect(params: Record<string, string>, secret: string): string {
  const message = new URLSearchParams(
    Object.keys(params)
      .filter((key) => key !== 'hmac' && key !== 'signature')
      .sort((a, b) => a.localeCompare(b))
      .map((key) => [key, params[key]!]),
  ).toString();
  return createHmac('sha256', secret).update(message).digest('hex');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mounts the install flow of `options.shop`; returns what the GraphQL endpoint needs to accept its tokens. */
export function registerShopifySandboxOAuth(app: FastifyInstance, options: SandboxOAuthOptions): SandboxOAuth {
  const apps: readonly SandboxApp[] = options.apps ?? [SANDBOX_APP];
  const lifetime = options.codeLifetimeMs ?? 10 * 60_000;
  const codes = new Map<string, PendingCode>();
  const tokens = new Set<string>();
  const base = `${options.prefix}/:shop/admin/oauth`;

  /** Checks an install request as Shopify does before showing anything; the app, or Shopify's error text. */
  function checkRequest(query: Record<string, unknown>): { app: SandboxApp; scopes: string[]; redirectUri: string } | string {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    const installing = apps.find((candidate) => candidate.apiKey === text('client_id'));
    if (!installing) return 'Oauth error invalid_request: The client_id is not valid';
    const redirectUri = text('redirect_uri');
    let target: URL | null = null;
    try {
      target = new URL(redirectUri);
    } catch {
      target = null;
    }
    const allowed = installing.redirectUrls ? installing.redirectUrls.includes(redirectUri) : target !== null;
    if (!target || !/^https?:$/.test(target.protocol) || !allowed)
      return 'Oauth error invalid_request: The redirect_uri is not whitelisted';
    if (!text('state')) return 'Oauth error invalid_request: The state parameter is missing';
    const scopes = [
      ...new Set(
        text('scope')
          .split(',')
          .map((scope) => scope.trim())
          .filter(Boolean),
      ),
    ];
    const invalid = scopes.find((scope) => !SCOPE_NAME.test(scope));
    if (invalid) return `Oauth error invalid_scope: The access scope is invalid: ${invalid}`;
    return { app: installing, scopes, redirectUri };
  }

  const redirectTo = (uri: string, params: Record<string, string>) =>
    `${uri}${uri.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;

  app.register(async (scope) => {
    // The consent page posts an HTML form; the token exchange takes a form body as well as JSON.
    acceptForms(scope);

    scope.get<{ Params: { shop: string }; Querystring: Record<string, unknown> }>(`${base}/authorize`, async (request, reply) => {
      if (request.params.shop !== options.shop) return adminPage(reply, 404, 'Tienda no encontrada', '<h1>Esta tienda no existe.</h1>');
      const checked = checkRequest(request.query);
      if (typeof checked === 'string') return adminPage(reply, 400, 'Error', `<h1>${escapeHtml(checked)}</h1>`);
      const hidden = ['client_id', 'scope', 'redirect_uri', 'state', 'grant_options[]']
        .map((name) => [name, request.query[name]] as const)
        .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string')
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join('');
      const name = escapeHtml(checked.app.name ?? checked.app.apiKey);
      const access = checked.scopes.map(
        (scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)} <small>(${escapeHtml(scope)})</small></li>`,
      );
      return adminPage(
        reply,
        200,
        `Instalar ${name}`,
        `<h1>¿Instalar ${name} en ${escapeHtml(options.shop)}?</h1><p>${name} podrá:</p><ul>${access.join('') || '<li>Nada más que ver la tienda</li>'}</ul>` +
          `<form method="post" action="${escapeHtml(request.url.split('?')[0]!)}">${hidden}<div class="actions">` +
          '<button type="submit" name="decision" value="cancel">Cancelar</button><button type="submit" name="decision" value="install">Instalar app</button></div></form>',
      );
    });

    scope.post<{ Params: { shop: string }; Body: Record<string, unknown> | undefined }>(`${base}/authorize`, async (request, reply) => {
      if (request.params.shop !== options.shop) return adminPage(reply, 404, 'Tienda no encontrada', '<h1>Esta tienda no existe.</h1>');
      const form = request.body ?? {};
      const checked = checkRequest(form);
      if (typeof checked === 'string') return adminPage(reply, 400, 'Error', `<h1>${escapeHtml(checked)}</h1>`);
      const state = String(form.state);
      // Shopify's own page sends a merchant who cancels back to the admin; the sandbox answers as OAuth
      // 2.0 does (access_denied, with the state), so an app's path for a refused install can be tried.
      if (form.decision !== 'install')
        return reply.redirect(
          redirectTo(checked.redirectUri, { error: 'access_denied', error_description: 'The merchant cancelled the install', state }),
        );
      // A scope the shop holds as `write_` grants its `read_` too.
      const grantable = options.scopes ? new Set(options.scopes) : null;
      const grants = (scope: string) => !grantable || grantable.has(scope) || grantable.has(scope.replace(/^read_/, 'write_'));
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        app: checked.app,
        scopes: checked.scopes.filter(grants),
        expiresAt: Date.now() + lifetime,
      });
      const params: Record<string, string> = {
        code,
        // The admin the merchant came from (`admin.shopify.com/store/{name}`), base64, as embedded apps read it.
        host: Buffer.from(`admin.shopify.com/store/${options.shop.replace(/\.myshopify\.com$/, '')}`)
          .toString('base64')
          .replace(/=+$/, ''),
        shop: options.shop,
        state,
        timestamp: String(Math.floor(Date.now() / 1000)),
      };
      params.hmac = signInstallRedirect(params, checked.app.apiSecret);
      return reply.redirect(redirectTo(checked.redirectUri, params));
    });

    scope.post<{ Params: { shop: string }; Body: Record<string, unknown> | undefined }>(`${base}/access_token`, async (request, reply) => {
      if (request.params.shop !== options.shop) return reply.code(404).send({ errors: 'Not Found' });
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
      const installing = apps.find((candidate) => candidate.apiKey === field('client_id'));
      if (!installing || !sameSecret(field('client_secret'), installing.apiSecret)) return reply.code(400).send(TOKEN_ERRORS.invalidClient);
      const pending = codes.get(field('code'));
      // Single use: a code is gone once presented, whether it is still valid or not.
      codes.delete(field('code'));
      if (!pending || pending.app.apiKey !== installing.apiKey || pending.expiresAt < Date.now())
        return reply.code(400).send(TOKEN_ERRORS.invalidCode);
      const token = `shpat_${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return reply.send({ access_token: token, scope: pending.scopes.join(',') });
    });
  });

  return { issued: (token) => typeof token === 'string' && tokens.has(token), revokeAll: () => tokens.clear() };
}
