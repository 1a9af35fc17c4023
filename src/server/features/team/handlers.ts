import type { components, operations } from '../../../shared/api/app.gen.ts';
import { COLLABORATOR_LIMIT } from '../../../shared/constants.ts';
import type { Queryable } from '../../platform/database/db.ts';
import { type Handlers, inStore, signedIn } from '../../platform/http/api.ts';
import { errors, HttpError } from '../../platform/http/errors.ts';
import { newToken } from '../../platform/security/crypto.ts';
import { hashPassword, verifyPassword } from '../../platform/security/passwords.ts';
import { admitAttempt, type WindowLimit, waitInWords } from '../../platform/security/rate-limit.ts';
import { beginSession } from '../../platform/security/sessions.ts';
import { invitationMail } from './mail.ts';
import {
  addCollaborator,
  cancelInvitation,
  cancelInvitationsTo,
  claimInvitation,
  collaboratorSeatsTaken,
  createAccount,
  findInvitationLink,
  hasPendingInvitation,
  type InvitationProblem,
  type InvitationRow,
  insertInvitation,
  isMemberByEmail,
  listMembers,
  lockMembership,
  lockStoreForInvitation,
  passwordHashOf,
  pendingInvitations,
  removeMember,
} from './repository.ts';
import { invitationProblemMessages, teamMessages } from './rules.ts';

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

// Opening a link takes one check, a few with reloads; tokens cannot be guessed, so this only caps the load.
const LINK_CHECKS_PER_ADDRESS: WindowLimit = { kind: 'window', max: 30, windowMinutes: 15 };

export function teamHandlers(spaIndex: () => Promise<string>): Handlers<TeamOperations> {
  return {
    async listStoreMembers(context) {
      const { storeId } = inStore(context);
      const you = signedIn(context).userId;
      const members = await listMembers(context.db, storeId);
      return {
        status: 200,
        body: {
          members: members.map((m) => ({ userId: m.user_id, name: m.name, email: m.email, role: m.role, isYou: m.user_id === you })),
          invitations: (await pendingInvitations(context.db, storeId)).map(invitationOf),
          collaboratorLimit: COLLABORATOR_LIMIT,
        },
      };
    },

    async inviteCollaborator(context) {
      const { storeId } = inStore(context);
      const inviter = signedIn(context);
      const email = context.body.email.trim().toLowerCase();
      const { token, hash } = newToken();
      const { invitation, resent } = await context.db.transaction(async (tx) => {
        const storeName = await lockStoreForInvitation(tx, storeId);
        if (await isMemberByEmail(tx, storeId, email)) throw new HttpError(409, 'already_member', teamMessages.alreadyMember);
        // A pending invitation is sent again, not twice: a new invitation replaces it, so its old link stops
        // working (and says a newer one exists) and it keeps its place against the limit.
        const resent = await hasPendingInvitation(tx, storeId, email);
        await cancelInvitationsTo(tx, storeId, email);
        if ((await collaboratorSeatsTaken(tx, storeId)) >= COLLABORATOR_LIMIT)
          throw new HttpError(409, 'collaborator_limit', teamMessages.limitReached);
        const row = await insertInvitation(tx, { storeId, email, invitedBy: inviter.userId, tokenHash: hash });
        await context.mailer.send(tx, invitationMail({ to: email, inviter, storeName, publicUrl: context.config.publicUrl, token }));
        return { invitation: row, resent };
      });
      return resent ? { status: 200, body: invitationOf(invitation) } : { status: 201, body: invitationOf(invitation) };
    },

    async removeStoreMember(context) {
      const { storeId } = inStore(context);
      const { userId } = context.params;
      if (userId === signedIn(context).userId) throw new HttpError(409, 'cannot_remove_self', teamMessages.cannotRemoveSelf);
      await context.db.transaction(async (tx) => {
        const role = await lockMembership(tx, storeId, userId);
        if (!role) throw new HttpError(404, 'member_not_found', teamMessages.memberNotFound);
        if (role === 'admin') throw new HttpError(409, 'cannot_remove_owner', teamMessages.cannotRemoveOwner);
        await removeMember(tx, storeId, userId);
      });
      return { status: 204 };
    },

    async cancelInvitation(context) {
      const { storeId } = inStore(context);
      if (!(await cancelInvitation(context.db, storeId, context.params.invitationId)))
        throw new HttpError(404, 'invitation_not_found', teamMessages.invitationNotFound);
      return { status: 204 };
    },

    async showInvitation() {
      return { status: 200, html: await spaIndex() };
    },

    async getInvitation({ db, query, request }) {
      const admission = await admitAttempt(db, [{ subject: `invitation-link:ip:${request.ip}`, limit: LINK_CHECKS_PER_ADDRESS }]);
      if (!admission.allowed) {
        const wait = admission.retryAfterSeconds;
        throw errors.tooManyAttempts(teamMessages.tooManyLinkChecks(waitInWords(wait)), wait);
      }
      const invitation = await validInvitation(db, query.token);
      return { status: 200, body: { email: invitation.email, storeName: invitation.store_name, hasAccount: invitation.user_id !== null } };
    },

    async acceptInvitation(context) {
      const { db, body } = context;
      const invitation = await validInvitation(db, body.token);
      const existing = invitation.user_id;
      if (existing !== null) {
        // An existing account proves it is theirs with its current password.
        if (!body.currentPassword) throw errors.required('currentPassword');
        if (!(await verifyPassword(await passwordHashOf(db, existing), body.currentPassword)))
          throw new HttpError(401, 'invalid_credentials', teamMessages.wrongPassword);
      } else {
        if (!body.name?.trim()) throw errors.required('name');
        if (!body.password) throw errors.required('password');
      }
      const passwordHash = existing === null ? await hashPassword(body.password!) : null;
      const userId = await db.transaction(async (tx) => {
        if (!(await claimInvitation(tx, invitation.id))) return null;
        const id = existing ?? (await createAccount(tx, { email: invitation.email, name: body.name!.trim(), passwordHash }));
        await addCollaborator(tx, invitation.store_id, id);
        return id;
      });
      // Accepted, canceled or replaced meanwhile (another tab, the owner): say which.
      if (userId === null) throw invitationGone((await findInvitationLink(db, body.token))?.problem ?? 'invitation_used');
      return { status: 200, body: await beginSession(context, userId, invitation.store_id) };
    },
  };
}

/** The invitation the link names while it can be accepted; otherwise 410 saying why. */
async function validInvitation(db: Queryable, token: string) {
  const invitation = await findInvitationLink(db, token);
  if (!invitation) throw invitationGone('invitation_invalid');
  if (invitation.problem) throw invitationGone(invitation.problem);
  return invitation;
}

const invitationGone = (problem: InvitationProblem) => new HttpError(410, problem, invitationProblemMessages[problem]);

function invitationOf(row: InvitationRow): StoreInvitation {
  return { id: row.id, email: row.email, invitedAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString() };
}
