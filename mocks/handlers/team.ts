import { delay } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { serverError } from '../fixtures/session';
import {
  accountDetails,
  cannotRemoveOwnerError,
  collaboratorLimitError,
  newInvitation,
  resentInvitation,
  stores,
  storeTeam,
} from '../fixtures/team';
import { appHttp } from './clients';

type StoreTeam = components['schemas']['StoreTeam'];
type ErrorBody = components['schemas']['Error'];

export const accountDetailsAnswer = (details = accountDetails) =>
  appHttp.get('/private/me/account_details', ({ response }) => response(200).json(details));

export const accountDetailsFails = () =>
  appHttp.get('/private/me/account_details', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const accountDetailsNeverAnswers = () =>
  appHttp.get('/private/me/account_details', async ({ response }) => {
    await delay('infinite');
    return response(200).json(accountDetails);
  });

export const membersAnswer = (team: StoreTeam = storeTeam) =>
  appHttp.get('/private/stores/{id}/members', ({ response }) => response(200).json(team));

/** `POST …/members`: 200 (sent again) for an email with a pending invitation in `storeTeam`, 201 for a new one. */
export const inviteAnswer = () =>
  appHttp.post('/private/stores/{id}/members', async ({ request, response }) => {
    const { email } = await request.json();
    if (storeTeam.invitations.some((invitation) => invitation.email === email)) return response(200).json({ ...resentInvitation, email });
    return response(201).json({ ...newInvitation, email });
  });

/** `POST …/members` refused with 409 (the collaborator limit, or already a member). */
export const inviteRefused = (body: ErrorBody = collaboratorLimitError) =>
  appHttp.post('/private/stores/{id}/members', ({ response }) => response(409).json(body));

export const removeAnswer = () => appHttp.delete('/private/stores/{id}/members/{userId}', ({ response }) => response(204).empty());

export const removeRefused = (body: ErrorBody = cannotRemoveOwnerError) =>
  appHttp.delete('/private/stores/{id}/members/{userId}', ({ response }) => response(409).json(body));

export const cancelInvitationAnswer = () =>
  appHttp.delete('/private/stores/{id}/invitations/{invitationId}', ({ response }) => response(204).empty());

export const storesAnswer = (list = stores.slice(0, 1)) => appHttp.get('/private/stores', ({ response }) => response(200).json(list));

export const switchStoreAnswer = () =>
  appHttp.patch('/private/me/stores', async ({ request, response }) => {
    const { storeId } = await request.json();
    return response(200).json({ id: 2, email: 'demo@recompra.cl', name: 'Camila Soto', role: 'admin', store: storeId });
  });

export const teamHandlers = [
  accountDetailsAnswer(),
  membersAnswer(),
  inviteAnswer(),
  removeAnswer(),
  cancelInvitationAnswer(),
  storesAnswer(),
  switchStoreAnswer(),
];
