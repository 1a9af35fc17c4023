import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH } from '../../../lib/paths';
import {
  type ResetLinkProblem,
  resetLinkProblemOf,
  useConfirmPasswordReset,
  useRequestPasswordReset,
  useResetLink,
} from '../api/password-reset';
import { PasswordResetScreen, type PasswordResetView } from '../screens/password-reset-screen';
import { LOGIN_PATH } from './paths';

const problemViews: Record<ResetLinkProblem, PasswordResetView> = {
  reset_link_used: 'used',
  reset_link_expired: 'expired',
  reset_link_invalid: 'invalid',
};

export function PasswordResetRoute() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useResetLink(token);
  const request = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const [sent, setSent] = useState(false);

  // The link is checked before the form shows; a confirmation refused later (used in another tab) says why too.
  const problem = resetLinkProblemOf(confirm.error) ?? resetLinkProblemOf(link.error);
  const linkState = loadableOf(link);
  let view: PasswordResetView;
  let error: string | null = null;
  if (!token) {
    view = sent ? 'sent' : 'request';
    if (request.isError) error = describeApiError(request.error, { failed: t('reset.failed'), serverMessages: 'any' }).message;
  } else if (problem) {
    view = problemViews[problem];
  } else if (linkState.status === 'error') {
    view = 'checkFailed';
    // A refusal (too many links opened) has the server's words; anything else, ours.
    error = describeApiError(link.error, { failed: t('reset.checkFailed') }).message;
  } else if (linkState.status === 'loading') {
    view = 'checking';
  } else {
    view = 'newPassword';
    if (confirm.isError) error = describeApiError(confirm.error, { failed: t('reset.failed'), serverMessages: 'any' }).message;
  }

  return (
    <PasswordResetScreen
      view={view}
      onRequest={(values) => request.mutate(values, { onSuccess: () => setSent(true) })}
      onConfirm={(values) => confirm.mutate({ token, password: values.password }, { onSuccess: () => pageNavigation.assign(HOME_PATH) })}
      onRequestNew={() => {
        confirm.reset();
        setParams({}, { replace: true });
      }}
      onRetry={() => void link.refetch()}
      submitting={request.isPending || confirm.isPending || confirm.isSuccess}
      error={error}
      loginHref={LOGIN_PATH}
    />
  );
}
