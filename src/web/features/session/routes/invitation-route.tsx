import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { InvitationScreen } from '../screens/invitation-screen';

export function InvitationRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  // A link without a token, or one that expired or was used meanwhile (410 on accepting), is not valid.
  const invalid = token === '' || (accept.error instanceof ApiError && accept.error.status === 410);
  const error = accept.isError
    ? describeApiError(accept.error, {
        failed: t('invitation.failed'),
        statuses: { 401: t('invitation.wrongPassword') },
        serverMessages: 'any',
      }).message
    : null;
  // A full page load, so the app starts over with the session of the store joined.
  const done = { onSuccess: () => pageNavigation.assign(HOME_PATH) };

  return (
    <InvitationScreen
      invitation={invalid ? { status: 'error' } : loadableOf(invitation)}
      onAcceptNewAccount={(values) => accept.mutate({ token, ...values }, done)}
      onAcceptExistingAccount={(values) => accept.mutate({ token, ...values }, done)}
      submitting={accept.isPending || accept.isSuccess}
      error={error}
      loginHref={LOGIN_PATH}
    />
  );
}
