import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH } from '../../../lib/paths';
import { invitationProblemOf, useAcceptInvitation, useInvitation } from '../api/invitation';
import { InvitationScreen } from '../screens/invitation-screen';
import { LOGIN_PATH } from './paths';

export function InvitationRoute() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();

  // A link without a token is not one; otherwise the server says why it no longer works, when opened
  // or when accepted later (accepted in another tab, canceled or replaced meanwhile).
  const problem = token === '' ? 'invitation_invalid' : (invitationProblemOf(accept.error) ?? invitationProblemOf(invitation.error));
  const loadError = invitation.isError ? describeApiError(invitation.error, { failed: t('invitation.loadFailed') }).message : null;
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
      invitation={loadableOf(invitation)}
      problem={problem}
      loadError={loadError}
      onRetry={() => void invitation.refetch()}
      onAcceptNewAccount={(values) => accept.mutate({ token, ...values }, done)}
      onAcceptExistingAccount={(values) => accept.mutate({ token, ...values }, done)}
      submitting={accept.isPending || accept.isSuccess}
      error={error}
      loginHref={LOGIN_PATH}
    />
  );
}
