import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { InvitationScreen, type InvitationState } from '../screens/invitation-screen';

export function InvitationRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  const state: InvitationState =
    token === '' || invitation.isError
      ? { status: 'invalid' }
      : invitation.isPending
        ? { status: 'loading' }
        : { status: 'ready', invitation: invitation.data };
  const acceptError = accept.error;
  const error = !accept.isError
    ? null
    : acceptError instanceof ApiError && acceptError.status === 401
      ? t('invitation.wrongPassword')
      : acceptError instanceof ApiError && acceptError.status !== 0 && acceptError.body?.message
        ? acceptError.body.message
        : t('invitation.failed');
  // A full page load, so the app starts over with the session of the store joined.
  const done = { onSuccess: () => pageNavigation.assign(HOME_PATH) };

  return (
    <InvitationScreen
      state={accept.error instanceof ApiError && accept.error.status === 410 ? { status: 'invalid' } : state}
      onAcceptNewAccount={(values) => accept.mutate({ token, ...values }, done)}
      onAcceptExistingAccount={(values) => accept.mutate({ token, ...values }, done)}
      submitting={accept.isPending || accept.isSuccess}
      error={error}
      loginHref={LOGIN_PATH}
    />
  );
}
