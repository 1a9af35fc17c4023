import type { components as AppComponents, operations as AppOperations } from '../../../../shared/api/app.gen.ts';
import type { operations as BackendOperations, components } from '../../../../shared/api/backend.gen.ts';
import { normalizeShopDomain, ShopifyAuthError } from '../../../integrations/shopify/client.ts';
import { missingScopes, type RequiredScope, type Shop } from '../../../integrations/shopify/types.ts';
import type { Database, Queryable } from '../../../platform/database/db.ts';
import { type Handlers, inStore, signedIn } from '../../../platform/http/api.ts';
import { errors, HttpError } from '../../../platform/http/errors.ts';
import { type Auth, setCurrentStore } from '../../../platform/security/sessions.ts';
import { calendarOf, DEFAULT_TIME_ZONE, windowStart } from '../../../platform/store-data/store-calendar.ts';
import { connectStore, type ShopifyAccess, type ShopifyConnection } from './connection.ts';
import {
  addStoreAdmin,
  connectedStoreRow,
  insertStore,
  lockStoreCreations,
  ordersCount,
  productTypes,
  renameStore,
  shopReachedByUser,
  storeAndShop,
  storeCreations,
  uninstalledAt,
} from './repository.ts';
import { readSync, requestRefresh, retryFailedSync } from './store-sync.ts';

type ShopifySettings = components['schemas']['ShopifySettings'];
type ConnectedStore = components['schemas']['ConnectedStore'];
type StoreIntegration = AppComponents['schemas']['Integrations']['store'];
type StoreOperations = Pick<BackendOperations, 'createStoreWithShopify' | 'updateShopifySettings' | 'listProductTypes'>;
type StoreSyncOperations = Pick<AppOperations, 'getOrdersCount' | 'getStoreSync' | 'retryStoreSync' | 'refreshStoreSync'>;

/** What each required scope is for, in the merchant's words, so the error says why it matters. */
const SCOPE_PURPOSE: Record<RequiredScope, string> = {
  read_products: 'productos',
  read_customers: 'clientes',
  read_orders: 'pedidos',
  read_all_orders: 'pedidos de más de 60 días',
};

const scopeList = (missing: readonly RequiredScope[]) => missing.map((scope) => `${scope} (${SCOPE_PURPOSE[scope]})`).join(', ');

export const messages = {
  invalidUrl: 'Ingresa la dirección de tu tienda en Shopify, por ejemplo mitienda.myshopify.com.',
  invalidCredentials: 'Shopify rechazó estas credenciales: revisa la dirección de la tienda y el token de acceso.',
  unreachable: 'No pudimos conectarnos con Shopify. Inténtalo de nuevo en unos minutos.',
  missingScopes: (missing: readonly RequiredScope[]) =>
    `A la app de tu tienda le faltan permisos: ${scopeList(missing)}. Actívalos en la configuración de la app en Shopify, instálala de nuevo y vuelve a intentarlo.`,
  /** The same, after "Conectar con Shopify": our app asked for them, so the shop did not grant them. */
  installMissingScopes: (missing: readonly RequiredScope[]) =>
    `Shopify no concedió todos los permisos que Recompra necesita: ${scopeList(missing)}. Vuelve a conectar la tienda y acepta todos los permisos.`,
  notFailed: 'La sincronización no falló: no hay nada que reintentar.',
  syncRunning: 'Ya estamos sincronizando tu tienda. Te mostraremos el resultado al terminar.',
  notImported: 'Tu tienda todavía no termina su primera descarga de datos: podrás sincronizarla cuando termine.',
  alreadyConnected: 'Ya tienes una tienda conectada a esta dirección de Shopify.',
  tooManyToday: 'Ya creaste varias tiendas en las últimas 24 horas. Podrás crear otra más tarde.',
  limitReached: 'Llegaste al máximo de tiendas que puede crear una cuenta.',
};

/*
 * Creating a store imports its whole shop (tens of megabytes and seconds of CPU), so creations are
 * capped per account, counted by `stores.created_by` (the provider's admins included).
 */
// Connecting a shop is a rare act: three a day leaves room to redo one or two that went wrong.
const DAILY_STORE_CREATIONS = 3;
// Ten covers an agency's handful of shops; past that an account is more likely a loop than a business.
const TOTAL_STORE_CREATIONS = 10;
const DAY_SECONDS = 86_400;

/** Refuses a shop the caller already reaches through another store (a member of it, or its creator); `field` names the address. */
export async function ensureShopNotConnected(
  db: Queryable,
  userId: number,
  shop: string,
  field: string,
  exceptStoreId: number | null,
): Promise<void> {
  if (await shopReachedByUser(db, userId, shop, exceptStoreId))
    throw new HttpError(409, 'store_already_connected', messages.alreadyConnected, [{ field, message: messages.alreadyConnected }]);
}

/** Refuses a creation beyond the account's caps: 409 for the total, 429 with Retry-After for the day. */
export async function ensureCreationAllowed(db: Queryable, userId: number): Promise<void> {
  const created = await storeCreations(db, userId, DAY_SECONDS);
  if (created.total >= TOTAL_STORE_CREATIONS) throw new HttpError(409, 'store_limit_reached', messages.limitReached);
  if (created.recent >= DAILY_STORE_CREATIONS) {
    throw new HttpError(429, 'too_many_stores', messages.tooManyToday, undefined, {
      'retry-after': String(Math.max(1, created.retryAfter ?? DAY_SECONDS)),
    });
  }
}

/** The normalised shop domain of an address the merchant typed, or a Spanish 400 on `field`. */
export function shopOf(url: string, field: string): string {
  const shop = normalizeShopDomain(url);
  if (!shop) throw errors.invalidRequest([{ field, message: messages.invalidUrl }]);
  return shop;
}

/**
 * Checks an access token with Shopify itself, and that it holds every scope the import needs (the
 * refusal names them, on `field` when one is given); returns the sealed token and the shop's details.
 */
export async function verifiedAccess(
  shopify: ShopifyAccess,
  shop: string,
  accessToken: string,
  field: string | null,
  missingMessage: (missing: readonly RequiredScope[]) => string = messages.missingScopes,
): Promise<{ sealedToken: string; details: Shop }> {
  const onField = (message: string) => (field ? [{ field, message }] : undefined);
  try {
    const client = shopify.clientFor(shop, accessToken);
    const details = await client.shop();
    const missing = missingScopes(await client.accessScopes());
    if (missing.length > 0) {
      const message = missingMessage(missing);
      throw new HttpError(422, 'missing_scopes', message, onField(message));
    }
    return { sealedToken: shopify.secrets.seal(accessToken), details };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ShopifyAuthError)
      throw new HttpError(422, 'invalid_credentials', messages.invalidCredentials, onField(messages.invalidCredentials));
    throw new HttpError(422, 'shopify_unreachable', messages.unreachable);
  }
}

/** A new store on a checked connection, for the caller: the store form's creation and "Conectar con Shopify"'s. */
export interface NewStore {
  name: string;
  shop: string;
  /** Where the address came from, for the refusal's field (`store.url`, `url`). */
  urlField: string;
  sealedToken: string;
  details: Shop;
  install: 'token' | 'oauth';
  sealedWebhookSecret: string | null;
}

const connectionOf = (
  storeId: number,
  store: Omit<NewStore, 'name' | 'sealedWebhookSecret'> & Pick<ShopifyConnection, 'sealedWebhookSecret'>,
) => ({
  storeId,
  shop: store.shop,
  sealedToken: store.sealedToken,
  currency: store.details.currencyCode,
  timezone: store.details.ianaTimezone,
  install: store.install,
  sealedWebhookSecret: store.sealedWebhookSecret,
});

/** Creates the store with its connection and queues its import; the caller becomes its admin and opens it. */
export async function createConnectedStore(db: Database, auth: Auth, store: NewStore): Promise<number> {
  const { shop } = store;
  return db.transaction(async (tx) => {
    // The cheap checks ran before calling Shopify; again under the account's lock, so parallel requests cannot both pass them.
    await lockStoreCreations(tx, auth.userId);
    await ensureShopNotConnected(tx, auth.userId, shop, store.urlField, null);
    await ensureCreationAllowed(tx, auth.userId);
    const storeId = await insertStore(tx, store.name, auth.userId);
    await connectStore(tx, connectionOf(storeId, store));
    // The provider's admins reach every store already; anyone else becomes its administrator.
    if (!auth.isProviderAdmin) await addStoreAdmin(tx, storeId, auth.userId);
    await setCurrentStore(tx, auth.tokenHash, storeId);
    return storeId;
  });
}

/** A store's connection replaced (the form's update, a new install of our app); a name renames the store. */
export async function reconnectStore(
  db: Database,
  auth: Auth,
  storeId: number,
  store: Omit<NewStore, 'name' | 'sealedWebhookSecret'> & { name: string | null; sealedWebhookSecret?: string | null | undefined },
): Promise<void> {
  const { shop } = store;
  await db.transaction(async (tx) => {
    await lockStoreCreations(tx, auth.userId);
    await ensureShopNotConnected(tx, auth.userId, shop, store.urlField, storeId);
    if (store.name !== null) await renameStore(tx, storeId, store.name);
    await connectStore(tx, connectionOf(storeId, store));
  });
}

/** The secret of the merchant's own app, sealed; undefined when the form left it empty. */
const sealedSecretOf = (shopify: ShopifyAccess, settings: ShopifySettings) => {
  const secret = settings.webhookSecret?.trim();
  return secret ? shopify.secrets.seal(secret) : undefined;
};

export async function connectedStore(db: Queryable, storeId: number): Promise<ConnectedStore> {
  const row = await connectedStoreRow(db, storeId);
  return { id: row.id, name: row.name, url: row.shop_domain, scrapingStatus: row.status };
}

/** The store form's operations; `shopify` checks the credentials before anything is saved. */
export const storeConnectionHandlers = (shopify: ShopifyAccess): Handlers<StoreOperations> => ({
  async createStoreWithShopify(context) {
    const auth = signedIn(context);
    const settings = context.body.store;
    const shop = shopOf(settings.url, 'store.url');
    // The cheap checks first, so a refused creation costs no call to Shopify (createConnectedStore repeats them under a lock).
    await ensureShopNotConnected(context.db, auth.userId, shop, 'store.url', null);
    await ensureCreationAllowed(context.db, auth.userId);
    const { sealedToken, details } = await verifiedAccess(shopify, shop, settings.accessToken.trim(), 'store.accessToken');
    const storeId = await createConnectedStore(context.db, auth, {
      name: settings.name.trim(),
      shop,
      urlField: 'store.url',
      sealedToken,
      details,
      install: 'token',
      sealedWebhookSecret: sealedSecretOf(shopify, settings) ?? null,
    });
    return { status: 201, body: await connectedStore(context.db, storeId) };
  },

  async updateShopifySettings(context) {
    const { storeId } = inStore(context);
    const auth = signedIn(context);
    const settings = context.body.shopifySettings;
    const shop = shopOf(settings.url, 'shopifySettings.url');
    await ensureShopNotConnected(context.db, auth.userId, shop, 'shopifySettings.url', storeId);
    const { sealedToken, details } = await verifiedAccess(shopify, shop, settings.accessToken.trim(), 'shopifySettings.accessToken');
    await reconnectStore(context.db, auth, storeId, {
      name: settings.name.trim(),
      shop,
      urlField: 'shopifySettings.url',
      sealedToken,
      details,
      install: 'token',
      sealedWebhookSecret: sealedSecretOf(shopify, settings),
    });
    return { status: 200, body: await connectedStore(context.db, storeId) };
  },

  async listProductTypes(context) {
    return { status: 200, body: await productTypes(context.db, inStore(context).storeId) };
  },
});

/** The store's Shopify connection as the Integrations card shows it: its state, its shop and where its import stands. */
export async function storeIntegrationState(db: Queryable, storeId: number): Promise<StoreIntegration> {
  const store = await storeAndShop(db, storeId);
  const sync = await readSync(db, storeId);
  const uninstalled = store?.shop_domain ? await uninstalledAt(db, storeId) : null;
  // An uninstalled shop keeps its data and its place (what was imported still shows): it needs the merchant to install the app again.
  if (uninstalled)
    return {
      state: 'needsAttention',
      name: store!.name,
      url: store!.shop_domain,
      sync,
      disconnection: { reason: 'uninstalled', at: uninstalled.toISOString() },
    };
  const state = !store?.shop_domain ? 'notConnected' : sync.status === 'FAILED' ? 'needsAttention' : 'connected';
  return { state, name: store!.name, url: store?.shop_domain ?? null, sync };
}

/** The store's orders count and its import: where it stands, retrying it, refreshing it now. */
export const storeSyncHandlers: Handlers<StoreSyncOperations> = {
  /** `lastThirtyDays` is the dashboard's "last 30 days": counted orders, today and the 29 days before on the store's calendar. */
  async getOrdersCount(context) {
    const store = inStore(context);
    const { today } = calendarOf(store.timeZone, store.currency);
    const orders = await ordersCount(context.db, store.storeId, {
      timeZone: store.timeZone ?? DEFAULT_TIME_ZONE,
      from: windowStart(today, 30, 'day'),
      to: today,
    });
    return { status: 200, body: { count: orders.count, lastThirtyDays: orders.inDays } };
  },

  async getStoreSync(context) {
    return { status: 200, body: await readSync(context.db, inStore(context).storeId) };
  },

  async retryStoreSync(context) {
    const { storeId } = inStore(context);
    if (!(await retryFailedSync(context.db, storeId))) throw new HttpError(409, 'sync_not_failed', messages.notFailed);
    return { status: 202, body: await readSync(context.db, storeId) };
  },

  async refreshStoreSync(context) {
    const { storeId } = inStore(context);
    const outcome = await requestRefresh(context.db, storeId);
    if (outcome === 'running') throw new HttpError(409, 'sync_running', messages.syncRunning);
    if (outcome === 'notImported') throw new HttpError(409, 'sync_not_imported', messages.notImported);
    return { status: 202, body: await readSync(context.db, storeId) };
  },
};
