import { createShopifyClient, type ShopifyClient } from '../../integrations/shopify/client.ts';
import type { Queryable } from '../../platform/db.ts';
import type { SecretBox } from '../../platform/secrets.ts';

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
