export { APP_API_BASE, appClient, BACKEND_API_BASE, backendClient } from './clients';
export { CSRF_COOKIE, CSRF_HEADER, csrfMiddleware, hasSignedInIdentity, readCookie } from './csrf';
export { type CurrentStore, requireStoreId, useCurrentStore } from './current-store';
export {
  ApiError,
  type ApiErrorDescription,
  type ApiErrorTexts,
  describeApiError,
  type ErrorBody,
  type ErrorKind,
  errorBodyOf,
  kindOfStatus,
  type ServerMessagePolicy,
  unwrap,
} from './errors';
export {
  accountKeys,
  acquisitionCostKeys,
  collaboratorKeys,
  integrationKeys,
  invitationKeys,
  ordersCountKeys,
  planKeys,
  segmentKeys,
  statsKeys,
  storeKeys,
  storeSyncKeys,
  subscriptionKeys,
  userKeys,
} from './keys';
export { type Loadable, loadableOf } from './loadable';
export { fetchSessionUser, type Role, type SessionUser, sessionQueryOptions } from './session';
