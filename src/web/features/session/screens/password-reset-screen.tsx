import { useTranslation } from 'react-i18next';
import {
  type NewPasswordInput,
  newPasswordFormSchema,
  type PasswordResetRequestInput,
  passwordResetRequestSchema,
} from '../../../../shared/auth';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { TextInput } from '../../../ui/field';
import { Link } from '../../../ui/link';
import * as AuthLayoutParts from '../../../ui/parts/auth-layout';
import { AuthAlert, AuthPanel, AuthSubmit, NewPasswordField } from './auth-panel';

/** `request` and `sent` without a link token; `newPassword` and `expired` with one. */
export type PasswordResetView = 'request' | 'sent' | 'newPassword' | 'expired';

export interface PasswordResetScreenProps {
  view: PasswordResetView;
  onRequest: (values: PasswordResetRequestInput) => void;
  onConfirm: (values: NewPasswordInput) => void;
  /** From the expired-link state: back to the email form. */
  onRequestNew: () => void;
  submitting?: boolean;
  /** Already translated. */
  error?: string | null;
  loginHref: string;
}

export function PasswordResetScreen(props: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  switch (props.view) {
    case 'request':
      return <RequestForm {...props} />;
    case 'newPassword':
      return <NewPasswordForm {...props} />;
    case 'sent':
      return (
        <AuthPanel id="reset-title" title={t('reset.sentTitle')}>
          <AuthLayoutParts.Subtitle>{t('reset.sent')}</AuthLayoutParts.Subtitle>
          <Link href={props.loginHref}>{t('reset.backToLogin')}</Link>
        </AuthPanel>
      );
    case 'expired':
      return (
        <AuthPanel id="reset-title" title={t('reset.expiredTitle')}>
          <AuthLayoutParts.Subtitle>{t('reset.expired')}</AuthLayoutParts.Subtitle>
          <Button fullWidth onClick={props.onRequestNew}>
            {t('reset.requestNew')}
          </Button>
        </AuthPanel>
      );
  }
}

function RequestForm({ onRequest, submitting = false, error = null, loginHref }: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(passwordResetRequestSchema, { textGroup: 'auth', defaultValues: { email: '' } });
  return (
    <AuthPanel id="reset-title" title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onRequest(values))}>
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <TextInput
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          disabled={submitting}
          {...register('email')}
        />
        <AuthSubmit submitting={submitting} label={t('reset.submit')} busyLabel={t('reset.submitting')} />
        <Link href={loginHref}>{t('reset.backToLogin')}</Link>
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}

function NewPasswordForm({ onConfirm, submitting = false, error = null }: PasswordResetScreenProps) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(newPasswordFormSchema, { textGroup: 'auth', defaultValues: { password: '' } });
  return (
    <AuthPanel id="reset-title" title={t('reset.newTitle')} subtitle={t('reset.newSubtitle')}>
      <AuthLayoutParts.Form noValidate onSubmit={handleSubmit((values) => onConfirm(values))}>
        {error ? <AuthAlert>{error}</AuthAlert> : null}
        <NewPasswordField label={t('reset.newPassword')} error={errors.password} disabled={submitting} {...register('password')} />
        <AuthSubmit submitting={submitting} label={t('reset.save')} busyLabel={t('reset.saving')} />
      </AuthLayoutParts.Form>
    </AuthPanel>
  );
}
