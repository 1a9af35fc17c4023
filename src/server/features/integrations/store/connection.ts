import { createShopifyClient, type ShopifyClient } from '../../../integrations/shopify/client.ts';
import type { Queryable } from '../../../platform/database/db.ts';
import type { SecretBox } from '../../../platform/security/secrets.ts';
import { lockedShopOf, shopifyCredentialsOf, upsertShopifyConnection } from './repository.ts';
import { syncAfterConnecting } from './store-sync.ts';
import { SHOPIFY_WEBHOOK_PATH } from './webhooks.ts';

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
    webhookUrl: `${publicUrl}${SHOPIFY_WEBHOOK_PATH}`,
  };
}

/** The client of a connected store, or null when the store has no Shopify connection. */
export async function storeClient(db: Queryable, access: ShopifyAccess, storeId: number): Promise<ShopifyClient | null> {
  const row = await shopifyCredentialsOf(db, storeId);
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
  const previousShop = await lockedShopOf(tx, storeId);
  const install = connection.install ?? 'token';
  const keepSecret = connection.sealedWebhookSecret === undefined && install === 'token' && previousShop === shop;
  await upsertShopifyConnection(tx, {
    storeId,
    shop,
    sealedToken: connection.sealedToken,
    currency: connection.currency,
    timezone: connection.timezone,
    install,
    sealedWebhookSecret: connection.sealedWebhookSecret ?? null,
    keepSecret,
  });
  await syncAfterConnecting(tx, storeId, previousShop === null || previousShop === shop);
}
