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
  await tx.query(
    `insert into shopify_connections (store_id, shop_domain, access_token_encrypted, currency, timezone) values ($1, $2, $3, $4, $5)
       on conflict (store_id) do update set shop_domain = excluded.shop_domain, access_token_encrypted = excluded.access_token_encrypted,
         currency = excluded.currency, timezone = excluded.timezone, updated_at = now()`,
    [storeId, shop, connection.sealedToken, connection.currency, connection.timezone],
  );
  await syncAfterConnecting(tx, storeId, !previous || previous.shop_domain === shop);
}
