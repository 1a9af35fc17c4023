import { delay } from 'msw';
import type { components } from '../../src/shared/api/app.gen';
import { csrfFailedError, DEMO_PASSWORD, invalidCredentialsError, lockedOutError, serverError, sessionUsers } from '../fixtures/session';
import { appHttp } from './clients';

type SessionUser = components['schemas']['SessionUser'];

/** `GET /api/auth/me` answering with this user. */
export const meAs = (user: SessionUser) => appHttp.get('/auth/me', ({ response }) => response(200).json(user));

/** `GET /api/auth/me` without a session (204). */
export const meWithoutSession = () => appHttp.get('/auth/me', ({ response }) => response(204).empty());

/** `GET /api/auth/me` failing on the server. */
export const meFails = () => appHttp.get('/auth/me', ({ response }) => response.untyped(Response.json(serverError, { status: 500 })));

/** `GET /api/auth/me` that never answers, for the loading state. */
export const meNeverAnswers = () =>
  appHttp.get('/auth/me', async ({ response }) => {
    await delay('infinite');
    return response(204).empty();
  });

/** `POST /api/auth/login`: the fixture users with DEMO_PASSWORD sign in, anything else is refused. */
export const login = () =>
  appHttp.post('/auth/login', async ({ request, response }) => {
    const body = await request.json();
    const user = Object.values(sessionUsers).find((candidate) => candidate.email === body.email);
    if (!user || body.password !== DEMO_PASSWORD) return response(401).json(invalidCredentialsError);
    return response(200).json(user);
  });

export const loginLockedOut = () => appHttp.post('/auth/login', ({ response }) => response(403).json(lockedOutError));

export const loginNeverAnswers = () =>
  appHttp.post('/auth/login', async ({ response }) => {
    await delay('infinite');
    return response(401).json(invalidCredentialsError);
  });

/** `POST /api/auth/logout`: the session ends. */
export const logoutAnswer = () => appHttp.post('/auth/logout', ({ response }) => response(204).empty());

/** `POST /api/auth/logout` refused by the CSRF check. */
export const logoutRefused = () => appHttp.post('/auth/logout', ({ response }) => response(403).json(csrfFailedError));

/** `POST /api/auth/logout` with no answer at all (offline). */
export const logoutOffline = () => appHttp.post('/auth/logout', ({ response }) => response.untyped(Response.error()));

export const sessionHandlers = [meAs(sessionUsers.admin), login(), logoutAnswer()];
