import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { LoginInput } from '../../../../shared/auth';
import { safeReturnTo } from '../../../../shared/return-to';
import { describeApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { useLogin } from '../api/login';
import { LoginScreen } from '../screens/login-screen';
import { RESET_PASSWORD_PATH, SIGNUP_PATH } from './paths';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const login = useLogin();

  const submit = (values: LoginInput) => {
    login.mutate(values, {
      // A full page load, so the app starts over with the new session cookie.
      onSuccess: () => pageNavigation.assign(returnTo),
    });
  };

  return (
    <LoginScreen
      onSubmit={submit}
      signupHref={SIGNUP_PATH}
      resetPasswordHref={RESET_PASSWORD_PATH}
      submitting={login.isPending || login.isSuccess}
      error={
        login.isError
          ? describeApiError(login.error, {
              failed: t('login.failed'),
              network: t('login.network'),
              statuses: { 401: t('login.invalidCredentials') },
              // A locked-out account (429) or a refused origin (403) carry the server's own Spanish message.
              serverMessages: [403, 429],
            }).message
          : null
      }
    />
  );
}
