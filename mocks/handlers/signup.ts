import { delay } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { serverError, sessionUsers, userWithoutStore } from '../fixtures/session';
import {
  EXPIRED_INVITATION_TOKEN,
  EXPIRED_RESET_TOKEN,
  emailTakenError,
  INVITATION_TOKEN,
  invitationForNewAccount,
  invitationGone,
  RESET_TOKEN,
  resetLinkGone,
  USED_INVITATION_TOKEN,
  USED_RESET_TOKEN,
  wrongPasswordError,
} from '../fixtures/team';
import { appHttp } from './clients';

type ResetLinkProblem = components['schemas']['ResetLinkGoneError']['code'];
type InvitationProblem = components['schemas']['InvitationGoneError']['code'];

/** RESET_TOKEN works, USED_RESET_TOKEN and EXPIRED_RESET_TOKEN say so, any other is not a link. */
function resetLinkProblemOf(token: string | null): ResetLinkProblem | null {
  if (token === RESET_TOKEN) return null;
  if (token === USED_RESET_TOKEN) return 'reset_link_used';
  return token === EXPIRED_RESET_TOKEN ? 'reset_link_expired' : 'reset_link_invalid';
}

/** INVITATION_TOKEN works, USED_INVITATION_TOKEN and EXPIRED_INVITATION_TOKEN say so, any other is not a link. */
function invitationProblemOf(token: string | null): InvitationProblem | null {
  if (token === INVITATION_TOKEN) return null;
  if (token === USED_INVITATION_TOKEN) return 'invitation_used';
  return token === EXPIRED_INVITATION_TOKEN ? 'invitation_expired' : 'invitation_invalid';
}

/** `POST /api/auth/signup`: 409 for an address that already has an account, else a new user without a store. */
export const signupAnswer = () =>
  appHttp.post('/auth/signup', async ({ request, response }) => {
    const body = await request.json();
    if (Object.values(sessionUsers).some((user) => user.email === body.email)) return response(409).json(emailTakenError);
    return response(201).json({ ...userWithoutStore, name: body.name, email: body.email });
  });

export const signupNeverAnswers = () =>
  appHttp.post('/auth/signup', async ({ response }) => {
    await delay('infinite');
    return response(409).json(emailTakenError);
  });

export const passwordResetAnswer = () => appHttp.post('/auth/password-reset', ({ response }) => response(202).empty());

/** `GET …/password-reset/link`: 204 for RESET_TOKEN, 410 with the reason for the others. */
export const resetLinkAnswer = () =>
  appHttp.get('/auth/password-reset/link', ({ query, response }) => {
    const problem = resetLinkProblemOf(query.get('token'));
    return problem ? response(410).json(resetLinkGone[problem]) : response(204).empty();
  });

export const resetLinkFails = () =>
  appHttp.get('/auth/password-reset/link', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const resetLinkNeverAnswers = () =>
  appHttp.get('/auth/password-reset/link', async ({ response }) => {
    await delay('infinite');
    return response(204).empty();
  });

/** `POST …/confirm`: RESET_TOKEN signs in as the owner; the others answer 410 with their reason. */
export const passwordResetConfirmAnswer = () =>
  appHttp.post('/auth/password-reset/confirm', async ({ request, response }) => {
    const body = await request.json();
    const problem = resetLinkProblemOf(body.token);
    if (problem) return response(410).json(resetLinkGone[problem]);
    return response(200).json(sessionUsers.admin);
  });

/** `POST …/confirm` refused: the link was used or expired after the screen checked it. */
export const passwordResetConfirmGone = (problem: ResetLinkProblem) =>
  appHttp.post('/auth/password-reset/confirm', ({ response }) => response(410).json(resetLinkGone[problem]));

/** `GET …/invitation/details`: INVITATION_TOKEN is valid, the others answer 410 with their reason. */
export const invitationAnswer = (details = invitationForNewAccount) =>
  appHttp.get('/auth/invitation/details', ({ query, response }) => {
    const problem = invitationProblemOf(query.get('token'));
    return problem ? response(410).json(invitationGone[problem]) : response(200).json(details);
  });

export const invitationFails = () =>
  appHttp.get('/auth/invitation/details', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

/** `POST …/invitation/accept`: the existing account's password is checked against "secreta123". */
export const acceptInvitationAnswer = () =>
  appHttp.post('/auth/invitation/accept', async ({ request, response }) => {
    const body = await request.json();
    const problem = invitationProblemOf(body.token);
    if (problem) return response(410).json(invitationGone[problem]);
    if (body.currentPassword !== undefined && body.currentPassword !== 'secreta123') return response(401).json(wrongPasswordError);
    return response(200).json(sessionUsers.colaborator);
  });

export const signupHandlers = [
  signupAnswer(),
  passwordResetAnswer(),
  resetLinkAnswer(),
  passwordResetConfirmAnswer(),
  invitationAnswer(),
  acceptInvitationAnswer(),
];
