import { delay } from 'msw';
import { sessionUsers, userWithoutStore } from '../fixtures/session';
import {
  emailTakenError,
  INVITATION_TOKEN,
  invitationForNewAccount,
  invitationInvalidError,
  RESET_TOKEN,
  resetLinkInvalidError,
  wrongPasswordError,
} from '../fixtures/team';
import { appHttp } from './clients';

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

/** `POST …/confirm`: RESET_TOKEN signs in as the owner; any other token has expired. */
export const passwordResetConfirmAnswer = () =>
  appHttp.post('/auth/password-reset/confirm', async ({ request, response }) => {
    const body = await request.json();
    if (body.token !== RESET_TOKEN) return response(410).json(resetLinkInvalidError);
    return response(200).json(sessionUsers.admin);
  });

/** `GET …/invitation/details`: INVITATION_TOKEN is valid, any other has expired. */
export const invitationAnswer = (details = invitationForNewAccount) =>
  appHttp.get('/auth/invitation/details', ({ query, response }) =>
    query.get('token') === INVITATION_TOKEN ? response(200).json(details) : response(410).json(invitationInvalidError),
  );

/** `POST …/invitation/accept`: the existing account's password is checked against "secreta123". */
export const acceptInvitationAnswer = () =>
  appHttp.post('/auth/invitation/accept', async ({ request, response }) => {
    const body = await request.json();
    if (body.token !== INVITATION_TOKEN) return response(410).json(invitationInvalidError);
    if (body.currentPassword !== undefined && body.currentPassword !== 'secreta123') return response(401).json(wrongPasswordError);
    return response(200).json(sessionUsers.colaborator);
  });

export const signupHandlers = [
  signupAnswer(),
  passwordResetAnswer(),
  passwordResetConfirmAnswer(),
  invitationAnswer(),
  acceptInvitationAnswer(),
];
