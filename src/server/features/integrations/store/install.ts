import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../../../shared/api/backend.gen.ts';
import {
  adminOfEndpoint,
  createShopifyOAuth,
  type InstallFailure,
  type InstallRequest,
  ShopifyInstallError,
  type ShopifyOAuth,
} from '../../../integrations/shopify/oauth.ts';
import { REQUIRED_SCOPES } from '../../../integrations/shopify/types.ts';
import type { Config } from '../../../platform/config.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import { type Handlers, inStore, signedIn } from '../../../platform/http/api.ts';
import { errors, HttpError } from '../../../platform/http/errors.ts';
import type { Auth } from '../../../platform/security/sessions.ts';
import { resolveStoreAccess } from '../../../platform/security/tenancy.ts';
import type { ShopifyAccess } from './connection.ts';
import {
  messages as connectionMessages,
  createConnectedStore,
  ensureCreationAllowed,
  ensureShopNotConnected,
  reconnectStore,
  shopOf,
  verifiedAccess,
} from './handlers.ts';
import {
  type InstallRow,
  insertInstall,
  installOf,
  markInstallConnected,
  refuseInstall,
  takeNamedInstall,
  takeNewestInstall,
} from './repository.ts';

/*
 * "Conectar con Shopify": the install of our app by OAuth, the way to connect a store now that Shopify
 * no longer lets merchants create apps in their admin (the store form's token stays for those who have
 * one). Start: the address is checked as the store form checks it, @shopify/shopify-api begins the
 * install (its signed state cookie) and the state is kept here, tied to the session. Shopify sends the
 * merchant back to the callback: this session's install is taken once, the library checks HMAC, state
 * cookie and shop and exchanges the code, and the store is connected exactly as the store form connects
 * it. The browser then goes back to the page it came from; a refusal is kept on the install for the
 * form to show, in Spanish, from `getShopifyInstall`.
 */

type InstallOperations = Pick<operations, 'startShopifyInstall' | 'startShopifyReinstall' | 'getShopifyInstall' | 'finishShopifyInstall'>;
type ErrorBody = components['schemas']['Error'];
type ReturnTo = components['schemas']['ShopifyInstallRequest']['returnTo'];

/** Our server's path Shopify sends the merchant back to (under the backend prefix); the app's settings must allow it. */
export const INSTALL_CALLBACK_PATH = '/shopify/oauth/callback';
const LOGIN_PATH = '/api/auth/login';
/** Where the way back goes when it belongs to no install of this session. */
const FALLBACK_PAGE: ReturnTo = '/integrations';

const messages = {
  denied: 'Cancelaste la instalación en Shopify, así que la tienda no se conectó. Cuando quieras, vuelve a intentarlo.',
  bot: 'Shopify no permite conectar la tienda desde este navegador. Prueba con otro.',
  storeGone: 'Ya no tienes acceso a la tienda que ibas a conectar.',
  failures: {
    invalid_shop: connectionMessages.invalidUrl,
    invalid_callback: 'No pudimos comprobar que la respuesta viniera de Shopify. Vuelve a conectar la tienda.',
    state_cookie_missing: 'La instalación en Shopify tardó demasiado o terminó en otro navegador. Vuelve a conectar la tienda desde aquí.',
    exchange_refused: 'Shopify no nos entregó el acceso a la tienda (el permiso venció o ya se había usado). Vuelve a conectar la tienda.',
    unreachable: connectionMessages.unreachable,
    bot: 'Shopify no permite conectar la tienda desde este navegador. Prueba con otro.',
  } satisfies Record<InstallFailure, string>,
};

const FAILURE_CODES: Record<InstallFailure, string> = {
  invalid_shop: 'invalid_shop',
  invalid_callback: 'invalid_callback',
  state_cookie_missing: 'install_expired',
  exchange_refused: 'install_code_refused',
  unreachable: 'shopify_unreachable',
  bot: 'install_refused_bot',
};

/** Our app's OAuth install, from the configuration; outside production Shopify's admin is the endpoint's (the sandbox). */
export function shopifyOAuthFor(config: Config): ShopifyOAuth {
  return createShopifyOAuth({
    apiKey: config.shopifyApiKey,
    apiSecret: config.shopifyApiSecret,
    scopes: REQUIRED_SCOPES,
    publicUrl: config.publicUrl,
    callbackPath: `${config.backendPrefix}${INSTALL_CALLBACK_PATH}`,
    admin: config.production ? null : adminOfEndpoint(config.shopifyEndpoint),
  });
}

const stateHash = (state: string) => createHash('sha256').update(state).digest();

/** The request as the library reads it: path and query, and headers (User-Agent, the state cookie). */
const installRequest = (request: FastifyRequest): InstallRequest => ({ url: request.url, headers: request.headers });

async function begin(
  context: { db: Queryable; request: FastifyRequest; reply: FastifyReply },
  oauth: ShopifyOAuth,
  auth: Auth,
  install: { shop: string; storeId: number | null; returnTo: ReturnTo },
) {
  let start: Awaited<ReturnType<ShopifyOAuth['begin']>>;
  try {
    start = await oauth.begin(install.shop, installRequest(context.request));
  } catch (error) {
    if (!(error instanceof ShopifyInstallError)) throw error;
    if (error.reason === 'invalid_shop') throw errors.invalidRequest([{ field: 'url', message: messages.failures.invalid_shop }]);
    if (error.reason === 'bot') throw new HttpError(403, FAILURE_CODES.bot, messages.bot);
    throw new HttpError(422, FAILURE_CODES[error.reason], messages.failures[error.reason]);
  }
  const installId = await insertInstall(context.db, {
    stateHash: stateHash(start.state),
    sessionTokenHash: auth.tokenHash,
    userId: auth.userId,
    shop: install.shop,
    storeId: install.storeId,
    returnTo: install.returnTo,
  });
  context.reply.header('set-cookie', start.cookies);
  return { status: 200 as const, body: { installId, authorizeUrl: start.authorizeUrl } };
}

const redirect = (location: string) => ({ status: 302 as const, headers: { location } });
const backTo = (install: InstallRow, withResult: boolean) =>
  redirect(withResult ? `${install.return_to}?shopifyInstall=${install.id}` : install.return_to);

/**
 * This session's install the way back names, taken once: another session's state, a state taken
 * already or none finds nothing. Then the way back is charged to the session's newest install still
 * waiting (what the merchant was doing), refused, so the form says so.
 */
async function takeInstall(db: Database, auth: Auth, state: string | null): Promise<{ install: InstallRow; named: boolean } | null> {
  const named = state ? await takeNamedInstall(db, stateHash(state), auth.tokenHash) : null;
  if (named) return { install: named, named: true };
  const newest = await takeNewestInstall(db, auth.tokenHash);
  return newest ? { install: newest, named: false } : null;
}

/** Connects the store the grant gives access to, as the store form does; refusals come back as HttpError. */
async function connect(shopify: ShopifyAccess, db: Database, auth: Auth, install: InstallRow, shop: string, accessToken: string) {
  const { sealedToken, details } = await verifiedAccess(shopify, shop, accessToken, null, connectionMessages.installMissingScopes);
  const connection = { shop, urlField: 'url', sealedToken, details, install: 'oauth' as const, sealedWebhookSecret: null };
  if (install.store_id === null) {
    await createConnectedStore(db, auth, { ...connection, name: details.name.trim().slice(0, 100) || shop });
    return;
  }
  const access = await resolveStoreAccess(db, auth, install.store_id);
  if (!access || access.role === 'colaborator') throw new HttpError(404, 'store_not_found', messages.storeGone);
  await reconnectStore(db, auth, install.store_id, { ...connection, name: null });
}

export const shopifyInstallHandlers = (shopify: ShopifyAccess, oauth: ShopifyOAuth): Handlers<InstallOperations> => ({
  async startShopifyInstall(context) {
    const auth = signedIn(context);
    const shop = shopOf(context.body.url, 'url');
    // What would refuse the store on the way back is said now, before the merchant leaves for Shopify.
    await ensureShopNotConnected(context.db, auth.userId, shop, 'url', null);
    await ensureCreationAllowed(context.db, auth.userId);
    return begin(context, oauth, auth, { shop, storeId: null, returnTo: context.body.returnTo });
  },

  async startShopifyReinstall(context) {
    const { storeId } = inStore(context);
    const auth = signedIn(context);
    const shop = shopOf(context.body.url, 'url');
    await ensureShopNotConnected(context.db, auth.userId, shop, 'url', storeId);
    return begin(context, oauth, auth, { shop, storeId, returnTo: context.body.returnTo });
  },

  async getShopifyInstall(context) {
    const auth = signedIn(context);
    const row = await installOf(context.db, context.params.installId, auth.userId);
    if (!row) throw new HttpError(404, 'install_not_found', 'No encontramos esa conexión con Shopify.');
    return { status: 200, body: { id: row.id, status: row.status, url: row.shop_domain, error: row.error } };
  },

  async finishShopifyInstall(context) {
    const { db, auth } = context;
    // A browser without the session (it expired on the way) signs in again, then finds the form.
    if (!auth) return redirect(`${LOGIN_PATH}?returnTo=${encodeURIComponent(FALLBACK_PAGE)}`);
    const request = installRequest(context.request);
    const taken = await takeInstall(db, auth, oauth.stateOf(request));
    if (!taken) return redirect(FALLBACK_PAGE);
    const { install } = taken;
    const failed = async (error: ErrorBody) => {
      await refuseInstall(db, install.id, error);
      return backTo(install, true);
    };
    if (!taken.named) return failed({ code: FAILURE_CODES.invalid_callback, message: messages.failures.invalid_callback });
    if (context.query.error === 'access_denied') return failed({ code: 'install_denied', message: messages.denied });

    let grant: Awaited<ReturnType<ShopifyOAuth['callback']>>;
    try {
      grant = await oauth.callback(request);
    } catch (error) {
      if (!(error instanceof ShopifyInstallError)) throw error;
      return failed({ code: FAILURE_CODES[error.reason], message: messages.failures[error.reason] });
    }
    try {
      // The shop the signed answer names is the one the token opens.
      await connect(shopify, db, auth, install, grant.shop, grant.accessToken);
    } catch (error) {
      if (error instanceof HttpError) return failed(error.toBody());
      throw error;
    }
    await markInstallConnected(db, install.id, grant.shop);
    // A GET that changed the session's store: the page it leads to must not read the session from before (visit-memo.ts).
    context.request.server.visits.clear();
    return backTo(install, false);
  },
});
