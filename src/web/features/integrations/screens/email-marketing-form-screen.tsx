import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { type EmailMarketingInput, emailMarketingSchema } from '../../../../shared/email-marketing';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { PasswordInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import { FormAlert, type FormError } from './store-form-screen';

export type EmailMarketingFormError = FormError<keyof EmailMarketingInput>;

export interface EmailMarketingFormScreenProps {
  onSubmit: (values: EmailMarketingInput) => void;
  onCancel?: (() => void) | undefined;
  /** The key is on its way to Klaviyo to be checked. */
  saving?: boolean;
  /** What the server or Klaviyo refused: the key's own message beside it, anything else above the form. */
  error?: EmailMarketingFormError | null;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const actions = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' });

/**
 * The email-marketing form of SPEC §2: a single field, Klaviyo's private API key, which must have
 * Profiles:write and List:write (SPEC §10). The key is never shown back: a new one replaces it.
 */
export function EmailMarketingFormScreen({ onSubmit, onCancel, saving = false, error = null }: EmailMarketingFormScreenProps) {
  const { t } = useTranslation('integrations');
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useZodForm(emailMarketingSchema, { textGroup: 'integrations', defaultValues: { apiKey: '' } });
  // A refused key takes the merchant back to it.
  const keyRefused = error?.fieldErrors.apiKey !== undefined;
  useEffect(() => {
    if (keyRefused) setFocus('apiKey');
  }, [keyRefused, setFocus]);
  return (
    <form className={form} noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label={t('emailMarketingForm.title')}>
      <p className={note}>{t('emailMarketingForm.description')}</p>
      <FormAlert error={error} />
      <PasswordInput
        label={t('emailMarketingForm.apiKey')}
        helperText={t('emailMarketingForm.apiKeyHelp')}
        autoComplete="off"
        error={errors.apiKey ?? error?.fieldErrors.apiKey}
        disabled={saving}
        {...register('apiKey')}
      />
      <Link href={t('emailMarketingForm.tutorialUrl')} target="_blank" rel="noopener noreferrer">
        {t('emailMarketingForm.tutorial')}
      </Link>
      <div className={actions}>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            {t('emailMarketingForm.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {saving ? t('emailMarketingForm.saving') : t('emailMarketingForm.submit')}
        </Button>
      </div>
    </form>
  );
}
