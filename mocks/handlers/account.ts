import { delay } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { OTHER_SESSIONS, wrongCurrentPasswordError } from '../fixtures/account';
import { DEMO_PASSWORD, serverError } from '../fixtures/session';
import { accountDetails } from '../fixtures/team';
import { appHttp } from './clients';

type ErrorBody = components['schemas']['Error'];

/** `PATCH /api/private/me/account_details`: the name saved as sent, without its surrounding spaces. */
export const updateAccountDetailsAnswer = () =>
  appHttp.patch('/private/me/account_details', async ({ request, response }) => {
    const { name } = await request.json();
    return response(200).json({ ...accountDetails, name: name.trim() });
  });

export const updateAccountDetailsFails = () =>
  appHttp.patch('/private/me/account_details', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const updateAccountDetailsNeverAnswers = () =>
  appHttp.patch('/private/me/account_details', async ({ response }) => {
    await delay('infinite');
    return response(200).json(accountDetails);
  });

/** `PUT /api/private/me/password`: the fixture users' password is the current one, anything else is refused. */
export const changePasswordAnswer = (closed = OTHER_SESSIONS) =>
  appHttp.put('/private/me/password', async ({ request, response }) => {
    const { currentPassword } = await request.json();
    if (currentPassword !== DEMO_PASSWORD) return response(400).json(wrongCurrentPasswordError);
    return response(200).json({ closed });
  });

/** `PUT /api/private/me/password` refused with 400 (a wrong current password) or 429 (the sign-in throttle). */
export const changePasswordRefused = (status: 400 | 429 = 400, body: ErrorBody = wrongCurrentPasswordError) =>
  appHttp.put('/private/me/password', ({ response }) => response(status).json(body));

export const changePasswordFails = () =>
  appHttp.put('/private/me/password', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const changePasswordNeverAnswers = () =>
  appHttp.put('/private/me/password', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ closed: 0 });
  });

/** `DELETE /api/private/me/other_sessions`, with `closed` other sessions open. */
export const closeOtherSessionsAnswer = (closed = OTHER_SESSIONS) =>
  appHttp.delete('/private/me/other_sessions', ({ response }) => response(200).json({ closed }));

export const closeOtherSessionsFails = () =>
  appHttp.delete('/private/me/other_sessions', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

export const closeOtherSessionsNeverAnswers = () =>
  appHttp.delete('/private/me/other_sessions', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ closed: 0 });
  });

export const accountHandlers = [updateAccountDetailsAnswer(), changePasswordAnswer(), closeOtherSessionsAnswer()];
