import type { Queryable } from '../../platform/database/db.ts';

/*
 * Accounts and their password-reset links in SQL. Handlers (handlers.ts, password-reset.ts,
 * account-security.ts) decide; this module reads and writes, so every query on these tables has one
 * home. The sessions themselves are the platform's (platform/security/sessions.ts).
 */

/** The account an email names (any case), with its password hash; undefined for none. */
export async function accountByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: number; name: string; email: string; password_hash: string | null } | undefined> {
  const [user] = await db.query<{ id: number; name: string; email: string; password_hash: string | null }>(
    'select id, name, email, password_hash from users where lower(email) = lower($1)',
    [email],
  );
  return user;
}

/** A new account; null when the email (any case) already has one. */
export async function insertAccount(
  db: Queryable,
  account: { email: string; name: string; passwordHash: string },
): Promise<{ id: number } | null> {
  const [user] = await db.query<{ id: number }>(
    'insert into users (email, name, password_hash) values ($1, $2, $3) on conflict (lower(email)) do nothing returning id',
    [account.email, account.name, account.passwordHash],
  );
  return user ?? null;
}

/** The account's password hash; null without one (or without the account). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string | null> {
  const [user] = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [userId]);
  return user?.password_hash ?? null;
}

/** Sets the password, but only over `currentHash`; false when another change got there first. */
export async function replacePasswordHash(tx: Queryable, userId: number, newHash: string, currentHash: string | null): Promise<boolean> {
  const changed = await tx.query('update users set password_hash = $1 where id = $2 and password_hash = $3 returning id', [
    newHash,
    userId,
    currentHash,
  ]);
  return changed.length > 0;
}

export async function setPasswordHash(tx: Queryable, userId: number, passwordHash: string): Promise<void> {
  await tx.query('update users set password_hash = $1 where id = $2', [passwordHash, userId]);
}

/** Whether the link of `tokenHash` was used or expired; undefined when there is no such link. */
export async function resetLinkOf(db: Queryable, tokenHash: Buffer): Promise<{ used: boolean; expired: boolean } | undefined> {
  const [link] = await db.query<{ used: boolean; expired: boolean }>(
    'select used_at is not null as used, expires_at <= now() as expired from password_resets where token_hash = $1',
    [tokenHash],
  );
  return link;
}

export async function insertResetLink(tx: Queryable, userId: number, tokenHash: Buffer, minutes: number): Promise<void> {
  await tx.query(`insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`, [
    userId,
    tokenHash,
    minutes,
  ]);
}

/** Uses the link of `tokenHash` once, while it works; answers whose account it opens, or null. */
export async function takeResetLink(tx: Queryable, tokenHash: Buffer): Promise<{ user_id: number; email: string } | null> {
  const [reset] = await tx.query<{ user_id: number; email: string }>(
    `update password_resets set used_at = now()
      where token_hash = $1 and used_at is null and expires_at > now()
      returning user_id, (select email from users where users.id = password_resets.user_id) as email`,
    [tokenHash],
  );
  return reset ?? null;
}

/** Every link of the account not yet used stops working (a password set otherwise makes them stale). */
export async function retireResetLinks(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update password_resets set used_at = now() where user_id = $1 and used_at is null', [userId]);
}
