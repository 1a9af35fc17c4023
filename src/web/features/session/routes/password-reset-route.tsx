import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, describeApiError } from '../../../api/errors';
import { pageNavigation } from '../../../lib/navigation';
import { HOME_PATH, LOGIN_PATH } from '../../../lib/paths';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/password-reset';
import { PasswordResetScreen, type PasswordResetView } from '../screens/password-reset-screen';

export function PasswordResetRoute() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const request = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const [sent, setSent] = useState(false);

  const expired = confirm.error instanceof ApiError && confirm.error.status === 410;
  const view: PasswordResetView = token ? (expired ? 'expired' : 'newPassword') : sent ? 'sent' : 'request';
  const failed = token ? confirm.isError && !expired : request.isError;
  const failure = token ? confirm.error : request.error;
  const error = failed ? describeApiError(failure, { failed: t('reset.failed'), serverMessages: 'any' }).message : null;

  return (
    <PasswordResetScreen
      view={view}
      onRequest={(values) => request.mutate(values, { onSuccess: () => setSent(true) })}
      onConfirm={(values) => confirm.mutate({ token, password: values.password }, { onSuccess: () => pageNavigation.assign(HOME_PATH) })}
      onRequestNew={() => {
        confirm.reset();
        setParams({}, { replace: true });
      }}
      submitting={request.isPending || confirm.isPending || confirm.isSuccess}
      error={error}
      loginHref={LOGIN_PATH}
    />
  );
}
