import type { components } from '../../../shared/api/app.gen.ts';
import { INVITATION_DAYS } from '../../../shared/constants.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { hashToken } from '../../platform/security/crypto.ts';

/*
 * The store's team in SQL: members and invitations. Handlers (handlers.ts) decide; this module reads
 * and writes, so every query on these tables has one home.
 */

export type MemberRole = 'admin' | 'user' | 'colaborator';

export interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  role: MemberRole;
}

export interface InvitationRow {
  id: number;
  email: string;
  created_at: Date;
  expires_at: Date;
}

export type InvitationProblem = components['schemas']['InvitationGoneError']['code'];

/** The invitation a link names: with whom it invites to which store, and why it no longer works, if it does not. */
export interface InvitationLink {
  id: number;
  store_id: number;
  email: string;
  store_name: string;
  /** The account that already has the invited email, if any. */
  user_id: number | null;
  /** Null while it can be accepted. */
  problem: Exclude<InvitationProblem, 'invitation_invalid'> | null;
}

/** Not yet accepted or canceled (an expired one is still open, until housekeeping settles it). */
const OPEN = 'accepted_at is null and canceled_at is null';
/** Open and not expired: what the team sees as pending, and what counts against the limit. */
const PENDING = `${OPEN} and expires_at > now()`;

/** Administrators first, then collaborators, each in the order they joined. */
export function listMembers(db: Queryable, storeId: number): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select u.id as user_id, u.name, u.email, m.role from store_members m join users u on u.id = m.user_id
      where m.store_id = $1 order by (m.role = 'colaborator'), m.created_at, u.id`,
    [storeId],
  );
}

export function pendingInvitations(db: Queryable, storeId: number): Promise<InvitationRow[]> {
  return db.query<InvitationRow>(
    `select id, email, created_at, expires_at from store_invitations where store_id = $1 and ${PENDING} order by created_at, id`,
    [storeId],
  );
}

/** Locks the store for the rest of `tx`, so two invitations at once cannot both pass the limit; returns its name. */
export async function lockStoreForInvitation(tx: Queryable, storeId: number): Promise<string> {
  const [store] = await tx.query<{ name: string }>('select name from stores where id = $1 for update', [storeId]);
  return store!.name;
}

export async function isMemberByEmail(db: Queryable, storeId: number, email: string): Promise<boolean> {
  const [member] = await db.query(
    'select 1 from store_members m join users u on u.id = m.user_id where m.store_id = $1 and lower(u.email) = $2',
    [storeId, email],
  );
  return member !== undefined;
}

export async function hasPendingInvitation(db: Queryable, storeId: number, email: string): Promise<boolean> {
  const [pending] = await db.query(`select 1 from store_invitations where store_id = $1 and lower(email) = $2 and ${PENDING}`, [
    storeId,
    email,
  ]);
  return pending !== undefined;
}

/** Cancels the open invitations to `email` (a new one replaces them). */
export async function cancelInvitationsTo(tx: Queryable, storeId: number, email: string): Promise<void> {
  await tx.query(`update store_invitations set canceled_at = now() where store_id = $1 and lower(email) = $2 and ${OPEN}`, [
    storeId,
    email,
  ]);
}

/** Collaborators plus pending invitations: what counts against the collaborator limit. */
export async function collaboratorSeatsTaken(db: Queryable, storeId: number): Promise<number> {
  const [row] = await db.query<{ taken: number }>(
    `select (select count(*) from store_members where store_id = $1 and role = 'colaborator')
          + (select count(*) from store_invitations where store_id = $1 and ${PENDING}) as taken`,
    [storeId],
  );
  return Number(row!.taken);
}

export async function insertInvitation(
  tx: Queryable,
  invitation: { storeId: number; email: string; invitedBy: number; tokenHash: Buffer },
): Promise<InvitationRow> {
  const [row] = await tx.query<InvitationRow>(
    `insert into store_invitations (store_id, email, invited_by, token_hash, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5)) returning id, email, created_at, expires_at`,
    [invitation.storeId, invitation.email, invitation.invitedBy, invitation.tokenHash, INVITATION_DAYS],
  );
  return row!;
}

/** The member's role, locking the membership for the rest of `tx`; undefined when not a member. */
export async function lockMembership(tx: Queryable, storeId: number, userId: number): Promise<MemberRole | undefined> {
  const [member] = await tx.query<{ role: MemberRole }>('select role from store_members where store_id = $1 and user_id = $2 for update', [
    storeId,
    userId,
  ]);
  return member?.role;
}

/** Removes the member; their sessions in this store end at once, their sessions in other stores go on. */
export async function removeMember(tx: Queryable, storeId: number, userId: number): Promise<void> {
  await tx.query('delete from store_members where store_id = $1 and user_id = $2', [storeId, userId]);
  await tx.query('delete from sessions where user_id = $1 and current_store_id = $2', [userId, storeId]);
}

/** Cancels an open invitation of the store; false when there was none. */
export async function cancelInvitation(db: Queryable, storeId: number, invitationId: number): Promise<boolean> {
  const [row] = await db.query(
    `update store_invitations set canceled_at = now() where id = $1 and store_id = $2 and ${OPEN} returning id`,
    [invitationId, storeId],
  );
  return row !== undefined;
}

/**
 * The invitation a link's token names, if any. A newer invitation to the same email in the same store
 * outranks canceled and expired: its link is the one to look at, whatever became of it.
 */
export async function findInvitationLink(db: Queryable, token: string): Promise<InvitationLink | undefined> {
  const [invitation] = await db.query<InvitationLink>(
    `select i.id, i.store_id, i.email, s.name as store_name, u.id as user_id,
            case
              when i.accepted_at is not null then 'invitation_used'
              when exists (
                select 1 from store_invitations newer
                 where newer.store_id = i.store_id and lower(newer.email) = lower(i.email) and newer.id > i.id
              ) then 'invitation_replaced'
              when i.canceled_at is not null then 'invitation_canceled'
              when i.expires_at <= now() then 'invitation_expired'
            end as problem
       from store_invitations i
       join stores s on s.id = i.store_id
       left join users u on lower(u.email) = lower(i.email)
      where i.token_hash = $1`,
    [hashToken(token)],
  );
  return invitation;
}

/** Marks the invitation accepted, once: false when it was accepted or canceled meanwhile. */
export async function claimInvitation(tx: Queryable, invitationId: number): Promise<boolean> {
  const [claimed] = await tx.query(`update store_invitations set accepted_at = now() where id = $1 and ${OPEN} returning id`, [
    invitationId,
  ]);
  return claimed !== undefined;
}

export async function addCollaborator(tx: Queryable, storeId: number, userId: number): Promise<void> {
  await tx.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'colaborator') on conflict do nothing`, [
    storeId,
    userId,
  ]);
}

/** The stored password hash of an account (null for an account without a password). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string | null> {
  const [user] = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [userId]);
  return user?.password_hash ?? null;
}

export async function createAccount(tx: Queryable, account: { email: string; name: string; passwordHash: string | null }): Promise<number> {
  const [row] = await tx.query<{ id: number }>('insert into users (email, name, password_hash) values ($1, $2, $3) returning id', [
    account.email,
    account.name,
    account.passwordHash,
  ]);
  return row!.id;
}
