import { useTranslation } from 'react-i18next';
import type { SignupInput } from '../../../../shared/auth';
import { describeApiError, serverFieldErrorsOf } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH } from '../../../lib/paths';
import { useSignup } from '../api/signup';
import { type SignupError, SignupScreen } from '../screens/signup-screen';
import { LOGIN_PATH, RESET_PASSWORD_PATH } from './paths';

export function SignupRoute() {
  const { t } = useTranslation('auth');
  const signup = useSignup();
  const submit = (values: SignupInput) => {
    // A full page load, so the app starts over with the new session cookie.
    signup.mutate(values, { onSuccess: () => pageNavigation.assign(HOME_PATH) });
  };
  const describe = (error: unknown): SignupError => {
    const { status, message, fromServer } = describeApiError(error, {
      failed: t('signup.failed'),
      network: t('login.network'),
      serverMessages: 'any',
    });
    if (status === 409) return { kind: 'emailTaken' };
    // The server names the field it refused first (the name, the address); its words say what to fix.
    return { kind: 'failed', message: fromServer ? (Object.values(serverFieldErrorsOf(error))[0] ?? message) : message };
  };
  return (
    <SignupScreen
      onSubmit={submit}
      submitting={signup.isPending || signup.isSuccess}
      error={signup.isError ? describe(signup.error) : null}
      loginHref={LOGIN_PATH}
      resetPasswordHref={RESET_PASSWORD_PATH}
    />
  );
}
