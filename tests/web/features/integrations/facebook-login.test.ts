import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaLogin } from '../../../../mocks/fixtures/integrations';
import {
  checkFacebookLoginReturn,
  FACEBOOK_LOGIN_STORAGE_KEY,
  facebookLoginUrl,
  parseFacebookLoginReturn,
  pendingFacebookLogin,
  readFacebookLoginReturn,
  startFacebookLogin,
  withoutFacebookLoginReturn,
} from '../../../../src/web/features/integrations/api/facebook-login';
import { pageNavigation } from '../../../../src/web/lib/navigation';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const pending = { state: 'f00d', storeId: 1 };

describe('facebookLoginUrl', () => {
  it("asks Facebook's dialog for a token, every permission and the way back", () => {
    const url = new URL(facebookLoginUrl(metaLogin, 'f00d'));
    expect(`${url.origin}${url.pathname}`).toBe(metaLogin.dialogUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: metaLogin.clientId,
      redirect_uri: metaLogin.redirectUri,
      state: 'f00d',
      response_type: 'token',
      scope: metaLogin.scope.join(','),
    });
  });
});

describe('parseFacebookLoginReturn', () => {
  it('reads the token and the state from the fragment', () => {
    expect(
      parseFacebookLoginReturn('', '#access_token=EAAG123&data_access_expiration_time=1781000000&expires_in=5183999&state=f00d'),
    ).toEqual({
      kind: 'token',
      accessToken: 'EAAG123',
      state: 'f00d',
    });
  });

  it("reads a cancel from the query, Facebook's #_=_ and all", () => {
    const search = '?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=f00d';
    expect(parseFacebookLoginReturn(search, '#_=_')).toEqual({
      kind: 'error',
      error: 'access_denied',
      reason: 'user_denied',
      state: 'f00d',
    });
  });

  it('is nothing on any other visit', () => {
    expect(parseFacebookLoginReturn('', '')).toBeNull();
    expect(parseFacebookLoginReturn('?shopifyInstall=41', '#_=_')).toBeNull();
    expect(parseFacebookLoginReturn('', '#access_token=')).toBeNull();
  });
});

describe('checkFacebookLoginReturn', () => {
  it('hands over a token only with the state this tab keeps, for the store it started from', () => {
    const token = { kind: 'token', accessToken: 'EAAG123', state: 'f00d' } as const;
    expect(checkFacebookLoginReturn(token, pending)).toEqual({ kind: 'token', accessToken: 'EAAG123', storeId: 1 });
    expect(checkFacebookLoginReturn({ ...token, state: 'beef' }, pending)).toEqual({ kind: 'unverified' });
    expect(checkFacebookLoginReturn({ ...token, state: null }, pending)).toEqual({ kind: 'unverified' });
    expect(checkFacebookLoginReturn(token, null)).toEqual({ kind: 'unverified' });
  });

  it("tells the person's cancel from Facebook's own error", () => {
    expect(checkFacebookLoginReturn({ kind: 'error', error: 'access_denied', reason: 'user_denied', state: 'f00d' }, pending)).toEqual({
      kind: 'cancelled',
    });
    expect(checkFacebookLoginReturn({ kind: 'error', error: 'server_error', reason: null, state: 'f00d' }, pending)).toEqual({
      kind: 'failed',
    });
    expect(checkFacebookLoginReturn({ kind: 'error', error: 'access_denied', reason: 'user_denied', state: 'beef' }, pending)).toEqual({
      kind: 'unverified',
    });
  });
});

describe('withoutFacebookLoginReturn', () => {
  it("drops the way back's parameters and keeps the page's own", () => {
    expect(withoutFacebookLoginReturn('?error=access_denied&error_reason=user_denied&error_description=x&state=f00d')).toBe('');
    expect(withoutFacebookLoginReturn('?tab=ads&state=f00d&error=access_denied')).toBe('?tab=ads');
  });
});

describe('the login this tab started', () => {
  it('leaves for the dialog with a random state, and trusts the way back that carries it', () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    startFacebookLogin(sessionStorage, metaLogin, 1);
    const saved = pendingFacebookLogin(sessionStorage);
    expect(saved?.storeId).toBe(1);
    expect(saved?.state).toMatch(/^[0-9a-f]{32}$/);
    expect(assign).toHaveBeenCalledWith(facebookLoginUrl(metaLogin, saved!.state));
    const back = { search: '', hash: `#access_token=EAAG123&expires_in=5183999&state=${saved!.state}` };
    expect(readFacebookLoginReturn(back, sessionStorage)).toEqual({ kind: 'token', accessToken: 'EAAG123', storeId: 1 });
    // Reading does not forget it: the page forgets it once it has cleaned the address.
    expect(pendingFacebookLogin(sessionStorage)).toEqual(saved);
  });

  it('draws a new state each time', () => {
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    startFacebookLogin(sessionStorage, metaLogin, 1);
    const first = pendingFacebookLogin(sessionStorage)?.state;
    startFacebookLogin(sessionStorage, metaLogin, 1);
    expect(pendingFacebookLogin(sessionStorage)?.state).not.toBe(first);
  });

  it('ignores what it cannot read', () => {
    sessionStorage.setItem(FACEBOOK_LOGIN_STORAGE_KEY, '{not json');
    expect(pendingFacebookLogin(sessionStorage)).toBeNull();
    sessionStorage.setItem(FACEBOOK_LOGIN_STORAGE_KEY, JSON.stringify({ state: 7, storeId: '1' }));
    expect(pendingFacebookLogin(sessionStorage)).toBeNull();
  });
});
