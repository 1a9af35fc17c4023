export { appClient, backendClient, APP_API_BASE, BACKEND_API_BASE } from './clients';
export { ApiError, errorBodyOf, kindOfStatus, unwrap, type ErrorBody, type ErrorKind } from './errors';
export { CSRF_COOKIE, CSRF_HEADER, csrfMiddleware, hasSignedInIdentity, readCookie } from './csrf';
export { fetchSessionUser, sessionQueryKey, sessionQueryOptions, type Role, type SessionUser } from './session';
