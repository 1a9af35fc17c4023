import type { Queryable } from '../../../platform/database/db.ts';

/*
 * The social-ads integration in SQL: the store's Meta connection as its form saves it. Handlers
 * (handlers.ts, token-check.ts) decide; this module reads and writes. Reading one store's connection,
 * and marking it for renewal, are the platform's (platform/connections/meta-connection.ts), since ad campaigns go
 * through the same gate.
 */

/** Whether the store has its Shopify connection, which the audiences of its campaigns come from. */
export async function hasStoreConnection(db: Queryable, storeId: number): Promise<boolean> {
  const [row] = await db.query('select 1 from shopify_connections where store_id = $1', [storeId]);
  return Boolean(row);
}

/** The person's long-lived token (sealed) and who it acts as; any renewal asked for is answered. */
export async function saveMetaLogin(
  db: Queryable,
  storeId: number,
  login: { sealedToken: string; userId: string; userName: string; expiresAt: Date | null },
): Promise<void> {
  await db.query(
    `insert into meta_connections (store_id, access_token_encrypted, user_id, user_name, token_expires_at)
       values ($1, $2, $3, $4, $5)
     on conflict (store_id) do update set access_token_encrypted = excluded.access_token_encrypted, user_id = excluded.user_id,
       user_name = excluded.user_name, token_expires_at = excluded.token_expires_at, renewal_reason = null, updated_at = now()`,
    [storeId, login.sealedToken, login.userId, login.userName, login.expiresAt],
  );
}

type Named = { id: string; name: string };

/** The assets the store's campaigns use, with the names Meta gave them, and the ad account's currency and minimum daily budget. */
export interface MetaSelection {
  business: Named;
  adAccount: Named & { currency: string };
  page: Named;
  instagramAccount: Named;
  pixel: Named;
  minDailyBudget: number;
}

export async function saveMetaSelection(db: Queryable, storeId: number, chosen: MetaSelection): Promise<void> {
  await db.query(
    `update meta_connections set business_id = $2, business_name = $3, ad_account_id = $4, ad_account_name = $5, page_id = $6, page_name = $7,
       instagram_account_id = $8, instagram_account_name = $9, pixel_id = $10, pixel_name = $11, currency = $12, min_daily_budget = $13,
       updated_at = now()
     where store_id = $1`,
    [
      storeId,
      chosen.business.id,
      chosen.business.name,
      chosen.adAccount.id,
      chosen.adAccount.name,
      chosen.page.id,
      chosen.page.name,
      chosen.instagramAccount.id,
      chosen.instagramAccount.name,
      chosen.pixel.id,
      chosen.pixel.name,
      chosen.adAccount.currency,
      chosen.minDailyBudget,
    ],
  );
}

export async function deleteMetaConnection(db: Queryable, storeId: number): Promise<void> {
  await db.query('delete from meta_connections where store_id = $1', [storeId]);
}

/** The connections whose token nobody has found dead yet (the nightly check's round), by store. */
export function tokensToCheck(
  db: Queryable,
): Promise<{ store_id: number; access_token_encrypted: string; token_expires_at: Date | null }[]> {
  return db.query<{ store_id: number; access_token_encrypted: string; token_expires_at: Date | null }>(
    'select store_id, access_token_encrypted, token_expires_at from meta_connections where renewal_reason is null order by store_id',
  );
}
