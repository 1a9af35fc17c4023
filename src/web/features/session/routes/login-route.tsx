import { useSearchParams } from 'react-router-dom';
import type { LoginInput } from '../../../../shared/auth';
import { safeReturnTo } from '../../../../shared/return-to';
import { ApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { useLogin } from '../api/login';
import { type LoginError, LoginScreen } from '../screens/login-screen';

function toLoginError(error: unknown): LoginError {
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'invalidCredentials' };
    if (error.status === 0) return { kind: 'network' };
    // A locked-out account (429) or a refused origin (403) carry the server's own Spanish message.
    if ((error.status === 403 || error.status === 429) && error.body?.message) return { kind: 'server', message: error.body.message };
  }
  return { kind: 'failed' };
}

export function LoginRoute() {
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
      submitting={login.isPending || login.isSuccess}
      error={login.isError ? toLoginError(login.error) : null}
    />
  );
}
