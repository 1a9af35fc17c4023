export { APP_API_BASE, appClient, BACKEND_API_BASE, backendClient } from './clients';
export { CSRF_COOKIE, CSRF_HEADER, csrfMiddleware, hasSignedInIdentity, readCookie } from './csrf';
export { ApiError, type ErrorBody, type ErrorKind, errorBodyOf, kindOfStatus, unwrap } from './errors';
export { fetchSessionUser, type Role, type SessionUser, sessionQueryKey, sessionQueryOptions } from './session';
