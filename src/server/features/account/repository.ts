import type { components } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../../platform/database/db.ts';
import type { Billing, PlanId } from './plans.ts';

/*
 * The account and the store's subscription in SQL: the account's name, and `store_subscriptions`, the
 * mirror of the card processor's subscription. Handlers and the billing rules (subscriptions.ts) decide;
 * this module reads and writes, so every query of this feature has one home.
 */

type CancelReason = components['schemas']['CancelReason'];

/** One row of `store_subscriptions`. */
export interface SubscriptionRow {
  store_id: number;
  customer_id: string | null;
  subscription_id: string | null;
  plan_id: PlanId;
  billing: Billing;
  price_cents: number;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  trial_ends_at: Date | null;
  member_since: Date;
  current_period_end: Date | null;
  cancel_at: Date | null;
  cancel_reason: CancelReason | null;
  next_payment_cents: number | null;
  next_invoice_attempt_at: Date | null;
  invoice_attempts: number;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_country: string | null;
}

/** The columns the processor's subscription fills (subscriptions.ts' `mirrorOf`), in the order they are written. */
export const MIRROR_COLUMNS = [
  'customer_id',
  'subscription_id',
  'plan_id',
  'billing',
  'price_cents',
  'status',
  'trial_ends_at',
  'current_period_end',
  'cancel_at',
  'next_payment_cents',
  'next_invoice_attempt_at',
  'invoice_attempts',
  'card_brand',
  'card_last4',
  'card_exp_month',
  'card_exp_year',
  'card_country',
] as const;

export type SubscriptionMirror = Pick<SubscriptionRow, (typeof MIRROR_COLUMNS)[number]>;

/** Renames the account; undefined when it is gone. */
export async function renameAccount(db: Queryable, userId: number, name: string): Promise<{ name: string; email: string } | undefined> {
  const [account] = await db.query<{ name: string; email: string }>('update users set name = $1 where id = $2 returning name, email', [
    name,
    userId,
  ]);
  return account;
}

export async function subscriptionRowOf(db: Queryable, storeId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>('select * from store_subscriptions where store_id = $1', [storeId]);
  return row;
}

/** The processor's subscription id of the store, its row locked for the rest of `tx`; null for none. */
export async function lockedSubscriptionId(tx: Queryable, storeId: number): Promise<string | null> {
  const [row] = await tx.query<{ subscription_id: string | null }>(
    'select subscription_id from store_subscriptions where store_id = $1 for update',
    [storeId],
  );
  return row?.subscription_id ?? null;
}

/** Writes the processor's subscription over the store's row (creating it on the first plan). */
export async function saveSubscriptionMirror(db: Queryable, storeId: number, mirror: SubscriptionMirror): Promise<void> {
  const values = MIRROR_COLUMNS.map((column) => mirror[column]);
  const placeholders = MIRROR_COLUMNS.map((_, index) => `$${index + 2}`).join(', ');
  const updates = MIRROR_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ');
  await db.query(
    `insert into store_subscriptions (store_id, ${MIRROR_COLUMNS.join(', ')}) values ($1, ${placeholders})
     on conflict (store_id) do update set ${updates}, updated_at = now()`,
    [storeId, ...values],
  );
}

/** The store's name and its first administrator's email and name (null without one). */
export async function storeOwnerOf(
  db: Queryable,
  storeId: number,
): Promise<{ email: string | null; name: string | null; store_name: string } | undefined> {
  const [row] = await db.query<{ email: string | null; name: string | null; store_name: string }>(
    `select u.email, u.name, s.name as store_name
       from stores s
       left join lateral (select u.email, u.name from store_members m join users u on u.id = m.user_id
                           where m.store_id = s.id and m.role = 'admin' order by m.created_at limit 1) u on true
      where s.id = $1`,
    [storeId],
  );
  return row;
}

/** A cancellation undone: its reason, details and warning forgotten. */
export async function clearCancellation(db: Queryable, storeId: number): Promise<void> {
  await db.query(
    'update store_subscriptions set cancel_reason = null, cancel_details = null, deletion_warned_at = null where store_id = $1',
    [storeId],
  );
}

export async function recordCancellation(db: Queryable, storeId: number, reason: CancelReason, details: string | null): Promise<void> {
  await db.query('update store_subscriptions set cancel_reason = $2, cancel_details = $3 where store_id = $1', [storeId, reason, details]);
}

/** Marks the cancellation's warning as sent; false when it was marked already (the first to mark it sends it). */
export async function markDeletionWarned(db: Queryable, storeId: number): Promise<boolean> {
  const [first] = await db.query(
    'update store_subscriptions set deletion_warned_at = now() where store_id = $1 and deletion_warned_at is null returning store_id',
    [storeId],
  );
  return first !== undefined;
}

/** The warning was not sent after all: the next cancellation request sends it. */
export async function unmarkDeletionWarned(db: Queryable, storeId: number): Promise<void> {
  await db.query('update store_subscriptions set deletion_warned_at = null where store_id = $1', [storeId]);
}

/** The store whose subscription the processor names, if it is ours. */
export async function storeOfSubscription(db: Queryable, subscriptionId: string): Promise<number | null> {
  const [row] = await db.query<{ store_id: number }>('select store_id from store_subscriptions where subscription_id = $1', [
    subscriptionId,
  ]);
  return row?.store_id ?? null;
}

/** The stores whose subscription at the processor has not ended, by id. */
export async function storesWithOpenSubscription(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(
    `select store_id from store_subscriptions where subscription_id is not null and status <> 'canceled' order by store_id`,
  );
  return rows.map((row) => row.store_id);
}

/** A subscription not ended, with what the local card processor needs to open it again. */
export interface OpenSubscriptionRow {
  store_id: number;
  subscription_id: string | null;
  plan_id: PlanId;
  billing: Billing;
  trial_ends_at: Date | null;
  /** The store's first administrator's. */
  email: string | null;
  store_name: string;
}

export function openSubscriptions(db: Queryable): Promise<OpenSubscriptionRow[]> {
  return db.query<OpenSubscriptionRow>(
    `select p.store_id, p.subscription_id, p.plan_id, p.billing, p.trial_ends_at, s.name as store_name,
            (select u.email from store_members m join users u on u.id = m.user_id
              where m.store_id = p.store_id and m.role = 'admin' order by m.created_at limit 1) as email
       from store_subscriptions p join stores s on s.id = p.store_id
      where p.status <> 'canceled'`,
  );
}

/** The processor's customer and subscription the store's row mirrors. */
export async function setProcessorIds(db: Queryable, storeId: number, customerId: string, subscriptionId: string): Promise<void> {
  await db.query('update store_subscriptions set customer_id = $2, subscription_id = $3 where store_id = $1', [
    storeId,
    customerId,
    subscriptionId,
  ]);
}
