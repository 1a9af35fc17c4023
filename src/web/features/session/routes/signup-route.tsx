import type { SignupInput } from '../../../../shared/auth';
import { ApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH, LOGIN_PATH, RESET_PASSWORD_PATH } from '../../../lib/paths';
import { useSignup } from '../api/signup';
import { type SignupError, SignupScreen } from '../screens/signup-screen';

function toSignupError(error: unknown): SignupError {
  if (error instanceof ApiError) {
    if (error.status === 409) return { kind: 'emailTaken' };
    if (error.status === 0) return { kind: 'network' };
    if (error.body?.message) return { kind: 'server', message: error.body.fieldErrors?.[0]?.message ?? error.body.message };
  }
  return { kind: 'failed' };
}

export function SignupRoute() {
  const signup = useSignup();
  const submit = (values: SignupInput) => {
    // A full page load, so the app starts over with the new session cookie.
    signup.mutate(values, { onSuccess: () => pageNavigation.assign(HOME_PATH) });
  };
  return (
    <SignupScreen
      onSubmit={submit}
      submitting={signup.isPending || signup.isSuccess}
      error={signup.isError ? toSignupError(signup.error) : null}
      loginHref={LOGIN_PATH}
      resetPasswordHref={RESET_PASSWORD_PATH}
    />
  );
}
