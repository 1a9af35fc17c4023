import type { components, operations } from '../../../shared/api/app.gen.ts';
import { type Handlers, inStore, signedIn } from '../../platform/api.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import type { Queryable } from '../../platform/db.ts';
import { errors, HttpError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { beginSession } from '../../platform/sessions.ts';
import { COLLABORATOR_LIMIT, INVITATION_DAYS, teamMessages } from './rules.ts';

type TeamOperations = Pick<
  operations,
  | 'listStoreMembers'
  | 'inviteCollaborator'
  | 'removeStoreMember'
  | 'cancelInvitation'
  | 'showInvitation'
  | 'getInvitation'
  | 'acceptInvitation'
>;
type StoreInvitation = components['schemas']['StoreInvitation'];

const OPEN = 'accepted_at is null and canceled_at is null';

export function teamHandlers(spaIndex: () => Promise<string>): Handlers<TeamOperations> {
  return {
    async listStoreMembers(context) {
      const { storeId } = inStore(context);
      const you = signedIn(context).userId;
      const members = await context.db.query<{ user_id: number; name: string; email: string; role: 'admin' | 'user' | 'colaborator' }>(
        `select u.id as user_id, u.name, u.email, m.role from store_members m join users u on u.id = m.user_id
          where m.store_id = $1 order by (m.role = 'colaborator'), m.created_at, u.id`,
        [storeId],
      );
      return {
        status: 200,
        body: {
          members: members.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role, isYou: m.user_id === you })),
          invitations: await openInvitations(context.db, storeId),
          collaboratorLimit: COLLABORATOR_LIMIT,
        },
      };
    },

    async inviteCollaborator(context) {
      const { storeId } = inStore(context);
      const inviter = signedIn(context);
      const email = context.body.email.trim().toLowerCase();
      const { token, hash } = newToken();
      const invitation = await context.db.transaction(async (tx) => {
        // One invitation at a time per store, so two at once cannot both pass the limit.
        const [store] = await tx.query<{ name: string }>('select name from stores where id = $1 for update', [storeId]);
        const [member] = await tx.query(
          'select 1 from store_members m join users u on u.id = m.user_id where m.store_id = $1 and lower(u.email) = $2',
          [storeId, email],
        );
        if (member) throw new HttpError(409, 'already_member', teamMessages.alreadyMember);
        // Inviting the same email again sends a fresh link in place of the old one.
        await tx.query(`update store_invitations set canceled_at = now() where store_id = $1 and lower(email) = $2 and ${OPEN}`, [
          storeId,
          email,
        ]);
        const [{ taken }] = (await tx.query<{ taken: number }>(
          `select (select count(*) from store_members where store_id = $1 and role = 'colaborator')
                + (select count(*) from store_invitations where store_id = $1 and ${OPEN} and expires_at > now()) as taken`,
          [storeId],
        )) as [{ taken: number }];
        if (Number(taken) >= COLLABORATOR_LIMIT) throw new HttpError(422, 'collaborator_limit', teamMessages.limitReached);
        const [row] = await tx.query<{ id: number; email: string; created_at: Date; expires_at: Date }>(
          `insert into store_invitations (store_id, email, invited_by, token_hash, expires_at)
           values ($1, $2, $3, $4, now() + make_interval(days => $5)) returning id, email, created_at, expires_at`,
          [storeId, email, inviter.userId, hash, INVITATION_DAYS],
        );
        await context.mailer.send(tx, {
          to: email,
          subject: `${inviter.name} te invitó a ${store!.name} en Recompra`,
          text: `Hola:\n\n${inviter.name} (${inviter.email}) te invitó a colaborar en la tienda ${store!.name} en Recompra.\n\nAcepta la invitación con este enlace (vale por ${INVITATION_DAYS} días):\n\n${context.config.publicUrl}/api/auth/invitation?token=${token}\n\nSi no esperabas esta invitación, ignora este correo.\n`,
          secrets: [token],
        });
        return row!;
      });
      return { status: 201, body: invitationOf(invitation) };
    },

    async removeStoreMember(context) {
      const { storeId } = inStore(context);
      const { userId } = context.params;
      if (userId === signedIn(context).userId) throw new HttpError(422, 'cannot_remove_self', teamMessages.cannotRemoveSelf);
      await context.db.transaction(async (tx) => {
        const [member] = await tx.query<{ role: string }>(
          'select role from store_members where store_id = $1 and user_id = $2 for update',
          [storeId, userId],
        );
        if (!member) throw new HttpError(404, 'member_not_found', teamMessages.memberNotFound);
        if (member.role === 'admin') throw new HttpError(422, 'cannot_remove_owner', teamMessages.cannotRemoveOwner);
        await tx.query('delete from store_members where store_id = $1 and user_id = $2', [storeId, userId]);
        // Their sessions in this store end at once; sessions in their other stores go on.
        await tx.query('delete from sessions where user_id = $1 and current_store_id = $2', [userId, storeId]);
      });
      return { status: 204 };
    },

    async cancelInvitation(context) {
      const { storeId } = inStore(context);
      const [row] = await context.db.query(
        `update store_invitations set canceled_at = now() where id = $1 and store_id = $2 and ${OPEN} returning id`,
        [context.params.invitationId, storeId],
      );
      if (!row) throw new HttpError(404, 'invitation_not_found', teamMessages.invitationNotFound);
      return { status: 204 };
    },

    async showInvitation() {
      return { status: 200, html: await spaIndex() };
    },

    async getInvitation({ db, query }) {
      const invitation = await validInvitation(db, query.token);
      return { status: 200, body: { email: invitation.email, storeName: invitation.store_name, hasAccount: invitation.user_id !== null } };
    },

    async acceptInvitation(context) {
      const { db, body } = context;
      const invitation = await validInvitation(db, body.token);
      let userId = invitation.user_id;
      if (userId !== null) {
        // An existing account proves it is theirs with its current password.
        if (!body.currentPassword) throw errors.required('currentPassword');
        const [user] = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [userId]);
        if (!(await verifyPassword(user?.password_hash ?? null, body.currentPassword)))
          throw new HttpError(401, 'invalid_credentials', teamMessages.wrongPassword);
      } else {
        if (!body.name?.trim()) throw errors.required('name');
        if (!body.password) throw errors.required('password');
      }
      const passwordHash = userId === null ? await hashPassword(body.password!) : null;
      userId = await db.transaction(async (tx) => {
        const [claimed] = await tx.query(`update store_invitations set accepted_at = now() where id = $1 and ${OPEN} returning id`, [
          invitation.id,
        ]);
        if (!claimed) throw new HttpError(410, 'invitation_invalid', teamMessages.invitationInvalid);
        const id =
          userId ??
          (
            await tx.query<{ id: number }>('insert into users (email, name, password_hash) values ($1, $2, $3) returning id', [
              invitation.email,
              body.name!.trim(),
              passwordHash,
            ])
          )[0]!.id;
        await tx.query(`insert into store_members (store_id, user_id, role) values ($1, $2, 'colaborator') on conflict do nothing`, [
          invitation.store_id,
          id,
        ]);
        return id;
      });
      return { status: 200, body: await beginSession(context, userId, invitation.store_id) };
    },
  };
}

async function validInvitation(db: Queryable, token: string) {
  const [invitation] = await db.query<{ id: number; store_id: number; email: string; store_name: string; user_id: number | null }>(
    `select i.id, i.store_id, i.email, s.name as store_name, u.id as user_id
       from store_invitations i
       join stores s on s.id = i.store_id
       left join users u on lower(u.email) = lower(i.email)
      where i.token_hash = $1 and i.${OPEN.replace(' and ', ' and i.')} and i.expires_at > now()`,
    [hashToken(token)],
  );
  if (!invitation) throw new HttpError(410, 'invitation_invalid', teamMessages.invitationInvalid);
  return invitation;
}

async function openInvitations(db: Queryable, storeId: number): Promise<StoreInvitation[]> {
  const rows = await db.query<{ id: number; email: string; created_at: Date; expires_at: Date }>(
    `select id, email, created_at, expires_at from store_invitations where store_id = $1 and ${OPEN} order by created_at, id`,
    [storeId],
  );
  return rows.map(invitationOf);
}

function invitationOf(row: { id: number; email: string; created_at: Date; expires_at: Date }): StoreInvitation {
  return { id: row.id, email: row.email, invitedAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString() };
}
