import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../../shared/api/app.gen.ts';
import type { Queryable } from '../database/db.ts';
import type { Role } from '../http/contract.ts';
import { hashToken, newToken } from './crypto.ts';
import { type StoreAccess, type StoreAccessRow, storeAccessOf, storeAccessQuery } from './tenancy.ts';

export const SESSION_COOKIE = 'recompra_session';
/** Readable by the page, which echoes it in the `X-CSRF-Token` header of state-changing calls. */
export const CSRF_COOKIE = 'recompra_csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SESSION_DAYS = 14;

/** The signed-in caller, as every handler sees it. */
export interface Auth {
  userId: number;
  email: string;
  name: string;
  isProviderAdmin: boolean;
  /** The current store, or null when the user has none (or lost access to it). */
  storeId: number | null;
  /** The caller's role in the current store (recompraAdmin for the provider's admins). */
  role: Role;
  tokenHash: Buffer;
  csrfToken: string;
}

export function csrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(sessionToken).digest('base64url');
}

export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function roleOf(isProviderAdmin: boolean, storeRole: Role | null): Role {
  if (isProviderAdmin) return 'recompraAdmin';
  // An account with no store yet is the owner-to-be of the one it will create.
  return storeRole ?? 'admin';
}

export async function createSession(db: Queryable, userId: number, storeId: number | null): Promise<string> {
  const { token, hash } = newToken();
  await db.query(
    `insert into sessions (token_hash, user_id, current_store_id, expires_at) values ($1, $2, $3, now() + make_interval(days => $4))`,
    [hash, userId, storeId, SESSION_DAYS],
  );
  return token;
}

export async function readSession(db: Queryable, token: string, secret: string): Promise<Auth | null> {
  return (await readSessionInStore(db, token, secret, null))?.auth ?? null;
}

/** What the gate reads before a handler: the session, and the caller's standing in the store the path names. */
export interface Visit {
  auth: Auth;
  store: StoreAccess | null;
}

/**
 * The session of `token` and, when `storeId` is given, the caller's standing in that store
 * (tenancy.ts), in one query: the gate's one round trip before a store-scoped handler.
 */
export async function readSessionInStore(db: Queryable, token: string, secret: string, storeId: number | null): Promise<Visit | null> {
  const tokenHash = hashToken(token);
  const [row] = await db.query<
    {
      user_id: number;
      email: string;
      name: string;
      is_provider_admin: boolean;
      current_store_id: number | null;
      store_role: Role | null;
      store_exists: boolean;
    } & StoreAccessRow
  >(
    `select u.id as user_id, u.email, u.name, u.is_provider_admin, s.current_store_id, m.role as store_role,
            (st.id is not null) as store_exists, a.*
       from sessions s
       join users u on u.id = s.user_id
       left join stores st on st.id = s.current_store_id
       left join store_members m on m.store_id = s.current_store_id and m.user_id = u.id
       left join lateral (${storeAccessQuery('$2::integer', 'u.id')}) as a on true
      where s.token_hash = $1 and s.expires_at > now()`,
    [tokenHash, storeId],
  );
  if (!row) return null;
  const hasStore = row.store_exists && (row.is_provider_admin || row.store_role !== null);
  const auth: Auth = {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    isProviderAdmin: row.is_provider_admin,
    storeId: hasStore ? row.current_store_id : null,
    role: roleOf(row.is_provider_admin, hasStore ? row.store_role : null),
    tokenHash,
    csrfToken: csrfTokenFor(secret, token),
  };
  return { auth, store: storeAccessOf(auth, row) };
}

export type SessionUser = components['schemas']['SessionUser'];

export function sessionUser(auth: Auth): SessionUser {
  return { id: auth.userId, email: auth.email, name: auth.name, role: auth.role, store: auth.storeId };
}

/**
 * Signs `userId` in: a new session, its cookies, and the user as the contract shows it. The session
 * opens in `storeId`, or by default in the user's first store (the first store of all for the
 * provider's admins), or in none.
 */
export async function beginSession(
  { db, request, reply, sessionSecret }: { db: Queryable; request: FastifyRequest; reply: FastifyReply; sessionSecret: string },
  userId: number,
  storeId?: number | null,
): Promise<SessionUser> {
  const token = await createSession(db, userId, storeId === undefined ? await defaultStoreId(db, userId) : storeId);
  setSessionCookies(request, reply, token, sessionSecret);
  return sessionUser((await readSession(db, token, sessionSecret))!);
}

async function defaultStoreId(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `select s.id from stores s
      where exists (select 1 from users u where u.id = $1 and u.is_provider_admin)
         or exists (select 1 from store_members m where m.store_id = s.id and m.user_id = $1)
      order by (select m.created_at from store_members m where m.store_id = s.id and m.user_id = $1) nulls last, s.id
      limit 1`,
    [userId],
  );
  return row?.id ?? null;
}

export async function deleteSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [tokenHash]);
}

/** Ends every session of `userId` (a password reset: whoever knew the old password is signed out everywhere). */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('delete from sessions where user_id = $1', [userId]);
}

/** The store the session works in from now on; the caller has checked the user may open it. */
export async function setCurrentStore(db: Queryable, tokenHash: Buffer, storeId: number): Promise<void> {
  await db.query('update sessions set current_store_id = $1 where token_hash = $2', [storeId, tokenHash]);
}

/**
 * Ends every session of `userId` but the one of `keepTokenHash`; answers how many of them were still
 * open (expired ones go too, uncounted: they had already ended for the person).
 */
export async function deleteOtherSessions(db: Queryable, userId: number, keepTokenHash: Buffer): Promise<number> {
  const ended = await db.query<{ open: boolean }>(
    'delete from sessions where user_id = $1 and token_hash <> $2 returning expires_at > now() as open',
    [userId, keepTokenHash],
  );
  return ended.filter((session) => session.open).length;
}

/** Secure everywhere but plain-HTTP localhost, where browsers would drop a Secure cookie. */
function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https' || !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(request.hostname);
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, secret: string): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: isSecure(request), maxAge: SESSION_DAYS * 24 * 3600 };
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfTokenFor(secret, token), { ...common, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: isSecure(request) };
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, common);
}

/** The secret that signs CSRF tokens: SESSION_SECRET, else one generated once and kept in the database. */
export async function loadSessionSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('base64url');
  await db.query(`insert into server_settings (key, value) values ('session_secret', $1) on conflict (key) do nothing`, [candidate]);
  const [row] = await db.query<{ value: string }>(`select value from server_settings where key = 'session_secret'`);
  return row!.value;
}
