/*
 * What the store's figures count, for every feature that reads orders and carts (the dashboard's
 * rollups, segments): the definitions the help texts repeat are written out in
 * features/dashboard/rollups.ts.
 */

/** The SQL condition of a counted order, on `orders` or on its alias (`o.`). */
export const countedOrder = (alias = '') =>
  `not ${alias}test and ${alias}cancelled_at is null and coalesce(${alias}financial_status, '') not in ('PENDING', 'EXPIRED', 'VOIDED', 'REFUNDED')`;

/**
 * The SQL condition of an abandoned cart. Shopify fires `checkouts/create` for every checkout, the
 * ones about to be paid too, so a cart counts as abandoned only while it is not completed an hour
 * after its last change.
 */
export const ABANDONED_CART = `completed_at is null and coalesce(updated_at, created_at) <= now() - interval '1 hour'`;
