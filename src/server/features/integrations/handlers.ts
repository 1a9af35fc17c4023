import type { operations as AppOperations } from '../../../shared/api/app.gen.ts';
import type { operations as BackendOperations, components } from '../../../shared/api/backend.gen.ts';
import { normalizeShopDomain, ShopifyAuthError } from '../../integrations/shopify/client.ts';
import { missingScopes, type RequiredScope } from '../../integrations/shopify/types.ts';
import { type Handlers, inStore, signedIn } from '../../platform/api.ts';
import type { Queryable } from '../../platform/db.ts';
import { errors, HttpError } from '../../platform/errors.ts';
import { connectStore, type ShopifyAccess } from './connection.ts';
import { readSync, retryFailedSync } from './store-sync.ts';

type ShopifySettings = components['schemas']['ShopifySettings'];
type ConnectedStore = components['schemas']['ConnectedStore'];
type StoreOperations = Pick<BackendOperations, 'createStoreWithShopify' | 'updateShopifySettings' | 'listProductTypes'>;
type IntegrationOperations = Pick<AppOperations, 'getOrdersCount' | 'getIntegrations' | 'getStoreSync' | 'retryStoreSync'>;

/** What each required scope is for, in the merchant's words, so the error says why it matters. */
const SCOPE_PURPOSE: Record<RequiredScope, string> = {
  read_products: 'productos',
  read_customers: 'clientes',
  read_orders: 'pedidos',
  read_all_orders: 'pedidos de más de 60 días',
};

const messages = {
  invalidUrl: 'Ingresa la dirección de tu tienda en Shopify, por ejemplo mitienda.myshopify.com.',
  invalidCredentials: 'Shopify rechazó estas credenciales: revisa la dirección de la tienda y el token de acceso.',
  unreachable: 'No pudimos conectarnos con Shopify. Inténtalo de nuevo en unos minutos.',
  missingScopes: (missing: readonly RequiredScope[]) =>
    `A la app de tu tienda le faltan permisos: ${missing.map((scope) => `${scope} (${SCOPE_PURPOSE[scope]})`).join(', ')}. Actívalos en la configuración de la app en Shopify, instálala de nuevo y vuelve a intentarlo.`,
  notFailed: 'La sincronización no falló: no hay nada que reintentar.',
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
// Any constant: with the account's id it names the lock that serialises one account's creations.
const STORE_CREATION_LOCK = 7_310_008;

/** Refuses a shop the caller already reaches through another store (a member of it, or its creator). */
async function ensureShopNotConnected(
  db: Queryable,
  userId: number,
  shop: string,
  field: string,
  exceptStoreId: number | null,
): Promise<void> {
  const [taken] = await db.query(
    `select 1 from shopify_connections c join stores s on s.id = c.store_id
      where c.shop_domain = $2 and s.id <> coalesce($3::integer, -1)
        and (s.created_by = $1 or exists (select 1 from store_members m where m.store_id = s.id and m.user_id = $1))
      limit 1`,
    [userId, shop, exceptStoreId],
  );
  if (taken)
    throw new HttpError(409, 'store_already_connected', messages.alreadyConnected, [
      { field: `${field}.url`, message: messages.alreadyConnected },
    ]);
}

/** Refuses a creation beyond the account's caps: 409 for the total, 429 with Retry-After for the day. */
async function ensureCreationAllowed(db: Queryable, userId: number): Promise<void> {
  const [row] = await db.query<{ total: number; today: number; retry_after: number | null }>(
    `select count(*)::integer as total,
            count(*) filter (where created_at > now() - make_interval(secs => $2))::integer as today,
            ceil(extract(epoch from min(created_at) filter (where created_at > now() - make_interval(secs => $2)) + make_interval(secs => $2) - now()))::integer as retry_after
       from stores where created_by = $1`,
    [userId, DAY_SECONDS],
  );
  if ((row?.total ?? 0) >= TOTAL_STORE_CREATIONS) throw new HttpError(409, 'store_limit_reached', messages.limitReached);
  if ((row?.today ?? 0) >= DAILY_STORE_CREATIONS) {
    throw new HttpError(429, 'too_many_stores', messages.tooManyToday, undefined, {
      'retry-after': String(Math.max(1, row?.retry_after ?? DAY_SECONDS)),
    });
  }
}

/** The normalised shop domain the settings name, or a Spanish 400 on `{field}.url`. */
function shopOf(settings: ShopifySettings, field: string): string {
  const shop = normalizeShopDomain(settings.url);
  if (!shop) throw errors.invalidRequest([{ field: `${field}.url`, message: messages.invalidUrl }]);
  return shop;
}

/** Checks the settings with Shopify itself; returns the sealed token and the shop's details. */
async function verifiedSettings(shopify: ShopifyAccess, shop: string, settings: ShopifySettings, field: string) {
  const accessToken = settings.accessToken.trim();
  try {
    const client = shopify.clientFor(shop, accessToken);
    const details = await client.shop();
    const missing = missingScopes(await client.accessScopes());
    if (missing.length > 0) {
      const message = messages.missingScopes(missing);
      throw new HttpError(422, 'missing_scopes', message, [{ field: `${field}.accessToken`, message }]);
    }
    return { sealedToken: shopify.secrets.seal(accessToken), details };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof ShopifyAuthError)
      throw new HttpError(422, 'invalid_credentials', messages.invalidCredentials, [
        { field: `${field}.accessToken`, message: messages.invalidCredentials },
      ]);
    throw new HttpError(422, 'shopify_unreachable', messages.unreachable);
  }
}

async function connectedStore(db: Queryable, storeId: number): Promise<ConnectedStore> {
  const [row] = await db.query<{ id: number; name: string; shop_domain: string; status: ConnectedStore['scrapingStatus'] }>(
    `select s.id, s.name, c.shop_domain, coalesce(y.status, 'NEEDS_SCRAPE') as status
       from stores s join shopify_connections c on c.store_id = s.id left join store_syncs y on y.store_id = s.id where s.id = $1`,
    [storeId],
  );
  return { id: row!.id, name: row!.name, url: row!.shop_domain, scrapingStatus: row!.status };
}

/** The store form's operations; `shopify` checks the credentials before anything is saved. */
export const storeConnectionHandlers = (shopify: ShopifyAccess): Handlers<StoreOperations> => ({
  async createStoreWithShopify(context) {
    const auth = signedIn(context);
    const settings = context.body.store;
    const shop = shopOf(settings, 'store');
    // The cheap checks first, so a refused creation costs no call to Shopify…
    await ensureShopNotConnected(context.db, auth.userId, shop, 'store', null);
    await ensureCreationAllowed(context.db, auth.userId);
    const { sealedToken, details } = await verifiedSettings(shopify, shop, settings, 'store');
    const storeId = await context.db.transaction(async (tx) => {
      // …and again under the account's lock, so parallel requests cannot both pass them.
      await tx.query('select pg_advisory_xact_lock($1, $2)', [STORE_CREATION_LOCK, auth.userId]);
      await ensureShopNotConnected(tx, auth.userId, shop, 'store', null);
      await ensureCreationAllowed(tx, auth.userId);
      const [store] = await tx.query<{ id: number }>('insert into stores (name, created_by) values ($1, $2) returning id', [
        settings.name.trim(),
        auth.userId,
      ]);
      await connectStore(tx, { storeId: store!.id, shop, sealedToken, currency: details.currencyCode, timezone: details.ianaTimezone });
      // The provider's admins reach every store already; anyone else becomes its administrator.
      if (!auth.isProviderAdmin)
        await tx.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [store!.id, auth.userId]);
      await tx.query('update sessions set current_store_id = $1 where token_hash = $2', [store!.id, auth.tokenHash]);
      return store!.id;
    });
    return { status: 201, body: await connectedStore(context.db, storeId) };
  },

  async updateShopifySettings(context) {
    const { storeId } = inStore(context);
    const auth = signedIn(context);
    const settings = context.body.shopifySettings;
    const shop = shopOf(settings, 'shopifySettings');
    await ensureShopNotConnected(context.db, auth.userId, shop, 'shopifySettings', storeId);
    const { sealedToken, details } = await verifiedSettings(shopify, shop, settings, 'shopifySettings');
    await context.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1, $2)', [STORE_CREATION_LOCK, auth.userId]);
      await ensureShopNotConnected(tx, auth.userId, shop, 'shopifySettings', storeId);
      await tx.query('update stores set name = $2 where id = $1', [storeId, settings.name.trim()]);
      await connectStore(tx, { storeId, shop, sealedToken, currency: details.currencyCode, timezone: details.ianaTimezone });
    });
    return { status: 200, body: await connectedStore(context.db, storeId) };
  },

  async listProductTypes(context) {
    const rows = await context.db.query<{ product_type: string }>(
      `select distinct product_type from products where store_id = $1 and product_type <> '' order by product_type`,
      [inStore(context).storeId],
    );
    return { status: 200, body: rows.map((row) => row.product_type) };
  },
});

export const integrationHandlers: Handlers<IntegrationOperations> = {
  async getOrdersCount(context) {
    const [row] = await context.db.query<{ count: number }>('select count(*)::integer as count from orders where store_id = $1', [
      inStore(context).storeId,
    ]);
    return { status: 200, body: { count: row?.count ?? 0 } };
  },

  async getIntegrations(context) {
    const { storeId } = inStore(context);
    const [store] = await context.db.query<{ name: string; shop_domain: string | null }>(
      'select s.name, c.shop_domain from stores s left join shopify_connections c on c.store_id = s.id where s.id = $1',
      [storeId],
    );
    const sync = await readSync(context.db, storeId);
    const state = !store?.shop_domain ? 'notConnected' : sync.status === 'FAILED' ? 'needsAttention' : 'connected';
    return {
      status: 200,
      body: {
        store: { state, name: store!.name, url: store?.shop_domain ?? null, sync },
        // The other three integrations come with their own forms; until then they are not connected.
        socialAds: { state: 'notConnected' },
        messaging: { state: 'notConnected' },
        emailMarketing: { state: 'notConnected' },
      },
    };
  },

  async getStoreSync(context) {
    return { status: 200, body: await readSync(context.db, inStore(context).storeId) };
  },

  async retryStoreSync(context) {
    const { storeId } = inStore(context);
    if (!(await retryFailedSync(context.db, storeId))) throw new HttpError(409, 'sync_not_failed', messages.notFailed);
    return { status: 202, body: await readSync(context.db, storeId) };
  },
};
