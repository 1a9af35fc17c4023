import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { useLogout } from '../api/logout';
import { LogoutScreen, type LogoutState } from '../screens/logout-screen';
import { LOGIN_PATH } from './paths';

/**
 * The sign-out address: a link (the shell's "Cerrar sesión", an expired session) leads here, and only this
 * page's POST, with the CSRF token, ends the session. Then a full page load of the login screen.
 */
export function LogoutRoute() {
  const { t } = useTranslation('auth');
  const { mutate, isError, error } = useLogout();
  const signOut = useCallback(() => mutate(undefined, { onSuccess: () => pageNavigation.assign(LOGIN_PATH) }), [mutate]);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, even when development mode runs effects twice.
    if (started.current) return;
    started.current = true;
    signOut();
  }, [signOut]);

  const state: LogoutState = isError
    ? {
        status: 'failed',
        // The server's own words when it answered (a refused origin, a server error); ours when nothing came back.
        message: describeApiError(error, { failed: t('logout.failed'), serverMessages: 'any' }).message,
      }
    : { status: 'working' };
  return <LogoutScreen state={state} onRetry={signOut} />;
}
