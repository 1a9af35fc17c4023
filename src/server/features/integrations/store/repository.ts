import type { components } from '../../../../shared/api/backend.gen.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import { countedOrder } from '../../../platform/store-data/counted-orders.ts';

/*
 * The store integration (Shopify) in SQL: stores created with their connection, the connection itself,
 * and the installs of our app. Handlers (handlers.ts, install.ts, webhooks.ts) and the connection's
 * rules (connection.ts) decide; this module reads and writes. The import and the webhooks' writers
 * (sync.ts, store-sync.ts, store-data.ts, deliveries.ts) are engines that keep their own SQL: writing
 * the store's data is their whole job.
 */

type ErrorBody = components['schemas']['Error'];
type ReturnTo = components['schemas']['ShopifyInstallRequest']['returnTo'];
type InstallStatus = components['schemas']['ShopifyInstall']['status'];

// Any constant: with the account's id it names the lock that serialises one account's creations.
const STORE_CREATION_LOCK = 7_310_008;

/** Whether the user reaches the shop through another store than `exceptStoreId` (a member of it, or its creator). */
export async function shopReachedByUser(db: Queryable, userId: number, shop: string, exceptStoreId: number | null): Promise<boolean> {
  const [taken] = await db.query(
    `select 1 from shopify_connections c join stores s on s.id = c.store_id
      where c.shop_domain = $2 and s.id <> coalesce($3::integer, -1)
        and (s.created_by = $1 or exists (select 1 from store_members m where m.store_id = s.id and m.user_id = $1))
      limit 1`,
    [userId, shop, exceptStoreId],
  );
  return taken !== undefined;
}

/** The stores the user created: in all, and within the last `windowSeconds`, with the seconds until the oldest of those leaves it. */
export async function storeCreations(
  db: Queryable,
  userId: number,
  windowSeconds: number,
): Promise<{ total: number; recent: number; retryAfter: number | null }> {
  const [row] = await db.query<{ total: number; today: number; retry_after: number | null }>(
    `select count(*)::integer as total,
            count(*) filter (where created_at > now() - make_interval(secs => $2))::integer as today,
            ceil(extract(epoch from min(created_at) filter (where created_at > now() - make_interval(secs => $2)) + make_interval(secs => $2) - now()))::integer as retry_after
       from stores where created_by = $1`,
    [userId, windowSeconds],
  );
  return { total: row?.total ?? 0, recent: row?.today ?? 0, retryAfter: row?.retry_after ?? null };
}

/** Serialises the user's store creations and reconnections until `tx` commits. */
export async function lockStoreCreations(tx: Queryable, userId: number): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, $2)', [STORE_CREATION_LOCK, userId]);
}

/** A new store, created by `userId`; answers its id. */
export async function insertStore(tx: Queryable, name: string, userId: number): Promise<number> {
  const [created] = await tx.query<{ id: number }>('insert into stores (name, created_by) values ($1, $2) returning id', [name, userId]);
  return created!.id;
}

export async function addStoreAdmin(tx: Queryable, storeId: number, userId: number): Promise<void> {
  await tx.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'admin')`, [storeId, userId]);
}

export async function renameStore(tx: Queryable, storeId: number, name: string): Promise<void> {
  await tx.query('update stores set name = $2 where id = $1', [storeId, name]);
}

/** A connected store, with its shop and where its import stands. */
export async function connectedStoreRow(
  db: Queryable,
  storeId: number,
): Promise<{ id: number; name: string; shop_domain: string; status: components['schemas']['ConnectedStore']['scrapingStatus'] }> {
  const [row] = await db.query<{
    id: number;
    name: string;
    shop_domain: string;
    status: components['schemas']['ConnectedStore']['scrapingStatus'];
  }>(
    `select s.id, s.name, c.shop_domain, coalesce(y.status, 'NEEDS_SCRAPE') as status
       from stores s join shopify_connections c on c.store_id = s.id left join store_syncs y on y.store_id = s.id where s.id = $1`,
    [storeId],
  );
  return row!;
}

/** The store's name and its shop (null before it has a connection). */
export async function storeAndShop(db: Queryable, storeId: number): Promise<{ name: string; shop_domain: string | null } | undefined> {
  const [store] = await db.query<{ name: string; shop_domain: string | null }>(
    'select s.name, c.shop_domain from stores s left join shopify_connections c on c.store_id = s.id where s.id = $1',
    [storeId],
  );
  return store;
}

/** The product types the store's products have, in order. */
export async function productTypes(db: Queryable, storeId: number): Promise<string[]> {
  const rows = await db.query<{ product_type: string }>(
    `select distinct product_type from products where store_id = $1 and product_type <> '' order by product_type`,
    [storeId],
  );
  return rows.map((row) => row.product_type);
}

/** Every order of the store, and its counted orders placed from `from` to `to` (days in `timeZone`). */
export async function ordersCount(
  db: Queryable,
  storeId: number,
  days: { timeZone: string; from: string; to: string },
): Promise<{ count: number; inDays: number }> {
  const [row] = await db.query<{ count: number; in_days: number }>(
    `select count(*)::integer as count,
            count(*) filter (where ${countedOrder()} and (placed_at at time zone $2)::date between $3::date and $4::date)::integer
              as in_days
       from orders where store_id = $1`,
    [storeId, days.timeZone, days.from, days.to],
  );
  return { count: row?.count ?? 0, inDays: row?.in_days ?? 0 };
}

/**
 * Whether Shopify's webhooks for the store can be checked, so subscribing to them is worth it: our app's
 * installs sign with our secret; the merchant's own app signs with its secret, which the form may have given.
 */
export async function receivesWebhooks(db: Queryable, storeId: number): Promise<boolean> {
  const [row] = await db.query<{ verifiable: boolean }>(
    `select install = 'oauth' or webhook_secret_encrypted is not null as verifiable from shopify_connections where store_id = $1`,
    [storeId],
  );
  return row?.verifiable ?? false;
}

/**
 * The store's shop and sealed token; undefined when the store has no Shopify connection, or when the
 * shop uninstalled the app: its token is revoked, and a call with it would only be refused.
 */
export async function shopifyCredentialsOf(
  db: Queryable,
  storeId: number,
): Promise<{ shop_domain: string; access_token_encrypted: string } | undefined> {
  const [row] = await db.query<{ shop_domain: string; access_token_encrypted: string }>(
    'select shop_domain, access_token_encrypted from shopify_connections where store_id = $1 and uninstalled_at is null',
    [storeId],
  );
  return row;
}

/** When the store's shop uninstalled the app; null while it is installed (or the store has no connection). */
export async function uninstalledAt(db: Queryable, storeId: number): Promise<Date | null> {
  const [row] = await db.query<{ uninstalled_at: Date | null }>('select uninstalled_at from shopify_connections where store_id = $1', [
    storeId,
  ]);
  return row?.uninstalled_at ?? null;
}

/** The shop uninstalled the app at `at`; false when the store already knew (a repeated or late delivery). */
export async function markUninstalled(db: Queryable, storeId: number, at: string): Promise<boolean> {
  const rows = await db.query(
    'update shopify_connections set uninstalled_at = $2, updated_at = now() where store_id = $1 and uninstalled_at is null returning store_id',
    [storeId, at],
  );
  return rows.length > 0;
}

/** The shop the store reads now, its connection locked for the rest of `tx`; null before it has one. */
export async function lockedShopOf(tx: Queryable, storeId: number): Promise<string | null> {
  const [previous] = await tx.query<{ shop_domain: string }>('select shop_domain from shopify_connections where store_id = $1 for update', [
    storeId,
  ]);
  return previous?.shop_domain ?? null;
}

/** A store's connection as saved; `keepSecret` keeps the webhook secret it has rather than `sealedWebhookSecret`. */
export interface ConnectionRecord {
  storeId: number;
  shop: string;
  sealedToken: string;
  currency: string;
  timezone: string;
  install: 'token' | 'oauth';
  sealedWebhookSecret: string | null;
  keepSecret: boolean;
}

export async function upsertShopifyConnection(tx: Queryable, connection: ConnectionRecord): Promise<void> {
  await tx.query(
    `insert into shopify_connections (store_id, shop_domain, access_token_encrypted, currency, timezone, install, webhook_secret_encrypted)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (store_id) do update set shop_domain = excluded.shop_domain, access_token_encrypted = excluded.access_token_encrypted,
         currency = excluded.currency, timezone = excluded.timezone, install = excluded.install,
         webhook_secret_encrypted = case when $8::boolean then shopify_connections.webhook_secret_encrypted else excluded.webhook_secret_encrypted end,
         uninstalled_at = null, updated_at = now()`,
    [
      connection.storeId,
      connection.shop,
      connection.sealedToken,
      connection.currency,
      connection.timezone,
      connection.install,
      connection.sealedWebhookSecret,
      connection.keepSecret,
    ],
  );
}

/** A store reading a shop: its own app's webhook secret (sealed; null for our app's) and whether the shop uninstalled the app. */
export interface ShopConnectionRow {
  store_id: number;
  webhook_secret_encrypted: string | null;
  uninstalled: boolean;
}

/** The stores reading `shop`, by store id. */
export function connectionsOfShop(db: Queryable, shop: string): Promise<ShopConnectionRow[]> {
  return db.query<ShopConnectionRow>(
    `select store_id, webhook_secret_encrypted, uninstalled_at is not null as uninstalled
       from shopify_connections where shop_domain = $1 order by store_id`,
    [shop],
  );
}

/** An install of our app by OAuth, as the way back finds it. */
export interface InstallRow {
  id: number;
  shop_domain: string;
  store_id: number | null;
  return_to: ReturnTo;
  status: InstallStatus;
  error: ErrorBody | null;
}

const INSTALL_COLUMNS = 'id, shop_domain, store_id, return_to, status, error';

/** A pending install, tied to the session that began it; answers its id. */
export async function insertInstall(
  db: Queryable,
  install: { stateHash: Buffer; sessionTokenHash: Buffer; userId: number; shop: string; storeId: number | null; returnTo: ReturnTo },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into shopify_installs (state_hash, session_token_hash, user_id, shop_domain, store_id, return_to)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [install.stateHash, install.sessionTokenHash, install.userId, install.shop, install.storeId, install.returnTo],
  );
  return row!.id;
}

/** Ends an install as refused, with the error the form shows. */
export async function refuseInstall(db: Queryable, installId: number, error: ErrorBody): Promise<void> {
  await db.query(`update shopify_installs set status = 'refused', error = $2::jsonb, finished_at = now() where id = $1`, [
    installId,
    JSON.stringify(error),
  ]);
}

/** Takes, once, the session's pending install of `stateHash`; null when there is none (another session's, or taken already). */
export async function takeNamedInstall(db: Queryable, stateHash: Buffer, sessionTokenHash: Buffer): Promise<InstallRow | null> {
  const [named] = await db.query<InstallRow>(
    `update shopify_installs set finished_at = now()
      where state_hash = $1 and session_token_hash = $2 and status = 'pending' and finished_at is null returning ${INSTALL_COLUMNS}`,
    [stateHash, sessionTokenHash],
  );
  return named ?? null;
}

/** Takes, once, the session's newest install still pending; null when none is. */
export async function takeNewestInstall(db: Queryable, sessionTokenHash: Buffer): Promise<InstallRow | null> {
  const [newest] = await db.query<InstallRow>(
    `update shopify_installs set finished_at = now()
      where id = (select id from shopify_installs where session_token_hash = $1 and status = 'pending' and finished_at is null
                   order by created_at desc, id desc limit 1)
        and finished_at is null returning ${INSTALL_COLUMNS}`,
    [sessionTokenHash],
  );
  return newest ?? null;
}

/** The user's install of that id; undefined for anyone else's. */
export async function installOf(db: Queryable, installId: number, userId: number): Promise<InstallRow | undefined> {
  const [row] = await db.query<InstallRow>(`select ${INSTALL_COLUMNS} from shopify_installs where id = $1 and user_id = $2`, [
    installId,
    userId,
  ]);
  return row;
}

/** The install connected the shop Shopify's signed answer named. */
export async function markInstallConnected(db: Queryable, installId: number, shop: string): Promise<void> {
  await db.query(`update shopify_installs set status = 'connected', shop_domain = $2 where id = $1`, [installId, shop]);
}
