import { createShopifyClient, type ShopifyClient } from '../../integrations/shopify/client.ts';
import type { Queryable } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { syncAfterConnecting } from './store-sync.ts';

export interface ShopifyAccess {
  /** A client for a shop and token (the store form checks credentials with it before saving). */
  clientFor(shop: string, accessToken: string): ShopifyClient;
  secrets: SecretBox;
  /** Where Shopify posts this server's webhooks. */
  webhookUrl: string;
}

export function shopifyAccess(endpoint: string, secrets: SecretBox, publicUrl: string): ShopifyAccess {
  return {
    clientFor: (shop, accessToken) => createShopifyClient({ shop, accessToken, endpoint }),
    secrets,
    webhookUrl: `${publicUrl}/webhooks/shopify`,
  };
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

/** The client of a connected store, or null when the store has no Shopify connection. */
export async function storeClient(db: Queryable, access: ShopifyAccess, storeId: number): Promise<ShopifyClient | null> {
  const [row] = await db.query<{ shop_domain: string; access_token_encrypted: string }>(
    'select shop_domain, access_token_encrypted from shopify_connections where store_id = $1',
    [storeId],
  );
  return row ? access.clientFor(row.shop_domain, access.secrets.open(row.access_token_encrypted)) : null;
}

export interface ShopifyConnection {
  storeId: number;
  shop: string;
  /** The access token, sealed with the app's secret box. */
  sealedToken: string;
  currency: string;
  timezone: string;
  /** How the token came: the merchant's own app (the store form, the default) or the install of ours by OAuth. */
  install?: 'token' | 'oauth';
  /**
   * The secret of the merchant's own app, sealed, which signs that app's webhooks; null for none (our
   * app's installs sign with our secret). Absent keeps the one the store has for the same shop.
   */
  sealedWebhookSecret?: string | null;
}

/**
 * Saves a store's Shopify connection, new or replacing another, and starts or resumes its import
 * (the store form, its settings and the demo seed); run it in the transaction that saves the store.
 */
export async function connectStore(tx: Queryable, connection: ShopifyConnection): Promise<void> {
  const { storeId, shop } = connection;
  const [previous] = await tx.query<{ shop_domain: string }>('select shop_domain from shopify_connections where store_id = $1 for update', [
    storeId,
  ]);
  const install = connection.install ?? 'token';
  const keepSecret = connection.sealedWebhookSecret === undefined && install === 'token' && previous?.shop_domain === shop;
  await tx.query(
    `insert into shopify_connections (store_id, shop_domain, access_token_encrypted, currency, timezone, install, webhook_secret_encrypted)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (store_id) do update set shop_domain = excluded.shop_domain, access_token_encrypted = excluded.access_token_encrypted,
         currency = excluded.currency, timezone = excluded.timezone, install = excluded.install,
         webhook_secret_encrypted = case when $8::boolean then shopify_connections.webhook_secret_encrypted else excluded.webhook_secret_encrypted end,
         updated_at = now()`,
    [
      storeId,
      shop,
      connection.sealedToken,
      connection.currency,
      connection.timezone,
      install,
      connection.sealedWebhookSecret ?? null,
      keepSecret,
    ],
  );
  await syncAfterConnecting(tx, storeId, !previous || previous.shop_domain === shop);
}
