import type { components } from '../../../../shared/api/app.gen';
import { pageNavigation } from '../../../lib/navigation';

type MetaLogin = components['schemas']['MetaLogin'];

/**
 * Facebook Login (implicit flow): the browser leaves for Meta's dialog and comes back to the app's
 * `/integrations` with the token in the address' fragment (`#access_token=…&state=…`), or with an error
 * in its query (`?error=access_denied&error_reason=user_denied&state=…#_=_`). `state` is a random value
 * this tab keeps until then: a way back that does not carry it did not start here, and is not trusted.
 */

/** Where the tab keeps the login it started, between leaving for Facebook and coming back. */
export const FACEBOOK_LOGIN_STORAGE_KEY = 'recompra.facebookLogin';

/** The login this tab started: its `state`, and the store it connects. */
export interface PendingFacebookLogin {
  state: string;
  storeId: number;
}

/** What the way back from Facebook carries, before it is checked. */
export type FacebookLoginReturn =
  | { kind: 'token'; accessToken: string; state: string | null }
  | { kind: 'error'; error: string; reason: string | null; state: string | null };

/** How a Facebook Login ended, as the social ads form shows it. */
export type FacebookLoginOutcome =
  /** A token for the store the login started from, to hand to the server once. */
  | { kind: 'token'; accessToken: string; storeId: number }
  /** The person closed or declined Facebook's dialog. */
  | { kind: 'cancelled' }
  /** Facebook answered with an error of its own. */
  | { kind: 'failed' }
  /** The way back did not carry the state this tab keeps: another tab's, an old one, or forged. */
  | { kind: 'unverified' };

/** The parameters of the way back, in the query and in the fragment; removed from the address once read. */
const RETURN_PARAMS = [
  'access_token',
  'expires_in',
  'data_access_expiration_time',
  'error',
  'error_code',
  'error_reason',
  'error_description',
  'state',
];

/** The address of Facebook's dialog for `login` (as `getMetaSettings` gives it) and this attempt's `state`. */
export function facebookLoginUrl(login: MetaLogin, state: string): string {
  const query = new URLSearchParams({
    client_id: login.clientId,
    redirect_uri: login.redirectUri,
    state,
    response_type: 'token',
    scope: login.scope.join(','),
  });
  return `${login.dialogUrl}?${query}`;
}

/** What a visit's address says of Facebook Login: a token, an error, or nothing (any other visit). */
export function parseFacebookLoginReturn(search: string, hash: string): FacebookLoginReturn | null {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const accessToken = fragment.get('access_token');
  if (accessToken) return { kind: 'token', accessToken, state: fragment.get('state') };
  // Facebook sends errors in the query; the fragment is read too, as OAuth allows it there.
  for (const params of [query, fragment]) {
    const error = params.get('error');
    if (error) return { kind: 'error', error, reason: params.get('error_reason'), state: params.get('state') };
  }
  return null;
}

/** Checks the way back against the login this tab started; only a token with the same state is handed over. */
export function checkFacebookLoginReturn(returned: FacebookLoginReturn, pending: PendingFacebookLogin | null): FacebookLoginOutcome {
  if (pending === null || returned.state === null || returned.state !== pending.state) return { kind: 'unverified' };
  if (returned.kind === 'token') return { kind: 'token', accessToken: returned.accessToken, storeId: pending.storeId };
  return returned.reason === 'user_denied' || returned.error === 'access_denied' ? { kind: 'cancelled' } : { kind: 'failed' };
}

/** The query without the way back's parameters (the fragment goes entirely: Facebook's `#_=_` included). */
export function withoutFacebookLoginReturn(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest === '' ? '' : `?${rest}`;
}

export function pendingFacebookLogin(storage: Storage): PendingFacebookLogin | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(FACEBOOK_LOGIN_STORAGE_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return null;
    const { state, storeId } = saved as Partial<PendingFacebookLogin>;
    return typeof state === 'string' && typeof storeId === 'number' ? { state, storeId } : null;
  } catch {
    return null;
  }
}

export function forgetFacebookLogin(storage: Storage): void {
  storage.removeItem(FACEBOOK_LOGIN_STORAGE_KEY);
}

/** How the visit at `location` ended a Facebook Login this tab started; null when it is not a way back. Reads only. */
export function readFacebookLoginReturn(location: { search: string; hash: string }, storage: Storage): FacebookLoginOutcome | null {
  const returned = parseFacebookLoginReturn(location.search, location.hash);
  return returned === null ? null : checkFacebookLoginReturn(returned, pendingFacebookLogin(storage));
}

/** 128 random bits, in hex. */
function randomState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Leaves for Facebook's dialog, keeping this attempt's state and store in the tab until it comes back. */
export function startFacebookLogin(storage: Storage, login: MetaLogin, storeId: number): void {
  const pending: PendingFacebookLogin = { state: randomState(), storeId };
  storage.setItem(FACEBOOK_LOGIN_STORAGE_KEY, JSON.stringify(pending));
  pageNavigation.assign(facebookLoginUrl(login, pending.state));
}
