import { useTranslation } from 'react-i18next';
import { describeApiError, lastNameIn, serverFieldErrorsOf } from '../../../api/errors';
import { useConnectEmailMarketing } from '../api/email-marketing';
import { type EmailMarketingFormError, EmailMarketingFormScreen } from '../screens/email-marketing-form-screen';

export interface EmailMarketingTexts {
  network: string;
  /** A generic system error (SPEC §8): try again later. */
  failed: string;
  /** Klaviyo answered with a server error or not at all (502): try again later. */
  unavailable: string;
}

/**
 * The server's refusal on the form: an invalid key or missing permissions beside the key, in the
 * server's words; Klaviyo's own failure (502) and any other error as ours, saying to try again later.
 */
export function toEmailMarketingFormError(error: unknown, texts: EmailMarketingTexts): EmailMarketingFormError {
  const { message } = describeApiError(error, { ...texts, statuses: { 502: texts.unavailable } });
  return { message, fieldErrors: serverFieldErrorsOf(error, lastNameIn(['apiKey'])) };
}

export interface EmailMarketingFormRouteProps {
  storeId: number;
  onSaved: () => void;
  onCancel?: () => void;
}

export function EmailMarketingFormRoute({ storeId, onSaved, onCancel }: EmailMarketingFormRouteProps) {
  const { t } = useTranslation('integrations');
  const connect = useConnectEmailMarketing(storeId);
  const texts = {
    network: t('emailMarketingForm.network'),
    failed: t('emailMarketingForm.failed'),
    unavailable: t('emailMarketingForm.unavailable'),
  };
  return (
    <EmailMarketingFormScreen
      onSubmit={(values) => connect.mutate(values, { onSuccess: onSaved })}
      onCancel={onCancel}
      saving={connect.isPending}
      error={connect.isError ? toEmailMarketingFormError(connect.error, texts) : null}
    />
  );
}
